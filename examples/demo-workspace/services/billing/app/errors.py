"""Domain errors of the billing service, each with a stable code."""


class BillingError(Exception):
    code = "billing-error"


class CurrencyMismatch(BillingError):
    code = "currency-mismatch"

    def __init__(self, expected: str, found: str) -> None:
        super().__init__(f"expected currency {expected}, found {found}")


class InvoiceAlreadyIssued(BillingError):
    code = "invoice-already-issued"

    def __init__(self, invoice_id: str) -> None:
        super().__init__(f"invoice {invoice_id} is already issued")
