import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { shardOf } from "../support/db";
import { expectProblem } from "../support/http";
import { crashedRequestLease, lookup, paymentCount, processorGet, processorTransfersFor } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";

const identityOf = async (tenantId: string) =>
  (await (
    await shardOf(tenantId)
  ).query.payments.findFirst({
    columns: { id: true, processorIdentityId: true, status: true },
    where: eq(payments.tenantId, tenantId),
  }))!;

describe("a charge resumed under the same Idempotency-Key", () => {
  it.each(["drop-after", "timeout-after"])(
    "after the token became an instrument but its id was lost (%s): finds that instrument and charges once",
    async (kind) => {
      const { auth, tenantId } = await chargeableTenant();
      const body = chargeBody(await cardToken());
      await control("fault", { operation: "POST /payment_instruments", kind, times: 1 });
      const interrupted = await charge(auth, body, `resume-${kind}`);
      expect([502, 504]).toContain(interrupted.status);
      const before = await identityOf(tenantId);
      expect(before.status).toBe("processing");

      // The token is single-use: presenting it again would be refused. The retry finds the instrument by its tags instead.
      const retried = await charge(auth, body, `resume-${kind}`);
      expect(retried.status).toBe(201);
      const { lcPaymentId, status } = await retried.json<{ lcPaymentId: string; status: string }>();
      expect(status).toBe("succeeded");
      const instruments = (await processorGet(`/payment_instruments?owner_identity_id=${before.processorIdentityId}`))._embedded
        .payment_instruments;
      expect(instruments).toHaveLength(1);
      expect((await lookup(auth, lcPaymentId)).processorInstrumentId).toBe(instruments[0].id);
      expect(await processorTransfersFor(lcPaymentId)).toBe(1);
      expect(await paymentCount(tenantId)).toBe(1);
    },
  );
});

describe("a returning buyer's charge resumed under the same Idempotency-Key", () => {
  it("reuses the buyer's identity, finds the instrument this payment made among its others, and charges once", async () => {
    const { auth, tenantId } = await chargeableTenant();
    expect((await charge(auth, chargeBody(await cardToken()))).status).toBe(201);
    const body = chargeBody(await cardToken());
    await control("fault", { operation: "POST /payment_instruments", kind: "drop-after", times: 1 });
    expect([502, 504]).toContain((await charge(auth, body, "resume-returning")).status);
    const retried = await charge(auth, body, "resume-returning");
    expect(retried.status).toBe(201);
    const { lcPaymentId } = await retried.json<{ lcPaymentId: string }>();

    const identities = await (
      await shardOf(tenantId)
    )
      .selectDistinct({ identity: payments.processorIdentityId })
      .from(payments)
      .where(eq(payments.tenantId, tenantId));
    expect(identities).toHaveLength(1);
    const instruments: { id: string; tags: Record<string, string> }[] = (
      await processorGet(`/payment_instruments?owner_identity_id=${identities[0]!.identity}`)
    )._embedded.payment_instruments;
    expect(instruments).toHaveLength(2);
    const made = instruments.find((instrument) => instrument.tags.lc_payment_id === lcPaymentId);
    expect((await lookup(auth, lcPaymentId)).processorInstrumentId).toBe(made!.id);
    expect(await processorTransfersFor(lcPaymentId)).toBe(1);
    expect(await paymentCount(tenantId)).toBe(2);
  });
});

describe("a charge interrupted at any of its processor calls", () => {
  const OPERATIONS = ["POST /identities", "POST /payment_instruments", "POST /transfers"];
  const KINDS = ["error", "error-after", "drop-after", "timeout-after"];
  it.each(OPERATIONS.flatMap((operation) => KINDS.map((kind) => [operation, kind])))(
    "%s failing with %s completes on retry under the same key, with one transfer",
    async (operation, kind) => {
      const { auth, tenantId } = await chargeableTenant();
      const body = chargeBody(await cardToken());
      const key = `interrupted-${operation.replace(/[^a-z]+/gi, "-")}-${kind}`;
      await control("fault", { operation, kind, times: 1 });
      const first = await charge(auth, body, key);
      // A fault after the transfer was made is found again by its idempotency_id at once.
      const retried = first.status === 201 ? first : await charge(auth, body, key);
      expect(retried.status).toBe(201);
      const { lcPaymentId, status } = await retried.json<{ lcPaymentId: string; status: string }>();
      expect(status).toBe("succeeded");
      expect(await processorTransfersFor(lcPaymentId)).toBe(1);
      expect(await paymentCount(tenantId)).toBe(1);
    },
  );

  it("after the server died mid-charge: 409 until its lease ends, then the retry completes with one transfer", async () => {
    const { auth, tenantId } = await chargeableTenant();
    const body = chargeBody(await cardToken());
    // The ledger row is written, then the first processor call never returns: what a killed server leaves behind.
    await control("fault", { operation: "POST /identities", kind: "timeout", times: 1 });
    await expectProblem(await charge(auth, body, "killed-1"), 504, "processor-timeout");
    const lease = await crashedRequestLease(tenantId, "/v1/payments", "killed-1", body, 90_000);
    const inFlight = await charge(auth, body, "killed-1");
    await expectProblem(inFlight, 409, "idempotency-key-in-flight");
    // Told to come back within one processor call's bound, not when the crash lease ends.
    expect(Number(inFlight.headers.get("Retry-After"))).toBeLessThanOrEqual(Math.ceil(Number(env.PROCESSOR_TIMEOUT_MS) / 1000));
    await lease.expire();
    const resumed = await charge(auth, body, "killed-1");
    expect(resumed.status).toBe(201);
    const { lcPaymentId } = await resumed.json<{ lcPaymentId: string }>();
    expect(await processorTransfersFor(lcPaymentId)).toBe(1);
    expect(await paymentCount(tenantId)).toBe(1);
  });
});

describe("a transient 402 from the processor (UPSTREAM_PROCESSOR_ERROR)", () => {
  it("with no transfer behind it: outcome unknown (502), not stored under the key, and the retry charges once", async () => {
    const { auth, tenantId } = await chargeableTenant();
    const body = chargeBody(await cardToken());
    await control("fault", { operation: "POST /transfers", kind: "error", status: 402, code: "UPSTREAM_PROCESSOR_ERROR", times: 1 });
    const unknown = await expectProblem(await charge(auth, body, "transient-1"), 502, "processor-error");
    expect(unknown.outcomeUnknown).toBe(true);
    expect((await identityOf(tenantId)).status).toBe("processing");
    const retried = await charge(auth, body, "transient-1");
    expect(retried.status).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
    const { lcPaymentId, status } = await retried.json<{ lcPaymentId: string; status: string }>();
    expect(status).toBe("succeeded");
    expect(await processorTransfersFor(lcPaymentId)).toBe(1);
  });

  it("when the transfer did go through: found by its idempotency_id, the charge succeeds at once", async () => {
    const { auth } = await chargeableTenant();
    await control("fault", { operation: "POST /transfers", kind: "error-after", status: 402, code: "UPSTREAM_PROCESSOR_ERROR", times: 1 });
    const response = await charge(auth, chargeBody(await cardToken()), "transient-2");
    expect(response.status).toBe(201);
    const { lcPaymentId, status } = await response.json<{ lcPaymentId: string; status: string }>();
    expect(status).toBe("succeeded");
    expect(await processorTransfersFor(lcPaymentId)).toBe(1);
  });

  it("a 402 DECLINED stays a final decline", async () => {
    const { auth } = await chargeableTenant();
    await control("fault", { operation: "POST /transfers", kind: "error", status: 402, code: "DECLINED", times: 1 });
    const declined = await expectProblem(await charge(auth, chargeBody(await cardToken()), "declined-1"), 402, "payment-declined");
    expect(declined.code).toBe("DECLINED");
  });
});
