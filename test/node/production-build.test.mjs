// The production bundle as `npm run build` leaves it in dist/ — minified, with zod's unused parts swapped out — run in
// workerd with wrangler.toml's [env.production] bindings and vars, the live processor's URL included, and the sandbox
// processor Worker standing in for the processor: every request the service sends out reaches the stand-in, so nothing
// leaves the machine. Every other test runs the source; this one fails when building the bundle broke what it serves.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";

import { normalizeDocument, SNAPSHOT_SERVER_URL } from "../../scripts/openapi/document.mjs";
import { sandboxWorkerEnv } from "../../scripts/sandbox-worker-env.mjs";
import { devSecrets } from "../support/index.mjs";
import { bundleSandboxWorker } from "../support/sandbox-bundle.mjs";
import { sandboxWorker } from "../support/sandbox-worker.mjs";
import { isUpToDate } from "../support/up-to-date.mjs";

const root = path.join(import.meta.dirname, "../..");
const CONFIG = path.join(root, "wrangler.toml");
const BUNDLE = path.join(root, "dist", "index.js");
const SERVICE = "payment-connect-production";
const STAND_IN = "payment-connect-sandbox";

const secrets = devSecrets();
const production = unstable_readConfig({ config: CONFIG, env: "production" }).vars;
const ADMIN = { Authorization: `Bearer ${secrets.ADMIN_SECRET}` };
const PROCESSOR_AUTH = { Authorization: `Basic ${btoa(`${secrets.PROCESSOR_USERNAME}:${secrets.PROCESSOR_PASSWORD}`)}` };

/** What `npm run build` makes the bundle from. */
const BUILT_FROM = ["src", "wrangler.toml", "package.json", "package-lock.json"].map((source) => path.join(root, source));

/** CI runs `npm run build` before the tests: its output is used unless what it is built from changed since. */
function buildUnlessCurrent() {
  if (isUpToDate(BUNDLE, BUILT_FROM)) return;
  const build = spawnSync("npm", ["run", "build"], { cwd: root, encoding: "utf8", env: { ...process.env, CI: "true" } });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
}

let mf;
let logs = "";

beforeAll(async () => {
  buildUnlessCurrent();
  bundleSandboxWorker();
  // The bundle is one module: no rules for finding others.
  const { modulesRules, ...service } = unstable_getMiniflareWorkerOptions(CONFIG, "production").workerOptions;
  const standIn = sandboxWorker({
    bindings: sandboxWorkerEnv({
      secrets,
      varOverrides: { BASE_URL: production.BASE_URL, PROCESSOR_APPLICATION_ID: production.PROCESSOR_APPLICATION_ID },
    }),
    serviceName: SERVICE,
  });
  mf = new Miniflare(
    convertV4MiniflareOptions({
      // No download of Cloudflare's `cf` sample: the service reads nothing of `request.cf`.
      cf: false,
      handleStructuredLogs: ({ message }) => (logs += `${message}\n`),
      workers: [
        {
          ...service,
          name: SERVICE,
          modules: true,
          scriptPath: BUNDLE,
          // Production's vars and the secrets alone (not a developer's .dev.vars, which wrangler would add).
          bindings: { ...production, ...secrets },
          outboundService: STAND_IN,
        },
        standIn,
      ],
    }),
  );
  const migrate = async (binding, folder) => {
    const db = await mf.getD1Database(binding, SERVICE);
    for (const { queries } of await readD1Migrations(path.join(root, folder))) await db.batch(queries.map((query) => db.prepare(query)));
  };
  await migrate("DB", "migrations");
  for (const shard of Object.keys(production.SHARDS)) await migrate(shard, "shard-migrations");
});

afterAll(() => mf?.dispose());

/** A request to the production Worker at its public origin. */
function call(route, init) {
  return mf.dispatchFetch(`${production.BASE_URL}${route}`, init);
}

/** A request to the stand-in processor, straight to it (production has no /sandbox/* proxy). */
async function callStandIn(url, init) {
  return (await mf.getWorker(STAND_IN)).fetch(url, init);
}

async function json(response, what) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text}\nThe Workers' logs:\n${logs}`);
  return JSON.parse(text);
}

const post = (body, headers = {}) => ({
  method: "POST",
  headers: { ...headers, "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

/** A tenant with a key and an approved merchant, made at the stand-in as the operator (the scope the service's proxy vouches for). */
async function chargeableTenant() {
  const tenant = await json(await call("/admin/tenants", post({ name: "Production Build Coffee" }, ADMIN)), "tenant");
  const { key } = await json(await call(`/admin/tenants/${tenant.id}/keys`, { method: "POST", headers: ADMIN }), "key");
  const { result: merchant } = await json(
    await callStandIn(
      "https://stand-in.internal/sandbox/control/create-merchant",
      post({ name: "Production Build Coffee", state: "APPROVED" }, { "x-sandbox-scope": "operator" }),
    ),
    "merchant",
  );
  await json(await call(`/admin/tenants/${tenant.id}/processor-merchant`, post({ processorMerchantId: merchant.id }, ADMIN)), "link");
  return { "X-Api-Key": key };
}

/** A card tokenized at the stand-in, as the browser library does at the processor. */
async function cardToken() {
  const token = await json(
    await callStandIn(
      `https://stand-in.internal/sandbox/processor/applications/${production.PROCESSOR_APPLICATION_ID}/tokens`,
      post({
        type: "PAYMENT_CARD",
        number: "4895142232120006",
        expiration_month: 12,
        expiration_year: 2030,
        security_code: "123",
        name: "Ada Lovelace",
      }),
    ),
    "token",
  );
  return token.id;
}

describe("the minified production build", () => {
  it("answers its health checks, the datastore's included", async () => {
    expect(await json(await call("/health"), "health")).toEqual({ status: "ok" });
    expect(await json(await call("/health/ready"), "ready")).toEqual({
      status: "ok",
      checks: { database: "ok" },
      detail: {
        unprocessableProcessorWebhooks: 0,
        stuckTenantMoves: 0,
        failingTenantMoves: 0,
        processorFeedLagSeconds: null,
        processorFeedsBehind: false,
      },
    });
  });

  it("serves /v1/meta from production's config", async () => {
    expect(await json(await call("/v1/meta"), "meta")).toEqual({
      service: "payment-connect",
      processor: "finix",
      processorEnvironment: "live",
      processorApplicationId: production.PROCESSOR_APPLICATION_ID,
      processorApiVersion: "2022-02-01",
      currency: "USD",
    });
  });

  it("serves the OpenAPI document the source describes, and the API reference that renders it", async () => {
    const document = await json(await call("/openapi.json"), "openapi.json");
    expect(document.servers).toEqual([{ url: production.BASE_URL, description: "This server" }]);
    const snapshot = JSON.parse(readFileSync(path.join(root, "public", "openapi", "v1.json"), "utf8"));
    expect(snapshot.servers).toEqual([{ url: SNAPSHOT_SERVER_URL }]);
    expect(normalizeDocument(document)).toEqual(snapshot);

    const reference = await call("/docs");
    expect(reference.status).toBe(200);
    const page = await reference.text();
    expect(page).toContain('src="/assets/docs/swagger-ui/swagger-ui-bundle.js"');
    expect(page).toContain('<header id="environment-banner" class="environment-banner" data-environment="live">');
    expect(page).not.toContain("npm run admin -- sandbox-tenant");
    const renderer = await call("/assets/docs/swagger-ui/swagger-ui-bundle.js");
    expect(renderer.status).toBe(200);
    await renderer.body?.cancel();
  });

  it("runs the reader's Durable Object, its class exported under the name wrangler.toml binds", async () => {
    const readers = await mf.getDurableObjectNamespace("TERMINAL_READERS", SERVICE);
    const reader = readers.get(readers.idFromName("lcrdr_production_build"));
    await expect(reader.release("lcpay_none")).resolves.toBeUndefined();
  });

  it("renders the dashboard's sign-in page", async () => {
    const page = await call("/dashboard/sign-in");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<form");
  });

  it("charges a card at the processor's live URL, which reaches the stand-in, and looks the payment up", async () => {
    const tenant = await chargeableTenant();
    const body = {
      amountCents: 2500,
      currency: "USD",
      orderRef: "production-build",
      processorToken: await cardToken(),
      buyer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    };
    const charged = await call("/v1/payments", post(body, { ...tenant, "Idempotency-Key": "production-build-1" }));
    expect(charged.status, logs).toBe(201);
    const payment = await charged.json();
    expect(payment).toMatchObject({ status: "succeeded", amountCents: 2500, processorState: "SUCCEEDED" });

    const transfer = await json(
      await callStandIn(`${production.PROCESSOR_BASE_URL}/transfers/${payment.processorTransferId}`, { headers: PROCESSOR_AUTH }),
      "transfer",
    );
    expect(transfer).toMatchObject({
      id: payment.processorTransferId,
      amount: 2500,
      state: "SUCCEEDED",
      idempotency_id: payment.lcPaymentId,
    });
    expect(await json(await call(`/v1/payments/${payment.lcPaymentId}`, { headers: tenant }), "lookup")).toMatchObject({
      lcPaymentId: payment.lcPaymentId,
      status: "succeeded",
      amountCents: 2500,
    });
  });

  it("answers an invalid charge with the problem naming the field", async () => {
    const tenant = await chargeableTenant();
    const refused = await call("/v1/payments", post({ amountCents: "a lot" }, { ...tenant, "Idempotency-Key": "production-build-2" }));
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    const problem = await refused.json();
    expect(problem.type).toMatch(/\/validation-failed$/);
    expect(problem.errors).toContainEqual(expect.objectContaining({ field: "amountCents" }));
  });
});
