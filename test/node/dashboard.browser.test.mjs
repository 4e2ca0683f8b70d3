// The tenant dashboard end to end in headless Chromium against `wrangler dev`: the operator invites the owner with
// `npm run admin`, the owner sets a password, signs in, creates a key and uses it on /v1/payments, refunds, answers a
// dispute with an uploaded evidence file and one submission, revokes the key (401), registers a callback URL on a local
// receiver, reveals and rotates the signing secret, sends a test event the receiver verifies, sees it delivered, and
// signs out. Then the keys page at desktop and phone widths: a restricted key made with the form, refused outside it. A screenshot of each page goes to SCREENSHOTS_DIR (test-results/dashboard by default;
// `SCREENSHOTS_DIR=docs/screenshots` refreshes docs/guides/dashboard.md's).
import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifyCallbackSignature } from "../../examples/receiver/verify-callback.ts";
import { devSecrets, startDevServer } from "../support/dev-server.mjs";
import { cardToken, control } from "../support/sandbox-flows.mjs";

const CHROMIUM = inject("chromiumPath");
const root = path.join(import.meta.dirname, "../..");
const SCREENSHOTS = path.resolve(root, process.env.SCREENSHOTS_DIR ?? "test-results/dashboard");
const OWNER_EMAIL = "owner@bluebottle.example";
const PASSWORD = "a long and memorable passphrase";

let server;
let browser;
let receiver;
const received = [];

beforeAll(async () => {
  if (!CHROMIUM) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ url: request.url, headers: request.headers, body });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  server = await startDevServer();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => (receiver ? receiver.close(() => resolve(undefined)) : resolve(undefined)));
});

const admin = () => ({ Authorization: `Bearer ${devSecrets().ADMIN_SECRET}`, "Content-Type": "application/json" });

/** A tenant whose sandbox merchant is approved, so the key made in the dashboard can charge. */
async function chargeableTenant(name) {
  const tenant = await (
    await fetch(`${server.baseUrl}/admin/tenants`, { method: "POST", headers: admin(), body: JSON.stringify({ name }) })
  ).json();
  const merchant = await control(server.baseUrl, "create-merchant", { name, state: "APPROVED" }, admin());
  const attached = await fetch(`${server.baseUrl}/admin/tenants/${tenant.id}/processor-merchant`, {
    method: "POST",
    headers: admin(),
    body: JSON.stringify({ processorMerchantId: merchant.id }),
  });
  expect(attached.status).toBe(200);
  return tenant.id;
}

/** `npm run admin -- dashboard invite …`, exactly as docs/guides/dashboard.md tells the operator. */
async function inviteWithAdminCli(tenantId, email = OWNER_EMAIL) {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ["scripts/admin.mjs", "dashboard", "invite", tenantId, email], {
    cwd: root,
    env: { ...process.env, PAYMENT_CONNECT_URL: server.baseUrl, ADMIN_SECRET: devSecrets().ADMIN_SECRET },
  });
  const invite = JSON.parse(stdout);
  expect(stderr).toContain(invite.inviteUrl);
  return invite.inviteUrl;
}

async function waitFor(predicate, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = predicate();
    if (found) return found;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!CHROMIUM)("the tenant dashboard in a real browser", () => {
  it("invite → password → sign in → key on /v1 → refund → dispute: evidence, submit → revoke (401) → callbacks: secret, rotation, verified ping → sign out", async () => {
    const tenantId = await chargeableTenant("Blue Bottle Coffee");
    const inviteUrl = await inviteWithAdminCli(tenantId);

    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.baseUrl });
    const page = await context.newPage();
    const external = [];
    const consoleErrors = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(server.baseUrl)) external.push(request.url());
    });
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("dialog", (dialog) => dialog.accept());
    const shot = (name) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

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
    await Promise.all([page.waitForURL(`${server.baseUrl}/dashboard`), page.click("button[type=submit]")]);
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
    expect((await fetch(`${server.baseUrl}/v1/payments`, { headers: auth })).status).toBe(200);
    const charged = await fetch(`${server.baseUrl}/v1/payments`, {
      method: "POST",
      headers: { ...auth, "Idempotency-Key": "dashboard-order-1" },
      body: JSON.stringify({
        amountCents: 4200,
        currency: "USD",
        orderRef: "order-1001",
        processorToken: await cardToken(server.baseUrl),
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
    await control(server.baseUrl, "open-dispute", { id: payment.processorTransferId }, { "X-Api-Key": key });
    const disputes = async () => (await (await fetch(`${server.baseUrl}/v1/disputes`, { headers: auth })).json()).data;
    await expect.poll(async () => (await disputes()).length, { timeout: 30_000 }).toBe(1);
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
    expect((await fetch(`${server.baseUrl}/v1/payments`, { headers: auth })).status).toBe(401);
    await shot("08-api-keys");

    // Callbacks to a receiver on this machine; reveal, then rotate the secret.
    await page.click("nav >> text=Callbacks");
    await page.fill("#url", `http://127.0.0.1:${receiver.address().port}/hooks`);
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
    const ping = await waitFor(() => received.find((callback) => callback.headers["lc-event-type"] === "ping"));
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
    await page.goto(`${server.baseUrl}/dashboard/keys`);
    expect(page.url()).toContain("/dashboard/sign-in");

    expect(external).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it.each([
    ["desktop", { width: 1280, height: 860 }],
    ["phone", { width: 390, height: 844 }],
  ])("the keys page at %s width: a restricted key made with the form lists payments and gets 403 on a charge", async (width, viewport) => {
    const email = `${width}@restricted.example`;
    const tenantId = await chargeableTenant(`Restricted Roasters (${width})`);
    const context = await browser.newContext({ viewport, isMobile: width === "phone", hasTouch: width === "phone" });
    const page = await context.newPage();
    const consoleErrors = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    await page.goto(await inviteWithAdminCli(tenantId, email));
    await page.fill("#name", "Grace Hopper");
    await page.fill("#password", PASSWORD);
    await page.fill("#confirm", PASSWORD);
    await Promise.all([page.waitForURL(/\/dashboard\/sign-in\?notice=password-set$/), page.click("button[type=submit]")]);
    await page.fill("#email", email);
    await page.fill("#password", PASSWORD);
    await Promise.all([page.waitForURL(`${server.baseUrl}/dashboard`), page.click("button[type=submit]")]);

    await page.goto(`${server.baseUrl}/dashboard/keys`);
    await page.fill("#name", "Reporting job");
    await page.check("input[name=access][value=restricted]");
    await page.selectOption("#permission-payments", "read");
    await page.selectOption("#permission-payouts", "read");
    await Promise.all([page.waitForSelector("#new-key"), page.click("text=Create key")]);
    const key = await page.inputValue("#new-key");
    expect(await page.textContent("#new-key-heading")).toContain("payments:read, payouts:read");
    await page.screenshot({ path: path.join(SCREENSHOTS, `16-api-key-restricted-${width}.png`), fullPage: true });
    // Nothing wider than the screen: the page is not zoomed out or scrolled sideways (the key table scrolls in its frame).
    expect(await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([viewport.width, viewport.width]);
    expect(await page.isVisible("#permission-callback_endpoints")).toBe(true);

    const auth = { "X-Api-Key": key, "Content-Type": "application/json" };
    expect((await fetch(`${server.baseUrl}/v1/payments`, { headers: auth })).status).toBe(200);
    const charged = await fetch(`${server.baseUrl}/v1/payments`, {
      method: "POST",
      headers: { ...auth, "Idempotency-Key": `restricted-${width}` },
      body: JSON.stringify({
        amountCents: 4200,
        currency: "USD",
        orderRef: `restricted-${width}`,
        processorToken: await cardToken(server.baseUrl),
        buyer: { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" },
      }),
    });
    expect(charged.status).toBe(403);
    expect(await charged.json()).toMatchObject({ type: expect.stringMatching(/insufficient-permissions$/), permission: "payments:write" });

    await page.goto(`${server.baseUrl}/dashboard/keys`);
    expect(await page.textContent("table")).toContain("payments:read, payouts:read");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  // The endpoints at a desktop's and a phone's width: nothing wider than the screen, every control reachable.
  it.each([
    ["desktop", { width: 1280, height: 860 }],
    ["phone", { width: 390, height: 844 }],
  ])(
    "callback endpoints at %s width: add one (secret once), its own ping verified with its own secret, disable, delete",
    async (width, viewport) => {
      const tenantId = await chargeableTenant(`Two Desks ${width}`);
      const email = `owner-${width}@twodesks.example`;
      const inviteUrl = await inviteWithAdminCli(tenantId, email);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const consoleErrors = [];
      page.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(message.text());
      });
      page.on("dialog", (dialog) => dialog.accept());
      const shot = (name) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
      const fitsTheScreen = async () =>
        expect(
          await page.evaluate(() =>
            [...document.querySelectorAll("body *")]
              // A table scrolls inside its wrapper; everything else must fit.
              .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !element.closest(".table-wrap"))
              .map((element) => `${element.tagName}#${element.id} ${element.textContent.slice(0, 40)}`),
          ),
        ).toEqual([]);

      await page.goto(inviteUrl);
      await page.fill("#name", "Grace Hopper");
      await page.fill("#password", PASSWORD);
      await page.fill("#confirm", PASSWORD);
      await Promise.all([page.waitForURL(/notice=password-set$/), page.click("button[type=submit]")]);
      await page.fill("#email", email);
      await page.fill("#password", PASSWORD);
      await Promise.all([page.waitForURL(`${server.baseUrl}/dashboard`), page.click("button[type=submit]")]);

      const base = `http://127.0.0.1:${receiver.address().port}`;
      await page.goto(`${server.baseUrl}/dashboard/callbacks`);
      await page.fill("#url", `${base}/first-${width}`);
      await Promise.all([page.waitForURL(/notice=callbacks-saved$/), page.click("button:has-text('Save')")]);
      await page.fill("#endpoint-url", `${base}/desk-${width}`);
      await page.fill("#endpoint-description", "Disputes desk");
      await page.fill("#endpoint-events", "dispute.created, dispute.updated");
      await Promise.all([page.waitForSelector("#new-endpoint-secret"), page.click("text=Add endpoint")]);
      const secret = await page.inputValue("#new-endpoint-secret");
      expect(secret).toMatch(/^whsec_/);
      await fitsTheScreen();
      await shot("14-callback-endpoint-created");

      await Promise.all([page.waitForURL(/notice=test-event-sent$/), page.click("text=Send test event")]);
      const ping = await waitFor(() => received.find((callback) => callback.url === `/desk-${width}`));
      const verify = (key) =>
        verifyCallbackSignature({ rawBody: ping.body, signatureHeader: ping.headers["lc-signature"], secret: key, toleranceSeconds: 300 });
      expect((await verify(secret)).ok).toBe(true);
      const firstSecret = (
        await (await fetch(`${server.baseUrl}/admin/tenants/${tenantId}/callbacks/secrets`, { headers: admin() })).json()
      ).data[0].secret;
      expect((await verify(firstSecret)).ok).toBe(false);
      expect(received.filter((callback) => callback.url === `/first-${width}`)).toEqual([]);

      await page.goto(`${server.baseUrl}/dashboard/callbacks`);
      await fitsTheScreen();
      await shot("15-callback-endpoints");
      await page.click(`a:has-text("/desk-${width}")`);
      await page.selectOption("#state", "disabled");
      await Promise.all([page.waitForURL(/notice=endpoint-saved$/), page.click("text=Save endpoint")]);
      expect(await page.textContent("main")).toContain("Disabled");
      await fitsTheScreen();
      await Promise.all([page.waitForURL(/notice=endpoint-deleted/), page.click("text=Delete endpoint")]);
      expect(await page.textContent("main")).not.toContain(`/desk-${width}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );
});
