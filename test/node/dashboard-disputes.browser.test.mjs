// Disputes and the audit log in headless Chromium against `wrangler dev`, at a desktop's and a phone's width: the
// operator makes the tenant and its key (so the audit log has the operator's entries), two sales are disputed; the owner
// uploads evidence to one and opens it (a download under its own name, its bytes), accepts the other after the
// confirmation, then reads the audit log — the operator's key, browsers in short — and filters it by action and by
// user. No page is wider than the screen, and nothing is logged to the console. Screenshots go to SCREENSHOTS_DIR
// (when it is set; `SCREENSHOTS_DIR=docs/screenshots` refreshes docs/guides/dashboard.md's).
import { readFileSync } from "node:fs";

import { describe, expect, inject, it } from "vitest";

import {
  acceptAndSignIn,
  adminHeaders,
  DESKTOP,
  devServerAndChromium,
  expectToFit,
  inviteWithAdminRoute,
  newContext,
  PHONE,
  screenshot,
  screenshotsDir,
  SERVICE_POLL,
  watchPage,
} from "../support/dashboard-browser.mjs";
import { cardToken, chargeableTenant, control } from "../support/index.mjs";

const CHROMIUM = inject("chromiumPath");
const SCREENSHOTS = screenshotsDir();
const RECEIPT = Buffer.from("%PDF-1.7\n% the signed delivery receipt of order-2001\n%%EOF\n");

const suite = devServerAndChromium(CHROMIUM);
/**
 * A photo's size at each width: a phone's camera at phone width (megabytes of noise, which cannot compress), a small one
 * at desktop width. Its bytes cross from this process to Chromium and on to the service, so one upload of megabytes is
 * enough to prove one is taken.
 */
const PHOTO = { desktop: { width: 400, height: 300 }, phone: { width: 1600, height: 1200, atLeastBytes: 4 * 1024 * 1024 } };

/** A sale on the tenant's operator-issued key, disputed by the buyer at the sandbox processor. */
async function disputedSale(key, orderRef) {
  const charged = await fetch(`${suite.server.baseUrl}/v1/payments`, {
    method: "POST",
    headers: { "X-Api-Key": key, "Content-Type": "application/json", "Idempotency-Key": orderRef },
    body: JSON.stringify({
      amountCents: 6400,
      currency: "USD",
      orderRef,
      processorToken: await cardToken(suite.server.baseUrl),
      buyer: { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" },
    }),
  });
  expect(charged.status).toBe(201);
  const payment = await charged.json();
  await control(suite.server.baseUrl, "open-dispute", { id: payment.processorTransferId }, { "X-Api-Key": key });
  const disputes = async () => (await (await fetch(`${suite.server.baseUrl}/v1/disputes`, { headers: { "X-Api-Key": key } })).json()).data;
  await expect.poll(async () => (await disputes()).some((dispute) => dispute.lcPaymentId === payment.lcPaymentId), SERVICE_POLL).toBe(true);
  return (await disputes()).find((dispute) => dispute.lcPaymentId === payment.lcPaymentId);
}

describe.skipIf(!CHROMIUM)("disputes and the audit log in a real browser", () => {
  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ])(
    "at %s width: evidence uploaded and opened, a dispute accepted, the audit log with the operator's key, filtered",
    async (width, viewport) => {
      const { tenantId, key } = await chargeableTenant(suite.server.baseUrl, adminHeaders(), `Disputed Roasters (${width})`);
      const email = `owner-${width}@disputed.example`;
      const inviteUrl = await inviteWithAdminRoute(suite.server.baseUrl, tenantId, email);
      const contested = await disputedSale(key, `order-2001-${width}`);
      const conceded = await disputedSale(key, `order-2002-${width}`);

      const context = await newContext(suite.browser, viewport, { acceptDownloads: true });
      const page = await context.newPage();
      const seen = watchPage(page, suite.server.baseUrl);
      page.on("dialog", (dialog) => dialog.accept());
      const shot = (name) => screenshot(page, SCREENSHOTS, `${name}-${width}`);
      const fitsTheScreen = () => expectToFit(page, viewport);

      await acceptAndSignIn(page, { baseUrl: suite.server.baseUrl, inviteUrl, email });

      // The contested dispute: evidence through the form, then opened from its link as the file it was.
      await page.goto(`${suite.server.baseUrl}/dashboard/disputes`);
      await fitsTheScreen();
      await page.click(`a[href='/dashboard/disputes/${contested.lcDisputeId}']`);
      await page.setInputFiles("#file", { name: "signed-receipt.pdf", mimeType: "application/pdf", buffer: RECEIPT });
      await Promise.all([page.waitForURL(/notice=evidence-uploaded$/), page.click("button:has-text('Upload')")]);
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("a.evidence-file:has-text('signed-receipt.pdf')")]);
      expect(download.suggestedFilename()).toBe("signed-receipt.pdf");
      expect(readFileSync(await download.path())).toEqual(RECEIPT);
      // A photo drawn in the page: taken, sent as a PDF, kept as it was.
      const size = PHOTO[width];
      const photo = Buffer.from(
        await page.evaluate(async ({ width, height }) => {
          const canvas = Object.assign(document.createElement("canvas"), { width, height });
          const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
          const pixels = context.createImageData(canvas.width, canvas.height);
          for (let at = 0; at < pixels.data.length; at += 65_536) crypto.getRandomValues(pixels.data.subarray(at, at + 65_536));
          for (let at = 3; at < pixels.data.length; at += 4) pixels.data[at] = 255;
          context.putImageData(pixels, 0, 0);
          return canvas.toDataURL("image/png").split(",")[1];
        }, size),
        "base64",
      );
      expect(photo.byteLength).toBeGreaterThan(size.atLeastBytes ?? 0);
      await page.setInputFiles("#file", { name: "IMG_2041.png", mimeType: "image/png", buffer: photo });
      await Promise.all([page.waitForURL(/notice=evidence-uploaded$/), page.click("button:has-text('Upload')")]);
      const photoRow = page.locator("tr", { has: page.locator("a.evidence-file:has-text('IMG_2041.png')") });
      expect(await photoRow.textContent()).toMatch(/A PDF of the photo, \d+×\d+ px, [\d,]+ bytes/);
      const [original] = await Promise.all([page.waitForEvent("download"), page.click("a.evidence-file:has-text('IMG_2041.png')")]);
      expect(readFileSync(await original.path())).toEqual(photo);
      await fitsTheScreen();
      await shot("60-dispute-evidence");

      // The conceded one: accepted after the confirmation, and the page says it takes no response.
      await page.goto(`${suite.server.baseUrl}/dashboard/disputes/${conceded.lcDisputeId}`);
      await page.fill("#acceptNote", "Refunded the buyer at the counter.");
      await Promise.all([page.waitForURL(/notice=dispute-accepted$/), page.click("button:has-text('Accept dispute')")]);
      const main = await page.textContent("main");
      expect(main).toContain("You accepted this dispute: it takes no evidence and no response.");
      expect(await page.isVisible("#file")).toBe(false);
      const asTheApiSays = await (
        await fetch(`${suite.server.baseUrl}/v1/disputes/${conceded.lcDisputeId}`, { headers: { "X-Api-Key": key } })
      ).json();
      expect(asTheApiSays).toMatchObject({ acceptance: "accepted", responseState: "accepted", state: "lost" });
      await fitsTheScreen();
      await shot("61-dispute-accepted");

      // The audit log: the operator's key, the evidence, the acceptance; this browser in short.
      await page.goto(`${suite.server.baseUrl}/dashboard/audit`);
      const log = await page.textContent("main");
      for (const entry of [
        "Issued an API key",
        "The operator (Payment Connect support)",
        "Uploaded dispute evidence",
        "Accepted a dispute",
      ]) {
        expect(log).toContain(entry);
      }
      expect(log).toMatch(/Chrome \d+ on (Linux|Android)/);
      expect(log).not.toContain("Mozilla/5.0");
      await fitsTheScreen();

      // Filtered by action, then by user: only those rows, and the filters stay chosen.
      await page.selectOption("#action", "dispute.accepted");
      await Promise.all([page.waitForURL(/action=dispute.accepted/), page.click("button:has-text('Filter')")]);
      expect(await page.$$eval("tr[data-action]", (rows) => rows.map((row) => row.dataset.action))).toEqual(["dispute.accepted"]);
      await page.selectOption("#action", "");
      await page.selectOption("#user", "operator");
      await Promise.all([page.waitForURL(/user=operator/), page.click("button:has-text('Filter')")]);
      expect((await page.$$eval("tr[data-action]", (rows) => rows.map((row) => row.dataset.action))).sort()).toEqual([
        "invite.created",
        "key.issued",
      ]);
      expect(await page.inputValue("#user")).toBe("operator");
      await fitsTheScreen();
      await shot("62-audit-log-filtered");

      expect(seen.errors).toEqual([]);
      await context.close();
    },
  );
});
