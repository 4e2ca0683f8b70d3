import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import type { AuditAction } from "../../../src/accounts";
import { dashboardAuditLog } from "../../../src/accounts/audit.schema";
import { payments } from "../../../src/payments/payments.schema";
import { ownerOf, signedInOwner } from "../support/dashboard";
import { controlDb, shardOf } from "../support/db";
import { paidPayment } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody } from "../support/sandbox";

type Hold = { lcPaymentId: string; status: string; amountCents: number; authorizedUntilUtc: string };

/** A tenant with a hold (`capture: false`) of this amount and a signed-in owner. */
async function tenantWithHold(amountCents = 5000) {
  const { tenantId, auth } = await chargeableTenant();
  const response = await charge(auth, chargeBody(await cardToken(), { amountCents, capture: false }));
  expect(response.status).toBe(201);
  const hold = await response.json<Hold>();
  expect(hold.status).toBe("authorized");
  return { tenantId, hold, ...(await ownerOf(tenantId)) };
}

const keyIn = (html: string, name: "captureKey" | "voidKey") => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)![1]!;

async function ledgerRow(tenantId: string, paymentId: string) {
  return (await shardOf(tenantId)).query.payments.findFirst({
    columns: { status: true, amountCents: true },
    where: eq(payments.id, paymentId),
  });
}

const audited = async (tenantId: string, action: AuditAction) =>
  (
    await controlDb()
      .select({ target: dashboardAuditLog.target })
      .from(dashboardAuditLog)
      .where(and(eq(dashboardAuditLog.tenantId, tenantId), eq(dashboardAuditLog.action, action)))
  ).map((row) => row.target);

describe("a hold on its payment page", () => {
  it("shows its expiry, offers capture and void instead of a refund, and captures part after the confirmation, once", async () => {
    const { tenantId, hold, browser } = await tenantWithHold(5000);
    const page = `/dashboard/payments/${hold.lcPaymentId}`;
    const { html } = await browser.open(page);
    expect(html).toContain("A hold: nothing is charged until it is captured.");
    const until = `${hold.authorizedUntilUtc.slice(0, 10)} ${hold.authorizedUntilUtc.slice(11, 16)} UTC`;
    expect(html).toContain(`Authorized until <time datetime="${hold.authorizedUntilUtc}">${until}</time>`);
    expect(html).toContain('<span class="badge warn">authorized</span>');
    expect(html).toContain("Leave empty to capture the whole $50.00");
    expect(html).not.toContain('id="refund-heading"');

    const captureKey = keyIn(html, "captureKey");
    const { response: review, html: confirmation } = await browser.open(`${page}/capture?captureKey=${captureKey}&amount=30`);
    expect(review.status).toBe(200);
    expect(confirmation).toContain("<title>Capture $30.00? · Payment Connect</title>");
    expect(confirmation).toContain("$20.00, to the buyer.");
    expect(confirmation).toContain(`name="captureKey" value="${captureKey}"`);
    expect(confirmation).toContain('name="amount" value="30.00"');

    const form = { captureKey, amount: "30.00" };
    const submits = await Promise.all([browser.post(`${page}/capture`, form), browser.post(`${page}/capture`, form)]);
    // One captures; one that finds it still at the processor shows the payment instead (or replays it, if it came late).
    const landings = submits.map((submit) => `${submit.status} ${submit.headers.get("Location")}`);
    expect(landings).toContain(`303 ${page}?notice=payment-captured`);
    for (const landing of landings) {
      expect([`303 ${page}?notice=payment-captured`, `303 ${page}?notice=capture-in-progress`]).toContain(landing);
    }
    const later = await browser.post(`${page}/capture`, form);
    expect(`${later.status} ${later.headers.get("Location")}`).toBe(`303 ${page}?notice=payment-captured`);
    expect(await ledgerRow(tenantId, hold.lcPaymentId)).toEqual({ status: "succeeded", amountCents: 3000 });
    expect(await audited(tenantId, "payment.captured")).toEqual([`${hold.lcPaymentId} ($30.00)`]);

    const { html: after } = await browser.open(`${page}?notice=payment-captured`);
    expect(after).toContain("The hold was captured: the card is charged.");
    expect(after).toContain('<p class="payment-amount">$30.00 <span class="badge good">succeeded</span>');
    expect(after).not.toContain("A hold: nothing is charged");
    expect(after).toContain('id="refund-heading"');
  });

  it("voids a hold after its confirmation: canceled, nothing charged, the forms gone", async () => {
    const { tenantId, hold, browser } = await tenantWithHold(2500);
    const page = `/dashboard/payments/${hold.lcPaymentId}`;
    const voidKey = keyIn((await browser.open(page)).html, "voidKey");
    const { html: confirmation } = await browser.open(`${page}/void?voidKey=${voidKey}`);
    expect(confirmation).toContain("<title>Void the $25.00 hold? · Payment Connect</title>");
    expect(confirmation).toContain(`name="voidKey" value="${voidKey}"`);

    const voided = await browser.post(`${page}/void`, { voidKey });
    expect(`${voided.status} ${voided.headers.get("Location")}`).toBe(`303 ${page}?notice=payment-voided`);
    expect((await browser.post(`${page}/void`, { voidKey })).status).toBe(303);
    expect(await ledgerRow(tenantId, hold.lcPaymentId)).toEqual({ status: "canceled", amountCents: 2500 });
    expect(await audited(tenantId, "payment.voided")).toEqual([`${hold.lcPaymentId} ($25.00)`]);

    const { html: after } = await browser.open(`${page}?notice=payment-voided`);
    expect(after).toContain("The hold was voided: nothing was charged.");
    expect(after).not.toContain('name="captureKey"');
    expect(after).not.toContain('name="voidKey"');
  });

  it("shows the API's refusals beside the form: more than the hold, a payment that is not a hold, a hold already voided", async () => {
    const { tenantId, hold, browser } = await tenantWithHold(2500);
    const page = `/dashboard/payments/${hold.lcPaymentId}`;
    const { html } = await browser.open(page);
    const tooMuch = await browser.get(`${page}/capture?captureKey=${keyIn(html, "captureKey")}&amount=30`);
    expect(tooMuch.status).toBe(422);
    const refusal = await tooMuch.text();
    expect(refusal).toContain("At most the $25.00 held can be captured.");
    expect(refusal).toContain('value="30"');
    const posted = await browser.post(`${page}/capture`, { captureKey: keyIn(refusal, "captureKey"), amount: "30.00" });
    expect(posted.status).toBe(422);
    const refused = await posted.text();
    expect(refused).toContain("The authorization holds 2500; 3000 cannot be captured.");

    expect((await browser.post(`${page}/void`, { voidKey: keyIn(refused, "voidKey") })).status).toBe(303);
    // A refused form's page carries new keys: the capture below is a request of its own, refused as the API refuses it.
    const captureAfterVoid = await browser.post(`${page}/capture`, { captureKey: keyIn(refused, "captureKey"), amount: "" });
    expect(captureAfterVoid.status).toBe(409);
    expect(await captureAfterVoid.text()).toContain(`Payment ${hold.lcPaymentId} is canceled: only an authorized payment can be captured.`);
    expect(await ledgerRow(tenantId, hold.lcPaymentId)).toEqual({ status: "canceled", amountCents: 2500 });

    const { tenantId: sellerId, payment: sale } = await paidPayment(2000);
    const { browser: seller } = await ownerOf(sellerId);
    const salePage = `/dashboard/payments/${sale.lcPaymentId}`;
    const { html: saleHtml } = await seller.open(salePage);
    expect(saleHtml).not.toContain('name="captureKey"');
    const notHold = await seller.get(`${salePage}/capture?captureKey=${keyIn(html, "captureKey")}&amount=`);
    expect(notHold.status).toBe(409);
    expect(await notHold.text()).toContain("This payment is succeeded: only a hold can be captured.");
    const voidSale = await seller.post(`${salePage}/void`, { voidKey: keyIn(html, "voidKey") });
    expect(voidSale.status).toBe(409);
    expect(await voidSale.text()).toContain(`Payment ${sale.lcPaymentId} is succeeded: only an authorized payment can be voided.`);
    expect(await ledgerRow(sellerId, sale.lcPaymentId)).toEqual({ status: "succeeded", amountCents: 2000 });
  });

  it("another tenant's hold is not found, and stays open; its owner reaches the same pages", async () => {
    const { tenantId, hold, browser } = await tenantWithHold(2500);
    const { browser: intruder } = await signedInOwner("Intruder Inc");
    await intruder.open("/dashboard");
    const page = `/dashboard/payments/${hold.lcPaymentId}`;
    for (const response of [
      await intruder.get(`${page}/capture?captureKey=intruderintruder0001&amount=`),
      await intruder.post(`${page}/capture`, { captureKey: "intruderintruder0001", amount: "" }),
      await intruder.get(`${page}/void?voidKey=intruderintruder0002`),
      await intruder.post(`${page}/void`, { voidKey: "intruderintruder0002" }),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(hold.lcPaymentId);
    }
    expect(await ledgerRow(tenantId, hold.lcPaymentId)).toEqual({ status: "authorized", amountCents: 2500 });
    expect((await browser.get(`${page}/capture?captureKey=ownerownerowner00001&amount=`)).status).toBe(200);
    expect((await browser.get(`${page}/void?voidKey=ownerownerowner00002`)).status).toBe(200);
  });
});
