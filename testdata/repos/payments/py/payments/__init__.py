"""Payments client: charge cards through a gateway with retries."""

from .gateway import Gateway, PaymentError, charge_with_retry

__all__ = ["Gateway", "PaymentError", "charge_with_retry"]
