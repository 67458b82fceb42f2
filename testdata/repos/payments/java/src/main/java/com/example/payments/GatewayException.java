package com.example.payments;

public class GatewayException extends Exception {
    public GatewayException(String message) {
        super(message);
    }
}
