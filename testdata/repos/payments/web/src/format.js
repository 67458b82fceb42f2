import { currencies } from "./currencies.js";

const SYMBOLS = { EUR: "€", USD: "$", GBP: "£" };

/** Format minor units as a human-readable amount. */
export function formatAmount(minor, currency) {
  const symbol = SYMBOLS[currency] ?? currency;
  return `${symbol}${(minor / 100).toFixed(2)}`;
}

export const isKnownCurrency = (code) => currencies.includes(code);

export class AmountFormatter {
  constructor(currency) {
    this.currency = currency;
  }

  format(minor) {
    return formatAmount(minor, this.currency);
  }
}
