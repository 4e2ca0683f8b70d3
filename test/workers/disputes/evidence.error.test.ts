import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { disputeEvidence, disputes } from "../../../src/disputes/disputes.schema";
import { shardOf } from "../support/db";
import { disputedPayment, evidenceForm, fileOf, getDispute, postEvidence, processorEvidence } from "../support/disputes";
import { call, expectProblem, jsonInit } from "../support/http";
import { control } from "../support/sandbox";

/** Nothing reached R2 or the processor for this dispute. */
async function expectNothingStored(tenantId: string, disputeId: string, processorDisputeId: string) {
  expect((await env.EVIDENCE.list({ prefix: `evidence/${tenantId}/${disputeId}/` })).objects).toEqual([]);
  expect(await processorEvidence(processorDisputeId)).toEqual([]);
  expect(await (await shardOf(tenantId)).$count(disputeEvidence, eq(disputeEvidence.disputeId, disputeId))).toBe(0);
}

describe("POST /v1/disputes/{id}/evidence refuses, before storing anything", () => {
  it("a file whose content is not JPG, PNG, PDF or TIFF, whatever its name and declared type (415)", async () => {
    const { auth, tenantId, dispute, processorDisputeId } = await disputedPayment({ name: "Disguised Co" });
    const disguised: [Uint8Array, string, string][] = [
      [new TextEncoder().encode("#!/bin/sh\necho not a receipt\n"), "receipt.png", "image/png"],
      [new TextEncoder().encode("GIF89a........"), "photo.jpg", "image/jpeg"],
      [new TextEncoder().encode("<html><body>receipt</body></html>"), "receipt.pdf", "application/pdf"],
      [Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "docs.tiff", "image/tiff"],
    ];
    for (const [bytes, name, type] of disguised) {
      const problem = await expectProblem(
        await postEvidence(auth, dispute.lcDisputeId, evidenceForm(bytes, name, type)),
        415,
        "evidence-type-unsupported",
      );
      expect(problem.acceptedTypes).toEqual(["image/jpeg", "image/png", "application/pdf", "image/tiff"]);
    }
    await expectNothingStored(tenantId, dispute.lcDisputeId, processorDisputeId);
  });

  it("a file over its type's limit (413)", async () => {
    const { auth, tenantId, dispute, processorDisputeId } = await disputedPayment({ name: "Oversize Co" });
    for (const [kind, size, max] of [
      // A photo over the processor's 50 KB is fitted (evidence-photo.happy); one over 20 MB is not taken.
      ["png", 20 * 1024 * 1024 + 1, 20 * 1024 * 1024],
      ["jpg", 20 * 1024 * 1024 + 1, 20 * 1024 * 1024],
      ["pdf", 1024 * 1024 + 1, 1024 * 1024],
      ["tiff", 1024 * 1024 + 1, 1024 * 1024],
    ] as const) {
      const problem = await expectProblem(
        await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf(kind, size), `big.${kind}`)),
        413,
        "evidence-too-large",
      );
      expect(problem.maxBytes).toBe(max);
    }
    await expectNothingStored(tenantId, dispute.lcDisputeId, processorDisputeId);
  });

  it("a body over the route's limit, from Content-Length or while streaming (413)", async () => {
    const { auth, dispute } = await disputedPayment({ name: "Huge Body Co" });
    const huge = evidenceForm(fileOf("pdf", 21 * 1024 * 1024), "huge.pdf");
    await expectProblem(await postEvidence(auth, dispute.lcDisputeId, huge), 413, "payload-too-large");
    // Streamed without a Content-Length: the limit is enforced while reading, before any parsing.
    const framed = new Response(evidenceForm(fileOf("pdf", 21 * 1024 * 1024), "streamed.pdf"));
    const body = new Uint8Array(await framed.arrayBuffer());
    const response = await call(`/v1/disputes/${dispute.lcDisputeId}/evidence`, {
      method: "POST",
      headers: { ...auth, "Content-Type": framed.headers.get("Content-Type")! },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(body);
          controller.close();
        },
      }),
    });
    await expectProblem(response, 413, "payload-too-large");
  });

  it("a ninth file (422), while a rejected file frees its place", async () => {
    const { auth, dispute } = await disputedPayment({ name: "Ninth File Co" });
    for (let i = 0; i < 8; i++) {
      expect((await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("png", 500), `page-${i}.png`))).status).toBe(201);
    }
    const ninth = await expectProblem(
      await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("png", 500), "ninth.png")),
      422,
      "evidence-limit-reached",
    );
    expect(ninth.maxFiles).toBe(8);
    const [first] = (await getDispute(auth, dispute.lcDisputeId)).evidence;
    await control("review-evidence", { id: first!.processorEvidenceId, outcome: "fail" }, auth);
    expect((await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("png", 500), "replacement.png"))).status).toBe(201);
  });

  it("an empty file, a missing part, a part with another name, a text field, two files (400)", async () => {
    const { auth, tenantId, dispute, processorDisputeId } = await disputedPayment({ name: "Malformed Upload Co" });
    const empty = await expectProblem(
      await postEvidence(auth, dispute.lcDisputeId, evidenceForm(new Uint8Array(0), "empty.pdf")),
      400,
      "validation-failed",
    );
    expect(empty.errors).toEqual([{ field: "file", message: "The file is empty." }]);

    const wrongPart = await expectProblem(
      await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 100), "a.pdf", "application/pdf", "document")),
      400,
      "validation-failed",
    );
    expect(wrongPart.errors!.map((error) => error.field).sort()).toEqual(["document", "file"]);

    const noFile = new FormData();
    noFile.append("note", "see attached");
    expect(
      (await expectProblem(await postEvidence(auth, dispute.lcDisputeId, noFile), 400, "validation-failed")).errors!.map((e) => e.field),
    ).toContain("file");

    const text = new FormData();
    text.append("file", "not a file");
    expect((await expectProblem(await postEvidence(auth, dispute.lcDisputeId, text), 400, "validation-failed")).errors).toEqual([
      { field: "file", message: "must be a file (a part with a filename)" },
    ]);

    const two = evidenceForm(fileOf("pdf", 100), "one.pdf");
    two.append("file", new File([fileOf("pdf", 100)], "two.pdf"));
    await expectProblem(await postEvidence(auth, dispute.lcDisputeId, two), 400, "validation-failed");

    const broken = await postEvidence(auth, dispute.lcDisputeId, "--nope\r\nnot multipart at all", {
      "Content-Type": "multipart/form-data; boundary=xyz",
    });
    await expectProblem(broken, 400, "validation-failed");
    await expectNothingStored(tenantId, dispute.lcDisputeId, processorDisputeId);
  });

  it("a body that is not multipart/form-data (415), and no body at all", async () => {
    const { auth, dispute } = await disputedPayment({ name: "Json Upload Co" });
    const path = `/v1/disputes/${dispute.lcDisputeId}/evidence`;
    const json = await expectProblem(await call(path, jsonInit("POST", { file: "receipt.pdf" }, auth)), 415, "unsupported-media-type");
    expect(json.detail).toContain("multipart/form-data");
    await expectProblem(
      await call(path, { method: "POST", headers: { ...auth, "Content-Type": "application/pdf" }, body: fileOf("pdf", 100) }),
      415,
      "unsupported-media-type",
    );
    await expectProblem(await call(path, { method: "POST", headers: auth }), 415, "unsupported-media-type");
  });
});

describe("evidence and a submission outside the response window", () => {
  it("are refused past respondBy (409)", async () => {
    const { auth, tenantId, dispute } = await disputedPayment({ name: "Too Late Co" });
    await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 100), "in-time.pdf"));
    await (
      await shardOf(tenantId)
    )
      .update(disputes)
      .set({ respondBy: "2026-01-01T00:00:00.000Z" })
      .where(eq(disputes.id, dispute.lcDisputeId));
    expect((await getDispute(auth, dispute.lcDisputeId)).acceptsResponse).toBe(false);
    const late = await expectProblem(
      await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 100), "late.pdf")),
      409,
      "dispute-closed",
    );
    expect(late).toMatchObject({ respondBy: "2026-01-01T00:00:00.000Z" });
    await expectProblem(await call(`/v1/disputes/${dispute.lcDisputeId}/submit`, { method: "POST", headers: auth }), 409, "dispute-closed");
  });

  it("are refused once the dispute is decided (409)", async () => {
    const { auth, dispute, processorDisputeId } = await disputedPayment({ name: "Decided Co" });
    await control("resolve-dispute", { id: processorDisputeId, outcome: "LOST" }, auth);
    await expectProblem(await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("png", 100), "x.png")), 409, "dispute-closed");
    await expectProblem(await call(`/v1/disputes/${dispute.lcDisputeId}/submit`, { method: "POST", headers: auth }), 409, "dispute-closed");
  });
});
