import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/dashboard";
import { evidenceForm, fileOf } from "../support/disputes";
import { seedDispute, seedPayments } from "../support/ledger";
import { d1Holding } from "../support/shards";

async function ownerWithDispute() {
  const owner = await signedInOwner("Guarded Disputes Co");
  const paymentId = `lcpay_dashguard${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
  await seedPayments(owner.tenantId, [{ id: paymentId, status: "disputed", amountCents: 5000, createdAt: new Date().toISOString() }]);
  const disputeId = await seedDispute(owner.tenantId, paymentId);
  await owner.browser.open(`/dashboard/disputes/${disputeId}`);
  return { ...owner, disputeId };
}

const untouched = async (disputeId: string) => {
  const shard = await d1Holding("disputes", disputeId);
  const evidence = await shard.prepare("SELECT count(*) AS n FROM dispute_evidence WHERE dispute_id = ?").bind(disputeId).first();
  const dispute = await shard.prepare("SELECT submission FROM disputes WHERE id = ?").bind(disputeId).first();
  const audit = await env.DB.prepare("SELECT count(*) AS n FROM dashboard_audit_log WHERE action LIKE 'dispute.%' AND target LIKE ?")
    .bind(`${disputeId}%`)
    .first();
  expect([evidence, dispute, audit]).toEqual([{ n: 0 }, { submission: "none" }, { n: 0 }]);
};

const pdf = () => evidenceForm(fileOf("pdf", 5_000), "receipt.pdf", "application/pdf");

describe("the disputes pages' CSRF checks", () => {
  it("the evidence form reads its token from the multipart body: without it, or with another, the upload is refused", async () => {
    const { browser, disputeId } = await ownerWithDispute();
    const path = `/dashboard/disputes/${disputeId}/evidence`;
    expect((await browser.postMultipart(path, pdf(), { withToken: false })).status).toBe(403);
    const wrongToken = pdf();
    wrongToken.append("_csrf", "not-the-session-token");
    expect((await browser.postMultipart(path, wrongToken, { withToken: false })).status).toBe(403);
    await untouched(disputeId);
  });

  it("refuses a cross-site upload and a cross-site submission, even carrying the right token", async () => {
    const { browser, disputeId } = await ownerWithDispute();
    const crossSite = { "Sec-Fetch-Site": "cross-site", Origin: "https://attacker.example" };
    const upload = await browser.postMultipart(`/dashboard/disputes/${disputeId}/evidence`, pdf(), { headers: crossSite });
    expect(upload.status).toBe(403);
    expect(await upload.text()).toContain("Request refused");
    expect((await browser.post(`/dashboard/disputes/${disputeId}/submit`, { note: "forged" }, { headers: crossSite })).status).toBe(403);
    expect((await browser.post(`/dashboard/disputes/${disputeId}/submit`, { note: "no token" }, { withToken: false })).status).toBe(403);
    await untouched(disputeId);
  });

  it("refuses an upload over the API's body limit before reading it", async () => {
    const { browser, disputeId } = await ownerWithDispute();
    const response = await browser.postMultipart(
      `/dashboard/disputes/${disputeId}/evidence`,
      evidenceForm(fileOf("png", 21 * 1024 * 1024), "photo.png", "image/png"),
    );
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("An evidence file may be at most 20 MB (a JPG or PNG photo)");
    await untouched(disputeId);
  });

  it("keeps the 16 KB limit on every other form", async () => {
    const { browser, disputeId } = await ownerWithDispute();
    const response = await browser.post(`/dashboard/disputes/${disputeId}/submit`, { note: "x".repeat(20_000) });
    expect(response.status).toBe(413);
    await untouched(disputeId);
  });
});
