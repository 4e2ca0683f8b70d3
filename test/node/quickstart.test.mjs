// The README's Quickstart, run as written: `npm run admin -- sandbox-tenant … --receiver` against a running service,
// then the charge commands it prints, pasted into a shell as they are, until the receiver prints a verified callback.
import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { control, devSecrets, sharedDevServer, waitFor } from "../support/index.mjs";

const root = path.join(import.meta.dirname, "../..");
const run = promisify(execFile);

let server;
let sandboxTenant;
let printed = "";

beforeAll(async () => {
  server = await sharedDevServer();
  const env = { ...process.env, PAYMENT_CONNECT_URL: server.baseUrl, ADMIN_SECRET: devSecrets().ADMIN_SECRET };
  sandboxTenant = spawn(process.execPath, ["scripts/admin.mjs", "sandbox-tenant", "Blue Bottle", "--receiver", "--receiver-port", "0"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  sandboxTenant.stdout.on("data", (chunk) => (printed += chunk));
  sandboxTenant.stderr.on("data", (chunk) => (printed += chunk));
  await waitFor(() => printed.includes("Waiting for callbacks"), { what: () => printed });
});
afterAll(() => {
  sandboxTenant?.kill();
});

/** The command printed under `heading`: from its `curl` to the line that does not continue. */
function printedCommand(heading) {
  const lines = printed.slice(printed.indexOf(heading)).split("\n");
  const start = lines.findIndex((line) => line.startsWith("curl "));
  const end = lines.findIndex((line, index) => index >= start && !line.endsWith("\\"));
  return lines.slice(start, end + 1).join("\n");
}

async function paste(command) {
  const { stdout } = await run("bash", ["-c", command], { cwd: root, env: { ...process.env, PAYMENT_CONNECT_URL: server.baseUrl } });
  return JSON.parse(stdout);
}

describe("the Quickstart", () => {
  it("prints the tenant, a key and a callback URL on the receiver it started", () => {
    expect(printed).toMatch(/^Tenant {4}ten_\w+ \(Blue Bottle\)$/m);
    expect(printed).toMatch(/^API key {3}lc_live_[\w-]{43} /m);
    expect(printed).toMatch(/^Callbacks http:\/\/127\.0\.0\.1:\d+\/callbacks /m);
  });

  it("charges a card with the printed command, as printed: 201 succeeded", async () => {
    const payment = await paste(printedCommand("Charge a card"));
    expect(payment).toMatchObject({ status: "succeeded", amountCents: 2500, processorState: "SUCCEEDED" });
  });

  it("charges a bank account with the printed command, and the receiver prints the verified transfer.updated", async () => {
    await control(
      server.baseUrl,
      "config",
      { delaysSeconds: { achSettlement: 1 } },
      { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}` },
    );
    const payment = await paste(printedCommand("Charge a bank account"));
    expect(payment).toMatchObject({ status: "processing", amountCents: 12345 });

    await waitFor(() => printed.includes("✔ transfer.updated"), { timeoutMs: 60_000, what: () => printed });
    const callback = printed.slice(printed.indexOf("✔ transfer.updated"));
    expect(callback).toMatch(/^✔ transfer\.updated event_\w+ — signature verified\n {2}\{/);
    const body = JSON.parse(callback.split("\n")[1] ?? "");
    expect(body).toMatchObject({ type: "transfer.updated", lcPaymentId: payment.lcPaymentId, status: "succeeded" });
    expect(printed).not.toContain("✘");
  });
});
