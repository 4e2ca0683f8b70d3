import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { disputeEvidence } from "../../../src/disputes/disputes.schema";
import { jpegFrame } from "../../../src/disputes/evidence-fit";
import { eventually } from "../support/callbacks";
import { shardOf } from "../support/db";
import {
  disputedPayment,
  type Evidence,
  evidenceForm,
  fileOf,
  getDispute,
  postEvidence,
  processorEvidence,
  sweepDisputesAt,
} from "../support/disputes";
import { expectProblem } from "../support/http";
import { noisyJpeg, noisyPng } from "../support/images";
import { control } from "../support/sandbox";

const MB = 1024 * 1024;

/** Every object the PDF's cross-reference table lists starts where it says: a reader can open the file. */
function expectReadablePdf(pdf: Uint8Array) {
  const text = new TextDecoder("latin1").decode(pdf);
  const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(xrefAt, xrefAt + 5)).toBe("xref\n");
  const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
  expect(offsets).toHaveLength(5);
  offsets.forEach((offset, i) => expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
}

/** The JPEG a fitted PDF holds: the bytes of its one image stream. */
function jpegInPdf(pdf: Uint8Array): Uint8Array {
  const text = new TextDecoder("latin1").decode(pdf);
  const start = text.indexOf("stream\n", text.indexOf("/Subtype /Image")) + "stream\n".length;
  const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text.slice(text.indexOf("/Subtype /Image")))![1]);
  return pdf.subarray(start, start + length);
}

// A phone photo is megabytes; the processor takes 50 KB of JPG or PNG, 1 MB of PDF. The service fits it. Decoding and
// encoding megabytes of pixels (sharp, locally) takes seconds on a busy machine: room beyond the default 5 s.
describe("a phone photo as dispute evidence", { timeout: 30_000 }, () => {
  it("sends a PNG of megabytes as a PDF within the processor's 1 MB, keeps the original byte for byte, and says what it sent", async () => {
    const { auth, tenantId, dispute, processorDisputeId } = await disputedPayment({ name: "Photo Co" });
    const photo = await noisyPng(2100, 1400);
    expect(photo.byteLength).toBeGreaterThan(8 * MB);

    const response = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(photo, "IMG_2041.png", "image/png"));
    expect(response.status).toBe(201);
    const evidence = await response.json<
      Evidence & { sent: { contentType: string; sizeBytes: number; widthPx: number; heightPx: number } }
    >();
    expect(evidence).toMatchObject({
      fileName: "IMG_2041.png",
      contentType: "image/png",
      sizeBytes: photo.byteLength,
      state: "processing",
    });
    // Downscaled (noise is the worst a photo can be: here below the first step's 2000 px), its shape kept.
    expect(evidence.sent.contentType).toBe("application/pdf");
    expect(evidence.sent.sizeBytes).toBeLessThanOrEqual(MB);
    expect(evidence.sent.widthPx).toBeLessThanOrEqual(2000);
    expect(evidence.sent.widthPx / evidence.sent.heightPx).toBeCloseTo(1.5, 2);

    const key = `evidence/${tenantId}/${dispute.lcDisputeId}/${evidence.sha256}`;
    expect(new Uint8Array(await (await env.EVIDENCE.get(key))!.arrayBuffer())).toEqual(photo);
    const sent = new Uint8Array(await (await env.EVIDENCE.get(`${key}.sent.pdf`))!.arrayBuffer());
    expect(sent.byteLength).toBe(evidence.sent.sizeBytes);
    expect(new TextDecoder().decode(sent.subarray(0, 8))).toBe("%PDF-1.4");
    expectReadablePdf(sent);
    expect(jpegFrame(jpegInPdf(sent))).toEqual({ widthPx: evidence.sent.widthPx, heightPx: evidence.sent.heightPx, components: 3 });

    // The processor took it (it refuses a PDF over 1 MB) under the name of a PDF.
    const [atProcessor] = await processorEvidence(processorDisputeId);
    expect(atProcessor).toMatchObject({
      id: evidence.processorEvidenceId,
      tags: { "file-name": `IMG_2041-${evidence.sha256.slice(0, 12)}.pdf` },
    });

    // The same photo again is the same evidence.
    const again = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(photo, "IMG_2041 copy.png", "image/png"));
    expect(again.status).toBe(200);
    expect((await again.json<Evidence>()).lcEvidenceId).toBe(evidence.lcEvidenceId);
    expect(await processorEvidence(processorDisputeId)).toHaveLength(1);
  });

  it("sends a fitted photo once when the processor's answer to its upload is lost: the sweep finds it there", async () => {
    const { auth, tenantId, dispute, processorDisputeId } = await disputedPayment({ name: "Lost Answer Photo Co" });
    await control("fault", { operation: "POST /disputes/{dispute_id}/evidence", kind: "timeout-after", times: 1 });
    const response = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(await noisyPng(1200, 900), "receipt.png", "image/png"));
    expect(response.status).toBe(201);
    const evidence = await response.json<Evidence & { sent: { contentType: string } }>();
    expect(evidence.sent.contentType).toBe("application/pdf");
    const [atProcessor] = await processorEvidence(processorDisputeId);
    expect(atProcessor!.tags["file-name"]).toBe(`receipt-${evidence.sha256.slice(0, 12)}.pdf`);
    // The answer never came, but the processor's evidence.created webhook tells the service: undone, as if it had been
    // lost as well, so only the sweep can find the upload.
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
    expect((await getDispute(auth, dispute.lcDisputeId)).evidence[0]).toMatchObject({ processorEvidenceId: atProcessor!.id });
    expect(await processorEvidence(processorDisputeId)).toHaveLength(1);
  });

  it("fits a JPEG of megabytes the same way, never enlarging a smaller one", async () => {
    const { auth, dispute } = await disputedPayment({ name: "Jpeg Photo Co" });
    const photo = await noisyJpeg(1200, 1800);
    expect(photo.byteLength).toBeGreaterThan(MB);
    const response = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(photo, "receipt.jpg", "image/jpeg"));
    expect(response.status).toBe(201);
    const evidence = await response.json<
      Evidence & { sent: { contentType: string; sizeBytes: number; widthPx: number; heightPx: number } }
    >();
    expect(evidence.contentType).toBe("image/jpeg");
    expect(evidence.sent.contentType).toBe("application/pdf");
    expect(evidence.sent.sizeBytes).toBeLessThanOrEqual(MB);
    expect(Math.max(evidence.sent.widthPx, evidence.sent.heightPx)).toBeLessThanOrEqual(1800);
  });

  it("sends a photo within the processor's limits as it is", async () => {
    const { auth, dispute } = await disputedPayment({ name: "Small Photo Co" });
    const response = await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("png", 40_000), "small.png", "image/png"));
    expect(response.status).toBe(201);
    expect((await response.json<{ sent: unknown }>()).sent).toBeNull();
  });

  it("refuses a photo it cannot read (422) and one over 20 MB (413), storing nothing", async () => {
    const { auth, tenantId, dispute, processorDisputeId } = await disputedPayment({ name: "Broken Photo Co" });
    await expectProblem(
      await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("jpg", 300_000), "broken.jpg", "image/jpeg")),
      422,
      "evidence-unreadable",
    );
    const tooLarge = await expectProblem(
      await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("png", 20 * MB + 1), "huge.png", "image/png")),
      413,
      "evidence-too-large",
    );
    expect(tooLarge.maxBytes).toBe(20 * MB);
    expect((await env.EVIDENCE.list({ prefix: `evidence/${tenantId}/${dispute.lcDisputeId}/` })).objects).toEqual([]);
    expect(await processorEvidence(processorDisputeId)).toEqual([]);
    expect(await (await shardOf(tenantId)).$count(disputeEvidence, eq(disputeEvidence.disputeId, dispute.lcDisputeId))).toBe(0);
  });

  it("another tenant's dispute is a 404, photo or not", async () => {
    const { dispute } = await disputedPayment({ name: "Owner Co" });
    const intruder = await disputedPayment({ name: "Intruder Co" });
    await expectProblem(
      await postEvidence(intruder.auth, dispute.lcDisputeId, evidenceForm(await noisyPng(800, 600), "photo.png", "image/png")),
      404,
      "not-found",
    );
  });
});
