import { formatAmount } from "./format";
import type { Receipt } from "./receipt";

export interface PaymentRequest {
  id: string;
  amount: number;
  currency: string;
}

export type Status = "pending" | "paid" | "failed";

export enum Method {
  Card = "card",
  Transfer = "transfer",
}

/** Checkout drives one payment from the browser. */
export class Checkout {
  private status: Status = "pending";

  constructor(private readonly endpoint: string) {}

  /** Submit the payment and wait for the receipt. */
  async submit(req: PaymentRequest): Promise<Receipt> {
    const res = await retryWithBackoff(() => postPayment(this.endpoint, req), 3);
    this.status = res.ok ? "paid" : "failed";
    return { id: req.id, label: formatAmount(req.amount, req.currency) };
  }

  get current(): Status {
    return this.status;
  }
}

export async function retryWithBackoff<T>(op: () => Promise<T>, attempts: number): Promise<T> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await op();
    } catch (err) {
      last = err;
      await sleep(100 * 2 ** i);
    }
  }
  throw last;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function postPayment(endpoint: string, req: PaymentRequest): Promise<Response> {
  return fetch(endpoint, { method: "POST", body: JSON.stringify(req) });
}
