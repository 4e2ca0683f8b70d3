import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { disputeEvidence, disputes } from "../../../src/disputes/disputes.schema";
import { ownerOf, signedInOwner } from "../support/dashboard";
import { controlDb, shardOf } from "../support/db";
import { disputedPayment, evidenceForm, fileOf } from "../support/disputes";
import { seedDispute, seedPayments } from "../support/ledger";

const DAY_MS = 24 * 3600_000;

/** Sets the columns given and keeps the others. */
async function setDispute(
  tenantId: string,
  id: string,
  values: Partial<Pick<typeof disputes.$inferInsert, "state" | "responseState" | "respondBy">>,
) {
  await (await shardOf(tenantId)).update(disputes).set(values).where(eq(disputes.id, id));
}

const auditTargets = async (tenantId: string, action: string) =>
  (
    await controlDb()
      .select({ target: dashboardAuditLog.target })
      .from(dashboardAuditLog)
      .where(and(eq(dashboardAuditLog.tenantId, tenantId), eq(dashboardAuditLog.action, action)))
      .orderBy(sql`rowid`)
  ).map((row) => row.target);

describe("disputes pages", () => {
  it("list the tenant's disputes with the time left to respond, and the API's state and response filters", async () => {
    const { tenantId, browser } = await signedInOwner();
    expect((await browser.open("/dashboard/disputes")).html).toContain("No disputes");
    const paymentId = "lcpay_dashdisputes000001";
    await seedPayments(tenantId, [{ id: paymentId, status: "disputed", amountCents: 5000, createdAt: "2026-10-01T10:00:00.000Z" }]);
    const soon = await seedDispute(tenantId, paymentId);
    const late = await seedDispute(tenantId, paymentId);
    const won = await seedDispute(tenantId, paymentId);
    await setDispute(tenantId, soon, { respondBy: new Date(Date.now() + 3 * DAY_MS + 3600_000).toISOString() });
    await setDispute(tenantId, late, { respondBy: new Date(Date.now() - 3600_000).toISOString() });
    await setDispute(tenantId, won, { state: "won", responseState: "accepted" });

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
    const shard = await shardOf(tenantId);
    const stored = () =>
      shard
        .select({ fileName: disputeEvidence.fileName, state: disputeEvidence.state })
        .from(disputeEvidence)
        .where(eq(disputeEvidence.disputeId, dispute.lcDisputeId));
    expect(await stored()).toEqual([]);

    const receipt = fileOf("pdf", 20_000, "dashboard receipt");
    const uploaded = await upload(evidenceForm(receipt, "signed-receipt.pdf", "application/pdf"));
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.get("Location")).toBe(`${page}?notice=evidence-uploaded`);
    const again = await upload(evidenceForm(receipt, "signed-receipt.pdf", "application/pdf"));
    expect(again.headers.get("Location")).toBe(`${page}?notice=evidence-known`);
    expect(await stored()).toEqual([{ fileName: "signed-receipt.pdf", state: "processing" }]);
    const { html: withEvidence } = await browser.open(`${page}?notice=evidence-uploaded`);
    expect(withEvidence).toContain("The evidence file was stored");
    expect(withEvidence).toContain("signed-receipt.pdf");
    expect(withEvidence).toContain("processing");

    const submitted = await browser.post(`${page}/submit`, { note: "Signed receipt attached." });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get("Location")).toBe(`${page}?notice=dispute-submitted`);
    const row = await shard.query.disputes.findFirst({
      columns: { submission: true, submissionNote: true },
      where: eq(disputes.id, dispute.lcDisputeId),
    });
    expect(row).toEqual({ submission: "submitted", submissionNote: "Signed receipt attached." });
    const second = await browser.post(`${page}/submit`, { note: "Once more." });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("was already submitted");
    const { html: done } = await browser.open(page);
    expect(done).toContain("The response was submitted; it is answered once.");
    expect(done).not.toContain('enctype="multipart/form-data"');

    const evidenceId = (await shard.query.disputeEvidence.findFirst({
      columns: { id: true },
      where: eq(disputeEvidence.disputeId, dispute.lcDisputeId),
    }))!.id;
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
      await shardOf(tenantId)
    ).query.disputes.findFirst({ columns: { submission: true }, where: eq(disputes.id, disputeId) });
    expect(row).toEqual({ submission: "none" });
    expect(await auditTargets(tenantId, "dispute.submitted")).toEqual([]);
  });
});
