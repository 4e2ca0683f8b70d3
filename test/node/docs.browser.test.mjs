// The API reference in headless Chromium against `wrangler dev` with the built-in sandbox, opened once (rendering the
// whole document costs Chromium seconds): every operation and webhook of the document is on it, from this origin alone;
// the page names its environment, a reader authorizes with the key `npm run admin -- sandbox-tenant` prints, and the
// Quickstart's two operations, first on the page, charge and list as their examples stand.
import { beforeAll, describe, expect, inject, it } from "vitest";

import { adminCli, devServerAndChromium, SERVICE_POLL, watchPage } from "../support/dashboard-browser.mjs";

const CHROMIUM = inject("chromiumPath");

const suite = devServerAndChromium(CHROMIUM);

/** The key the banner tells a reader to get: what `npm run admin -- sandbox-tenant` prints. */
async function sandboxTenantKey(name) {
  const { stdout } = await adminCli(suite.server.baseUrl, ["sandbox-tenant", name]);
  const [, key] = /^API key\s+(\S+)/m.exec(stdout) ?? [];
  expect(key, stdout).toMatch(/^lc_live_/);
  return /** @type {string} */ (key);
}

/** An operation's block, opened (its summary clicked unless an earlier step left it open). */
async function opened(page, operationId) {
  const operation = page.locator(`.opblock[id$="-${operationId}"]`);
  if (!(await operation.evaluate((block) => block.classList.contains("is-open")))) await operation.locator(".opblock-summary").click();
  return operation;
}

/** Presses "Try it out" and "Execute" on an operation as shown, and reads the live response's status and body. */
async function tryItOut(page, operationId) {
  const operation = await opened(page, operationId);
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

describe.skipIf(!CHROMIUM)("the API reference in a real browser", () => {
  /** @type {import("playwright-core").Page} */
  let page;
  /** @type {ReturnType<typeof watchPage>} */
  let seen;
  beforeAll(async () => {
    page = await suite.browser.newPage();
    seen = watchPage(page, suite.server.baseUrl);
    await page.goto(`${suite.server.baseUrl}/docs`);
    await page.waitForSelector(".opblock");
  });

  it("renders every operation and webhook of the document, with examples and Try it out, from this origin alone", async () => {
    const document = await (await fetch(`${suite.server.baseUrl}/openapi.json`)).json();
    const operationIds = [...Object.values(document.paths), ...Object.values(document.webhooks)].flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    const rendered = await page.locator(".opblock").evaluateAll((blocks) => blocks.map((block) => block.id));
    expect(rendered).toHaveLength(operationIds.length);
    for (const operationId of operationIds)
      expect(
        rendered.some((id) => id.endsWith(`-${operationId}`)),
        operationId,
      ).toBe(true);

    const charge = await opened(page, "createPayment");
    await expect.poll(() => charge.textContent()).toContain('"processorToken": "TKsandboxVisa4895Success"');
    expect(await charge.textContent()).toContain("https://payment-connect.dev/problems/payment-declined");

    const health = await opened(page, "getHealth");
    await health.locator(".try-out__btn").click();
    await health.locator(".execute").click();
    // The request goes from the page to the service and back: on a loaded machine, longer than expect.poll's default second.
    await expect
      .poll(() => health.locator(".live-responses-table tr.response .response-col_status").textContent(), SERVICE_POLL)
      .toBe("200");

    expect(seen.external).toEqual([]);
    expect(seen.errors).toEqual([]);
  });

  it("names the sandbox, authorizes with a sandbox key, then charges and lists as the examples stand", async () => {
    const key = await sandboxTenantKey("Try It Roasters");

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
