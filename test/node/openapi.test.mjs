import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import SwaggerParser from "@apidevtools/swagger-parser";
import { Validator } from "@cfworker/json-schema";
import { beforeAll, describe, expect, it } from "vitest";

import { RENDERER_FILES, RENDERER_SOURCE, RENDERER_TARGET } from "../../scripts/vendor-docs-renderer.mjs";
import { PROBLEM_TYPE_BASE, PROBLEMS } from "../../src/lib/problem.ts";
import { EVENT_TYPES } from "../../src/outbox/event-types.ts";
import { sharedDevServer } from "../support/index.mjs";

const root = path.join(import.meta.dirname, "../..");

let server;
beforeAll(async () => {
  server = await sharedDevServer();
});

describe("the published OpenAPI document", () => {
  it("is OpenAPI 3.1 and validates with a standard validator", async () => {
    const response = await fetch(`${server.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
  });

  it("lists every route the service serves, with both key styles as security schemes", async () => {
    const document = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const expected of [
      "GET /v1/meta",
      "GET /health",
      "GET /health/live",
      "GET /health/ready",
      "POST /admin/tenants",
      "POST /admin/tenants/{tenantId}/keys/{keyId}/revoke",
    ]) {
      expect(operations).toContain(expected);
    }
    expect(document.components.securitySchemes.ApiKeyHeader).toMatchObject({ type: "apiKey", in: "header", name: "X-Api-Key" });
    expect(document.components.securitySchemes.BearerApiKey).toMatchObject({ type: "http", scheme: "bearer" });
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const anonymous = path === "/v1/meta" || path.startsWith("/health") || !path.startsWith("/v1/");
        if (!anonymous) {
          expect(operation.security, `${method} ${path}`).toEqual([{ ApiKeyHeader: [] }, { BearerApiKey: [] }]);
          expect(Object.keys(operation.responses), `${method} ${path}`).toContain("401");
        }
      }
    }
  });
});

describe("the reference content of the document", () => {
  let document;
  beforeAll(async () => {
    document = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
  });

  const operationsOf = (items) =>
    Object.entries(items).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ name: `${method} ${path}`, method, path, operation })),
    );
  const resolve = (schema) => (schema?.$ref ? document.components.schemas[schema.$ref.split("/").pop()] : schema);
  const examplesOf = (media) => [
    ...(media.example === undefined ? [] : [media.example]),
    ...Object.values(media.examples ?? {}).map((example) => example.value),
    ...(media.example === undefined && media.examples === undefined && resolve(media.schema)?.example !== undefined
      ? [resolve(media.schema).example]
      : []),
  ];
  const validatorFor = (schema) => new Validator({ ...schema, components: document.components }, "2020-12", false);
  const problemSlug = (type) => type.slice(PROBLEM_TYPE_BASE.length);

  it("gives every operation a unique camelCase operationId, a summary, a description and declared tags", () => {
    const declaredTags = new Map(document.tags.map((tag) => [tag.name, tag.description]));
    const ids = new Set();
    for (const { name, operation } of [...operationsOf(document.paths), ...operationsOf(document.webhooks)]) {
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(operation.operationId), `${name}: ${operation.operationId} is not unique`).toBe(false);
      ids.add(operation.operationId);
      expect(operation.summary, name).toBeTruthy();
      expect(operation.description, name).toBeTruthy();
      expect(operation.tags?.length, name).toBeGreaterThan(0);
      for (const tag of operation.tags) expect(declaredTags.get(tag), `${name}: tag ${tag}`).toBeTruthy();
    }
    expect(ids.size).toBeGreaterThanOrEqual(50);
  });

  it("shows an example, valid against its schema, for every request body and every response", () => {
    for (const { name, operation } of [...operationsOf(document.paths), ...operationsOf(document.webhooks)]) {
      const bodies = [
        ...Object.entries(operation.requestBody?.content ?? {}).map(([type, media]) => [`request ${type}`, media]),
        ...Object.entries(operation.responses).flatMap(([status, response]) =>
          Object.entries(response.content ?? {}).map(([type, media]) => [`${status} ${type}`, media]),
        ),
      ];
      for (const [what, media] of bodies) {
        const examples = examplesOf(media);
        expect(examples.length, `${name} ${what}: no example`).toBeGreaterThan(0);
        if (what.includes("multipart")) continue;
        const validator = validatorFor(media.schema);
        for (const example of examples) {
          const result = validator.validate(example);
          expect(result.valid, `${name} ${what}: ${JSON.stringify(result.errors.slice(-2))}`).toBe(true);
        }
      }
    }
  });

  it("shows each problem response's problems: catalogued types with the response's status, and every problem its description names", () => {
    const catalogue = document.components.schemas.ProblemType;
    expect(catalogue.enum).toEqual(Object.keys(PROBLEMS).map((slug) => PROBLEM_TYPE_BASE + slug));
    for (const slug of Object.keys(PROBLEMS)) expect(catalogue.description).toContain(`\`${PROBLEM_TYPE_BASE}${slug}\``);
    expect(document.info.description).toContain(catalogue.description.split("\n\n").at(-1));
    for (const { name, operation } of operationsOf(document.paths)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.["application/problem+json"];
        if (!media) continue;
        const slugs = Object.values(media.examples).map(({ value }) => {
          expect(catalogue.enum, `${name} ${status}`).toContain(value.type);
          expect(value.status, `${name} ${status} ${value.type}`).toBe(Number(status));
          return problemSlug(value.type);
        });
        const named = [...response.description.matchAll(/`([a-z-]+)`/g)].map(([, slug]) => slug).filter((slug) => slug in PROBLEMS);
        for (const slug of named) expect(slugs, `${name} ${status} names \`${slug}\``).toContain(slug);
      }
    }
  });

  it("shows Idempotency-Key as required exactly where the route's idempotency middleware requires it", () => {
    const routeFiles = readdirSync(path.join(root, "src"), { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".routes.ts"),
    );
    const expected = new Map();
    for (const file of routeFiles) {
      for (const block of readFileSync(path.join(root, "src", file), "utf8")
        .split("createRoute({")
        .slice(1)) {
        const method = block.match(/method: "(\w+)"/)?.[1];
        const routePath = block.match(/path: "([^"]+)"/)?.[1];
        const required = block.match(/idempotency\(\{ required: (true|false) \}\)/)?.[1];
        if (method && routePath && required) expected.set(`${method} ${routePath}`, required === "true");
      }
    }
    expect(
      [...expected]
        .filter(([, required]) => required)
        .map(([name]) => name)
        .sort(),
    ).toEqual(["post /v1/payments", "post /v1/payments/terminal", "post /v1/payments/{id}/capture", "post /v1/payments/{id}/void"]);
    for (const { name, operation } of operationsOf(document.paths)) {
      const header = operation.parameters?.find((parameter) => parameter.in === "header" && parameter.name === "Idempotency-Key");
      if (!expected.has(name)) {
        expect(header, name).toBeUndefined();
        continue;
      }
      expect(header, name).toBeDefined();
      expect(header.required, name).toBe(expected.get(name));
      expect(header.schema.example, name).toBeTruthy();
    }
  });

  it("describes every event type the service emits as a webhook with its signature headers", () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    for (const [type, item] of Object.entries(document.webhooks)) {
      const { post } = item;
      const headers = Object.fromEntries(
        post.parameters.filter((parameter) => parameter.in === "header").map((parameter) => [parameter.name, parameter]),
      );
      for (const name of ["LC-Signature", "LC-Event-Id", "LC-Event-Type"]) expect(headers[name]?.required, `${type} ${name}`).toBe(true);
      expect(headers["LC-Event-Type"].schema.example).toBe(type);
      expect(headers["LC-Signature"].schema.example).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const body = post.requestBody.content["application/json"];
      expect(body.example.type, type).toBe(type);
      expect(body.example.id, type).toMatch(/^event_/);
    }
    const callbacks = document.tags.find((tag) => tag.name === "Callbacks").description;
    expect(callbacks).toContain("HMAC-SHA256");
    expect(callbacks).toContain("`{t}.{rawBody}`");
  });
});

describe("the API reference page", () => {
  it("is the vendored Swagger UI, served from this origin with its licence, identical to the installed package", async () => {
    for (const file of RENDERER_FILES) {
      const vendored = readFileSync(path.join(RENDERER_TARGET, file));
      expect(vendored.equals(readFileSync(path.join(RENDERER_SOURCE, file))), `${file}: run node scripts/vendor-docs-renderer.mjs`).toBe(
        true,
      );
      const served = await fetch(`${server.baseUrl}/assets/docs/swagger-ui/${file}`);
      expect(served.status, file).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(vendored), file).toBe(true);
    }
    const page = await fetch(`${server.baseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("connect-src 'self'");
    const html = await page.text();
    expect(html).toContain("/assets/docs/swagger-ui/swagger-ui-bundle.js");
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
    expect(await (await fetch(`${server.baseUrl}/assets/docs/reference.js`)).text()).toContain('url: "/openapi.json"');
  });
});
