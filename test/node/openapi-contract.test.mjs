// The machinery that keeps the OpenAPI contract honest: the breaking-change check that freezes /v1 (additions pass,
// breaks fail) and the staleness check of the committed snapshot and client types. No server is started.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { breakingChanges } from "../../scripts/openapi/breaking.mjs";

const root = path.join(import.meta.dirname, "../..");
const baseline = JSON.parse(readFileSync(path.join(root, "openapi/v1.baseline.json"), "utf8"));
const work = mkdtempSync(path.join(tmpdir(), "openapi-contract-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The frozen baseline with one change. */
function changed(change) {
  const document = structuredClone(baseline);
  change(document);
  return document;
}

const schemas = (document) => document.components.schemas;

const BREAKS = {
  "a removed route": (d) => delete d.paths["/v1/payments/{id}/refund"],
  "a removed method": (d) => delete d.paths["/v1/payments"].get,
  "a removed response field": (d) => {
    delete schemas(d).PaymentResponse.properties.orderRef;
    schemas(d).PaymentResponse.required = schemas(d).PaymentResponse.required.filter((name) => name !== "orderRef");
  },
  "a removed request field": (d) => delete schemas(d).RefundRequest.properties.refundApplicationFee,
  "a removed enum value": (d) => (schemas(d).RefundRequest.properties.reason.enum = ["requested_by_customer", "duplicate", "fraudulent"]),
  "a new required body field": (d) => {
    schemas(d).CreatePaymentRequest.properties.channel = { type: "string" };
    schemas(d).CreatePaymentRequest.required.push("channel");
  },
  "a new required query parameter": (d) =>
    d.paths["/v1/payments"].get.parameters.push({ name: "merchant", in: "query", required: true, schema: { type: "string" } }),
  "an optional field made required": (d) => (schemas(d).RefundRequest.required = ["reason"]),
  "a narrowed type": (d) => (schemas(d).CreatePaymentRequest.properties.orderRef.maxLength = 8),
  "a changed type": (d) => (schemas(d).CreatePaymentRequest.properties.amountCents.type = "string"),
  "a response field that may now be null": (d) => (schemas(d).PaymentResponse.properties.currency.type = ["string", "null"]),
};

const ADDITIONS = {
  nothing: () => {},
  "a new optional request field": (d) => (schemas(d).CreatePaymentRequest.properties.note = { type: "string", maxLength: 200 }),
  "a new response field": (d) => {
    schemas(d).PaymentResponse.properties.receiptUrl = { type: "string" };
    schemas(d).PaymentResponse.required.push("receiptUrl");
  },
  "a new route": (d) =>
    (d.paths["/v1/widgets"] = {
      get: { responses: { 200: { description: "Widgets.", content: { "application/json": { schema: { type: "object" } } } } } },
    }),
  "a new enum value in a response": (d) =>
    schemas(d).PaymentStatus.enum.push("on_hold") &&
    delete d.paths["/v1/payments"].get.parameters.find((p) => p.name === "status")?.schema.enum,
  "operationIds, summaries, tags and examples": (d) => {
    for (const [route, item] of Object.entries(d.paths))
      for (const [method, operation] of Object.entries(item)) {
        operation.operationId = `${method}${route.replace(/\W+/g, "_")}`;
        operation.summary = `${operation.summary ?? ""} (documented)`;
        operation.tags = [...(operation.tags ?? []), "Documented"];
      }
  },
  "a change to a route outside /v1": (d) => delete d.paths["/health/live"],
};

describe("the /v1 breaking-change check", () => {
  it.each(Object.keys(BREAKS))("fails on %s", (name) => {
    expect(breakingChanges(baseline, changed(BREAKS[name]))).not.toEqual([]);
  });

  it.each(Object.keys(ADDITIONS))("passes %s", (name) => {
    expect(breakingChanges(baseline, changed(ADDITIONS[name]))).toEqual([]);
  });

  it("compares callbacks (webhooks) as what the service sends: a removed payload field breaks, a new one does not", () => {
    const withWebhook = (properties, required) =>
      changed((d) => {
        d.webhooks = {
          "transfer.updated": {
            post: {
              requestBody: { content: { "application/json": { schema: { type: "object", properties, required } } } },
              responses: { 200: { description: "Received." } },
            },
          },
        };
      });
    const before = withWebhook({ id: { type: "string" }, status: { type: "string" } }, ["id", "status"]);
    expect(breakingChanges(before, withWebhook({ id: { type: "string" } }, ["id"]))).not.toEqual([]);
    expect(
      breakingChanges(
        before,
        withWebhook({ id: { type: "string" }, status: { type: "string" }, extra: { type: "string" } }, ["id", "status", "extra"]),
      ),
    ).toEqual([]);
  });

  it("npm run openapi:breaking exits non-zero with the changes and the way out (/v2), and zero for an addition", () => {
    const run = (document) => {
      const file = path.join(work, `current-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(file, JSON.stringify(document));
      return spawnSync(process.execPath, ["scripts/check-openapi-breaking.mjs", "--current", file], { cwd: root, encoding: "utf8" });
    };
    const broken = run(changed(BREAKS["a removed route"]));
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain("/v1/payments/{id}/refund");
    expect(broken.stderr).toContain("/v2");
    const added = run(changed(ADDITIONS["a new optional request field"]));
    expect(added.status, added.stderr).toBe(0);
  });
});

describe("npm run openapi:baseline", () => {
  it("takes additions, refuses a break, and takes a break only when acknowledged", () => {
    const files = (current) => {
      const dir = mkdtempSync(path.join(work, "baseline-"));
      writeFileSync(path.join(dir, "baseline.json"), JSON.stringify(baseline));
      writeFileSync(path.join(dir, "current.json"), JSON.stringify(current));
      return { baseline: path.join(dir, "baseline.json"), current: path.join(dir, "current.json") };
    };
    const accept = (paths, ...extra) =>
      spawnSync(
        process.execPath,
        ["scripts/check-openapi-breaking.mjs", "--accept", "--baseline", paths.baseline, "--current", paths.current, ...extra],
        { cwd: root, encoding: "utf8" },
      );
    const addition = files(changed(ADDITIONS["a new route"]));
    expect(accept(addition).status).toBe(0);
    expect(JSON.parse(readFileSync(addition.baseline, "utf8")).paths["/v1/widgets"]).toBeDefined();

    const breaking = files(changed(BREAKS["a removed route"]));
    expect(accept(breaking).status).toBe(1);
    expect(JSON.parse(readFileSync(breaking.baseline, "utf8")).paths["/v1/payments/{id}/refund"]).toBeDefined();
    const acknowledged = accept(breaking, "--acknowledge-breaking");
    expect(acknowledged.status, acknowledged.stderr).toBe(0);
    expect(acknowledged.stderr).toContain("/v1/payments/{id}/refund");
    expect(JSON.parse(readFileSync(breaking.baseline, "utf8")).paths["/v1/payments/{id}/refund"]).toBeUndefined();
  });
});

describe("npm run openapi:check", () => {
  // CI runs it on the committed files itself (.ci/run); here it is given a stale copy.
  it("fails, naming npm run openapi:generate, when the committed types are stale", () => {
    const check = (dir) =>
      spawnSync(process.execPath, ["scripts/generate-openapi.mjs", "--check", "--dir", dir], { cwd: root, encoding: "utf8" });
    const stale = path.join(work, "stale");
    mkdirSync(path.join(stale, "public/openapi"), { recursive: true });
    mkdirSync(path.join(stale, "clients/typescript/src"), { recursive: true });
    cpSync(path.join(root, "public/openapi/v1.json"), path.join(stale, "public/openapi/v1.json"));
    const types = readFileSync(path.join(root, "clients/typescript/src/schema.d.ts"), "utf8");
    writeFileSync(
      path.join(stale, "clients/typescript/src/schema.d.ts"),
      types.replace("export interface paths {", 'export interface paths {\n  "/v1/gone": never;'),
    );
    const failed = check(stale);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("clients/typescript/src/schema.d.ts is stale");
    expect(failed.stderr).toContain("npm run openapi:generate");
  });
});
