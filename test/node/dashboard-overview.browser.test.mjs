// The overview with money in headless Chromium against `wrangler dev`, at a desktop's and a phone's width: a tenant
// charges (one declined), refunds with the fee's share, is paid out once, refunds a whole sale after that payout — so
// the next payout is a debit from its bank — charges again (accruing) and is disputed; a month of older sales is
// written into its shard so the chart has days to show. The owner sees the month's figures, the chart with its table,
// the balance accruing, the debit as the last payout, the dispute with its deadline and the PCI attestation's due
// date; the page fits the screen with no console error. Then the attestation, signed on the sandbox's page, leads back
// to the overview. Screenshots go to SCREENSHOTS_DIR when it is set.
import { beforeAll, describe, expect, inject, it } from "vitest";

import { openLocalD1, tenantShardBinding } from "../../scripts/local-d1.mjs";
import {
  acceptAndSignIn,
  adminHeaders,
  devServerAndChromium,
  expectToFit,
  inviteWithAdminRoute,
  newContext,
  PHONE,
  screenshot,
  screenshotsDir,
  watchPage,
} from "../support/dashboard-browser.mjs";
import { cardToken, chargeableTenant, control, waitFor } from "../support/index.mjs";

const CHROMIUM = inject("chromiumPath");
const SCREENSHOTS = screenshotsDir();
const DAY_MS = 86_400_000;

const suite = devServerAndChromium(CHROMIUM);
let tenant;
const charged = {};

/** Runs `work` on the tenant's shard, opened with Node's SQLite beside the running server. */
async function onTenantShard(work) {
  const binding = await tenantShardBinding({ persistTo: suite.server.persistTo, tenantId: tenant.tenantId });
  const db = await openLocalD1({ persistTo: suite.server.persistTo, binding });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

async function charge(name, amountCents) {
  const response = await fetch(`${suite.server.baseUrl}/v1/payments`, {
    method: "POST",
    headers: { "X-Api-Key": tenant.key, "Content-Type": "application/json", "Idempotency-Key": `overview-${name}` },
    body: JSON.stringify({
      amountCents,
      currency: "USD",
      orderRef: `order-${name}`,
      processorToken: await cardToken(suite.server.baseUrl),
      buyer: { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" },
    }),
  });
  const body = await response.json();
  charged[name] = body;
  return { status: response.status, body };
}

async function refund(name, amountCents) {
  const response = await fetch(`${suite.server.baseUrl}/v1/payments/${charged[name].lcPaymentId}/refund`, {
    method: "POST",
    headers: { "X-Api-Key": tenant.key, "Content-Type": "application/json", "Idempotency-Key": `overview-refund-${name}` },
    body: JSON.stringify({ amountCents, refundApplicationFee: true }),
  });
  if (response.status !== 200) throw new Error(`refund ${name}: ${response.status} ${await response.text()}`);
  // The processor's reversal succeeds seconds later (its webhook records the state) and only then joins the merchant's
  // accruing settlement, as does the fee's share credited with it.
  const settled = () =>
    onTenantShard(
      (db) =>
        db
          .prepare(
            "SELECT COUNT(*) AS n FROM refunds WHERE payment_id = ? AND processor_state = 'SUCCEEDED' AND fee_credit_status = 'succeeded'",
          )
          .get(charged[name].lcPaymentId)?.n,
    );
  await waitFor(async () => (await api(`/v1/payments/${charged[name].lcPaymentId}`)).applicationFeeRefundPending === false, {
    what: `the fee credit of ${name}`,
  });
  await waitFor(async () => (await settled()) === 1, { what: `the settled refund of ${name}` });
}

const api = async (pathname) => (await fetch(`${suite.server.baseUrl}${pathname}`, { headers: { "X-Api-Key": tenant.key } })).json();

/** The settlement closed and carried through its funding; its payout is in the service once the webhooks have run. */
async function payOut(expectedPayouts) {
  await control(suite.server.baseUrl, "close-settlement", { id: tenant.merchantId }, adminHeaders());
  await waitFor(async () => (await api("/v1/payouts?status=paid")).data.length === expectedPayouts, {
    what: `${expectedPayouts} paid payouts`,
  });
}

/** A month of older sales and refunds, written into the tenant's shard as the ledger holds them, one to four a day. */
async function seedOlderDays() {
  const payments = [];
  const refunds = [];
  for (let day = 1; day < 30; day++) {
    for (let n = 0; n < 1 + ((day * 7) % 4); n++) {
      const id = `lcpay_history${String(day).padStart(2, "0")}${n}`;
      const at = new Date(Date.now() - day * DAY_MS - n * 3_600_000).toISOString();
      const amount = 1800 + ((day * 1371 + n * 977) % 9000);
      const failed = (day + n) % 9 === 0;
      payments.push(
        `('${id}','${tenant.tenantId}','history-${id}','${failed ? "failed" : "succeeded"}','card',${amount},'USD',${Math.floor(amount * 0.029) + 30},'${tenant.merchantId}','TR${id.slice(6)}','${at}','${at}')`,
      );
      if (!failed && day % 6 === 2 && n === 0)
        refunds.push(
          `('lcref_history${day}','${tenant.tenantId}','${id}','succeeded',${Math.floor(amount / 2)},0,0,'none','${at}','${at}')`,
        );
    }
  }
  await onTenantShard((db) =>
    db.exec(
      [
        `INSERT INTO payments (id, tenant_id, idempotency_key, status, method, amount_cents, currency, application_fee_cents, processor_merchant_id, processor_transfer_id, created_at, updated_at) VALUES ${payments.join(",")};`,
        `INSERT INTO refunds (id, tenant_id, payment_id, status, amount_cents, refund_application_fee, application_fee_refund_cents, fee_credit_status, created_at, updated_at) VALUES ${refunds.join(",")};`,
      ].join("\n"),
    ),
  );
}

beforeAll(async () => {
  if (!CHROMIUM) return;
  // The settlement closes when the test says so, not two minutes after the first sale.
  await control(suite.server.baseUrl, "config", { delaysSeconds: { settlement: 3600 } }, adminHeaders());
  tenant = await chargeableTenant(suite.server.baseUrl, adminHeaders(), "Blue Bottle Coffee");
  for (const [name, amount] of [
    ["espresso", 4200],
    ["beans", 2500],
    ["grinder", 9900],
  ]) {
    const { status, body } = await charge(name, amount);
    if (status !== 201) throw new Error(`charge ${name}: ${status} ${JSON.stringify(body)}`);
  }
  // 102 cents declines on any card in the sandbox.
  const declined = await charge("declined", 102);
  if (declined.status !== 402) throw new Error(`the declined charge: ${declined.status}`);
  await refund("espresso", 1000);
  await payOut(1);
  // The grinder comes back after its sale was paid out: the next payout takes the difference from the bank.
  await refund("grinder", 9900);
  await payOut(2);
  if ((await charge("filter", 3100)).status !== 201) throw new Error("charge filter");
  await waitFor(async () => (await api("/v1/payouts?status=accruing")).data.length === 1, { what: "1 accruing payout" });
  await control(suite.server.baseUrl, "open-dispute", { id: charged.beans.processorTransferId }, { "X-Api-Key": tenant.key });
  await waitFor(async () => (await api("/v1/disputes")).data.length === 1, { what: "1 dispute" });
  await seedOlderDays();
});

/** A new owner of the tenant, invited by the operator, signed in on a page of this width. */
async function signIn(viewport, email) {
  const inviteUrl = await inviteWithAdminRoute(suite.server.baseUrl, tenant.tenantId, email);
  const context = await newContext(suite.browser, viewport);
  const page = await context.newPage();
  const seen = watchPage(page, suite.server.baseUrl);
  await acceptAndSignIn(page, { baseUrl: suite.server.baseUrl, inviteUrl, email });
  return { context, page, seen };
}

const money = (cents) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

describe.skipIf(!CHROMIUM)("the overview with money in a real browser", () => {
  it.each([
    ["desktop", { width: 1280, height: 900 }],
    ["phone", PHONE],
  ])("at %s width: the month's figures, chart and table, payouts, the dispute and PCI's due date", async (width, viewport) => {
    const { context, page, seen } = await signIn(viewport, `owner-${width}@overview.example`);
    expect(await page.textContent("h1")).toBe("Overview");

    // Today's charges: three went through, one was declined; two refunds (1,000 and 9,900).
    const today = await page.evaluate(() => document.querySelector("tbody tr time")?.textContent);
    expect(today).toBe(new Date().toISOString().slice(0, 10));
    const todayRow = (await page.locator("details.ov-numbers tbody tr").first().locator("td").allTextContents()).map((cell) => cell.trim());
    expect(todayRow[1]).toBe(money(4200 + 2500 + 9900 + 3100));
    expect(todayRow[3]).toBe(money(1000 + 9900));
    expect(todayRow.slice(6)).toEqual(["4", "1"]);
    expect(await page.locator("details.ov-numbers tbody tr").count()).toBe(30);
    expect(await page.isVisible("details.ov-numbers table")).toBe(false);
    await page.click("details.ov-numbers summary");
    expect(await page.isVisible("details.ov-numbers table")).toBe(true);
    expect(await page.textContent("#success-rate")).toMatch(/^\d+\.\d%$/);

    // The chart: drawn on the server, one group per day, each with its figures as its title.
    expect(await page.locator("svg.ov-chart g.ov-day").count()).toBe(30);
    expect(await page.locator("svg.ov-chart g.ov-day title").last().textContent()).toContain(`gross ${money(19_700)}`);
    const chart = await page.locator("svg.ov-chart").boundingBox();
    expect(chart.width).toBeGreaterThan(width === "phone" ? 250 : 600);

    // Payouts: the filter sale accruing, and the last one a debit from the bank.
    expect(await page.textContent("#next-payout")).toMatch(/Accruing\s*\$\d+\.\d\d/);
    expect(await page.textContent("#next-payout")).toContain("Expected at the earliest on");
    const last = await page.textContent("#last-payout");
    expect(last).toContain("Debited from your bank");
    expect(last).not.toMatch(/-\$/);

    // The dispute with its deadline; PCI: when the attestation is due.
    expect(await page.textContent("#disputes-heading")).toContain("1");
    expect(await page.locator("#disputes-needing-response a[href^='/dashboard/disputes/lcdsp_']").count()).toBe(1);
    expect(await page.textContent("#disputes-needing-response")).toMatch(/\d+ (days?|hours?) left|open, no deadline given/);
    expect(await page.textContent("#pci-status")).toMatch(/pending\s+due \d{4}-\d{2}-\d{2}/);

    // The table open, then closed again as the page first shows it.
    await expectToFit(page, viewport);
    await page.click("details.ov-numbers summary");
    await expectToFit(page, viewport);
    await screenshot(page, SCREENSHOTS, `20-overview-${width}`);

    // The debit's own page says what it is, and what it holds.
    await page.click("#last-payout a[href^='/dashboard/payouts/lcpo_']");
    await page.waitForSelector("#debit-explained");
    const facts = await page.textContent("dl.facts");
    expect(facts).toContain("Debited from your bank");
    expect(facts).toMatch(/Holds\s*1 refund/);
    expect(facts).not.toContain("Net to your bank");
    await expectToFit(page, viewport);
    await screenshot(page, SCREENSHOTS, `21-payout-debit-${width}`);

    expect(seen.external).toEqual([]);
    expect(seen.errors).toEqual([]);
    await context.close();
  });

  it("the PCI attestation, signed on its page, leads back to the overview, which shows it valid", async () => {
    const { context, page, seen } = await signIn({ width: 1280, height: 900 }, "owner-pci@overview.example");
    await Promise.all([page.waitForURL(/\/sandbox\/compliance\//), page.click("text=Attest PCI compliance")]);
    await page.fill("#name", "Ada Lovelace");
    await page.fill("#title", "Owner");
    await page.check("#accept");
    await Promise.all([page.waitForURL(`${suite.server.baseUrl}/dashboard`), page.click("#submit-attestation")]);
    await expect
      .poll(
        async () => {
          await page.goto(`${suite.server.baseUrl}/dashboard`);
          return page.textContent("#pci-status");
        },
        { timeout: 30_000, interval: 500 },
      )
      .toMatch(/valid\s+attest again by \d{4}-\d{2}-\d{2}/);
    expect(seen.errors).toEqual([]);
    await context.close();
  });
});
