"""Add invoice status; existing rows are drafts unless they have a number."""

from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.execute(
        """
        CREATE TYPE invoice_status AS ENUM ('draft', 'issued', 'paid', 'void');
        ALTER TABLE invoices ADD COLUMN status invoice_status NOT NULL DEFAULT 'draft';
        UPDATE invoices SET status = 'issued' WHERE number IS NOT NULL;
        """
    )


def downgrade() -> None:
    op.execute(
        """
        ALTER TABLE invoices DROP COLUMN status;
        DROP TYPE invoice_status;
        """
    )
