import React from "react";
import { Checkout } from "./checkout";

type Props = { amount: number; onPaid: () => void };

export function PayButton({ amount, onPaid }: Props) {
  const checkout = new Checkout("/api/pay");
  const pay = async () => {
    await checkout.submit({ id: "web", amount, currency: "EUR" });
    onPaid();
  };
  return <button onClick={pay}>Pay {amount}</button>;
}
