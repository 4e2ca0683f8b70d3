// The TypeScript client as a project gets it: `npm pack` (its prepack builds dist/), installed without the network into
// a project made by `npm init -y` and `tsc --init`, compiled with those defaults and run against `wrangler dev`; and
// `npm run listen` forwarding the tenant's events to a local receiver, signed so the package's verifier accepts them.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { verifyCallback } from "../../clients/typescript/src/index.ts";
import { cardToken, chargeableTenant, control, devSecrets, sharedDevServer, startCallbackReceiver, waitFor } from "../support/index.mjs";
import { CLIENT_DIR as clientDir, installedFolders, packInto, run } from "../support/offline-packages.mjs";

const root = path.join(import.meta.dirname, "../..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

let server;
let work;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "payment-connect-client-"));
  server = await sharedDevServer();
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const BUYER = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

/** A card charge: the payment's answer. */
async function charge(key, orderRef) {
  const charged = await fetch(`${server.baseUrl}/v1/payments`, {
    method: "POST",
    headers: { "X-Api-Key": key, "Content-Type": "application/json", "Idempotency-Key": orderRef },
    body: JSON.stringify({ amountCents: 1500, currency: "USD", orderRef, processorToken: await cardToken(server.baseUrl), buyer: BUYER }),
  });
  expect(charged.status).toBe(201);
  return charged.json();
}

/** A card charge and its full refund: the refund records a `transfer.updated` event. */
async function chargeAndRefund(key, orderRef) {
  const { lcPaymentId } = await charge(key, orderRef);
  const refunded = await fetch(`${server.baseUrl}/v1/payments/${lcPaymentId}/refund`, {
    method: "POST",
    headers: { "X-Api-Key": key, "Content-Type": "application/json", "Idempotency-Key": `refund-${orderRef}` },
    body: JSON.stringify({ reason: "requested_by_customer" }),
  });
  expect(refunded.status).toBe(200);
  return lcPaymentId;
}

/** The tenant's event of this type about this payment, from the events API. */
async function eventOf(key, lcPaymentId, type = "transfer.updated") {
  const page = await (await fetch(`${server.baseUrl}/v1/events?type=${type}`, { headers: { "X-Api-Key": key } })).json();
  return page.data.find((event) => event.body.lcPaymentId === lcPaymentId);
}

/** `npm run listen` (scripts/listen.mjs) against the test's server with the tenant's key in the environment. */
function startListen(key, args) {
  const child = spawn(process.execPath, [path.join(root, "scripts", "listen.mjs"), ...args], {
    cwd: root,
    env: { ...process.env, PAYMENT_CONNECT_URL: server.baseUrl, PAYMENT_CONNECT_API_KEY: key },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    output: () => output,
    /** Ctrl-C: its exit code. */
    interrupt: () => {
      child.kill("SIGINT");
      return exited;
    },
    kill: () => child.kill("SIGKILL"),
  };
}

describe("the client package", () => {
  it("packs into a tarball that a default `npm init -y` + `tsc --init` project installs offline, compiles and charges with", async () => {
    const { ADMIN_SECRET } = devSecrets();
    const { key } = await chargeableTenant(server.baseUrl, { Authorization: `Bearer ${ADMIN_SECRET}` }, "Installed Client Roasters");
    // Before the synchronous pack, install and compile: they block this process's event loop for seconds, and a pooled
    // connection the dev server closes meanwhile would be reused afterwards ("other side closed").
    const token = await cardToken(server.baseUrl);

    const manifest = JSON.parse(readFileSync(path.join(clientDir, "package.json"), "utf8"));
    const [client] = packInto(work, ["."]);
    const dependencies = packInto(work, installedFolders(Object.keys(manifest.dependencies ?? {})));
    const listing = run("tar", ["-tzf", client]).split("\n");
    expect(listing).toEqual(
      expect.arrayContaining(["package/dist/index.js", "package/dist/index.d.ts", "package/dist/schema.d.ts", "package/dist/bin.js"]),
    );
    expect(listing.filter((file) => file.startsWith("package/src/"))).toEqual([]);

    const app = path.join(work, "app");
    mkdirSync(app);
    run("npm", ["init", "-y"], { cwd: app });
    run(bin("tsc"), ["--init"], { cwd: app });
    run("npm", ["install", "--offline", "--no-audit", "--no-fund", client, ...dependencies], { cwd: app });

    // A default project is CommonJS with verbatimModuleSyntax, so a .ts file takes the package with `import … = require`;
    // an .mts file imports it as an ES module. Neither has Node's types ("types": []), so each declares what it reads.
    writeFileSync(
      path.join(app, "charge.ts"),
      `import paymentConnect = require("@payment-connect/client");
declare const process: { env: Record<string, string | undefined>; exitCode: number };

type PaymentStatus = paymentConnect.components["schemas"]["PaymentResponse"]["status"];
// @ts-expect-error — not a payment status: the package's types arrived, not \`any\`.
const notAStatus: PaymentStatus = "no-such-status";

async function charge(): Promise<void> {
  const client = paymentConnect.createPaymentConnectClient({ baseUrl: process.env.BASE_URL ?? "", apiKey: process.env.API_KEY ?? "" });
  const { data, error, response } = await client.POST("/v1/payments", {
    params: { header: { "Idempotency-Key": "installed-order-1" } },
    body: {
      amountCents: 2500,
      currency: "USD",
      orderRef: "installed-order-1",
      processorToken: process.env.TOKEN ?? "",
      buyer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    },
  });
  if (error) throw new Error(\`\${response.status} \${error.type}: \${error.detail}\`);
  const status: PaymentStatus = data.status;
  console.log(JSON.stringify({ lcPaymentId: data.lcPaymentId, status }));
}

charge().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
`,
    );
    writeFileSync(
      path.join(app, "list.mts"),
      `import { createPaymentConnectClient, verifyCallback, type ListenOptions } from "@payment-connect/client";
declare const process: { env: Record<string, string | undefined> };

const client = createPaymentConnectClient({ baseUrl: process.env.BASE_URL ?? "", apiKey: process.env.API_KEY ?? "" });
const ids: string[] = [];
for await (const payment of client.paginate("/v1/payments", { query: { limit: 1, status: "succeeded" } })) ids.push(payment.lcPaymentId);
// @ts-expect-error — one payment is no list: paginate takes list routes only.
const notAList = () => client.paginate("/v1/payments/{id}");
const verified = await verifyCallback({ rawBody: "{}", signatureHeader: "t=1,v1=00", secret: "whsec_x" });
const forwardTo: ListenOptions["forwardTo"] = "http://localhost:3000/hooks";
console.log(JSON.stringify({ ids, verified, forwardTo }));
`,
    );
    run(bin("tsc"), ["-p", "."], { cwd: app });
    run(path.join(root, "node_modules", "typescript5", "bin", "tsc"), ["-p", ".", "--noEmit"], { cwd: app });

    const env = { ...process.env, BASE_URL: server.baseUrl, API_KEY: key, TOKEN: token };
    const charged = JSON.parse(run(process.execPath, ["charge.js"], { cwd: app, env }));
    expect(charged).toMatchObject({ lcPaymentId: expect.stringMatching(/^lcpay_/), status: "succeeded" });
    const listed = JSON.parse(run(process.execPath, ["list.mjs"], { cwd: app, env }));
    expect(listed).toEqual({
      ids: [charged.lcPaymentId],
      verified: { ok: false, reason: "malformed-header" },
      forwardTo: "http://localhost:3000/hooks",
    });

    // The package's command, as `npx payment-connect` finds it.
    const help = run(path.join(app, "node_modules", ".bin", "payment-connect"), ["listen", "--help"], { cwd: app });
    expect(help).toContain("Usage: payment-connect listen --forward-to <url>");
  });

  it("npm run listen forwards each new event once, signed with the secret it printed, retrying a 500; --since oldest first", async () => {
    const { ADMIN_SECRET } = devSecrets();
    const { key } = await chargeableTenant(server.baseUrl, { Authorization: `Bearer ${ADMIN_SECRET}` }, "Listening Roasters");

    // The receiver refuses each event's first delivery with a 500, and takes the next.
    const receiver = await startCallbackReceiver({
      answer: (delivery, earlier) =>
        earlier.some((before) => before.headers["lc-event-id"] === delivery.headers["lc-event-id"]) ? 200 : 500,
    });
    /** @type {any[]} */
    const received = receiver.received;
    const forwardTo = receiver.url("/hooks");

    // An event from before listen started is not forwarded.
    const before = await chargeAndRefund(key, "listen-before");
    const eventBefore = await waitFor(() => eventOf(key, before), { timeoutMs: 60_000, what: "the first event" });

    const listener = startListen(key, ["--forward-to", forwardTo, "--events", "transfer.updated"]);
    try {
      const secret = await waitFor(() => /Signing secret: (whsec_[\w-]+)/.exec(listener.output())?.[1], {
        timeoutMs: 60_000,
        what: "listen to start",
      });

      const deliveriesOf = (eventId) => received.filter((delivery) => delivery.headers["lc-event-id"] === eventId);
      const firstPayment = await chargeAndRefund(key, "listen-first");
      const first = await waitFor(() => eventOf(key, firstPayment), { timeoutMs: 60_000, what: "the event of the first refund" });
      await waitFor(() => deliveriesOf(first.id).length === 2, {
        timeoutMs: 60_000,
        what: () => `two deliveries of ${first.id}:\n${listener.output()}`,
      });
      // An event of a type the listener leaves out (--events transfer.updated): a buyer's dispute.
      const disputed = await charge(key, "listen-disputed");
      await control(server.baseUrl, "open-dispute", { id: disputed.processorTransferId }, { "X-Api-Key": key });
      await waitFor(() => eventOf(key, disputed.lcPaymentId, "dispute.created"), { timeoutMs: 60_000, what: "the dispute's event" });
      // A later event: by the time it arrives, the poll that found it listed the first one again.
      const secondPayment = await chargeAndRefund(key, "listen-second");
      const second = await waitFor(() => eventOf(key, secondPayment), { timeoutMs: 60_000, what: "the event of the second refund" });
      await waitFor(() => deliveriesOf(second.id).length === 2, {
        timeoutMs: 60_000,
        what: () => `two deliveries of ${second.id}:\n${listener.output()}`,
      });
      await waitFor(() => listener.output().includes(`${second.id}  → 200`), {
        timeoutMs: 60_000,
        what: () => `the second event's line:\n${listener.output()}`,
      });

      for (const event of [first, second]) {
        const [refused, accepted] = deliveriesOf(event.id);
        expect(accepted.body).toBe(refused.body);
        // Byte for byte the body the events API (and so a real callback) carries, with a real callback's headers.
        const byId = await (await fetch(`${server.baseUrl}/v1/events/${event.id}`, { headers: { "X-Api-Key": key } })).json();
        expect(accepted.body).toBe(JSON.stringify(byId.body));
        expect(accepted.url).toBe("/hooks");
        expect(accepted.headers).toMatchObject({
          "content-type": "application/json",
          "lc-event-type": "transfer.updated",
          "lc-event-id": event.id,
          "lc-signature": expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/),
        });
        const signatureHeader = accepted.headers["lc-signature"];
        expect(await verifyCallback({ rawBody: accepted.body, signatureHeader, secret })).toMatchObject({ ok: true });
        expect(await verifyCallback({ rawBody: accepted.body, signatureHeader, secret: "whsec_another" })).toEqual({
          ok: false,
          reason: "signature-mismatch",
        });
        expect(listener.output()).toMatch(new RegExp(`\\d\\d:\\d\\d:\\d\\d  transfer\\.updated +${event.id}  → 500, again in 1 s\\n`));
        expect(listener.output()).toMatch(new RegExp(`\\d\\d:\\d\\d:\\d\\d  transfer\\.updated +${event.id}  → 200\\n`));
      }
      expect(deliveriesOf(eventBefore.id)).toEqual([]);
      expect(received.map((delivery) => delivery.headers["lc-event-id"])).toEqual([first.id, first.id, second.id, second.id]);

      expect(await listener.interrupt()).toBe(0);
      expect(listener.output()).toContain("Stopped.");

      // --since from the first event on: all three found by one poll and forwarded oldest first (the dispute's left out),
      // with the same secret.
      const sinceReceived = received.length;
      const again = startListen(key, [
        "--forward-to",
        `${forwardTo}/again`,
        "--events",
        "transfer.updated",
        "--since",
        eventBefore.createdAtUtc,
      ]);
      try {
        await waitFor(() => received.length - sinceReceived === 4, {
          timeoutMs: 60_000,
          what: () => `four more deliveries:\n${again.output()}`,
        });
        const replayed = received.slice(sinceReceived);
        // The first event is new to the receiver (500, then 200); the other two it takes at once.
        expect(replayed.map((delivery) => delivery.headers["lc-event-id"])).toEqual([eventBefore.id, eventBefore.id, first.id, second.id]);
        expect(replayed.every((delivery) => delivery.url === "/hooks/again")).toBe(true);
        expect(again.output()).toContain(`Signing secret: ${secret} `);
        expect(await again.interrupt()).toBe(0);
      } finally {
        again.kill();
      }
      expect(listener.output() + again.output()).not.toContain(key);
    } finally {
      listener.kill();
      await receiver.close();
    }
  });
});
