import { retryWithBackoff } from "./checkout";

describe("retryWithBackoff", () => {
  it("returns the first success", async () => {
    let calls = 0;
    const result = await retryWithBackoff(async () => {
      calls++;
      return "ok";
    }, 3);
    expect(result).toBe("ok");
    expect(calls).toBe(1);
  });
});
