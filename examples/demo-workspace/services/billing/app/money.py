"""Money value type: integer minor units plus a currency code."""

from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal

from app.errors import CurrencyMismatch


@dataclass(frozen=True, slots=True)
class Money:
    amount_minor: int
    currency: str

    def __post_init__(self) -> None:
        if len(self.currency) != 3 or not self.currency.isupper():
            raise ValueError(f"currency must be an ISO 4217 code, got {self.currency!r}")

    def __add__(self, other: "Money") -> "Money":
        if other.currency != self.currency:
            raise CurrencyMismatch(self.currency, other.currency)
        return Money(self.amount_minor + other.amount_minor, self.currency)

    def times(self, quantity: int) -> "Money":
        return Money(self.amount_minor * quantity, self.currency)


def round_half_even(value: Decimal) -> int:
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


def apply_rate(amount: Money, rate_basis_points: int) -> Money:
    """Returns amount * rate, rounded once, half to even."""
    exact = Decimal(amount.amount_minor) * Decimal(rate_basis_points) / Decimal(10_000)
    return Money(round_half_even(exact), amount.currency)
