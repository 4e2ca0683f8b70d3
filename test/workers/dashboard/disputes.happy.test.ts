import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ownerOf, signedInOwner } from "../support/dashboard";
import { disputedPayment, evidenceForm, fileOf } from "../support/disputes";
import { seedDispute, seedPayments } from "../support/ledger";
import { d1Holding } from "../support/shards";

const DAY_MS = 24 * 3600_000;

async function setDispute(id: string, values: { state?: string; responseState?: string; respondBy?: string }) {
  await (
    await d1Holding("disputes", id)
  )
    .prepare(
      "UPDATE disputes SET state = coalesce(?, state), response_state = coalesce(?, response_state), respond_by = coalesce(?, respond_by) WHERE id = ?",
    )
    .bind(values.state ?? null, values.responseState ?? null, values.respondBy ?? null, id)
    .run();
}

const auditTargets = async (tenantId: string, action: string) =>
  (
    await env.DB.prepare("SELECT target FROM dashboard_audit_log WHERE tenant_id = ? AND action = ? ORDER BY rowid")
      .bind(tenantId, action)
      .all<{ target: string }>()
  ).results.map((row) => row.target);

describe("disputes pages", () => {
  it("list the tenant's disputes with the time left to respond, and the API's state and response filters", async () => {
    const { tenantId, browser } = await signedInOwner();
    expect((await browser.open("/dashboard/disputes")).html).toContain("No disputes");
    const paymentId = "lcpay_dashdisputes000001";
    await seedPayments(tenantId, [{ id: paymentId, status: "disputed", amountCents: 5000, createdAt: "2026-10-01T10:00:00.000Z" }]);
    const soon = await seedDispute(tenantId, paymentId);
    const late = await seedDispute(tenantId, paymentId);
    const won = await seedDispute(tenantId, paymentId);
    await setDispute(soon, { respondBy: new Date(Date.now() + 3 * DAY_MS + 3600_000).toISOString() });
    await setDispute(late, { respondBy: new Date(Date.now() - 3600_000).toISOString() });
    await setDispute(won, { state: "won", responseState: "accepted" });

    const { html } = await browser.open("/dashboard/disputes");
    const row = (id: string) => html.slice(html.indexOf(`/dashboard/disputes/${id}`), html.indexOf("</tr>", html.indexOf(id)));
    expect(row(soon)).toContain("3 days left");
    expect(row(late)).toContain("overdue");
    expect(row(won)).toContain("closed");
    expect(row(soon)).toContain(`href="/dashboard/payments/${paymentId}"`);
    expect(html).toContain("$50.00");

    const { html: wonOnly } = await browser.open("/dashboard/disputes?state=won");
    expect(wonOnly).toContain(won);
    expect(wonOnly).not.toContain(soon);
    const { html: needsResponse } = await browser.open("/dashboard/disputes?responseState=needs_response");
    expect(needsResponse).toContain(soon);
    expect(needsResponse).toContain(late);
    expect(needsResponse).not.toContain(won);
    expect((await browser.open("/dashboard/disputes?state=lost")).html).toContain("No disputes match these filters");
    expect((await browser.open("/dashboard/disputes?state=bogus")).html).toContain("Ignored an invalid state.");

    const { html: overdue } = await browser.open(`/dashboard/disputes/${late}`);
    expect(overdue).toContain("overdue");
    expect(overdue).toContain("This dispute no longer takes a response.");
    expect(overdue).not.toContain('enctype="multipart/form-data"');
  });

  it("uploads evidence with friendly field errors for the API's refusals, then submits once", async () => {
    const { tenantId, payment, dispute } = await disputedPayment({ name: "Dashboard Disputes Co" });
    const { browser } = await ownerOf(tenantId);
    const page = `/dashboard/disputes/${dispute.lcDisputeId}`;
    const { html } = await browser.open(page);
    expect(html).toContain(`href="/dashboard/payments/${payment.lcPaymentId}"`);
    expect(html).toContain("$120.00");
    expect(html).toContain("Not submitted");
    expect(html).toContain('enctype="multipart/form-data"');

    const upload = (form: FormData) => browser.postMultipart(`${page}/evidence`, form);
    const notAFile = await upload(evidenceForm(new TextEncoder().encode("plain text"), "notes.txt", "text/plain"));
    expect(notAFile.status).toBe(415);
    expect(await notAFile.text()).toMatch(/class="field-error" id="file-error">Evidence must be a JPG, PNG, PDF or TIFF file/);
    const tooLarge = await upload(evidenceForm(fileOf("pdf", 1024 * 1024 + 1), "huge.pdf", "application/pdf"));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain("A PDF file may be at most 1048576 bytes");
    const unreadable = await upload(evidenceForm(fileOf("png", 60_000), "broken.png", "image/png"));
    expect(unreadable.status).toBe(422);
    expect(await unreadable.text()).toContain("This image could not be read");
    const nothingChosen = await upload(evidenceForm(new Uint8Array(0), "", "application/octet-stream"));
    expect(nothingChosen.status).toBe(400);
    expect(await nothingChosen.text()).toContain("Choose a file to upload.");
    const shard = await d1Holding("disputes", dispute.lcDisputeId);
    const stored = () =>
      shard.prepare("SELECT file_name, state FROM dispute_evidence WHERE dispute_id = ?").bind(dispute.lcDisputeId).all();
    expect((await stored()).results).toEqual([]);

    const receipt = fileOf("pdf", 20_000, "dashboard receipt");
    const uploaded = await upload(evidenceForm(receipt, "signed-receipt.pdf", "application/pdf"));
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.get("Location")).toBe(`${page}?notice=evidence-uploaded`);
    const again = await upload(evidenceForm(receipt, "signed-receipt.pdf", "application/pdf"));
    expect(again.headers.get("Location")).toBe(`${page}?notice=evidence-known`);
    expect((await stored()).results).toEqual([{ file_name: "signed-receipt.pdf", state: "processing" }]);
    const { html: withEvidence } = await browser.open(`${page}?notice=evidence-uploaded`);
    expect(withEvidence).toContain("The evidence file was stored");
    expect(withEvidence).toContain("signed-receipt.pdf");
    expect(withEvidence).toContain("processing");

    const submitted = await browser.post(`${page}/submit`, { note: "Signed receipt attached." });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get("Location")).toBe(`${page}?notice=dispute-submitted`);
    const row = await shard.prepare("SELECT submission, submission_note FROM disputes WHERE id = ?").bind(dispute.lcDisputeId).first();
    expect(row).toEqual({ submission: "submitted", submission_note: "Signed receipt attached." });
    const second = await browser.post(`${page}/submit`, { note: "Once more." });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("was already submitted");
    const { html: done } = await browser.open(page);
    expect(done).toContain("The response was submitted; it is answered once.");
    expect(done).not.toContain('enctype="multipart/form-data"');

    const evidenceId = (
      (await shard.prepare("SELECT id FROM dispute_evidence WHERE dispute_id = ?").bind(dispute.lcDisputeId).first()) as {
        id: string;
      }
    ).id;
    expect(await auditTargets(tenantId, "dispute.evidence_uploaded")).toEqual([
      `${dispute.lcDisputeId}: signed-receipt.pdf (${evidenceId})`,
    ]);
    expect(await auditTargets(tenantId, "dispute.submitted")).toEqual([dispute.lcDisputeId]);
  });

  it("refuses a submission without evidence, saying what is missing, and keeps the note", async () => {
    const { tenantId, browser } = await signedInOwner();
    await seedPayments(tenantId, [
      { id: "lcpay_dashnoevidence0001", status: "disputed", amountCents: 5000, createdAt: new Date().toISOString() },
    ]);
    const disputeId = await seedDispute(tenantId, "lcpay_dashnoevidence0001");
    await browser.open(`/dashboard/disputes/${disputeId}`);
    const response = await browser.post(`/dashboard/disputes/${disputeId}/submit`, { note: "Our side of it." });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain("Upload at least one evidence file before submitting.");
    expect(html).toContain("Our side of it.");
    const row = await (
      await d1Holding("disputes", disputeId)
    )
      .prepare("SELECT submission FROM disputes WHERE id = ?")
      .bind(disputeId)
      .first();
    expect(row).toEqual({ submission: "none" });
    expect(await auditTargets(tenantId, "dispute.submitted")).toEqual([]);
  });
});
