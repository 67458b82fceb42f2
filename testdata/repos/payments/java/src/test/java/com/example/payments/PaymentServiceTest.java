package com.example.payments;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PaymentServiceTest {
    @Test
    void retriesUntilSuccess() throws Exception {
        int[] calls = {0};
        PaymentGateway flaky = p -> {
            if (++calls[0] < 2) {
                throw new GatewayException("down");
            }
            return "tx-" + p.id();
        };
        PaymentService service = new PaymentService(flaky);
        assertEquals("tx-p1", service.processPayment(new Payment("p1", 100, "EUR")));
    }
}
