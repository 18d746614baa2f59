"""Invoice domain logic: drafts, issuing and totals."""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from enum import StrEnum

from app.errors import InvoiceAlreadyIssued
from app.money import Money, apply_rate


class InvoiceStatus(StrEnum):
    DRAFT = "draft"
    ISSUED = "issued"
    PAID = "paid"
    VOID = "void"


@dataclass(frozen=True, slots=True)
class InvoiceLine:
    description: str
    quantity: int
    unit_price: Money

    def total(self) -> Money:
        return self.unit_price.times(self.quantity)


@dataclass(frozen=True, slots=True)
class Invoice:
    id: str
    customer_id: str
    currency: str
    lines: tuple[InvoiceLine, ...]
    status: InvoiceStatus = InvoiceStatus.DRAFT
    number: str | None = None
    issued_on: date | None = None
    due_on: date | None = None


def subtotal(lines: Sequence[InvoiceLine], currency: str) -> Money:
    total = Money(0, currency)
    for line in lines:
        total = total + line.total()
    return total


def tax(lines: Sequence[InvoiceLine], currency: str, rate_basis_points: int) -> Money:
    return apply_rate(subtotal(lines, currency), rate_basis_points)


def issue(invoice: Invoice, number: str, issued_on: date, payment_terms_days: int) -> Invoice:
    if invoice.status is not InvoiceStatus.DRAFT:
        raise InvoiceAlreadyIssued(invoice.id)
    return replace(
        invoice,
        status=InvoiceStatus.ISSUED,
        number=number,
        issued_on=issued_on,
        due_on=issued_on + timedelta(days=payment_terms_days),
    )
