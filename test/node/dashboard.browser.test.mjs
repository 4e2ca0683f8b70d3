// The tenant dashboard end to end in headless Chromium against `wrangler dev`: the operator invites the owner with
// `npm run admin`, the owner sets a password, signs in, creates a key and uses it on /v1/payments, refunds, answers a
// dispute with an uploaded evidence file and one submission, revokes the key (401), registers a callback URL on a local
// receiver, reveals and rotates the signing secret, sends a test event the receiver verifies, sees it delivered, and
// signs out. Then the keys page at desktop and phone widths: a restricted key made with the form, refused outside it. A screenshot of each page goes to SCREENSHOTS_DIR (when it is set;
// `SCREENSHOTS_DIR=docs/screenshots` refreshes docs/guides/dashboard.md's).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { verifyCallbackSignature } from "../../examples/receiver/verify-callback.ts";
import {
  acceptAndSignIn,
  adminHeaders,
  DESKTOP,
  devServerAndChromium,
  expectToFit,
  inviteWithAdminCli,
  newContext,
  PASSWORD,
  PHONE,
  screenshot,
  screenshotsDir,
  SERVICE_POLL,
  watchPage,
} from "../support/dashboard-browser.mjs";
import { cardToken, chargeableTenant, control, startCallbackReceiver, waitFor } from "../support/index.mjs";

const CHROMIUM = inject("chromiumPath");
const SCREENSHOTS = screenshotsDir();
const OWNER_EMAIL = "owner@bluebottle.example";

const suite = devServerAndChromium(CHROMIUM);
let receiver;

beforeAll(async () => {
  if (!CHROMIUM) return;
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver?.close());

describe.skipIf(!CHROMIUM)("the tenant dashboard in a real browser", () => {
  it("invite → password → sign in → key on /v1 → refund → dispute: evidence, submit → revoke (401) → callbacks: secret, rotation, verified ping → sign out", async () => {
    const { tenantId } = await chargeableTenant(suite.server.baseUrl, adminHeaders(), "Blue Bottle Coffee", { key: false });
    const inviteUrl = await inviteWithAdminCli(suite.server.baseUrl, tenantId, OWNER_EMAIL);

    const context = await newContext(suite.browser, DESKTOP);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.server.baseUrl });
    const page = await context.newPage();
    const seen = watchPage(page, suite.server.baseUrl);
    page.on("dialog", (dialog) => dialog.accept());
    const shot = (name) => screenshot(page, SCREENSHOTS, name);

    // The invitation: choose a password.
    await page.goto(inviteUrl);
    expect(await page.title()).toBe("Accept your invitation · Payment Connect");
    await page.fill("#name", "Ada Lovelace");
    await page.fill("#password", PASSWORD);
    await page.fill("#confirm", PASSWORD);
    await shot("01-accept-invitation");
    await Promise.all([page.waitForURL(/\/dashboard\/sign-in\?notice=password-set$/), page.click("button[type=submit]")]);

    // Sign in.
    await page.fill("#email", OWNER_EMAIL);
    await page.fill("#password", PASSWORD);
    await shot("02-sign-in");
    await Promise.all([page.waitForURL(`${suite.server.baseUrl}/dashboard`), page.click("button[type=submit]")]);
    expect(await page.textContent("h1")).toBe("Overview");
    expect(await page.textContent("main")).toContain("Blue Bottle Coffee");
    await shot("03-overview");

    // A key, shown once, that works on /v1/payments.
    await page.click("nav >> text=API keys");
    await page.fill("#name", "Checkout server");
    await Promise.all([page.waitForSelector("#new-key"), page.click("text=Create key")]);
    const key = await page.inputValue("#new-key");
    expect(key).toMatch(/^lc_live_[A-Za-z0-9_-]{43}$/);
    await page.click("button[data-copy=new-key]");
    await expect.poll(() => page.textContent("button[data-copy=new-key]")).toBe("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shot("04-api-key-created");
    const auth = { "X-Api-Key": key, "Content-Type": "application/json" };
    expect((await fetch(`${suite.server.baseUrl}/v1/payments`, { headers: auth })).status).toBe(200);
    const charged = await fetch(`${suite.server.baseUrl}/v1/payments`, {
      method: "POST",
      headers: { ...auth, "Idempotency-Key": "dashboard-order-1" },
      body: JSON.stringify({
        amountCents: 4200,
        currency: "USD",
        orderRef: "order-1001",
        processorToken: await cardToken(suite.server.baseUrl),
        buyer: { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" },
      }),
    });
    expect(charged.status).toBe(201);
    const payment = await charged.json();

    // The payment in the list and its detail; a partial refund through the form.
    await page.click("nav >> text=Payments");
    await page.waitForSelector(`text=${payment.lcPaymentId}`);
    await shot("05-payments");
    await page.click(`text=${payment.lcPaymentId}`);
    await page.fill("#amount", "5.00");
    await Promise.all([page.waitForURL(/\/refund\?/), page.click("button:has-text('Refund…')")]);
    expect(await page.textContent("h1")).toBe("Refund $5.00?");
    await Promise.all([page.waitForURL(/notice=refunded$/), page.click("button:has-text('Refund $5.00')")]);
    expect(await page.textContent("main")).toContain("partially refunded");
    await shot("06-payment-refunded");

    // The buyer disputes it: the dispute with its time to respond, evidence through the upload form, one submission.
    await control(suite.server.baseUrl, "open-dispute", { id: payment.processorTransferId }, { "X-Api-Key": key });
    const disputes = async () => (await (await fetch(`${suite.server.baseUrl}/v1/disputes`, { headers: auth })).json()).data;
    await expect.poll(async () => (await disputes()).length, SERVICE_POLL).toBe(1);
    await page.click("nav >> text=Disputes");
    await page.waitForSelector(`text=${payment.lcPaymentId}`);
    expect(await page.textContent("main")).toMatch(/\d+ (days?|hours?) left|open, no deadline given/);
    await page.click("a[href^='/dashboard/disputes/lcdsp_']");
    await page.setInputFiles("#file", {
      name: "signed-receipt.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7\n% the signed receipt of order-1001\n"),
    });
    await Promise.all([page.waitForURL(/notice=evidence-uploaded$/), page.click("button:has-text('Upload')")]);
    expect(await page.textContent("main")).toContain("signed-receipt.pdf");
    await page.fill("#note", "Signed receipt attached.");
    await Promise.all([page.waitForURL(/notice=dispute-submitted$/), page.click("button:has-text('Submit response')")]);
    expect((await disputes())[0]).toMatchObject({ submission: "submitted", evidence: [{ fileName: "signed-receipt.pdf" }] });
    await shot("14-dispute-submitted");

    // Revoke the key: a confirmation page, then 401 at once.
    await page.click("nav >> text=API keys");
    await page.click("text=Revoke…");
    await shot("07-revoke-key");
    await Promise.all([page.waitForURL(/notice=key-revoked$/), page.click("text=Revoke key")]);
    expect((await fetch(`${suite.server.baseUrl}/v1/payments`, { headers: auth })).status).toBe(401);
    await shot("08-api-keys");

    // Callbacks to a receiver on this machine; reveal, then rotate the secret.
    await page.click("nav >> text=Callbacks");
    await page.fill("#url", receiver.url("/hooks"));
    await Promise.all([page.waitForURL(/notice=callbacks-saved$/), page.click("button:has-text('Save')")]);
    await page.fill("#reveal-password", PASSWORD);
    await Promise.all([page.waitForSelector("#secret-0"), page.click("text=Reveal secret")]);
    const firstSecret = await page.inputValue("#secret-0");
    expect(firstSecret).toMatch(/^whsec_/);
    await page.selectOption("#overlap", "3600");
    await page.fill("#rotate-password", PASSWORD);
    await Promise.all([page.waitForSelector("#secret-1"), page.click("text=Rotate secret")]);
    const currentSecret = await page.inputValue("#secret-0");
    expect(currentSecret).not.toBe(firstSecret);
    expect(await page.inputValue("#secret-1")).toBe(firstSecret);
    await shot("09-callbacks-secret-rotated");

    // The test event: signed with the new secret, verified by the receiver, listed as delivered.
    await Promise.all([page.waitForURL(/notice=test-event-sent$/), page.click("text=Send test event")]);
    const ping = await waitFor(() => receiver.received.find((callback) => callback.headers["lc-event-type"] === "ping"));
    const verified = await verifyCallbackSignature({
      rawBody: ping.body,
      signatureHeader: ping.headers["lc-signature"],
      secret: currentSecret,
      toleranceSeconds: 300,
    });
    expect(verified.ok).toBe(true);
    expect(JSON.parse(ping.body)).toMatchObject({ type: "ping", id: ping.headers["lc-event-id"] });
    await page.waitForSelector(`tr[data-status="delivered"] >> text=${ping.headers["lc-event-id"]}`, { timeout: 30_000 });
    await page.click(`tr[data-status="delivered"] summary`);
    await shot("10-callbacks-delivered");

    // The owner's pages: team, audit log, sessions.
    await page.click("nav >> text=Team");
    await shot("11-team");
    await page.click("nav >> text=Audit log");
    const audit = await page.textContent("main");
    for (const entry of [
      "Issued an API key",
      "Revoked an API key",
      "Changed the callback URL",
      "Revealed the signing secret",
      "Rotated the signing secret",
      "Sent a test event",
      "Uploaded dispute evidence",
      "Submitted a dispute response",
      "Signed in",
    ]) {
      expect(audit).toContain(entry);
    }
    await shot("12-audit-log");
    await page.click("nav >> text=Your sessions");
    await shot("13-sessions");

    // Sign out: the session is over on the server.
    await Promise.all([page.waitForURL(/notice=signed-out$/), page.click("text=Sign out")]);
    await page.goto(`${suite.server.baseUrl}/dashboard/keys`);
    expect(page.url()).toContain("/dashboard/sign-in");

    expect(seen.external).toEqual([]);
    expect(seen.errors).toEqual([]);
    await context.close();
  });

  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ])("the keys page at %s width: a restricted key made with the form lists payments and gets 403 on a charge", async (width, viewport) => {
    const email = `${width}@restricted.example`;
    const { tenantId } = await chargeableTenant(suite.server.baseUrl, adminHeaders(), `Restricted Roasters (${width})`, { key: false });
    const context = await newContext(suite.browser, viewport);
    const page = await context.newPage();
    const seen = watchPage(page, suite.server.baseUrl);
    const inviteUrl = await inviteWithAdminCli(suite.server.baseUrl, tenantId, email);
    await acceptAndSignIn(page, { baseUrl: suite.server.baseUrl, inviteUrl, email, name: "Grace Hopper" });

    await page.goto(`${suite.server.baseUrl}/dashboard/keys`);
    await page.fill("#name", "Reporting job");
    await page.check("input[name=access][value=restricted]");
    await page.selectOption("#permission-payments", "read");
    await page.selectOption("#permission-payouts", "read");
    await Promise.all([page.waitForSelector("#new-key"), page.click("text=Create key")]);
    const key = await page.inputValue("#new-key");
    expect(await page.textContent("#new-key-heading")).toContain("payments:read, payouts:read");
    await screenshot(page, SCREENSHOTS, `16-api-key-restricted-${width}`);
    await expectToFit(page, viewport);
    expect(await page.isVisible("#permission-callback_endpoints")).toBe(true);

    const auth = { "X-Api-Key": key, "Content-Type": "application/json" };
    expect((await fetch(`${suite.server.baseUrl}/v1/payments`, { headers: auth })).status).toBe(200);
    const charged = await fetch(`${suite.server.baseUrl}/v1/payments`, {
      method: "POST",
      headers: { ...auth, "Idempotency-Key": `restricted-${width}` },
      body: JSON.stringify({
        amountCents: 4200,
        currency: "USD",
        orderRef: `restricted-${width}`,
        processorToken: await cardToken(suite.server.baseUrl),
        buyer: { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" },
      }),
    });
    expect(charged.status).toBe(403);
    expect(await charged.json()).toMatchObject({ type: expect.stringMatching(/insufficient-permissions$/), permission: "payments:write" });

    await page.goto(`${suite.server.baseUrl}/dashboard/keys`);
    expect(await page.textContent("table")).toContain("payments:read, payouts:read");
    expect(seen.errors).toEqual([]);
    await context.close();
  });

  // The endpoints at a desktop's and a phone's width: nothing wider than the screen, every control reachable.
  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ])(
    "callback endpoints at %s width: add one (secret once), its own ping verified with its own secret, disable, delete",
    async (width, viewport) => {
      const { tenantId } = await chargeableTenant(suite.server.baseUrl, adminHeaders(), `Two Desks ${width}`, { key: false });
      const email = `owner-${width}@twodesks.example`;
      const inviteUrl = await inviteWithAdminCli(suite.server.baseUrl, tenantId, email);
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      const seen = watchPage(page, suite.server.baseUrl);
      page.on("dialog", (dialog) => dialog.accept());
      const shot = (name) => screenshot(page, SCREENSHOTS, `${name}-${width}`);
      const fitsTheScreen = () => expectToFit(page, viewport);

      await acceptAndSignIn(page, { baseUrl: suite.server.baseUrl, inviteUrl, email, name: "Grace Hopper" });

      await page.goto(`${suite.server.baseUrl}/dashboard/callbacks`);
      await page.fill("#url", receiver.url(`/first-${width}`));
      await Promise.all([page.waitForURL(/notice=callbacks-saved$/), page.click("button:has-text('Save')")]);
      await page.fill("#endpoint-url", receiver.url(`/desk-${width}`));
      await page.fill("#endpoint-description", "Disputes desk");
      await page.fill("#endpoint-events", "dispute.created, dispute.updated");
      await Promise.all([page.waitForSelector("#new-endpoint-secret"), page.click("text=Add endpoint")]);
      const secret = await page.inputValue("#new-endpoint-secret");
      expect(secret).toMatch(/^whsec_/);
      await fitsTheScreen();
      await shot("14-callback-endpoint-created");

      await Promise.all([page.waitForURL(/notice=endpoint-test-sent$/), page.click("text=Send test event")]);
      const ping = await waitFor(() => receiver.received.find((callback) => callback.url === `/desk-${width}`));
      const verify = (key) =>
        verifyCallbackSignature({ rawBody: ping.body, signatureHeader: ping.headers["lc-signature"], secret: key, toleranceSeconds: 300 });
      expect((await verify(secret)).ok).toBe(true);
      const firstSecret = (
        await (await fetch(`${suite.server.baseUrl}/admin/tenants/${tenantId}/callbacks/secrets`, { headers: adminHeaders() })).json()
      ).data[0].secret;
      expect((await verify(firstSecret)).ok).toBe(false);
      expect(receiver.received.filter((callback) => callback.url === `/first-${width}`)).toEqual([]);

      await page.goto(`${suite.server.baseUrl}/dashboard/callbacks`);
      await fitsTheScreen();
      await shot("15-callback-endpoints");
      await page.click(`a:has-text("/desk-${width}")`);
      await page.selectOption("#state", "disabled");
      await Promise.all([page.waitForURL(/notice=endpoint-saved$/), page.click("text=Save endpoint")]);
      expect(await page.textContent("main")).toContain("Disabled");
      await fitsTheScreen();
      await Promise.all([page.waitForURL(/notice=endpoint-deleted/), page.click("text=Delete endpoint")]);
      expect(await page.textContent("main")).not.toContain(`/desk-${width}`);
      expect(seen.errors).toEqual([]);
      await context.close();
    },
  );
});
