package com.example.payments;

public record Payment(String id, long amount, String currency) {}
