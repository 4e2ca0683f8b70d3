// docs/guides/callbacks.md's "Two endpoints on npm run dev", run as written against a running service: a sandbox tenant,
// two endpoints with different enabledEvents, one `npm run receiver -- --secret …` each, a bank charge and a disputed card
// charge; each receiver prints only its endpoint's type, verified with its own secret.
import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { control, devSecrets, freePort, sharedDevServer, waitFor } from "../support/index.mjs";

const root = path.join(import.meta.dirname, "../..");
const run = promisify(execFile);

let server;
let printed = "";
const receivers = [];

/** `npm run receiver -- --secret … --port …`, its output collected. */
function startReceiver(secret, port) {
  const child = spawn(process.execPath, ["scripts/receiver.mjs", "--secret", secret, "--port", String(port)], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const receiver = { output: "", process: child };
  child.stdout.on("data", (chunk) => (receiver.output += chunk));
  child.stderr.on("data", (chunk) => (receiver.output += chunk));
  receivers.push(receiver);
  return receiver;
}

beforeAll(async () => {
  server = await sharedDevServer();
  const env = { ...process.env, PAYMENT_CONNECT_URL: server.baseUrl, ADMIN_SECRET: devSecrets().ADMIN_SECRET };
  const { stdout, stderr } = await run(process.execPath, ["scripts/admin.mjs", "sandbox-tenant", "Two Desks"], { cwd: root, env });
  printed = stdout + stderr;
});
afterAll(() => {
  for (const receiver of receivers) receiver.process.kill();
});

describe("two callback endpoints, each with its own event types and secret", () => {
  it("delivers transfer.updated to one receiver and dispute.created to the other, each verified with its own secret", async () => {
    const key = /^API key {3}(lc_live_[\w-]+)/m.exec(printed)?.[1] ?? "";
    expect(key, printed).not.toBe("");
    const ports = [await freePort(), await freePort()];
    const create = async (port, description, enabledEvents) => {
      const response = await fetch(`${server.baseUrl}/v1/callback-endpoints`, {
        method: "POST",
        headers: { "X-Api-Key": key, "Content-Type": "application/json" },
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/callbacks`, description, enabledEvents }),
      });
      expect(response.status).toBe(201);
      return response.json();
    };
    const payments = await create(ports[0], "Payments desk", ["transfer.updated"]);
    const disputes = await create(ports[1], "Disputes desk", ["dispute.created"]);
    const [paymentsDesk, disputesDesk] = [startReceiver(payments.secret, ports[0]), startReceiver(disputes.secret, ports[1])];
    for (const receiver of [paymentsDesk, disputesDesk])
      await waitFor(() => receiver.output.includes("Listening on"), { timeoutMs: 10_000, what: () => receiver.output });

    await control(
      server.baseUrl,
      "config",
      { delaysSeconds: { achSettlement: 1, dispute: 1 } },
      { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}` },
    );
    const chargeCommand = (heading) => {
      const lines = printed.slice(printed.indexOf(heading)).split("\n");
      const start = lines.findIndex((line) => line.startsWith("curl "));
      const end = lines.findIndex((line, index) => index >= start && !line.endsWith("\\"));
      return lines.slice(start, end + 1).join("\n");
    };
    const paste = async (command) =>
      JSON.parse((await run("bash", ["-c", command], { cwd: root, env: { ...process.env, PAYMENT_CONNECT_URL: server.baseUrl } })).stdout);
    expect(await paste(chargeCommand("Charge a bank account"))).toMatchObject({ status: "processing" });
    const disputed = chargeCommand("Charge a card").replace('"amountCents":2500', '"amountCents":888888');
    expect(await paste(disputed)).toMatchObject({ status: "succeeded", amountCents: 888888 });

    await waitFor(() => paymentsDesk.output.includes("✔ transfer.updated") && disputesDesk.output.includes("✔ dispute.created"), {
      timeoutMs: 60_000,
      what: () => `${paymentsDesk.output}\n---\n${disputesDesk.output}`,
    });
    expect(paymentsDesk.output).not.toContain("dispute.created");
    expect(disputesDesk.output).not.toContain("transfer.updated");
    expect(paymentsDesk.output + disputesDesk.output).not.toContain("✘");
  });
});
