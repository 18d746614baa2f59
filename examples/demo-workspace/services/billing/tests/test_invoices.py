import json
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from app.errors import CurrencyMismatch, InvoiceAlreadyIssued
from app.invoices import Invoice, InvoiceLine, InvoiceStatus, issue, subtotal, tax
from app.money import Money, round_half_even

FIXTURES = Path(__file__).parent / "fixtures"


def load_invoice(name: str) -> Invoice:
    raw = json.loads((FIXTURES / name).read_text())
    lines = tuple(
        InvoiceLine(line["description"], line["quantity"], Money(line["unit_price_minor"], raw["currency"]))
        for line in raw["lines"]
    )
    return Invoice(id=raw["id"], customer_id=raw["customer_id"], currency=raw["currency"], lines=lines)


def test_subtotal_sums_line_totals() -> None:
    invoice = load_invoice("invoice_basic.json")
    assert subtotal(invoice.lines, "EUR") == Money(27_450, "EUR")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        pytest.param(Decimal("2.5"), 2, id="half-even-rounds-down"),
        pytest.param(Decimal("3.5"), 4, id="half-even-rounds-up"),
        pytest.param(Decimal("-2.5"), -2, id="negative-half-even"),
    ],
)
def test_round_half_even(value: Decimal, expected: int) -> None:
    assert round_half_even(value) == expected


def test_tax_is_rounded_once() -> None:
    lines = [InvoiceLine("Widget", 3, Money(333, "EUR"))]
    assert tax(lines, "EUR", 1_950) == Money(195, "EUR")


def test_adding_different_currencies_fails() -> None:
    with pytest.raises(CurrencyMismatch):
        Money(100, "EUR") + Money(100, "USD")


def test_issue_sets_number_and_due_date() -> None:
    invoice = issue(load_invoice("invoice_basic.json"), "LED-0042", date(2024, 1, 31), 30)
    assert invoice.status is InvoiceStatus.ISSUED
    assert invoice.due_on == date(2024, 3, 1)


def test_issuing_twice_fails() -> None:
    issued = issue(load_invoice("invoice_basic.json"), "LED-0042", date(2024, 1, 31), 30)
    with pytest.raises(InvoiceAlreadyIssued):
        issue(issued, "LED-0043", date(2024, 2, 1), 30)
