import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { disputeEvidence } from "../../../src/disputes/disputes.schema";
import { eventually, mockReceiver, RECEIVER, saveCallbackUrl } from "../support/callbacks";
import { shardOf } from "../support/db";
import {
  callbacksFor,
  type Dispute,
  disputedPayment,
  type Evidence,
  evidenceForm,
  expectSignedForTenant,
  fileOf,
  getDispute,
  postEvidence,
  processorEvidence,
  submitDispute,
  sweepDisputesAt,
} from "../support/disputes";
import { expectProblem } from "../support/http";
import { crashedRequestLease } from "../support/payments";
import { control } from "../support/sandbox";

describe("POST /v1/disputes/{id}/evidence", () => {
  it("stores a PDF, a PNG and a JPG in R2 first, records them, and uploads each to the processor", async () => {
    const { auth, tenantId, dispute, processorDisputeId } = await disputedPayment();
    const files = [
      { bytes: fileOf("pdf", 200_000), name: "signed-receipt.pdf", type: "application/pdf" },
      { bytes: fileOf("png", 40_000), name: "delivery photo.png", type: "image/png" },
      { bytes: fileOf("jpg", 30_000), name: "chat.jpeg", type: "image/jpeg" },
    ];
    const uploaded: Evidence[] = [];
    for (const file of files) {
      const response = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(file.bytes, file.name, file.type));
      expect(response.status).toBe(201);
      uploaded.push(await response.json());
    }
    expect(uploaded.map((e) => [e.fileName, e.contentType, e.state])).toEqual([
      ["signed-receipt.pdf", "application/pdf", "processing"],
      ["delivery photo.png", "image/png", "processing"],
      ["chat.jpeg", "image/jpeg", "processing"],
    ]);

    for (const [i, evidence] of uploaded.entries()) {
      const object = await env.EVIDENCE.get(`evidence/${tenantId}/${dispute.lcDisputeId}/${evidence.sha256}`);
      expect(object).not.toBeNull();
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(files[i]!.bytes);
      expect(object!.customMetadata).toMatchObject({
        fileName: files[i]!.name,
        contentType: evidence.contentType,
        sizeBytes: String(files[i]!.bytes.byteLength),
        sha256: evidence.sha256,
      });
    }
    const atProcessor = await processorEvidence(processorDisputeId);
    expect(atProcessor.map((e) => e.id).sort()).toEqual(uploaded.map((e) => e.processorEvidenceId).sort());
    expect(atProcessor.map((e) => e.tags["file-name"]).sort()).toEqual([
      `chat-${uploaded[2]!.sha256.slice(0, 12)}.jpg`,
      `delivery-photo-${uploaded[1]!.sha256.slice(0, 12)}.png`,
      `signed-receipt-${uploaded[0]!.sha256.slice(0, 12)}.pdf`,
    ]);
    expect((await getDispute(auth, dispute.lcDisputeId)).evidence.map((e) => e.lcEvidenceId)).toEqual(uploaded.map((e) => e.lcEvidenceId));
  });
});

describe("evidence is kept until the processor has it", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers the same evidence for the same content, stored and uploaded once", async () => {
    const { auth, tenantId, dispute, processorDisputeId } = await disputedPayment({ name: "Twice Co" });
    const bytes = fileOf("pdf", 10_000);
    const first = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(bytes, "invoice.pdf"));
    expect(first.status).toBe(201);
    const again = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(bytes, "invoice-copy.pdf"));
    expect(again.status).toBe(200);
    const [a, b] = [await first.json<Evidence>(), await again.json<Evidence>()];
    expect(b).toEqual(a);
    expect(await processorEvidence(processorDisputeId)).toHaveLength(1);
    const listed = await env.EVIDENCE.list({ prefix: `evidence/${tenantId}/${dispute.lcDisputeId}/` });
    expect(listed.objects.map((object) => object.key)).toEqual([`evidence/${tenantId}/${dispute.lcDisputeId}/${a.sha256}`]);
  });

  it("takes concurrent uploads of the same file as one piece of evidence", async () => {
    const { auth, dispute, processorDisputeId } = await disputedPayment({ name: "Concurrent Co" });
    const bytes = fileOf("png", 20_000);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => postEvidence(auth, dispute.lcDisputeId, evidenceForm(bytes, "photo.png"))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (answer) => (await answer.json<Evidence>()).lcEvidenceId)));
    expect(ids.size).toBe(1);
    expect((await getDispute(auth, dispute.lcDisputeId)).evidence).toHaveLength(1);
    expect(await processorEvidence(processorDisputeId)).toHaveLength(1);
  });

  it("keeps a file the processor failed to take as pending, in R2, and the sweep uploads it", async () => {
    const { auth, tenantId, dispute, processorDisputeId } = await disputedPayment({ name: "Processor Down Co" });
    await control("fault", { operation: "POST /disputes/{dispute_id}/evidence", kind: "error", status: 503, times: 1 });
    const bytes = fileOf("pdf", 5_000);
    const response = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(bytes, "proof.pdf"));
    expect(response.status).toBe(201);
    const evidence = await response.json<Evidence>();
    expect(evidence).toMatchObject({ state: "pending", processorEvidenceId: null });
    expect(await env.EVIDENCE.head(`evidence/${tenantId}/${dispute.lcDisputeId}/${evidence.sha256}`)).not.toBeNull();
    expect(await processorEvidence(processorDisputeId)).toEqual([]);

    await sweepDisputesAt(0);
    expect((await getDispute(auth, dispute.lcDisputeId)).evidence[0]!.state).toBe("pending");
    await sweepDisputesAt(2 * 60 * 1000);
    const [uploaded] = (await getDispute(auth, dispute.lcDisputeId)).evidence;
    expect(uploaded).toMatchObject({ lcEvidenceId: evidence.lcEvidenceId, state: "processing" });
    expect((await processorEvidence(processorDisputeId)).map((e) => e.id)).toEqual([uploaded!.processorEvidenceId]);
  });

  it("finds an upload whose answer was lost at the processor instead of sending it twice", async () => {
    const { auth, tenantId, dispute, processorDisputeId } = await disputedPayment({ name: "Lost Answer Co" });
    await control("fault", { operation: "POST /disputes/{dispute_id}/evidence", kind: "timeout-after", times: 1 });
    const response = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("jpg", 8_000), "label.jpg"));
    expect(response.status).toBe(201);
    const evidence = await response.json<Evidence>();
    // The answer never came, but the processor has the file. Its evidence.created webhook tells the service; take that
    // back too, as if it had been lost as well, so only the sweep can find the upload.
    const atProcessor = await processorEvidence(processorDisputeId);
    expect(atProcessor).toHaveLength(1);
    await eventually(
      async () => (await getDispute(auth, dispute.lcDisputeId)).evidence[0]!.state,
      (state) => state !== "pending",
    );
    await (
      await shardOf(tenantId)
    )
      .update(disputeEvidence)
      .set({ state: "pending", processorEvidenceId: null, processorUpdatedAt: null, uploadLeaseUntil: null })
      .where(eq(disputeEvidence.id, evidence.lcEvidenceId));

    await sweepDisputesAt(2 * 60 * 1000);
    const [stored] = (await getDispute(auth, dispute.lcDisputeId)).evidence;
    expect(stored).toMatchObject({ lcEvidenceId: evidence.lcEvidenceId, processorEvidenceId: atProcessor[0]!.id });
    expect(stored!.state).not.toBe("pending");
    expect(await processorEvidence(processorDisputeId)).toHaveLength(1);
  });

  it("tracks the processor's verdict: accepted, or rejected after acceptance with a signed evidence.updated", async () => {
    const { auth, tenantId, dispute, payment } = await disputedPayment({ name: "Verdict Co" });
    expect((await saveCallbackUrl(tenantId, `${RECEIVER}/evidence`)).status).toBe(200);
    const receiver = mockReceiver(RECEIVER);
    const good = await (await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("png", 1_000), "ok.png"))).json<Evidence>();
    const rejectedBytes = fileOf("pdf", 2_000);
    const doomed = await (
      await postEvidence(auth, dispute.lcDisputeId, evidenceForm(rejectedBytes, "evidence-rejected.pdf"))
    ).json<Evidence>();
    expect([good.state, doomed.state]).toEqual(["processing", "processing"]);

    await control("review-evidence", { id: good.processorEvidenceId }, auth);
    await control("review-evidence", { id: doomed.processorEvidenceId }, auth);
    const evidence = (await getDispute(auth, dispute.lcDisputeId)).evidence;
    expect(evidence.map((e) => [e.fileName, e.state])).toEqual([
      ["ok.png", "succeeded"],
      ["evidence-rejected.pdf", "failed"],
    ]);
    expect(evidence[1]!.failureMessage).toMatch(/rejected this file/);

    const callbacks = await callbacksFor(receiver, "evidence.updated", payment.lcPaymentId, 2);
    for (const callback of callbacks) await expectSignedForTenant(callback, tenantId);
    expect(callbacks.map((callback) => JSON.parse(callback.rawBody).evidence).sort((a, b) => a.fileName.localeCompare(b.fileName))).toEqual(
      [
        expect.objectContaining({ lcEvidenceId: doomed.lcEvidenceId, state: "failed" }),
        expect.objectContaining({ lcEvidenceId: good.lcEvidenceId, state: "succeeded" }),
      ],
    );

    // Posting the rejected content again sends it again.
    const retried = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(rejectedBytes, "evidence-rejected.pdf"));
    expect(retried.status).toBe(201);
    const second = await retried.json<Evidence>();
    expect(second).toMatchObject({ lcEvidenceId: doomed.lcEvidenceId, state: "processing", failureMessage: null });
    expect(second.processorEvidenceId).not.toBe(doomed.processorEvidenceId);
  });

  it("reads the type from the content: a PDF named .png is a PDF, TIFF in either byte order is taken", async () => {
    const { auth, dispute, processorDisputeId } = await disputedPayment({ name: "Content Co" });
    const misnamed = await (
      await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 3_000), "scan.png", "image/png"))
    ).json<Evidence>();
    expect(misnamed).toMatchObject({ fileName: "scan.png", contentType: "application/pdf" });
    const bigEndianTiff = fileOf("tiff", 4_000);
    bigEndianTiff.set([0x4d, 0x4d, 0x00, 0x2a]);
    for (const bytes of [fileOf("tiff", 4_000), bigEndianTiff]) {
      const response = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(bytes, "fax.tif"));
      expect(response.status).toBe(201);
      expect((await response.json<Evidence>()).contentType).toBe("image/tiff");
    }
    const names = (await processorEvidence(processorDisputeId)).map((e) => e.tags["file-name"]);
    expect(names.filter((name) => name?.startsWith("scan-"))).toEqual([`scan-${misnamed.sha256.slice(0, 12)}.pdf`]);
  });

  it("takes files up to the processor's limits exactly: 50 KB images, 1 MB documents, 8 files", async () => {
    const { auth, dispute } = await disputedPayment({ name: "At The Limit Co" });
    const sizes: [Parameters<typeof fileOf>[0], number][] = [
      ["png", 50 * 1024],
      ["jpg", 50 * 1024],
      ["pdf", 1024 * 1024],
      ["tiff", 1024 * 1024],
      ["pdf", 1024 * 1024],
      ["pdf", 1024 * 1024],
      ["pdf", 1024 * 1024],
      ["pdf", 1024 * 1024],
    ];
    for (const [kind, size] of sizes) {
      expect((await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf(kind, size), `file.${kind}`))).status).toBe(201);
    }
    expect((await getDispute(auth, dispute.lcDisputeId)).evidence).toHaveLength(8);
  });
});

describe("POST /v1/disputes/{id}/submit", () => {
  it("submits once with a note; a second submit is refused and no evidence is taken afterwards", async () => {
    const { auth, dispute, processorDisputeId } = await disputedPayment({ name: "Submit Once Co" });
    await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 1_000), "receipt.pdf"));
    const response = await submitDispute(auth, dispute.lcDisputeId, { note: "Signed receipt attached." });
    expect(response.status).toBe(200);
    const submitted = await response.json<Dispute>();
    expect(submitted).toMatchObject({ submission: "submitted", submitted: true, responseState: "responded", acceptsResponse: false });
    expect(Date.parse(submitted.submittedAtUtc!)).toBeGreaterThan(Date.now() - 60_000);
    const atProcessor = await control<{ response_state: string }>("get", { kind: "dispute", id: processorDisputeId }, auth);
    expect(atProcessor.response_state).toBe("RESPONDED");

    await expectProblem(await submitDispute(auth, dispute.lcDisputeId, { note: "again" }), 409, "dispute-already-submitted");
    await expectProblem(
      await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("png", 500), "late.png")),
      409,
      "dispute-already-submitted",
    );
  });

  it("lets only one of concurrent submits through", async () => {
    const { auth, dispute } = await disputedPayment({ name: "Racing Submit Co" });
    await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 1_000), "receipt.pdf"));
    const answers = await Promise.all(Array.from({ length: 3 }, () => submitDispute(auth, dispute.lcDisputeId, {})));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  });

  it("replays the first answer for a retry under the same Idempotency-Key", async () => {
    const { auth, dispute } = await disputedPayment({ name: "Idempotent Submit Co" });
    await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 1_000), "receipt.pdf"));
    const first = await submitDispute(auth, dispute.lcDisputeId, { note: "n" }, "submit-1");
    const replay = await submitDispute(auth, dispute.lcDisputeId, { note: "n" }, "submit-1");
    expect([first.status, replay.status]).toEqual([200, 200]);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replay.text()).toBe(await first.text());
  });

  it("sends evidence still waiting for the processor before it submits", async () => {
    const { auth, dispute, processorDisputeId } = await disputedPayment({ name: "Pending Then Submit Co" });
    await control("fault", { operation: "POST /disputes/{dispute_id}/evidence", kind: "error", times: 1 });
    const pending = await (
      await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 1_000), "late-but-there.pdf"))
    ).json<Evidence>();
    expect(pending.state).toBe("pending");
    const response = await submitDispute(auth, dispute.lcDisputeId);
    expect(response.status).toBe(200);
    expect((await response.json<Dispute>()).evidence[0]).toMatchObject({ lcEvidenceId: pending.lcEvidenceId, state: "processing" });
    expect(await processorEvidence(processorDisputeId)).toHaveLength(1);
  });

  it("answers a submit racing an evidence upload with 409 and Retry-After, and takes the retry once the file is there", async () => {
    const { auth, tenantId, dispute, processorDisputeId } = await disputedPayment({ name: "Upload Race Co" });
    const db = await shardOf(tenantId);
    await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 1_000), "receipt.pdf"));
    // A second file is stored and another request (an upload, the sweep) is sending it: it holds the file's upload lease.
    await control("fault", { operation: "POST /disputes/{dispute_id}/evidence", kind: "error", times: 1 });
    const second = await (await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("png", 500), "tracking.png"))).json<Evidence>();
    const holdLease = (until: string | null) =>
      db.update(disputeEvidence).set({ uploadLeaseUntil: until }).where(eq(disputeEvidence.id, second.lcEvidenceId));
    await holdLease(new Date(Date.now() + 60_000).toISOString());

    const raced = await submitDispute(auth, dispute.lcDisputeId, { note: "n" }, "submit-race");
    const problem = await expectProblem(raced, 409, "dispute-evidence-uploading");
    const retryAfter = Number(raced.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(Number(env.PROCESSOR_TIMEOUT_MS) / 1000));
    expect(problem.retryAfterSeconds).toBe(retryAfter);
    expect((await getDispute(auth, dispute.lcDisputeId)).submission).toBe("none");

    await holdLease(null);
    const retried = await submitDispute(auth, dispute.lcDisputeId, { note: "n" }, "submit-race");
    expect(retried.status).toBe(200);
    expect(await retried.json<Dispute>()).toMatchObject({ submission: "submitted", evidence: [{}, {}] });
    expect(await processorEvidence(processorDisputeId)).toHaveLength(2);
  });

  it("answers a retry under the submit's own key with the pending submission; any other submit is refused", async () => {
    const { auth, dispute, tenantId } = await disputedPayment({ name: "Pending Retry Co" });
    await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 1_000), "receipt.pdf"));
    await control("fault", { operation: "POST /disputes/{dispute_id}/submit", kind: "timeout-after", times: 1 });
    await expectProblem(await submitDispute(auth, dispute.lcDisputeId, { note: "n" }, "submit-pending"), 504, "processor-timeout");

    const retried = await submitDispute(auth, dispute.lcDisputeId, { note: "n" }, "submit-pending");
    expect(retried.status).toBe(200);
    expect(await retried.json<Dispute>()).toMatchObject({ lcDisputeId: dispute.lcDisputeId, submission: "pending", submitted: false });
    await expectProblem(await submitDispute(auth, dispute.lcDisputeId, { note: "n" }, "another-key"), 409, "dispute-already-submitted");
    await expectProblem(await submitDispute(auth, dispute.lcDisputeId, { note: "n" }), 409, "dispute-already-submitted");

    // Settled by the sweep, and past the key's retention: the ledger still knows the key, and answers the same request.
    await sweepDisputesAt(2 * 60 * 1000);
    await (await crashedRequestLease(tenantId, `/v1/disputes/${dispute.lcDisputeId}/submit`, "submit-pending", { note: "n" }, 1)).forget();
    const later = await submitDispute(auth, dispute.lcDisputeId, { note: "n" }, "submit-pending");
    expect(later.status).toBe(200);
    expect(await later.json<Dispute>()).toMatchObject({ submission: "submitted", submitted: true });
    await expectProblem(await submitDispute(auth, dispute.lcDisputeId, { note: "other" }, "submit-pending"), 409, "idempotency-key-reused");
  });

  it("submits again under the key of a submission the processor refused, once the key's answer has expired", async () => {
    const { auth, dispute, tenantId } = await disputedPayment({ name: "Refused Then Retried Co" });
    await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 1_000), "receipt.pdf"));
    await control("fault", {
      operation: "POST /disputes/{dispute_id}/submit",
      kind: "error",
      status: 422,
      code: "INVALID_FIELD",
      times: 1,
    });
    await expectProblem(await submitDispute(auth, dispute.lcDisputeId, { note: "n" }, "submit-refused"), 422, "processor-rejected");

    await (await crashedRequestLease(tenantId, `/v1/disputes/${dispute.lcDisputeId}/submit`, "submit-refused", { note: "n" }, 1)).forget();
    const retried = await submitDispute(auth, dispute.lcDisputeId, { note: "n" }, "submit-refused");
    expect(retried.status).toBe(200);
    expect(await retried.json<Dispute>()).toMatchObject({ submission: "submitted", submitted: true });
  });

  it("settles a submission whose answer was lost from the sweep", async () => {
    const { auth, dispute } = await disputedPayment({ name: "Lost Submit Co" });
    await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 1_000), "receipt.pdf"));
    await control("fault", { operation: "POST /disputes/{dispute_id}/submit", kind: "timeout-after", times: 1 });
    await expectProblem(await submitDispute(auth, dispute.lcDisputeId), 504, "processor-timeout");
    expect((await getDispute(auth, dispute.lcDisputeId)).submission).toBe("pending");
    await expectProblem(await submitDispute(auth, dispute.lcDisputeId), 409, "dispute-already-submitted");
    await sweepDisputesAt(2 * 60 * 1000);
    expect(await getDispute(auth, dispute.lcDisputeId)).toMatchObject({ submission: "submitted", responseState: "responded" });
  });
});
