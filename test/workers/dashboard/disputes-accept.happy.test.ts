import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { disputes } from "../../../src/disputes/disputes.schema";
import { ownerOf } from "../support/dashboard";
import { controlDb, shardOf } from "../support/db";
import { disputedPayment, evidenceForm, fileOf, getDispute, postEvidence, submitDispute } from "../support/disputes";

// A dispute's page answers it either way: evidence and one submission, or accepting it (conceding, no response).

const auditTargets = (tenantId: string, action: string) =>
  controlDb()
    .select({ target: dashboardAuditLog.target, actorEmail: dashboardAuditLog.actorEmail })
    .from(dashboardAuditLog)
    .where(and(eq(dashboardAuditLog.tenantId, tenantId), eq(dashboardAuditLog.action, action)))
    .orderBy(sql`rowid`);

describe("accepting a dispute in the dashboard", () => {
  it("accepts from the dispute's page through the API's service: audited once, the forms gone, the page says so", async () => {
    const { tenantId, auth, dispute } = await disputedPayment({ name: "Dashboard Accepting Co" });
    const { email, browser } = await ownerOf(tenantId);
    const page = `/dashboard/disputes/${dispute.lcDisputeId}`;
    const { html } = await browser.open(page);
    expect(html).toContain("Or accept the dispute");
    expect(html).toContain(`action="${page}/accept"`);
    expect(html).toMatch(/data-confirm="Accept this dispute\? You concede it/);

    const accepted = await browser.post(`${page}/accept`, { acceptNote: "Refunded the buyer ourselves." });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("Location")).toBe(`${page}?notice=dispute-accepted`);
    expect(await getDispute(auth, dispute.lcDisputeId)).toMatchObject({ acceptance: "accepted", responseState: "accepted", state: "lost" });
    const stored = await (
      await shardOf(tenantId)
    ).query.disputes.findFirst({ columns: { acceptanceNote: true }, where: eq(disputes.id, dispute.lcDisputeId) });
    expect(stored?.acceptanceNote).toBe("Refunded the buyer ourselves.");

    const { html: after } = await browser.open(`${page}?notice=dispute-accepted`);
    expect(after).toContain("You accepted the dispute.");
    expect(after).toContain("You accepted this dispute: it takes no evidence and no response.");
    expect(after).toMatch(/<dt>Accepted<\/dt>\s*<dd>Yes, on <time/);
    expect(after).not.toContain('enctype="multipart/form-data"');
    expect(after).not.toContain(`action="${page}/accept"`);
    expect(after).not.toContain(`action="${page}/submit"`);

    // The same form again (another tab): the dispute as it stands, nothing sent or recorded twice.
    const again = await browser.post(`${page}/accept`, { acceptNote: "" });
    expect(again.status).toBe(303);
    expect(await auditTargets(tenantId, "dispute.accepted")).toEqual([{ target: dispute.lcDisputeId, actorEmail: email }]);

    const { html: list } = await browser.open("/dashboard/disputes");
    const row = list.slice(list.indexOf(`/dashboard/disputes/${dispute.lcDisputeId}`));
    expect(row.slice(0, row.indexOf("</tr>"))).toContain(">accepted<");
  });

  it("refuses to accept a submitted dispute, saying why, and keeps the note", async () => {
    const { tenantId, auth, dispute } = await disputedPayment({ name: "Dashboard Submitted Co" });
    expect((await postEvidence(auth, dispute.lcDisputeId, evidenceForm(fileOf("pdf", 900), "r.pdf"))).status).toBe(201);
    const { browser } = await ownerOf(tenantId);
    const page = `/dashboard/disputes/${dispute.lcDisputeId}`;
    await browser.open(page);
    expect((await submitDispute(auth, dispute.lcDisputeId, { note: "from the API" })).status).toBe(200);

    // The page was opened before the API's submission: its accept form is refused with the API's reason.
    const refused = await browser.post(`${page}/accept`, { acceptNote: "Changed our mind." });
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("was already submitted");
    expect(html).toContain('role="alert"');
    expect((await getDispute(auth, dispute.lcDisputeId)).acceptance).toBe("none");
    expect(await auditTargets(tenantId, "dispute.accepted")).toEqual([]);
  });

  it("says on an accepted dispute's page that uploads and submissions are refused, if a stale form still sends them", async () => {
    const { tenantId, auth, dispute } = await disputedPayment({ name: "Dashboard Stale Forms Co" });
    const { browser } = await ownerOf(tenantId);
    const page = `/dashboard/disputes/${dispute.lcDisputeId}`;
    await browser.open(page);
    expect((await browser.post(`${page}/accept`)).status).toBe(303);

    const upload = await browser.postMultipart(`${page}/evidence`, evidenceForm(fileOf("pdf", 700), "late.pdf", "application/pdf"));
    expect(upload.status).toBe(409);
    expect(await upload.text()).toContain("was accepted: it takes no evidence and no submission");
    const submit = await browser.post(`${page}/submit`, { note: "late" });
    expect(submit.status).toBe(409);
    expect((await getDispute(auth, dispute.lcDisputeId)).evidence).toEqual([]);
  });
});
