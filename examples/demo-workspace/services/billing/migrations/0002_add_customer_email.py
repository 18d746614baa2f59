"""Add a nullable billing e-mail address to customers."""

from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.execute("ALTER TABLE customers ADD COLUMN billing_email text;")


def downgrade() -> None:
    op.execute("ALTER TABLE customers DROP COLUMN billing_email;")
