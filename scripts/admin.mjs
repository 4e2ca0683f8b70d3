#!/usr/bin/env node
// `npm run admin -- <command>`: the operator API for a person at a terminal.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const USAGE = `Usage: npm run admin -- <command>

  tenant create <name>              create a tenant
  tenant list                       list every tenant, newest first (follows the list's cursor)
  key issue <tenantId>              issue an API key (shown once)
  key list <tenantId>               list a tenant's keys (never their secrets)
  key revoke <tenantId> <keyId>     revoke a key
  dashboard invite <tenantId> <email>
                                    invite the tenant's dashboard owner: prints a one-time link (72 hours)

Environment: PAYMENT_CONNECT_URL (default http://localhost:8787),
ADMIN_SECRET (default: read from .dev.vars for local development).`;

function adminSecret() {
  if (process.env.ADMIN_SECRET) return process.env.ADMIN_SECRET;
  const devVars = path.join(import.meta.dirname, "..", ".dev.vars");
  if (existsSync(devVars)) {
    const line = readFileSync(devVars, "utf8")
      .split("\n")
      .find((l) => l.startsWith("ADMIN_SECRET="));
    if (line) return line.slice("ADMIN_SECRET=".length).trim();
  }
  throw new Error("Set ADMIN_SECRET (or run `npm run dev` once to create .dev.vars).");
}

async function request(method, route, body) {
  const base = (process.env.PAYMENT_CONNECT_URL ?? "http://localhost:8787").replace(/\/$/, "");
  const response = await fetch(base + route, {
    method,
    headers: { Authorization: `Bearer ${adminSecret()}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const payload = await response.json();
  if (!response.ok) {
    console.error(`${response.status} ${payload.title}: ${payload.detail}`);
    process.exit(1);
  }
  return payload;
}

const [noun, verb, ...args] = process.argv.slice(2);
const commands = {
  "tenant create": () => request("POST", "/admin/tenants", { name: args.join(" ") }),
  "tenant list": async () => {
    const data = [];
    let cursor = null;
    do {
      const page = await request("GET", `/admin/tenants?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      data.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    return { data };
  },
  "key issue": () => request("POST", `/admin/tenants/${args[0]}/keys`),
  "key list": () => request("GET", `/admin/tenants/${args[0]}/keys`),
  "key revoke": () => request("POST", `/admin/tenants/${args[0]}/keys/${args[1]}/revoke`),
  "dashboard invite": () => request("POST", `/admin/tenants/${args[0]}/dashboard/invites`, { email: args[1] }),
};
const command = commands[`${noun} ${verb}`];
if (!command) {
  console.error(USAGE);
  process.exit(2);
}
const result = await command();
console.log(JSON.stringify(result, null, 2));
if (noun === "key" && verb === "issue") console.error("\nStore the key now: it is shown only this once.");
if (noun === "dashboard" && verb === "invite") {
  console.error(`\nOpen this link to set the owner's password (once, until ${result.expiresAtUtc}):\n\n  ${result.inviteUrl}\n`);
}
