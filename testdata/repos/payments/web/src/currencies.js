export const currencies = ["EUR", "USD", "GBP"];
