"""Create customers, invoice series, invoices and invoice lines."""

from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE customers (
            id uuid PRIMARY KEY,
            organisation_id uuid NOT NULL,
            name text NOT NULL,
            billing_time_zone text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE invoice_series (
            customer_id uuid PRIMARY KEY REFERENCES customers (id),
            prefix text NOT NULL,
            next_number integer NOT NULL DEFAULT 1
        );
        CREATE TABLE invoices (
            id uuid PRIMARY KEY,
            customer_id uuid NOT NULL REFERENCES customers (id),
            number text UNIQUE,
            currency char(3) NOT NULL,
            issued_on date,
            due_on date,
            created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE invoice_lines (
            id uuid PRIMARY KEY,
            invoice_id uuid NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
            position integer NOT NULL,
            description text NOT NULL,
            quantity integer NOT NULL CHECK (quantity > 0),
            unit_price_minor bigint NOT NULL,
            UNIQUE (invoice_id, position)
        );
        """
    )


def downgrade() -> None:
    op.execute("DROP TABLE invoice_lines, invoices, invoice_series, customers;")
