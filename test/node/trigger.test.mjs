// `npm run trigger -- <type>` (scripts/trigger.mjs) run as a user runs it, against wrangler dev with the sandbox: for every
// type of the catalogue the service records that event for the key's tenant, and only for it.
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { EVENT_TYPES } from "../../src/outbox/event-types.ts";
import { chargeableTenant, devSecrets, sharedDevServer } from "../support/index.mjs";

const root = path.join(import.meta.dirname, "../..");

let server;
let tenant;
let bystander;

beforeAll(async () => {
  server = await sharedDevServer();
  const admin = { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}` };
  tenant = await chargeableTenant(server.baseUrl, admin, "Trigger Co");
  bystander = await chargeableTenant(server.baseUrl, admin, "Bystander Co");
});

/** The script as `npm run trigger -- …` runs it; its exit code and what it printed. */
function trigger(args, env = {}) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["scripts/trigger.mjs", ...args],
      { cwd: root, env: { ...process.env, PAYMENT_CONNECT_URL: server.baseUrl, PAYMENT_CONNECT_API_KEY: "", ...env } },
      (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

async function tenantGet(key, route) {
  const response = await fetch(server.baseUrl + route, { headers: { "X-Api-Key": key } });
  return { status: response.status, body: await response.json() };
}

describe("npm run trigger", () => {
  for (const type of EVENT_TYPES) {
    it(`${type}: the sandbox does what causes it, and GET /v1/events lists it for the key's tenant alone`, async () => {
      const run = await trigger([type, "--api-key", tenant.key]);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain(`Triggering ${type} at ${server.baseUrl}`);
      expect(run.stdout + run.stderr).not.toContain(tenant.key);

      const printed = [...run.stdout.matchAll(/^Event (\S+) (event_\w+) /gm)];
      expect(printed.length).toBeGreaterThan(0);
      const theirs = await tenantGet(bystander.key, `/v1/events?type=${type}&limit=200`);
      for (const [, printedType, id] of printed) {
        expect(printedType).toBe(type);
        const event = await tenantGet(tenant.key, `/v1/events/${id}`);
        expect(event).toMatchObject({ status: 200, body: { id, type, body: { id, type } } });
        expect((await tenantGet(bystander.key, `/v1/events/${id}`)).status).toBe(404);
        expect(theirs.body.data.map((listed) => listed.id)).not.toContain(id);
      }
    });
  }

  it("lists the catalogue for an unknown type (exit 2) and in --help (exit 0)", async () => {
    const unknown = await trigger(["dispute.opened", "--api-key", tenant.key]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown event type "dispute.opened"');
    const help = await trigger(["--help"]);
    expect(help.code).toBe(0);
    for (const type of EVENT_TYPES) {
      expect(unknown.stderr).toContain(`  ${type}\n`);
      expect(help.stdout).toContain(`  ${type}\n`);
    }
  });

  it("tells a tenant with no merchant how to get one, and changes nothing (exit 1)", async () => {
    const admin = { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}`, "Content-Type": "application/json" };
    const created = await fetch(`${server.baseUrl}/admin/tenants`, {
      method: "POST",
      headers: admin,
      body: JSON.stringify({ name: "Bare Co" }),
    });
    const { id } = await created.json();
    const { key } = await (await fetch(`${server.baseUrl}/admin/tenants/${id}/keys`, { method: "POST", headers: admin })).json();

    const run = await trigger(["dispute.created"], { PAYMENT_CONNECT_API_KEY: key });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("no processor merchant yet");
    expect(run.stderr).toContain("POST /v1/onboarding");
    expect(run.stderr).toContain("npm run admin -- sandbox-tenant");
    expect((await tenantGet(key, "/v1/payments")).body.data).toEqual([]);
  });

  it("refuses a deployment without the sandbox, whose /sandbox answers 404 (exit 1)", async () => {
    const live = createServer((_request, response) => {
      response.writeHead(404, { "Content-Type": "application/problem+json" }).end(JSON.stringify({ title: "Not Found", status: 404 }));
    });
    await new Promise((resolve) => live.listen(0, "127.0.0.1", () => resolve(undefined)));
    try {
      const { port } = /** @type {import("node:net").AddressInfo} */ (live.address());
      const run = await trigger(["ping", "--api-key", tenant.key, "--url", `http://127.0.0.1:${port}`]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`http://127.0.0.1:${port} has no sandbox`);
    } finally {
      live.close();
    }
  });
});
