// Every example of the API reference that can run against the sandbox is sent as "Try it out" would send it, to a
// `wrangler dev` with the built-in sandbox, under a fresh sandbox tenant's key: each must succeed as shown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { chargeableTenant, devSecrets, startDevServer } from "../support/index.mjs";

/**
 * Operations whose example names something only the caller's own data holds, so it cannot run as shown: every one with
 * a path parameter (a payment's, a dispute's … id), and these.
 */
const CANNOT_RUN_AS_SHOWN = {
  createTerminalSale: "its body names a card reader the tenant registered and activated",
  receiveProcessorWebhook: "the processor calls it, signed with the service's webhook credentials",
};

/** Examples for a tenant that has not onboarded yet: the sandbox tenant has (its answer is the documented 409). */
const FOR_A_NEW_TENANT = new Set(["startOnboarding"]);

let server;
let document;
let sandboxTenantKey;
let newTenantKey;
beforeAll(async () => {
  // Its own server: registering a processor webhook, as its example does, sends the sandbox's webhooks there from then
  // on, signed with a key no other test's server is configured with.
  server = await startDevServer();
  document = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
  sandboxTenantKey = (await chargeableTenant(server.baseUrl, operator(), "Try It Bakery")).key;
  newTenantKey = await tenantWithoutMerchant("Not Yet Onboarded");
});
afterAll(() => server?.stop());

function operator() {
  return { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}` };
}

async function tenantWithoutMerchant(name) {
  const headers = { ...operator(), "Content-Type": "application/json" };
  const created = await (
    await fetch(`${server.baseUrl}/admin/tenants`, { method: "POST", headers, body: JSON.stringify({ name }) })
  ).json();
  return (await (await fetch(`${server.baseUrl}/admin/tenants/${created.id}/keys`, { method: "POST", headers: operator() })).json()).key;
}

/** What Swagger UI fills a parameter with in "Try it out": its example, else its schema's example, else its default. */
function tryItValue(parameter) {
  return parameter.example ?? parameter.schema?.example ?? parameter.schema?.default;
}

function operations() {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
}

function runnable({ operation }) {
  const parameters = operation.parameters ?? [];
  return !parameters.some((parameter) => parameter.in === "path") && !(operation.operationId in CANNOT_RUN_AS_SHOWN);
}

/** The request "Try it out" sends for an operation, authorized as the tenant (or the operator, for operator routes). */
function exampleRequest({ path, method, operation }) {
  const url = new URL(path, server.baseUrl);
  const headers = {};
  for (const parameter of operation.parameters ?? []) {
    const value = tryItValue(parameter);
    if (value === undefined) continue;
    if (parameter.in === "query") url.searchParams.set(parameter.name, String(value));
    if (parameter.in === "header") headers[parameter.name] = String(value);
  }
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.includes("ApiKeyHeader"))
    headers["X-Api-Key"] = FOR_A_NEW_TENANT.has(operation.operationId) ? newTenantKey : sandboxTenantKey;
  if (schemes.includes("AdminSecret")) Object.assign(headers, operator());
  const json = operation.requestBody?.content["application/json"];
  if (json) headers["Content-Type"] = "application/json";
  return { url, init: { method, headers, ...(json ? { body: JSON.stringify(json.example) } : {}) } };
}

async function send(entry) {
  const { url, init } = exampleRequest(entry);
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, request: `${init.method} ${url.pathname}${url.search}` };
}

describe("the API reference's examples, run as Try it out runs them against the sandbox", () => {
  it("every operation whose example can run as shown succeeds: its request example answers 2xx", async () => {
    const runs = operations().filter(runnable);
    expect(runs.map((entry) => entry.operation.operationId)).toEqual(
      expect.arrayContaining(["createPayment", "listPayments", "listEvents", "listDisputes", "listPayouts", "getMeta"]),
    );
    const failures = [];
    for (const entry of runs) {
      const answer = await send(entry);
      if (answer.status < 200 || answer.status > 299) failures.push(`${answer.request} → ${answer.status} ${answer.text.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
  });

  it("the charge's example charges the sandbox's test card, and pressed again replays the same payment", async () => {
    const charge = operations().find((entry) => entry.operation.operationId === "createPayment");
    const first = await send(charge);
    const again = await send(charge);
    expect(first.status, first.text).toBe(201);
    expect(JSON.parse(first.text).status).toBe("succeeded");
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(JSON.parse(again.text).lcPaymentId).toBe(JSON.parse(first.text).lcPaymentId);

    const list = await send(operations().find((entry) => entry.operation.operationId === "listPayments"));
    expect(list.status, list.text).toBe(200);
    expect(JSON.parse(list.text).data.map((payment) => payment.lcPaymentId)).toContain(JSON.parse(first.text).lcPaymentId);
  });
});
