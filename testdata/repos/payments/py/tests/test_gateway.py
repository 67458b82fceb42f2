import pytest

from payments.gateway import Charge, Gateway, PaymentError, charge_with_retry


class FlakyGateway(Gateway):
    def __init__(self, failures):
        super().__init__("http://test", sleep=lambda _: None)
        self.failures = failures

    def charge(self, charge):
        if self.failures:
            self.failures -= 1
            raise ConnectionError("down")
        return super().charge(charge)


def test_charge_with_retry_recovers():
    gw = FlakyGateway(failures=2)
    assert charge_with_retry(gw, Charge("p1", 100)) == "tx-p1"


def test_negative_amount_rejected():
    with pytest.raises(PaymentError):
        Gateway("http://test").charge(Charge("p2", -5))
