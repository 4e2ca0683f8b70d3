import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { disputeEvidence, disputes } from "../../../src/disputes/disputes.schema";
import { payments } from "../../../src/payments/payments.schema";
import { mockReceiver, RECEIVER, saveCallbackUrl } from "../support/callbacks";
import { shardOf } from "../support/db";
import {
  callbacksFor,
  type Dispute,
  disputedPayment,
  disputeOfPayment,
  expectSignedForTenant,
  getDispute,
  paymentOf,
  sweepDisputesAt,
} from "../support/disputes";
import { call, expectProblem, tenantWithKey } from "../support/http";
import { paymentId, seedDisputes, seedPayments } from "../support/ledger";
import { type Payment, refund } from "../support/payments";
import { eventsFor, paymentStatus as status, seedMerchant, signedDelivery } from "../support/processor-webhooks";
import { cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";
import { evidenceRow, insertRows } from "../support/seed";

describe("a dispute from the processor", () => {
  it("marks a payment disputed on dispute.created and emits dispute.created", async () => {
    const tenant = await tenantWithKey();
    const id = paymentId(1, "whdispute");
    await seedPayments(tenant.tenantId, [{ id, status: "succeeded", amountCents: 888888, createdAt: "2026-05-01T00:00:00.000Z" }]);
    const merchantId = await seedMerchant(tenant.tenantId);
    const transferId = `TR${id.replace(/[^A-Za-z0-9]/g, "")}`;
    const response = await signedDelivery({
      type: "created",
      entity: "dispute",
      _embedded: {
        disputes: [
          {
            id: "DIdispute1",
            transfer: transferId,
            merchant: merchantId,
            state: "PENDING",
            reason: "FRAUD",
            amount: 888888,
            respond_by: "2026-05-20T00:00:00Z",
            updated_at: "2026-05-05T00:00:00Z",
          },
        ],
      },
    });
    expect(await response.json()).toMatchObject({ outcome: "applied" });
    expect(await status(tenant.auth, id)).toMatchObject({ status: "disputed" });
    const [event] = await eventsFor(id);
    expect(event?.type).toBe("dispute.created");
    expect(JSON.parse(event!.payload)).toMatchObject({
      lcPaymentId: id,
      status: "disputed",
      dispute: { processorDisputeId: "DIdispute1", respondBy: "2026-05-20T00:00:00Z" },
    });
  });
});

describe("the dispute lifecycle, end to end through the sandbox processor", () => {
  afterEach(() => vi.restoreAllMocks());

  it("opens a dispute on a sale of the dispute test amount, listed with its respondBy, with a signed dispute.created", async () => {
    const tenant = await chargeableTenant("Test Amount Co");
    expect((await saveCallbackUrl(tenant.tenantId, `${RECEIVER}/disputes`)).status).toBe(200);
    const receiver = mockReceiver(RECEIVER);
    const payment = await (await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 888_888 }))).json<Payment>();
    expect(payment.status).toBe("succeeded");
    await control("run-jobs", { kinds: ["dispute.open"] });

    const dispute = (await disputeOfPayment(tenant.auth, payment.lcPaymentId))!;
    expect(dispute).toMatchObject({
      lcPaymentId: payment.lcPaymentId,
      amountCents: 888_888,
      currency: "USD",
      reason: "fraud",
      state: "open",
      responseState: "needs_response",
      acceptsResponse: true,
      submission: "none",
      submitted: false,
      evidence: [],
      processorTransferId: payment.processorTransferId,
    });
    expect(dispute.lcDisputeId).toMatch(/^lcdsp_/);
    expect(Date.parse(dispute.respondBy!)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(dispute.respondBy).toBe(new Date(dispute.respondBy!).toISOString());
    expect(await getDispute(tenant.auth, dispute.lcDisputeId)).toEqual(dispute);
    expect((await paymentOf(tenant.auth, payment.lcPaymentId)).status).toBe("disputed");

    const [callback] = await callbacksFor(receiver, "dispute.created", payment.lcPaymentId);
    await expectSignedForTenant(callback!, tenant.tenantId);
    expect(JSON.parse(callback!.rawBody)).toEqual({
      id: expect.stringMatching(/^event_/),
      type: "dispute.created",
      createdAtUtc: expect.any(String),
      lcPaymentId: payment.lcPaymentId,
      orderRef: dispute.orderRef,
      status: "disputed",
      processorTransferId: payment.processorTransferId,
      processorState: "SUCCEEDED",
      dispute: {
        lcDisputeId: dispute.lcDisputeId,
        processorDisputeId: dispute.processorDisputeId,
        state: "open",
        responseState: "needs_response",
        reason: "fraud",
        amountCents: 888_888,
        currency: "USD",
        respondBy: dispute.respondBy,
        submitted: false,
      },
    });
  });

  it("gives a won dispute's payment back its status and sends a signed dispute.updated", async () => {
    const { auth, tenantId, payment, dispute, processorDisputeId } = await disputedPayment({ name: "Winning Co" });
    expect((await saveCallbackUrl(tenantId, `${RECEIVER}/won`)).status).toBe(200);
    const receiver = mockReceiver(RECEIVER);
    await control("resolve-dispute", { id: processorDisputeId, outcome: "WON" }, auth);

    expect(await getDispute(auth, dispute.lcDisputeId)).toMatchObject({
      state: "won",
      responseState: "no_response_allowed",
      acceptsResponse: false,
    });
    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("succeeded");
    const [callback] = await callbacksFor(receiver, "dispute.updated", payment.lcPaymentId);
    await expectSignedForTenant(callback!, tenantId);
    expect(JSON.parse(callback!.rawBody)).toMatchObject({
      type: "dispute.updated",
      lcPaymentId: payment.lcPaymentId,
      status: "succeeded",
      dispute: { lcDisputeId: dispute.lcDisputeId, state: "won", responseState: "no_response_allowed" },
    });
    // Refundable again once the dispute no longer holds it.
    expect((await refund(auth, payment.lcPaymentId, { amountCents: 1000 })).status).toBe(200);
  });

  it("puts a partially refunded payment back to partially_refunded when the dispute is won", async () => {
    const tenant = await chargeableTenant("Partial Then Disputed Co");
    const payment = await (await charge(tenant.auth, chargeBody(await cardToken(), { amountCents: 9000 }))).json<Payment>();
    expect((await refund(tenant.auth, payment.lcPaymentId, { amountCents: 2000 })).status).toBe(200);
    const opened = await control<{ id: string }>("open-dispute", { id: payment.processorTransferId, amount: 7000 }, tenant.auth);
    expect((await paymentOf(tenant.auth, payment.lcPaymentId)).status).toBe("disputed");
    await control("resolve-dispute", { id: opened.id, outcome: "WON" }, tenant.auth);
    expect(await paymentOf(tenant.auth, payment.lcPaymentId)).toMatchObject({ status: "partially_refunded", amountRefundedCents: 2000 });
  });

  it("keeps a lost dispute's payment disputed, refusing refunds, and says so in dispute.updated", async () => {
    const { auth, tenantId, payment, dispute, processorDisputeId } = await disputedPayment({ name: "Losing Co" });
    expect((await saveCallbackUrl(tenantId, `${RECEIVER}/lost`)).status).toBe(200);
    const receiver = mockReceiver(RECEIVER);
    await control("resolve-dispute", { id: processorDisputeId, outcome: "LOST" }, auth);

    expect(await getDispute(auth, dispute.lcDisputeId)).toMatchObject({ state: "lost", acceptsResponse: false });
    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("disputed");
    const [callback] = await callbacksFor(receiver, "dispute.updated", payment.lcPaymentId);
    expect(JSON.parse(callback!.rawBody)).toMatchObject({ status: "disputed", dispute: { state: "lost" } });
    await expectProblem(await refund(auth, payment.lcPaymentId, { amountCents: 100 }), 409, "invalid-payment-state");
  });

  it("records an inquiry as a dispute that holds the payment", async () => {
    const { auth, payment, dispute } = await disputedPayment({ reason: "INQUIRY", name: "Inquiry Co" });
    expect(dispute).toMatchObject({ state: "inquiry", reason: "inquiry", acceptsResponse: true });
    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("disputed");
  });

  it("releases the payment from the sweep when the dispute.updated webhook was lost", async () => {
    const { auth, tenantId, payment, dispute, processorDisputeId } = await disputedPayment({ name: "Lost Webhook Co" });
    const db = await shardOf(tenantId);
    const before = await db.query.disputes.findFirst({
      columns: { processorUpdatedAt: true },
      where: eq(disputes.id, dispute.lcDisputeId),
    });
    await control("resolve-dispute", { id: processorDisputeId, outcome: "WON" }, auth);
    // As if the webhook never came: the ledger as it was before the decision.
    await db.batch([
      db
        .update(disputes)
        .set({ state: "open", responseState: "needs_response", processorUpdatedAt: before!.processorUpdatedAt })
        .where(eq(disputes.id, dispute.lcDisputeId)),
      db.update(payments).set({ status: "disputed" }).where(eq(payments.id, payment.lcPaymentId)),
    ]);

    await sweepDisputesAt(0);
    expect((await getDispute(auth, dispute.lcDisputeId)).state).toBe("open");
    await sweepDisputesAt(16 * 60 * 1000);
    expect((await getDispute(auth, dispute.lcDisputeId)).state).toBe("won");
    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("succeeded");
  });

  it("ignores an older dispute.updated arriving after a newer one", async () => {
    const { auth, dispute, processorDisputeId, payment } = await disputedPayment({ name: "Out Of Order Co" });
    await control("resolve-dispute", { id: processorDisputeId, outcome: "WON" }, auth);
    const stale = await signedDelivery({
      type: "updated",
      entity: "dispute",
      _embedded: {
        disputes: [
          {
            id: processorDisputeId,
            transfer: payment.processorTransferId,
            state: "PENDING",
            response_state: "NEEDS_RESPONSE",
            amount: dispute.amountCents,
            updated_at: "2020-01-01T00:00:00.000Z",
          },
        ],
      },
    });
    expect(await stale.json()).toMatchObject({ outcome: "ignored" });
    expect((await getDispute(auth, dispute.lcDisputeId)).state).toBe("won");
    expect((await paymentOf(auth, payment.lcPaymentId)).status).toBe("succeeded");
  });
});

describe("GET /v1/disputes", () => {
  it("pages newest first with signed cursors, and filters by state, response state and time", async () => {
    const { auth, tenantId } = await disputedPayment({ name: "Many Disputes Co" });
    const more = [];
    for (let i = 0; i < 3; i++) {
      const payment = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 3000 + i }))).json<Payment>();
      more.push(await control<{ id: string }>("open-dispute", { id: payment.processorTransferId }, auth));
    }
    await control("resolve-dispute", { id: more[0]!.id, outcome: "LOST" }, auth);
    const all = (await (await call("/v1/disputes", { headers: auth })).json()) as { data: Dispute[] };
    expect(all.data).toHaveLength(4);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await (await call(`/v1/disputes?limit=3${cursor ? `&cursor=${cursor}` : ""}`, { headers: auth })).json()) as {
        data: Dispute[];
        hasMore: boolean;
        nextCursor: string | null;
      };
      seen.push(...page.data.map((d) => d.lcDisputeId));
      cursor = page.hasMore ? page.nextCursor : null;
    } while (cursor);
    expect(seen).toEqual(all.data.map((d) => d.lcDisputeId));

    const lost = (await (await call("/v1/disputes?state=lost", { headers: auth })).json()) as { data: Dispute[] };
    expect(lost.data.map((d) => d.processorDisputeId)).toEqual([more[0]!.id]);
    const open = (await (await call("/v1/disputes?responseState=needs_response", { headers: auth })).json()) as { data: Dispute[] };
    expect(open.data).toHaveLength(3);
    const future = (await (await call("/v1/disputes?from=2099-01-01T00:00:00Z", { headers: auth })).json()) as { data: Dispute[] };
    expect(future.data).toEqual([]);
    expect(await (await shardOf(tenantId)).$count(disputes, eq(disputes.tenantId, tenantId))).toBe(4);
  });

  it("shows a full page of 200 disputes, each with its own evidence files", async () => {
    const { tenantId, auth } = await tenantWithKey();
    const disputed = Array.from({ length: 200 }, (_, i) => ({
      id: paymentId(i, "pagedispute"),
      status: "disputed" as const,
      amountCents: 5000,
      createdAt: "2026-06-01T00:00:00.000Z",
    }));
    await seedPayments(tenantId, disputed);
    const disputeIds = await seedDisputes(
      tenantId,
      disputed.map((payment) => payment.id),
    );
    // Every dispute has a file of its own, every third a second one.
    const files = disputeIds.flatMap((disputeId, i) =>
      i % 3 === 0 ? [`${disputeId}-a.pdf`, `${disputeId}-b.pdf`] : [`${disputeId}-a.pdf`],
    );
    await insertRows(
      await shardOf(tenantId),
      disputeEvidence,
      files.map((fileName, i) =>
        evidenceRow({
          id: `lcevd_page${i}`,
          tenantId,
          disputeId: fileName.slice(0, -6),
          sha256: `${i}`.padStart(64, "0"),
          fileName,
          r2Key: fileName,
          createdAt: `${i}`,
          updatedAt: `${i}`,
        }),
      ),
    );

    const response = await call("/v1/disputes?limit=200", { headers: auth });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { data: Dispute[]; hasMore: boolean };
    expect(page.hasMore).toBe(false);
    expect(page.data.map((dispute) => dispute.lcDisputeId).sort()).toEqual([...disputeIds].sort());
    for (const dispute of page.data) {
      expect(dispute.evidence.map((file) => file.fileName).sort()).toEqual(files.filter((name) => name.startsWith(dispute.lcDisputeId)));
    }
  });
});
