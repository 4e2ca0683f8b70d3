import { describe, expect, it } from "vitest";

import { problemBody } from "../../../src/lib/problem";
import { isOutcomeUnknown } from "../../../src/processor";
import { clientFor, delay, never, rejectionOf, saleRequest } from "../support/processor-client";
import * as fixtures from "../support/processor-fixtures";
import { IDS } from "../support/processor-fixtures";

describe("processor client: errors", () => {
  it("maps a 422 on a sale to processor-rejected (not a decline) with the processor's code, field and message", async () => {
    const message = `Payment instrument ${IDS.card} is disabled.`;
    const { client, processor } = clientFor(() => ({
      status: 422,
      body: fixtures.processorErrors({ code: "INVALID_FIELD", field: "source", message }),
    }));

    const error = await rejectionOf(client.createTransfer(saleRequest));

    expect(error.slug).toBe("processor-rejected");
    expect(error.message).toBe(message);
    expect(error.extensions).toEqual({
      code: "INVALID_FIELD",
      processorErrors: [{ code: "INVALID_FIELD", field: "source", message }],
      outcomeUnknown: false,
    });
    expect(isOutcomeUnknown(error)).toBe(false);
    expect(processor.violations).toEqual([]);
  });

  it("reads a 402 UPSTREAM_PROCESSOR_ERROR as an unknown outcome, not a decline: the transfer may or may not exist", async () => {
    const { client } = clientFor(() => ({
      status: 402,
      body: fixtures.processorErrors({ code: "UPSTREAM_PROCESSOR_ERROR", message: "The upstream processor did not answer." }),
    }));
    const error = await rejectionOf(client.createTransfer(saleRequest));
    expect([error.slug, error.status, isOutcomeUnknown(error)]).toEqual(["processor-error", 502, true]);
  });

  it("maps a 404 to processor-rejected NOT_FOUND", async () => {
    const { client } = clientFor(() => ({
      status: 404,
      body: fixtures.processorErrors({ code: "NOT_FOUND", message: "Transfer TRnope not found" }),
    }));
    const error = await rejectionOf(client.getTransfer("TRnope"));
    expect([error.slug, error.extensions.code]).toEqual(["processor-rejected", "NOT_FOUND"]);
  });

  it("maps a 401 to processor-error without the processor's words, outcome definite", async () => {
    const { client } = clientFor(() => ({
      status: 401,
      body: fixtures.processorErrors({ code: "UNKNOWN", message: "Bad credentials for USfakeProcessorKey7Qx" }),
    }));
    const error = await rejectionOf(client.getMerchant(IDS.merchant));
    expect(error.slug).toBe("processor-error");
    expect(JSON.stringify(problemBody(error, "trace"))).not.toContain("Bad credentials");
    expect(isOutcomeUnknown(error)).toBe(false);
  });

  it("sends a sale the processor answered 429 again after its Retry-After, the same body and idempotency_id", async () => {
    const bodies: string[] = [];
    const { client } = clientFor(() => ({ status: 500, body: null }), {
      fetch: async (request) => {
        bodies.push(await request.text());
        if (bodies.length === 1) {
          const tooMany = fixtures.processorErrors({ code: "TOO_MANY_REQUESTS", message: "Rate limit exceeded" });
          return new Response(JSON.stringify(tooMany), { status: 429, headers: { "Retry-After": "0" } });
        }
        return new Response(JSON.stringify(fixtures.saleTransfer()), { status: 201 });
      },
    });
    const result = await client.createTransfer(saleRequest);
    expect(result.outcome).toBe("created");
    expect(bodies).toHaveLength(2);
    expect(JSON.parse(bodies[1]!)).toEqual(JSON.parse(bodies[0]!));
    expect(JSON.parse(bodies[1]!).idempotency_id).toBe(saleRequest.idempotency_id);
  });

  it("answers processor-busy (503, Retry-After, nothing applied) once the processor's 429s outlast the call's wait", async () => {
    const { client } = clientFor(
      () => ({
        status: 429,
        body: fixtures.processorErrors({ code: "TOO_MANY_REQUESTS", message: "Rate limit exceeded" }),
        undocumented: true,
      }),
      { busyWaitMs: 0 },
    );
    const error = await rejectionOf(client.createTransfer(saleRequest));
    expect([error.slug, error.status, isOutcomeUnknown(error)]).toEqual(["processor-busy", 503, false]);
    expect(Number(error.headers["Retry-After"])).toBeGreaterThanOrEqual(1);
    expect(error.extensions.retryAfterSeconds).toBe(Number(error.headers["Retry-After"]));
  });

  it("maps a 500 to processor-error with an unknown outcome", async () => {
    const { client } = clientFor(() => ({
      status: 500,
      body: fixtures.processorErrors({ code: "SERVER_ERROR", message: "An unexpected error occurred." }),
      undocumented: true,
    }));
    const error = await rejectionOf(client.createTransfer(saleRequest));
    expect([error.slug, error.status, isOutcomeUnknown(error)]).toEqual(["processor-error", 502, true]);
  });

  it("treats a 201 whose body cannot be read as an unknown outcome", async () => {
    const { client } = clientFor(() => ({ status: 201, body: null }), {
      fetch: async () => new Response("<html>upstream reset</html>", { status: 201 }),
    });
    const error = await rejectionOf(client.createTransfer(saleRequest));
    expect([error.slug, isOutcomeUnknown(error)]).toEqual(["processor-error", true]);
  });

  it("times out a call that never answers: processor-timeout, outcome unknown", async () => {
    const { client } = clientFor(() => ({ status: 200, body: null }), { timeoutMs: 50, fetch: never });
    const error = await rejectionOf(client.createTransfer(saleRequest));
    expect([error.slug, error.status, isOutcomeUnknown(error)]).toEqual(["processor-timeout", 504, true]);
  });

  it("aborts the request's signal on timeout, so a real fetch stops waiting too", async () => {
    let signal: AbortSignal | undefined;
    const { client } = clientFor(() => ({ status: 200, body: null }), {
      timeoutMs: 50,
      fetch: (request) => {
        signal = request.signal;
        return never();
      },
    });
    await rejectionOf(client.getTransfer(IDS.sale));
    expect(signal?.aborted).toBe(true);
  });

  it("gives a card-present sale far longer than the default timeout", async () => {
    const { client, processor } = clientFor(
      async ({ method }) => {
        await delay(150);
        return method === "POST" ? { status: 201, body: fixtures.cardPresentTransfer() } : { status: 200, body: fixtures.saleTransfer() };
      },
      { timeoutMs: 50 },
    );

    const sale = await client.createCardPresentTransfer({ device: IDS.device, amount: 150, currency: "USD", idempotency_id: "lcpay_02" });
    const lookup = await rejectionOf(client.getTransfer(IDS.sale));

    expect(sale.outcome).toBe("created");
    expect(lookup.slug).toBe("processor-timeout");
    expect(processor.violations).toEqual([]);
  });

  it("gives a hold made on the reader the card-present sale's long timeout", async () => {
    const { client, processor } = clientFor(
      async ({ method }) => {
        await delay(150);
        return method === "POST"
          ? { status: 201, body: fixtures.cardPresentAuthorization() }
          : { status: 200, body: fixtures.saleTransfer() };
      },
      { timeoutMs: 50 },
    );

    const hold = await client.createCardPresentAuthorization({
      device: IDS.device,
      amount: 150,
      currency: "USD",
      idempotency_id: "lcpay_03",
    });

    expect(hold).toMatchObject({ outcome: "created", item: { state: "SUCCEEDED" } });
    expect(processor.violations).toEqual([]);
  });

  it("treats a dropped connection as an unknown outcome", async () => {
    const { client } = clientFor(() => ({ status: 200, body: null }), {
      fetch: async () => {
        throw new TypeError("Network connection lost.");
      },
    });
    const error = await rejectionOf(client.createReversal(IDS.sale, { refund_amount: 100, idempotency_id: "lcref_02" }));
    expect([error.slug, isOutcomeUnknown(error)]).toEqual(["processor-error", true]);
  });
});
