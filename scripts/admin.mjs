#!/usr/bin/env node
// `npm run admin -- <command>`: the operator API for a person at a terminal.
import { parseArgs } from "node:util";

import { callService, CliFailure, runCli, serviceUrl } from "./local-service.mjs";

const USAGE = `Usage: npm run admin -- <command> [options]
       npm run admin -- --help          this help (also -h, or --help after any command)

  tenant create <name> [--region <region>]
                                    create a tenant, its data in that region (default: the deployment's DEFAULT_REGION)
  tenant list                       list every tenant, newest first (follows the list's cursor)
  shard list                        each tenant shard: its region, whether it takes new tenants, its tenants and rows
  tenant move <tenantId> --to <shard> [--cross-region]
                                    move a tenant's data to another shard while it keeps working (its writes pause
                                    for the last copy); --cross-region to move it to another region's shard
  tenant move --all-unplaced --to <shard>
                                    move every tenant from before shards (data in the control database), one by one
  tenant move <tenantId> --cancel   roll back a move that has not flipped yet: the tenant stays wholly on its source
  tenant moves                      moves under way, failing or stuck, and those finished in the last 7 days, newest
                                    first, each with its step, error, failures and age (follows the list's cursor)
  key issue <tenantId> [--name <name>] [--permissions <resource:level,…>]
                                    issue an API key (shown once); with --permissions (e.g. payments:read,refunds:write)
                                    a restricted key, else one with every permission
  key list <tenantId>               list a tenant's keys (never their secrets)
  key revoke <tenantId> <keyId>     revoke a key
  dashboard invite <tenantId> <email>
                                    invite the tenant's dashboard owner: prints a one-time link (72 hours)
  dashboard reset <tenantId> <email>
                                    a one-time link (72 hours) that sets a new password for a user of the tenant's
                                    dashboard; it keeps their role and ends every session they had

  processor-webhooks list [--outcome <outcome>]
                                    processor webhooks kept unprocessable (or with another outcome) on the control
                                    database, newest first, each with its reason and raw body (follows the cursor)
  processor-webhooks reapply        apply every unprocessable processor webhook again, once each, after a fix; prints
                                    what became of each (one that still fails stays unprocessable with its new reason)

  sandbox-tenant <name> [--receiver] [--receiver-port <port>]
                                    a tenant ready to charge in the sandbox: tenant, API key, approved sandbox
                                    merchant; prints copy-paste charge commands. --receiver also points its
                                    callbacks at a receiver started here that prints each one verified;
                                    --receiver-port <port> is the port it listens on (default 4000; 0: any free one)
  sandbox-token [--bank]            a single-use sandbox card token (--bank: a bank account token), printed alone

Finds the service at PAYMENT_CONNECT_URL, else where \`npm run dev\` serves (it writes .wrangler/state/dev-url),
else http://localhost:8787. ADMIN_SECRET: the environment's, else the one in .dev.vars.`;

const TEST_CARD = { type: "PAYMENT_CARD", number: "4895142232120006", expiration_month: 12, expiration_year: 2030, security_code: "123" };
const TEST_BANK_ACCOUNT = { type: "BANK_ACCOUNT", account_number: "555666777", bank_code: "122105278", account_type: "PERSONAL_CHECKING" };
const BUYER = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

const admin = (method, route, body) => callService(method, route, { auth: "admin", body });

const commands = {
  "tenant create": { args: ["name"], run: ({ name, region }) => admin("POST", "/admin/tenants", { name, region }) },
  "tenant list": {
    args: [],
    run: async () => {
      const data = [];
      let cursor = null;
      do {
        const page = await admin("GET", `/admin/tenants?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
        data.push(...page.data);
        cursor = page.nextCursor;
      } while (cursor);
      return { data };
    },
  },
  "shard list": { args: [], run: () => admin("GET", "/admin/shards") },
  "tenant move": {
    args: ["tenantId"],
    // --all-unplaced names no tenant: it finds them.
    argsWith: (options) => (options["all-unplaced"] ? [] : ["tenantId"]),
    run: async ({ tenantId, to, cancel, "cross-region": allowCrossRegion = false, "all-unplaced": allUnplaced }) => {
      if (cancel) {
        if (to || allUnplaced) throw new CliFailure("tenant move --cancel takes a tenant id alone (no --to, no --all-unplaced).", 2);
        return cancelMove(tenantId);
      }
      if (!to) throw new CliFailure("tenant move needs --to <shard> (npm run admin -- shard list names them).", 2);
      if (!allUnplaced) return moveTenant(tenantId, to, allowCrossRegion);
      const unplaced = (await commands["tenant list"].run()).data.filter((tenant) => tenant.region === null);
      const moved = [];
      for (const tenant of unplaced) moved.push(await moveTenant(tenant.id, to, allowCrossRegion));
      return { data: moved };
    },
  },
  "tenant moves": {
    args: [],
    run: async () => ({
      data: await allPages((cursor) => admin("GET", `/admin/moves?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`)),
    }),
    note: ({ data }) => {
      const unfinished = data.filter((move) => move.finishedAtUtc === null);
      const lines = unfinished.map(
        (move) =>
          `  ${move.tenantId} ${move.from} → ${move.to}: ${move.step}, ${minutes(move.ageSeconds)} old, last progress ${minutes(move.idleSeconds)} ago` +
          `${move.failures > 0 ? `, failed ${move.failures}× (next try ${move.nextAttemptAtUtc}) — ${move.lastError}` : ""}${move.stuck ? "  STUCK" : ""}`,
      );
      return `\n${unfinished.length} unfinished, ${unfinished.filter((move) => move.stuck).length} stuck.${lines.length ? `\n${lines.join("\n")}` : ""}`;
    },
  },
  "key issue": {
    args: ["tenantId"],
    run: ({ tenantId, name, permissions }) =>
      admin("POST", `/admin/tenants/${tenantId}/keys`, {
        name,
        // `resource:level` pairs as typed; the service refuses an unknown resource or level, naming it.
        permissions: permissions && Object.fromEntries(permissions.split(",").map((pair) => pair.trim().split(":"))),
      }),
    note: () => "\nStore the key now: it is shown only this once.",
  },
  "key list": { args: ["tenantId"], run: ({ tenantId }) => admin("GET", `/admin/tenants/${tenantId}/keys`) },
  "key revoke": {
    args: ["tenantId", "keyId"],
    run: ({ tenantId, keyId }) => admin("POST", `/admin/tenants/${tenantId}/keys/${keyId}/revoke`),
  },
  "dashboard invite": {
    args: ["tenantId", "email"],
    run: ({ tenantId, email }) => admin("POST", `/admin/tenants/${tenantId}/dashboard/invites`, { email }),
    note: (invite) => `\nOpen this link to set the owner's password (once, until ${invite.expiresAtUtc}):\n\n  ${invite.inviteUrl}\n`,
  },
  "dashboard reset": {
    args: ["tenantId", "email"],
    run: ({ tenantId, email }) => admin("POST", `/admin/tenants/${tenantId}/dashboard/password-resets`, { email }),
    note: (reset) =>
      `\nHand this link to ${reset.email} (${reset.role}); it sets a new password once, until ${reset.expiresAtUtc}:\n\n  ${reset.resetUrl}\n`,
  },
  "processor-webhooks list": {
    args: [],
    run: async ({ outcome = "unprocessable" }) => ({
      data: await allPages((cursor) =>
        admin(
          "GET",
          `/admin/processor-webhooks?outcome=${encodeURIComponent(outcome)}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        ),
      ),
    }),
  },
  "processor-webhooks reapply": {
    args: [],
    run: async () => ({ data: await allPages((cursor) => admin("POST", "/admin/processor-webhooks/reapply", { limit: 50, cursor })) }),
    note: ({ data }) =>
      `\n${data.length} reapplied, ${data.filter((receipt) => receipt.outcome === "unprocessable").length} still unprocessable.`,
  },
  "sandbox-tenant": { args: ["name"], run: sandboxTenant, printsItself: true },
  "sandbox-token": {
    args: [],
    run: async ({ bank }) => console.log(await sandboxToken(bank ? TEST_BANK_ACCOUNT : TEST_CARD)),
    printsItself: true,
  },
};

/** Every item of a paginated operator route, `page(cursor)` called until its last page. */
async function allPages(page) {
  const data = [];
  let cursor;
  do {
    const answer = await page(cursor);
    data.push(...answer.data);
    cursor = answer.nextCursor;
  } while (cursor);
  return data;
}

/** Steps failed in a row after which the CLI stops driving a move and says so, rather than retrying it for ever. */
const MAX_FAILURES = 3;

const minutes = (seconds) => (seconds < 120 ? `${seconds} s` : `${Math.floor(seconds / 60)} min`);

/**
 * Drives a move to its end: each call works on it for up to ten seconds and answers 202 until it is done. Progress goes
 * to stderr; a failed step is shown and tried again at once, up to MAX_FAILURES in a row, then the CLI stops with the
 * error (the cron goes on retrying it with a backoff).
 */
async function moveTenant(tenantId, to, allowCrossRegion) {
  return driveToEnd(() => admin("POST", `/admin/tenants/${tenantId}/move`, { to, allowCrossRegion }), "done", "move");
}

/** Rolls a move back to its end: the cancel route called until the move is `cancelled`. */
async function cancelMove(tenantId) {
  return driveToEnd(() => admin("POST", `/admin/tenants/${tenantId}/move/cancel`), "cancelled", "cancel");
}

async function driveToEnd(call, end, what) {
  for (;;) {
    const move = await call();
    const copied = move.tables.reduce((sum, table) => sum + table.copied + table.caughtUpWritten + table.deltaWritten, 0);
    console.error(
      `${move.tenantId} ${move.from} → ${move.to}: ${move.step}${move.paused ? " (paused)" : ""}, ${copied} rows copied${move.lastError ? ` — ${move.lastError}` : ""}`,
    );
    if (move.step === end) return move;
    if (move.failures >= MAX_FAILURES) {
      const cancel =
        what === "move" && move.flippedAtUtc === null ? `, or roll it back: npm run admin -- tenant move ${move.tenantId} --cancel` : "";
      throw new CliFailure(
        `The ${what} of ${move.tenantId} failed ${move.failures} times in a row: ${move.lastError}\nFix the cause and run this again (the cron retries it meanwhile, backing off)${cancel}.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The built-in sandbox's controls and tokenization exist only where the service runs on it (`npm run dev`). */
async function sandboxCall(method, route, options) {
  try {
    return await callService(method, route, options);
  } catch (error) {
    if (!(error instanceof CliFailure && error.message.startsWith("404 "))) throw error;
    throw new CliFailure(`${serviceUrl()} has no built-in sandbox (${route} answers 404): this command works against \`npm run dev\`.`);
  }
}

async function sandboxToken(instrument) {
  const meta = await callService("GET", "/v1/meta");
  const route = `/sandbox/processor/applications/${meta.processorApplicationId}/tokens`;
  const token = await sandboxCall("POST", route, { body: { ...instrument, name: `${BUYER.firstName} ${BUYER.lastName}` } });
  return token.id;
}

/** The operator steps a test makes to get a chargeable tenant (test/support/sandbox-flows.mjs), then what to run next. */
async function sandboxTenant({ name, receiver, "receiver-port": receiverPort }) {
  const { delaysSeconds } = (await sandboxCall("GET", "/sandbox/control/config", { auth: "admin" })).result;
  const meta = await callService("GET", "/v1/meta");
  const tenant = await admin("POST", "/admin/tenants", { name });
  const { key } = await admin("POST", `/admin/tenants/${tenant.id}/keys`);
  const merchant = (await sandboxCall("POST", "/sandbox/control/create-merchant", { auth: "admin", body: { name, state: "APPROVED" } }))
    .result;
  await admin("POST", `/admin/tenants/${tenant.id}/processor-merchant`, { processorMerchantId: merchant.id });
  const readiness = await callService("GET", "/v1/onboarding/status?refresh=true", { headers: { "X-Api-Key": key } });
  // Loaded for --receiver alone: it brings the receiver's TypeScript verifier, which no other command needs.
  const callbacks = receiver
    ? await (
        await import("./callback-receiver.mjs")
      ).receiveTenantCallbacks({ tenantId: tenant.id, port: Number(receiverPort ?? 4000), portOption: "--receiver-port" })
    : undefined;

  console.log(`Tenant    ${tenant.id} (${name})
API key   ${key}   (shown once)
Merchant  ${merchant.id}, approved in the sandbox — charges ${readiness.chargesEnabled ? "enabled" : "not enabled yet (GET /v1/onboarding/status says why)"}
PCI       ${readiness.pci.status}${readiness.pci.actionUrl ? ` — attest SAQ-A at ${readiness.pci.actionUrl} (charges do not wait for it)` : ""}
Callbacks ${callbacks ? `${callbacks.url} (the receiver below)` : "none — add --receiver to receive them here"}

Charge a card (the answer is final: 201 "succeeded"):

${chargeCommand({ key, currency: meta.currency, kind: "card" })}

Charge a bank account (ACH: 201 "processing"; the sandbox settles it after ${delaysSeconds.achSettlement} s and a transfer.updated callback follows):

${chargeCommand({ key, currency: meta.currency, kind: "bank" })}
`);
  if (callbacks) console.log(`Waiting for callbacks on ${callbacks.url}; each is printed with its signature checked. Ctrl-C stops.\n`);
}

/** A charge a person can paste as it is: the token sub-command makes a fresh single-use token each time it runs. */
function chargeCommand({ key, currency, kind }) {
  const target = process.env.PAYMENT_CONNECT_URL ? `PAYMENT_CONNECT_URL=${serviceUrl()} ` : "";
  const tokenCommand = `${target}npm run -s admin -- sandbox-token${kind === "bank" ? " --bank" : ""}`;
  const amountCents = kind === "bank" ? 12345 : 2500;
  const body = JSON.stringify({ amountCents, currency, orderRef: `quickstart-${kind}`, processorToken: "TOKEN", buyer: BUYER });
  const [before, after] = body.split("TOKEN");
  return [
    `curl -X POST ${serviceUrl()}/v1/payments -H "X-Api-Key: ${key}" \\`,
    `  -H "Content-Type: application/json" -H "Idempotency-Key: ${kind}-$(date +%s)" \\`,
    `  -d '${before}'"$(${tokenCommand})"'${after}'`,
  ].join("\n");
}

await runCli(async () => {
  if (process.argv.slice(2).some((arg) => arg === "--help" || arg === "-h")) {
    console.log(USAGE);
    return;
  }
  const [noun, verb, ...rest] = process.argv.slice(2);
  const name = commands[noun] ? noun : `${noun} ${verb}`;
  const command = commands[name];
  const usage = (problem) => new CliFailure(`${problem ? `${problem}\n\n` : ""}${USAGE}`, 2);
  if (!command) throw usage(noun ? `Unknown command: ${[noun, verb].filter(Boolean).join(" ")}` : undefined);
  let parsed;
  try {
    parsed = parseArgs({
      args: commands[noun] ? [verb, ...rest].filter((arg) => arg !== undefined) : rest,
      allowPositionals: true,
      options: {
        receiver: { type: "boolean" },
        "receiver-port": { type: "string" },
        bank: { type: "boolean" },
        region: { type: "string" },
        name: { type: "string" },
        permissions: { type: "string" },
        to: { type: "string" },
        "cross-region": { type: "boolean" },
        "all-unplaced": { type: "boolean" },
        cancel: { type: "boolean" },
        outcome: { type: "string" },
      },
    });
  } catch (error) {
    throw usage(error.message);
  }
  // A name may be typed without quotes: its words are one argument.
  const args = command.argsWith?.(parsed.values) ?? command.args;
  const positionals = args.join() === "name" ? [parsed.positionals.join(" ")].filter(Boolean) : parsed.positionals;
  if (positionals.length !== args.length) throw usage(`${name} takes ${args.map((arg) => `<${arg}>`).join(" ") || "no arguments"}.`);
  const input = { ...parsed.values, ...Object.fromEntries(args.map((arg, index) => [arg, positionals[index]])) };
  const result = await command.run(input);
  if (command.printsItself) return;
  console.log(JSON.stringify(result, null, 2));
  if (command.note) console.error(command.note(result));
});
