// Breaking changes between two OpenAPI documents, as classified by api-smart-diff (OpenAPI 3.0/3.1 and JSON Schema
// 2020-12 aware, pure JavaScript with two small dependencies, no install script, offline). Chosen over: openapi-diff
// (Atlassian), which refuses OpenAPI 3.1 documents; @pb33f/openapi-changes, whose install script downloads a Go
// binary; @useoptic/optic, a CLI with a large dependency tree and telemetry; oasdiff, which is not on npm.
//
// With this project's adjustments:
//
// - Only what a request or a response carries counts: the operations under `paths` (and `webhooks`, below), where every
//   `$ref` is resolved and the diff knows a request from a response. `components` on their own are compared as
//   direction-less JSON Schema, which calls a new required response field breaking; what they mean for an operation is
//   already in that operation's diff.
// - A value added to an enum in a response is allowed: clients are told to expect new values (api-smart-diff calls
//   it breaking, as a client with an exhaustive switch would break).
// - A response field whose type widens (`string` to `["string", "null"]`, say) is breaking: a client may now get a
//   value it cannot handle. api-smart-diff calls any type change in a response non-breaking.
// - A request field or parameter removed is breaking: this API rejects unknown fields and query parameters (strict
//   schemas, `additionalProperties: false`), so a client still sending it would be refused.
// - `webhooks` are the service's requests to receivers, so their payloads are compared as responses: a field removed
//   from a callback breaks receivers, a new one does not (compared as requests it would be the other way round).
import { apiCompare } from "api-smart-diff";

const WEBHOOK_PATH_PREFIX = "/(webhook)/";

/** The document with each webhook's payload turned into the response of a pseudo-path, so the diff sees its direction. */
function webhooksAsResponses(document) {
  const copy = structuredClone(document);
  const webhooks = copy.webhooks ?? {};
  delete copy.webhooks;
  copy.paths = { ...copy.paths };
  for (const [name, item] of Object.entries(webhooks)) {
    const operations = {};
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== "object" || operation === null || !("responses" in operation || "requestBody" in operation)) continue;
      const { requestBody, ...rest } = operation;
      const body = requestBody?.$ref ? resolvePointer(copy, requestBody.$ref) : requestBody;
      operations[method] = {
        ...rest,
        responses: { 200: { description: body?.description ?? "callback payload", ...(body?.content ? { content: body.content } : {}) } },
      };
    }
    copy.paths[`${WEBHOOK_PATH_PREFIX}${name}`] = operations;
  }
  return copy;
}

function resolvePointer(document, ref) {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce((node, key) => node?.[key], document);
}

function isAddedResponseEnumValue(diff) {
  const path = diff.path.map(String);
  const enumIndex = path.lastIndexOf("enum");
  return diff.action === "add" && enumIndex === path.length - 2 && path.includes("responses");
}

function isRemovedRequestInput(diff) {
  const path = diff.path.map(String);
  if (diff.action !== "remove" || path[0] !== "paths" || path.includes("responses")) return false;
  const parent = path.at(-2);
  return (parent === "properties" && path.includes("requestBody")) || (parent === "parameters" && !path.includes("schema"));
}

const types = (value) => new Set(Array.isArray(value) ? value : [value]);

function widensResponseType(diff) {
  const path = diff.path.map(String);
  if (!path.includes("responses")) return false;
  if (path.at(-1) === "type" && diff.action === "replace") return ![...types(diff.after)].every((type) => types(diff.before).has(type));
  return path.at(-2) === "type" && diff.action === "add";
}

function isBreaking(diff) {
  if (String(diff.path[0]) !== "paths") return false;
  if (diff.type === "breaking") return !isAddedResponseEnumValue(diff);
  return isRemovedRequestInput(diff) || widensResponseType(diff);
}

function describe(diff) {
  const where = diff.path.map(String).join(" › ").replace(`paths › ${WEBHOOK_PATH_PREFIX}`, "webhooks › ");
  const what = diff.description?.replace(/^\s+/, "") || `${diff.action}`;
  const values = [
    diff.before === undefined ? "" : ` was ${JSON.stringify(diff.before).slice(0, 80)}`,
    diff.after === undefined ? "" : ` now ${JSON.stringify(diff.after).slice(0, 80)}`,
  ].join("");
  return `${what} — at ${where}${values}`;
}

/** The public contract: the tenant API under /v1 and the callbacks (operator, health and page routes are not frozen). */
export const isFrozenPath = (path) => path.startsWith("/v1/") || path.startsWith(WEBHOOK_PATH_PREFIX);

function frozenPart(document, frozen) {
  const copy = webhooksAsResponses(document);
  copy.paths = Object.fromEntries(Object.entries(copy.paths ?? {}).filter(([path]) => frozen(path)));
  return copy;
}

/**
 * Every breaking change from `before` (the frozen contract) to `after` in the paths `frozen` selects, each as a line of
 * text; empty when compatible.
 */
export function breakingChanges(before, after, { frozen = isFrozenPath } = {}) {
  const { diffs } = apiCompare(frozenPart(before, frozen), frozenPart(after, frozen));
  return diffs.filter(isBreaking).map(describe);
}
