#!/usr/bin/env node
// `npm run trigger -- <event type>`: makes the sandbox do, for real, what makes the service emit that event for the
// tenant whose key it is given — a charge disputed, an ACH debit settled, the merchant's processing switched — through
// the public API and the sandbox's tenant controls, printing each step, until GET /v1/events lists the event.
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";

import { EVENT_TYPES } from "../src/outbox/event-types.ts";
import { CliFailure, runCli, serviceUrl } from "./local-service.mjs";

const USAGE = `Usage: npm run trigger -- <event type> [--url <url>] [--api-key <key>]

Makes the sandbox produce <event type> for the tenant of the API key, the way it happens for real (a charge the
sandbox then disputes, an ACH debit it settles, …), prints each step, and waits until GET /v1/events lists the event.
Sandbox only: it drives the built-in sandbox processor's controls, which a live deployment does not have.

Event types:
${EVENT_TYPES.map((type) => `  ${type}`).join("\n")}

Options:
  --url <url>        the service (default: PAYMENT_CONNECT_URL, else where \`npm run dev\` serves, else http://localhost:8787)
  --api-key <key>    the tenant's API key (default: PAYMENT_CONNECT_API_KEY)
  -h, --help         this text

See them arrive without a public URL: \`npm run listen -- --forward-to <url>\` in another terminal.`;

/** How long an event may take to be listed after the step that causes it (webhooks, then the service's batch). */
const EVENT_WAIT_MS = 30_000;
const POLL_INTERVAL_MS = 250;

const TEST_CARD = { type: "PAYMENT_CARD", number: "4895142232120006", expiration_month: 12, expiration_year: 2030, security_code: "123" };
const TEST_BANK_ACCOUNT = { type: "BANK_ACCOUNT", account_number: "555666777", bank_code: "122105278", account_type: "PERSONAL_CHECKING" };
const BUYER = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

/** A one-page PDF of a few hundred bytes, different each time: the same content twice is the same evidence. */
const evidencePdf = () =>
  `%PDF-1.4\n% npm run trigger ${randomUUID()}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`;

/** The service at `baseUrl` as the tenant of `apiKey` sees it; every failure is one line naming the call. */
function tenantApi(baseUrl, apiKey) {
  /**
   * @param {string} method
   * @param {string} route
   * @param {{ body?: unknown; form?: FormData; headers?: Record<string, string>; anonymous?: boolean }} [options]
   */
  async function request(method, route, { body, form, headers = {}, anonymous = false } = {}) {
    let response;
    try {
      response = await fetch(baseUrl + route, {
        method,
        headers: { ...(anonymous ? {} : { "X-Api-Key": apiKey }), ...(body ? { "Content-Type": "application/json" } : {}), ...headers },
        body: form ?? (body ? JSON.stringify(body) : undefined),
      });
    } catch {
      throw new CliFailure(`No Payment Connect at ${baseUrl} — start it with \`npm run dev\`, or pass --url.`);
    }
    const text = await response.text();
    const payload = text ? parseJson(text) : undefined;
    if (response.ok) return payload;
    if (response.status === 401)
      throw new CliFailure(`${baseUrl} refused the API key (401): pass a tenant's key with --api-key or PAYMENT_CONNECT_API_KEY.`);
    const reason = payload?.title ? `${payload.title}${payload.detail ? `: ${payload.detail}` : ""}` : response.statusText;
    throw new CliFailure(`${response.status} ${reason} (${method} ${route})`);
  }
  return {
    request,
    control: async (action, body) => (await request("POST", `/sandbox/control/${action}`, { body })).result,
  };
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const step = (what, detail) => console.log(`  ${what.padEnd(20)} ${detail}`);

/** The built-in sandbox answers at /sandbox; a live deployment has no such path. */
async function assertSandbox(baseUrl) {
  let response;
  try {
    response = await fetch(`${baseUrl}/sandbox`, { redirect: "manual" });
  } catch {
    throw new CliFailure(`No Payment Connect at ${baseUrl} — start it with \`npm run dev\`, or pass --url.`);
  }
  if (response.status === 404) {
    throw new CliFailure(
      `${baseUrl} has no sandbox (GET /sandbox answers 404): trigger drives the built-in sandbox processor, which only ` +
        "`npm run dev` and sandbox deployments have. Against a live deployment, events come from real payments only.",
    );
  }
  if (!response.ok) throw new CliFailure(`${baseUrl}/sandbox answered ${response.status}; is this Payment Connect?`);
}

/** What the sandbox can act on: the tenant's processor merchant, able to take charges (a ping needs neither). */
async function readyMerchant(api, type) {
  const readiness = await api.request("GET", "/v1/onboarding/status");
  if (type === "ping") return readiness;
  if (!readiness.processorMerchantId) {
    throw new CliFailure(
      "This tenant has no processor merchant yet, so the sandbox has nothing to act on. Onboard it first: POST /v1/onboarding " +
        "and complete the hosted form at its onboardingUrl (the sandbox approves the merchant seconds later) — or start from " +
        'a tenant that is ready: `npm run admin -- sandbox-tenant "My Shop"` prints a key to use here.',
    );
  }
  if (!readiness.chargesEnabled) {
    throw new CliFailure(
      `The tenant's merchant ${readiness.processorMerchantId} cannot take charges (onboarding ${readiness.onboardingStatus}; ` +
        "GET /v1/onboarding/status says why): trigger needs a merchant the sandbox has approved.",
    );
  }
  return readiness;
}

/** The ids of the newest events of `type`: what "a new event" is measured against. */
async function newestEventIds(api, type) {
  const page = await api.request("GET", `/v1/events?type=${type}&limit=50`);
  return new Set(page.data.map((event) => event.id));
}

/** Polls GET /v1/events until events of `type` not in `seen` are listed; they are what the steps caused. */
async function waitForEvents(api, type, seen) {
  console.log(`  waiting for ${type} in GET /v1/events …`);
  const deadline = Date.now() + EVENT_WAIT_MS;
  for (;;) {
    const page = await api.request("GET", `/v1/events?type=${type}&limit=50`);
    const fresh = page.data.filter((event) => !seen.has(event.id)).reverse();
    if (fresh.length > 0) return fresh;
    if (Date.now() > deadline) {
      throw new CliFailure(`No new ${type} event was listed within ${EVENT_WAIT_MS / 1000} s of the steps above.`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

async function sandboxToken(api, meta, instrument) {
  const route = `/sandbox/processor/applications/${meta.processorApplicationId}/tokens`;
  // The token endpoint is the browser's: it takes no key, and is given none.
  const token = await api.request("POST", route, {
    body: { ...instrument, name: `${BUYER.firstName} ${BUYER.lastName}` },
    anonymous: true,
  });
  return token.id;
}

/** A charge through POST /v1/payments, as a checkout makes it, with a fresh sandbox token. */
async function charge(api, meta, { kind, type }) {
  const token = await sandboxToken(api, meta, kind === "bank" ? TEST_BANK_ACCOUNT : TEST_CARD);
  step(kind === "bank" ? "bank token" : "card token", token);
  const payment = await api.request("POST", "/v1/payments", {
    headers: { "Idempotency-Key": `trigger-${randomUUID()}` },
    body: {
      amountCents: kind === "bank" ? 12345 : 2500,
      currency: meta.currency,
      orderRef: `trigger-${type}`,
      processorToken: token,
      buyer: BUYER,
    },
  });
  step("charge", `${payment.lcPaymentId} ${payment.status} (processor transfer ${payment.processorTransferId})`);
  return payment;
}

/** A card charge the sandbox then disputes, as an issuer's chargeback reaches the processor. */
async function disputedCharge(api, meta, type) {
  const payment = await charge(api, meta, { kind: "card", type });
  const dispute = await api.control("open-dispute", { id: payment.processorTransferId });
  step("dispute opened", `${dispute.id} by the sandbox (control open-dispute)`);
  return { payment, processorDisputeId: dispute.id };
}

/** For each type, the real steps that make the service emit it. */
const TRIGGERS = {
  async "transfer.updated"({ api, meta, type }) {
    const payment = await charge(api, meta, { kind: "bank", type });
    const settled = await api.control("settle-ach", { id: payment.processorTransferId, outcome: "succeed" });
    step("ACH settled", `${settled.id} ${settled.state} (control settle-ach)`);
  },
  async "application_fee_refund.updated"({ api, meta, type }) {
    const payment = await charge(api, meta, { kind: "card", type });
    if (payment.applicationFeeCents === 0) {
      throw new CliFailure("This tenant's charges carry no application fee, so a refund owes none back: nothing to credit.");
    }
    const refunded = await api.request("POST", `/v1/payments/${payment.lcPaymentId}/refund`, {
      headers: { "Idempotency-Key": `trigger-${randomUUID()}` },
      body: { refundApplicationFee: true },
    });
    step("refund", `${refunded.lcPaymentId} ${refunded.status}, application fee ${payment.applicationFeeCents} cents credited back`);
  },
  async "dispute.created"({ api, meta, type }) {
    await disputedCharge(api, meta, type);
  },
  async "dispute.updated"({ api, meta, type }) {
    const { processorDisputeId } = await disputedCharge(api, meta, type);
    const resolved = await api.control("resolve-dispute", { id: processorDisputeId, outcome: "WON" });
    step("dispute decided", `${resolved.id} ${resolved.state} (control resolve-dispute)`);
  },
  async "evidence.updated"({ api, meta, type }) {
    const seen = await newestEventIds(api, "dispute.created");
    const { payment } = await disputedCharge(api, meta, type);
    // The service's id for the dispute is in its dispute.created event.
    const created = (await waitForEvents(api, "dispute.created", seen)).find((event) => event.body.lcPaymentId === payment.lcPaymentId);
    if (!created) throw new CliFailure(`The dispute on ${payment.lcPaymentId} was not listed as dispute.created.`);
    const { lcDisputeId } = created.body.dispute;
    step("dispute", `${lcDisputeId} (dispute.created ${created.id})`);
    const form = new FormData();
    form.append("file", new Blob([evidencePdf()], { type: "application/pdf" }), "trigger-receipt.pdf");
    const evidence = await api.request("POST", `/v1/disputes/${lcDisputeId}/evidence`, { form });
    step("evidence uploaded", `${evidence.lcEvidenceId} ${evidence.state} (processor ${evidence.processorEvidenceId})`);
    const reviewed = await api.control("review-evidence", { id: evidence.processorEvidenceId, outcome: "succeed" });
    step("evidence reviewed", `${reviewed.id} ${reviewed.state} (control review-evidence)`);
  },
  async "merchant.updated"({ api, merchantId }) {
    await api.control("merchant-processing", { id: merchantId, enabled: false });
    step("processing off", `${merchantId} (control merchant-processing): charges refused`);
    await api.control("merchant-processing", { id: merchantId, enabled: true });
    step("processing on", `${merchantId} (control merchant-processing): charges enabled again`);
  },
  async "compliance_form.updated"({ api, merchantId }) {
    const { expired, renewal } = await api.control("expire-compliance", { merchant: merchantId });
    step("PCI form lapsed", `${expired.id} ${expired.state}; renewal ${renewal.id} ${renewal.state} (control expire-compliance)`);
    const attested = await api.control("attest-compliance", { id: renewal.id, name: "Ada Lovelace", title: "Owner" });
    step("PCI attested", `${attested.id} ${attested.state} (control attest-compliance)`);
  },
  async ping({ api }) {
    await api.request("POST", "/v1/events/ping");
    step("ping", "recorded (POST /v1/events/ping)");
  },
};

await runCli(async () => {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { url: { type: "string" }, "api-key": { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    throw new CliFailure(`${error.message}\n\n${USAGE}`, 2);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const [type, ...extra] = positionals;
  if (!type || extra.length > 0) throw new CliFailure(`Name one event type.\n\n${USAGE}`, 2);
  if (!Object.hasOwn(TRIGGERS, type)) {
    throw new CliFailure(`Unknown event type "${type}". The catalogue:\n${EVENT_TYPES.map((known) => `  ${known}`).join("\n")}`, 2);
  }
  const apiKey = values["api-key"] ?? process.env.PAYMENT_CONNECT_API_KEY;
  if (!apiKey) throw new CliFailure(`No API key: pass --api-key or set PAYMENT_CONNECT_API_KEY.\n\n${USAGE}`, 2);
  const baseUrl = (values.url ?? serviceUrl()).replace(/\/+$/, "");

  await assertSandbox(baseUrl);
  const api = tenantApi(baseUrl, apiKey);
  const readiness = await readyMerchant(api, type);
  const meta = await api.request("GET", "/v1/meta");
  console.log(
    `Triggering ${type} at ${baseUrl}${readiness.processorMerchantId ? ` (sandbox merchant ${readiness.processorMerchantId})` : ""}`,
  );
  const seen = await newestEventIds(api, type);
  await TRIGGERS[type]({ api, meta, type, merchantId: readiness.processorMerchantId });
  for (const event of await waitForEvents(api, type, seen)) console.log(`Event ${event.type} ${event.id} (GET /v1/events/${event.id})`);
});
