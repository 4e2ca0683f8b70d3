import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { disputeEvidence, disputes } from "../../../src/disputes/disputes.schema";
import { signedInOwner } from "../support/dashboard";
import { controlDb, shardOf } from "../support/db";
import { evidenceForm, fileOf } from "../support/disputes";
import { seedDispute, seedPayments } from "../support/ledger";

async function ownerWithDispute() {
  const owner = await signedInOwner("Guarded Disputes Co");
  const paymentId = `lcpay_dashguard${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
  await seedPayments(owner.tenantId, [{ id: paymentId, status: "disputed", amountCents: 5000, createdAt: new Date().toISOString() }]);
  const disputeId = await seedDispute(owner.tenantId, paymentId);
  await owner.browser.open(`/dashboard/disputes/${disputeId}`);
  return { ...owner, disputeId };
}

const untouched = async (tenantId: string, disputeId: string) => {
  const shard = await shardOf(tenantId);
  const evidence = await shard.$count(disputeEvidence, eq(disputeEvidence.disputeId, disputeId));
  const dispute = await shard.query.disputes.findFirst({ columns: { submission: true }, where: eq(disputes.id, disputeId) });
  const audit = await controlDb().$count(
    dashboardAuditLog,
    and(like(dashboardAuditLog.action, "dispute.%"), like(dashboardAuditLog.target, `${disputeId}%`)),
  );
  expect([evidence, dispute, audit]).toEqual([0, { submission: "none" }, 0]);
};

const pdf = () => evidenceForm(fileOf("pdf", 5_000), "receipt.pdf", "application/pdf");

describe("the disputes pages' CSRF checks", () => {
  it("the evidence form reads its token from the multipart body: without it, or with another, the upload is refused", async () => {
    const { tenantId, browser, disputeId } = await ownerWithDispute();
    const path = `/dashboard/disputes/${disputeId}/evidence`;
    expect((await browser.postMultipart(path, pdf(), { withToken: false })).status).toBe(403);
    const wrongToken = pdf();
    wrongToken.append("_csrf", "not-the-session-token");
    expect((await browser.postMultipart(path, wrongToken, { withToken: false })).status).toBe(403);
    await untouched(tenantId, disputeId);
  });

  it("refuses a cross-site upload and a cross-site submission, even carrying the right token", async () => {
    const { tenantId, browser, disputeId } = await ownerWithDispute();
    const crossSite = { "Sec-Fetch-Site": "cross-site", Origin: "https://attacker.example" };
    const upload = await browser.postMultipart(`/dashboard/disputes/${disputeId}/evidence`, pdf(), { headers: crossSite });
    expect(upload.status).toBe(403);
    expect(await upload.text()).toContain("Request refused");
    expect((await browser.post(`/dashboard/disputes/${disputeId}/submit`, { note: "forged" }, { headers: crossSite })).status).toBe(403);
    expect((await browser.post(`/dashboard/disputes/${disputeId}/submit`, { note: "no token" }, { withToken: false })).status).toBe(403);
    await untouched(tenantId, disputeId);
  });

  it("refuses an upload over the API's body limit before reading it", async () => {
    const { tenantId, browser, disputeId } = await ownerWithDispute();
    const response = await browser.postMultipart(
      `/dashboard/disputes/${disputeId}/evidence`,
      evidenceForm(fileOf("png", 21 * 1024 * 1024), "photo.png", "image/png"),
    );
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("An evidence file may be at most 20 MB (a JPG or PNG photo)");
    await untouched(tenantId, disputeId);
  });

  it("keeps the 16 KB limit on every other form", async () => {
    const { tenantId, browser, disputeId } = await ownerWithDispute();
    const response = await browser.post(`/dashboard/disputes/${disputeId}/submit`, { note: "x".repeat(20_000) });
    expect(response.status).toBe(413);
    await untouched(tenantId, disputeId);
  });
});
