// Plain `wrangler dev --port N`, without `npm run dev` and with no BASE_URL anywhere: the links the service generates
// follow the port, because without BASE_URL they come from the origin each request came to.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_ENV_FILE, devSecrets, freePort } from "../support/dev-server.mjs";

const root = path.join(import.meta.dirname, "../..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");

let dev;
let baseUrl;
let persistTo;
let output = "";

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  persistTo = mkdtempSync(path.join(tmpdir(), "payment-connect-wrangler-dev-"));
  const migrate = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
  });
  if (migrate.status !== 0) throw new Error(`migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);
  const args = ["dev", "--port", String(port), "--persist-to", persistTo, "--env-file", DEV_ENV_FILE];
  args.push("--inspector-port", String(await freePort()), "--show-interactive-dev-session=false");
  dev = spawn(wrangler, args, {
    cwd: root,
    env: { ...process.env, CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  dev.stdout.on("data", (chunk) => (output += chunk));
  dev.stderr.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (dev.exitCode !== null || Date.now() > deadline) throw new Error(`wrangler dev did not come up:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});
afterAll(async () => {
  if (dev && dev.exitCode === null) {
    dev.kill("SIGTERM");
    await new Promise((resolve) => dev.once("exit", resolve));
  }
  if (persistTo) rmSync(persistTo, { recursive: true, force: true });
});

async function json(response) {
  expect(response.ok, await response.clone().text()).toBe(true);
  return response.json();
}

describe("wrangler dev --port N", () => {
  it("links an invitation to port N, and offers only this server in the OpenAPI document", async () => {
    const headers = { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}`, "Content-Type": "application/json" };
    const tenant = await json(
      await fetch(`${baseUrl}/admin/tenants`, { method: "POST", headers, body: JSON.stringify({ name: "Plain Port Co" }) }),
    );
    const invite = await json(
      await fetch(`${baseUrl}/admin/tenants/${tenant.id}/dashboard/invites`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: "owner@plain-port.example" }),
      }),
    );
    expect(invite.inviteUrl.startsWith(`${baseUrl}/dashboard/invite/`)).toBe(true);
    const document = await json(await fetch(`${baseUrl}/openapi.json`));
    expect(document.servers).toEqual([{ url: baseUrl, description: "This server" }]);
  });
});
