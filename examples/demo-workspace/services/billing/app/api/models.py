"""Response models of the HTTP API; separate from the domain dataclasses."""

from datetime import date

from pydantic import BaseModel

from app.invoices import Invoice, subtotal


class MoneyOut(BaseModel):
    amount_minor: int
    currency: str


class InvoiceOut(BaseModel):
    id: str
    number: str | None
    status: str
    issued_on: date | None
    due_on: date | None
    total: MoneyOut

    @classmethod
    def from_domain(cls, invoice: Invoice) -> "InvoiceOut":
        total = subtotal(invoice.lines, invoice.currency)
        return cls(
            id=invoice.id,
            number=invoice.number,
            status=invoice.status.value,
            issued_on=invoice.issued_on,
            due_on=invoice.due_on,
            total=MoneyOut(amount_minor=total.amount_minor, currency=total.currency),
        )
