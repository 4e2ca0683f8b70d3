import { readFileSync } from "node:fs";
import path from "node:path";
import YAML from "yaml";

export const PROCESSOR_OPENAPI_PATH = path.join(
  import.meta.dirname,
  "../../vendor/finix-openapi/finix-openapi-2022-02-01.self-contained.yaml",
);

const SCHEMA_MAPS = new Set(["properties", "patternProperties", "schemas", "definitions"]);
const DROPPED = new Set(["nullable", "example", "examples", "x-examples", "discriminator", "xml"]);

/**
 * OpenAPI 3.0's `nullable: true` becomes a JSON Schema type union so a standard validator understands it.
 * Vendor extensions (`x-stoplight: {id}`) and a stray `id` key that is not a string (a property written outside `properties` in the published
 * document) would be read as a schema id, so it is dropped.
 */
function toJsonSchema(node, inMap = false) {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item));
  if (node === null || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (!inMap && (DROPPED.has(key) || key.startsWith("x-") || (key === "id" && typeof value !== "string"))) continue;
    out[key] = toJsonSchema(value, !inMap && SCHEMA_MAPS.has(key));
  }
  if (!inMap && node.nullable === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    else if (out.enum) out.enum = [...out.enum, null];
    else if (out.$ref || out.allOf || out.oneOf || out.anyOf) return { anyOf: [out, { type: "null" }] };
  }
  return out;
}

/** The processor's published OpenAPI document, vendored unmodified in vendor/finix-openapi/ and normalized for validation. */
export function loadProcessorOpenApi() {
  const document = YAML.parse(readFileSync(PROCESSOR_OPENAPI_PATH, "utf8"));
  const components = {};
  for (const [section, entries] of Object.entries(document.components)) components[section] = toJsonSchema(entries, true);
  return { paths: document.paths, components };
}

export default function setup(project) {
  project.provide("processorOpenApi", loadProcessorOpenApi());
}
