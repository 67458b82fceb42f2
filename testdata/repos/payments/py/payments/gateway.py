"""HTTP gateway client for the payments service."""

import time
from dataclasses import dataclass
from typing import Callable, Optional

DEFAULT_RETRIES = 3


class PaymentError(Exception):
    """Raised when a charge fails for good."""


@dataclass
class Charge:
    payment_id: str
    amount: int
    currency: str = "EUR"


class Gateway:
    """Talks to the card network."""

    retries = DEFAULT_RETRIES

    def __init__(self, endpoint: str, sleep: Callable[[float], None] = time.sleep):
        self.endpoint = endpoint
        self.sleep = sleep
        self.sent = []

    def charge(self, charge: Charge) -> str:
        """Send one charge and return the transaction id."""
        if charge.amount <= 0:
            raise PaymentError(f"amount {charge.amount} must be positive")
        self.sent.append(charge)
        return f"tx-{charge.payment_id}"

    @staticmethod
    def backoff(attempt: int, base: float = 0.1) -> float:
        return base * (2 ** (attempt - 1))


def charge_with_retry(gateway: Gateway, charge: Charge, retries: Optional[int] = None) -> str:
    """Charge, retrying transient failures with exponential backoff."""
    attempts = retries or gateway.retries
    last: Optional[Exception] = None
    for attempt in range(1, attempts + 1):
        try:
            return gateway.charge(charge)
        except ConnectionError as exc:
            last = exc
            gateway.sleep(Gateway.backoff(attempt))
    raise PaymentError("gateway unavailable") from last


def _mask(card: str) -> str:
    return "*" * (len(card) - 4) + card[-4:]
