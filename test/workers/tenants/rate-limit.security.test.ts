import { describe, expect, it } from "vitest";

import { call, expectProblem, issueKey } from "../support/http";
import { paymentCount } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";

/** wrangler.toml's API_RATE_LIMITER: this many requests per key in its period. */
const BUDGET = 600;
const PERIOD_MS = 60_000;

/**
 * The local limiter counts in windows aligned to the clock: the test starts with at least 40 s of one left, so none ends
 * mid-test even when a loaded machine takes tens of milliseconds a request (one CI run did not finish them in 30 s).
 */
async function inFreshWindow(): Promise<void> {
  const intoWindow = Date.now() % PERIOD_MS;
  if (intoWindow > PERIOD_MS - 40_000) await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - intoWindow + 200));
}

describe("the per-key request budget", () => {
  it("answers 429 with Retry-After once a key is over budget: a read's data is withheld, a charge never starts", async () => {
    const { auth, tenantId } = await chargeableTenant();
    const token = await cardToken();
    const created = await (await charge(auth, chargeBody(await cardToken()))).json<{ lcPaymentId: string }>();

    await inFreshWindow();
    let answered = 1;
    let limited: Response | null = null;
    while (!limited && answered <= BUDGET + 50) {
      const response = await call(`/v1/payments/${created.lcPaymentId}`, { headers: auth });
      answered++;
      if (response.status === 429) limited = response;
      else {
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
    }
    expect(limited, `no 429 after ${answered} requests`).not.toBeNull();
    expect(answered).toBeGreaterThan(BUDGET);
    const problem = await expectProblem(limited!, 429, "rate-limited");
    expect(limited!.headers.get("Retry-After")).toBe("10");
    expect(JSON.stringify(problem)).not.toContain(created.lcPaymentId);

    const before = await paymentCount(tenantId);
    await expectProblem(await charge(auth, chargeBody(token)), 429, "rate-limited");
    expect(await paymentCount(tenantId)).toBe(before);

    // The budget is the key's: the tenant's other key still charges, with the token the refused request did not use.
    const other = await issueKey(tenantId);
    const charged = await charge({ "X-Api-Key": other.key }, chargeBody(token));
    expect(charged.status).toBe(201);
    expect(await paymentCount(tenantId)).toBe(before + 1);
    // Up to 40 s waiting for a window, then the requests: a loaded machine's time, not a speed target.
  }, 90_000);
});
