// The API reference's "Try it out" in headless Chromium against `wrangler dev` with the built-in sandbox: the page names
// its environment, a reader authorizes with the key `npm run admin -- sandbox-tenant` prints, and the Quickstart's two
// operations, first on the page, charge and list as their examples stand.
import { describe, expect, inject, it } from "vitest";

import { adminCli, devServerAndChromium, watchPage } from "../support/dashboard-browser.mjs";

const CHROMIUM = inject("chromiumPath");

const suite = devServerAndChromium(CHROMIUM);

/** The key the banner tells a reader to get: what `npm run admin -- sandbox-tenant` prints. */
async function sandboxTenantKey(name) {
  const { stdout } = await adminCli(suite.server.baseUrl, ["sandbox-tenant", name]);
  const [, key] = /^API key\s+(\S+)/m.exec(stdout) ?? [];
  expect(key, stdout).toMatch(/^lc_live_/);
  return /** @type {string} */ (key);
}

/** Presses "Try it out" and "Execute" on an operation as shown, and reads the live response's status and body. */
async function tryItOut(page, operationId) {
  const operation = page.locator(`.opblock[id$="-${operationId}"]`);
  await operation.locator(".opblock-summary").click();
  await operation.locator(".try-out__btn").click();
  await operation.locator(".execute").click();
  const response = operation.locator(".live-responses-table tr.response");
  await response.waitFor();
  return {
    status: (await response.locator(".response-col_status").textContent()).trim(),
    body: JSON.parse(await response.locator(".response-col_description pre").first().textContent()),
    curl: await operation.locator(".curl-command").textContent(),
  };
}

describe.skipIf(!CHROMIUM)("the API reference's Try it out in a real browser", () => {
  it("names the sandbox, authorizes with a sandbox key, then charges and lists as the examples stand", async () => {
    const key = await sandboxTenantKey("Try It Roasters");
    const page = await suite.browser.newPage();
    const seen = watchPage(page, suite.server.baseUrl);
    await page.goto(`${suite.server.baseUrl}/docs`);
    await page.waitForSelector(".opblock");

    const banner = page.locator("#environment-banner");
    expect(await banner.count()).toBe(1);
    expect(await banner.getAttribute("data-environment")).toBe("sandbox");
    expect(await banner.textContent()).toContain("Sandbox");
    expect(await banner.textContent()).toContain("npm run admin -- sandbox-tenant");
    expect(await banner.textContent()).toContain("TKsandboxVisa4895Success");

    const firstOperations = await page.locator(".opblock").evaluateAll((blocks) => blocks.slice(0, 2).map((block) => block.id));
    expect(firstOperations).toEqual([expect.stringMatching(/-createPayment$/), expect.stringMatching(/-listPayments$/)]);

    await page.locator(".auth-wrapper .authorize").click();
    const apiKey = page.locator(".auth-container").filter({ hasText: "ApiKeyHeader" });
    await apiKey.locator("#api_key_value").fill(key);
    await apiKey.locator("button.authorize").click();
    await page.locator(".btn-done").first().click();

    const charge = await tryItOut(page, "createPayment");
    expect(charge.status, JSON.stringify(charge.body)).toBe("201");
    expect(charge.body).toMatchObject({ status: "succeeded", amountCents: 2500 });

    const list = await tryItOut(page, "listPayments");
    expect(list.status, JSON.stringify(list.body)).toBe("200");
    expect(list.curl).not.toMatch(/[?&](from|to)=/);
    expect(list.body.data.map((payment) => payment.lcPaymentId)).toContain(charge.body.lcPaymentId);

    expect(seen.errors).toEqual([]);
  });
});
