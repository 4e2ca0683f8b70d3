import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { disputes } from "../../../src/disputes/disputes.schema";
import { shardOf } from "../support/db";
import { disputedPayment, evidenceForm, fileOf, getDispute, paymentOf, postEvidence, submitDispute } from "../support/disputes";
import { call, expectProblem, jsonInit } from "../support/http";
import { type Payment, refund } from "../support/payments";
import { cardToken, charge, chargeBody, control } from "../support/sandbox";

const PROCESSOR_HEADERS = {
  Authorization: `Basic ${btoa(`${env.PROCESSOR_USERNAME}:${env.PROCESSOR_PASSWORD}`)}`,
  "Finix-Version": "2022-02-01",
};

describe("disputes: refused requests", () => {
  it("refuses a refund of a disputed payment with 409, and the processor would too", async () => {
    const { auth, payment } = await disputedPayment({ name: "No Refund Co" });
    const problem = await expectProblem(await refund(auth, payment.lcPaymentId, { amountCents: 500 }), 409, "invalid-payment-state");
    expect(problem.detail).toContain("disputed");
    const reversal = await call(
      `/sandbox/processor/transfers/${payment.processorTransferId}/reversals`,
      jsonInit("POST", { refund_amount: 500, idempotency_id: `direct-${crypto.randomUUID()}` }, PROCESSOR_HEADERS),
    );
    expect(reversal.status).toBe(409);
    expect((await paymentOf(auth, payment.lcPaymentId)).amountRefundedCents).toBe(0);
  });

  it("refuses a submission without evidence (409), with a wrong body (400) or media type (415)", async () => {
    const { auth, dispute } = await disputedPayment({ name: "Empty Submit Co" });
    await expectProblem(await submitDispute(auth, dispute.lcDisputeId, { note: "nothing attached" }), 409, "dispute-evidence-required");
    await expectProblem(await submitDispute(auth, dispute.lcDisputeId, { note: "" }), 400, "validation-failed");
    await expectProblem(await submitDispute(auth, dispute.lcDisputeId, { note: "x", accept: true }), 400, "validation-failed");
    await expectProblem(
      await call(`/v1/disputes/${dispute.lcDisputeId}/submit`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "text/plain" },
        body: "note",
      }),
      415,
      "unsupported-media-type",
    );
    expect((await getDispute(auth, dispute.lcDisputeId)).submission).toBe("none");
  });

  it("gives the submission back when the processor refuses it, so it can be made again", async () => {
    const { auth, tenantId, dispute, processorDisputeId } = await disputedPayment({ name: "Refused Submit Co" });
    const db = await shardOf(tenantId);
    expect((await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 500), "r.pdf"))).status).toBe(201);
    const before = (await db.query.disputes.findFirst({
      columns: { processorUpdatedAt: true },
      where: eq(disputes.id, dispute.lcDisputeId),
    }))!.processorUpdatedAt;
    // Accepted at the processor (say, in its dashboard), and that webhook lost: the service still thinks it can answer.
    await call(
      `/sandbox/processor/disputes/${processorDisputeId}/accept`,
      jsonInit("POST", { note: "accepted elsewhere" }, PROCESSOR_HEADERS),
    );
    await db
      .update(disputes)
      .set({ state: "open", responseState: "needs_response", processorUpdatedAt: before })
      .where(eq(disputes.id, dispute.lcDisputeId));

    await expectProblem(await submitDispute(auth, dispute.lcDisputeId, { note: "too late" }), 422, "processor-rejected");
    expect((await getDispute(auth, dispute.lcDisputeId)).submission).toBe("none");
  });

  it("answers 400 for malformed ids and queries, and for a forged cursor", async () => {
    const { auth } = await disputedPayment({ name: "Bad Query Co" });
    await expectProblem(await call("/v1/disputes/not-a-dispute", { headers: auth }), 400, "validation-failed");
    await expectProblem(await call("/v1/disputes?state=pending", { headers: auth }), 400, "validation-failed");
    await expectProblem(await call("/v1/disputes?limit=201", { headers: auth }), 400, "validation-failed");
    await expectProblem(await call("/v1/disputes?limit=0", { headers: auth }), 400, "validation-failed");
    await expectProblem(await call("/v1/disputes?from=yesterday", { headers: auth }), 400, "validation-failed");
    await expectProblem(await call("/v1/disputes?colour=blue", { headers: auth }), 400, "validation-failed");
    await expectProblem(await call("/v1/disputes?cursor=WyIyMDI2IiwibGNkc3BfeCJd.forged", { headers: auth }), 400, "invalid-cursor");
    await expectProblem(await call("/v1/disputes/lcdsp_doesnotexist00", { headers: auth }), 404, "not-found");
  });

  it("refuses a cursor issued for other filters or for the payments list", async () => {
    const { auth } = await disputedPayment({ name: "Cursor Co" });
    const second = await (await charge(auth, chargeBody(await cardToken(), { amountCents: 4100 }))).json<Payment>();
    await control("open-dispute", { id: second.processorTransferId }, auth);
    const disputes = await (await call("/v1/disputes?limit=1", { headers: auth })).json<{ nextCursor: string }>();
    expect(disputes.nextCursor).toBeTruthy();
    await expectProblem(
      await call(`/v1/disputes?limit=1&state=open&cursor=${disputes.nextCursor}`, { headers: auth }),
      400,
      "invalid-cursor",
    );
    const payments = await (await call("/v1/payments?limit=1", { headers: auth })).json<{ nextCursor: string }>();
    await expectProblem(await call(`/v1/disputes?limit=1&cursor=${payments.nextCursor}`, { headers: auth }), 400, "invalid-cursor");
    await expectProblem(await call(`/v1/payments?limit=1&cursor=${disputes.nextCursor}`, { headers: auth }), 400, "invalid-cursor");
  });
});
