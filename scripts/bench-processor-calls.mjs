// Processor calls per operation for `npm run bench`: what each operation asks of the processor with the platform's one
// credential (its rate limit: about 100 reads and 100 writes a second), counted by the sandbox processor (`GET
// /sandbox/control/calls`), end to end — the request, the webhooks it causes and the cron run after it — and the
// charges a second that leaves. test/workers/payments/processor-calls.test.ts asserts the same counts exactly.
import { randomUUID } from "node:crypto";

import { cardToken, chargeableTenant, control } from "../test/support/sandbox-flows.mjs";
import { waitFor } from "../test/support/wait-for.mjs";
import { fetchRetryingClosedSocket as fetch } from "./bench-fetch.mjs";
import { CRON_ROUTE } from "./local-service.mjs";

/** The processor's documented live limit per credential, each of reads and writes. */
export const PROCESSOR_LIMIT_PER_SECOND = 100;

const isRead = (operation) => operation.startsWith("GET ");

/** The JSON of an answer that must succeed. */
async function ok(pending, what) {
  const response = await pending;
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Each operation `samples` times on a tenant of its own whose merchant has sold once already (a settlement's first sale
 * also reads the settlement: once per settlement, not per sale): the calls of its requests, of the webhooks they caused
 * and of one cron run after them, less what a cron run costs when nothing happened (the change feeds' pages).
 */
export async function benchProcessorCalls({ baseUrl, adminSecret, samples = 5 }) {
  const admin = { Authorization: `Bearer ${adminSecret}` };
  const callsSoFar = async () =>
    /** @type {Record<string, number>} */ ((await ok(fetch(`${baseUrl}/sandbox/control/calls`, { headers: admin }), "calls")).result);
  const cron = async () => (await fetch(`${baseUrl}${CRON_ROUTE}`)).arrayBuffer();
  const delivered = () => control(baseUrl, "run-jobs", {}, admin);
  const difference = (after, before) =>
    Object.fromEntries(Object.entries(after).map(([operation, count]) => [operation, count - (before[operation] ?? 0)]));

  const { key } = await chargeableTenant(baseUrl, admin, "Bench Calls");
  const headers = { "X-Api-Key": key, "Content-Type": "application/json" };
  const meta = await ok(fetch(`${baseUrl}/v1/meta`), "meta");
  const bankToken = async () =>
    (
      await ok(
        fetch(`${baseUrl}/sandbox/processor/applications/${meta.processorApplicationId}/tokens`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            type: "BANK_ACCOUNT",
            account_number: "123456789",
            bank_code: "122105278",
            account_type: "PERSONAL_CHECKING",
            name: "Bench Mark",
          }),
        }),
        "bank token",
      )
    ).id;
  const post = (path, body) =>
    ok(
      fetch(`${baseUrl}${path}`, { method: "POST", headers: { ...headers, "Idempotency-Key": randomUUID() }, body: JSON.stringify(body) }),
      `POST ${path}`,
    );
  const buyer = (email) => ({ firstName: "Bench", lastName: "Calls", email });
  const sale = (source) =>
    post("/v1/payments", { amountCents: 10_000, currency: "USD", orderRef: `calls-${randomUUID().slice(0, 8)}`, ...source });
  const payment = (id) => ok(fetch(`${baseUrl}/v1/payments/${id}`, { headers }), "payment");

  // The settlement's first sale, and a stored instrument and a returning buyer for the rows below.
  const first = await sale({ processorToken: await cardToken(baseUrl), buyer: buyer("returning@example.com") });
  const { processorInstrumentId } = await payment(first.lcPaymentId);
  const reader = await ok(
    fetch(`${baseUrl}/v1/terminal/readers`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        serialNumber: `SN${randomUUID().replaceAll("-", "").slice(0, 14).toUpperCase()}`,
        model: "PAX_A920PRO",
        label: "Bench",
      }),
    }),
    "reader",
  );
  await ok(fetch(`${baseUrl}/v1/terminal/readers/${reader.lcReaderId}/activate`, { method: "POST", headers }), "activate");
  await delivered();
  await cron();

  /** Refunds of card sales made beforehand, so a refund's row counts the refund alone. */
  const refundable = async () =>
    (await sale({ processorToken: await cardToken(baseUrl), buyer: buyer("returning@example.com") })).lcPaymentId;
  const operations = [
    {
      name: "card charge, new buyer",
      prepare: () => cardToken(baseUrl),
      run: async (token, n) => sale({ processorToken: token, buyer: buyer(`new-${n}-${randomUUID()}@example.com`) }),
    },
    {
      name: "card charge, returning buyer",
      prepare: () => cardToken(baseUrl),
      run: (token) => sale({ processorToken: token, buyer: buyer("returning@example.com") }),
    },
    { name: "card charge, stored instrument", prepare: async () => null, run: () => sale({ processorInstrumentId }) },
    {
      name: "ACH debit, new buyer (settled at once)",
      prepare: bankToken,
      run: async (token, n) => {
        const debit = await sale({ processorToken: token, buyer: buyer(`ach-${n}-${randomUUID()}@example.com`) });
        await control(baseUrl, "settle-ach", { id: debit.processorTransferId }, admin);
      },
    },
    { name: "refund, partial", prepare: refundable, run: (id) => post(`/v1/payments/${id}/refund`, { amountCents: 4000 }) },
    { name: "refund, full", prepare: refundable, run: (id) => post(`/v1/payments/${id}/refund`, {}) },
    {
      name: "refund, full, application fee returned",
      prepare: refundable,
      run: (id) => post(`/v1/payments/${id}/refund`, { refundApplicationFee: true }),
    },
    {
      name: "reader sale",
      prepare: async () => null,
      run: async () => {
        const started = await post("/v1/payments/terminal", {
          readerId: reader.lcReaderId,
          amountCents: 1250,
          currency: "USD",
          orderRef: `calls-${randomUUID().slice(0, 8)}`,
        });
        await control(baseUrl, "card-present", { device: reader.processorDeviceId, outcome: "approve" }, admin);
        await waitFor(async () => (await payment(started.lcPaymentId)).status !== "processing", {
          what: `reader sale ${started.lcPaymentId} to finish`,
        });
      },
    },
  ];

  const rows = [];
  for (const operation of operations) {
    const prepared = [];
    for (let n = 0; n < samples; n++) prepared.push(await operation.prepare());
    await delivered();
    await cron();
    const quietBefore = await callsSoFar();
    await cron();
    const quietCron = difference(await callsSoFar(), quietBefore);
    const before = await callsSoFar();
    for (const [n, input] of prepared.entries()) await operation.run(input, n);
    await delivered();
    await cron();
    const made = difference(await callsSoFar(), before);
    for (const [name, count] of Object.entries(quietCron)) made[name] = (made[name] ?? 0) - count;
    const perOperation = Object.fromEntries(
      Object.entries(made)
        .filter(([, count]) => count > 0)
        .map(([name, count]) => [name, count / samples]),
    );
    const total = (read) => Object.entries(perOperation).reduce((sum, [name, count]) => sum + (isRead(name) === read ? count : 0), 0);
    rows.push({ name: operation.name, calls: perOperation, reads: total(true), writes: total(false) });
  }
  return { samples, rows };
}

/** The table of processor calls, and the operations a second the processor's limit allows for each. */
export function processorCallsTable({ samples, rows }) {
  const perSecond = (calls) => (calls === 0 ? "–" : Math.floor(PROCESSOR_LIMIT_PER_SECOND / calls).toString());
  const lines = [
    `| operation (${samples} each, webhooks and a cron run after) | processor calls | writes | reads | a second within ${PROCESSOR_LIMIT_PER_SECOND} writes/s | within ${PROCESSOR_LIMIT_PER_SECOND} reads/s |`,
    "|---|---|---:|---:|---:|---:|",
  ];
  for (const { name, calls, reads, writes } of rows) {
    const list = Object.entries(calls)
      .sort(([a], [b]) => Number(isRead(a)) - Number(isRead(b)) || a.localeCompare(b))
      .map(([operation, count]) => `${count === 1 ? "" : `${count} × `}\`${operation}\``)
      .join(", ");
    lines.push(`| ${name} | ${list} | ${writes} | ${reads} | ${perSecond(writes)} | ${perSecond(reads)} |`);
  }
  return lines;
}
