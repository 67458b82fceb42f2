package com.example.payments;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Charges payments through a gateway, retrying transient failures.
 */
public class PaymentService {
    private static final int MAX_ATTEMPTS = 3;

    private final PaymentGateway gateway;
    private final List<String> ledger = new ArrayList<>();

    public PaymentService(PaymentGateway gateway) {
        this.gateway = gateway;
    }

    /** Processes one payment and records its transaction id. */
    public String processPayment(Payment payment) throws GatewayException {
        String txId = retryWithBackoff(payment, MAX_ATTEMPTS);
        ledger.add(txId);
        return txId;
    }

    private String retryWithBackoff(Payment payment, int attempts) throws GatewayException {
        GatewayException last = null;
        for (int i = 1; i <= attempts; i++) {
            try {
                return gateway.charge(payment);
            } catch (GatewayException e) {
                last = e;
                sleep(Duration.ofMillis(100L << i));
            }
        }
        throw last;
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
