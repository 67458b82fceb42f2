package com.example.payments;

/** A card network that can charge a payment. */
public interface PaymentGateway {
    /** Charges the payment and returns the transaction id. */
    String charge(Payment payment) throws GatewayException;
}
