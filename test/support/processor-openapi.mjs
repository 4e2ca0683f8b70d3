import { readFileSync } from "node:fs";
import path from "node:path";

import YAML from "yaml";

const VENDORED = path.join(import.meta.dirname, "../../vendor/finix-openapi");

/** The processor's 2022-02-01 document (the one requests and the sandbox's answers are checked against). */
export const PROCESSOR_OPENAPI_PATH = path.join(VENDORED, "finix-openapi-2022-02-01.self-contained.yaml");
/** The later revision its Node SDK was generated from (2022-11), vendored unmodified. */
export const PROCESSOR_SDK_OPENAPI_PATH = path.join(VENDORED, "finix-openapi-sdk-2022-11.yaml");

/** The processor's resources the service reads, by their schema names in both documents (it reads no Authorization). */
export const PROCESSOR_RESOURCES = [
  "Transfer",
  "Fee",
  "Dispute",
  "DisputeEvidence",
  "Settlement",
  "Merchant",
  "Identity",
  "PaymentInstrument",
  "Device",
  "ComplianceForm",
  "OnboardingForm",
  "OnboardingFormLink",
  "Webhook",
];

/**
 * Null in the processor's answers beyond what either document marks nullable: the Transfer fields an earlier revision of
 * the processor's Node SDK typed `string | null` (the answers carry them as null when unset). The sandbox sends them so.
 */
const NULLABLE_IN_ANSWERS = { Transfer: ["device", "application", "merchant_identity", "statement_descriptor"] };

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

/**
 * The document with its references to documentation files of its original repository (descriptions and code samples,
 * not published with it) replaced by a placeholder, as the 2022-02-01 self-contained copy was derived; nothing else changes.
 */
function withoutExternalReferences(node) {
  if (Array.isArray(node)) return node.map(withoutExternalReferences);
  if (node === null || typeof node !== "object") return node;
  if (typeof node.$ref === "string" && !node.$ref.startsWith("#")) {
    return `(documentation file ${node.$ref} of the original repository, not included)`;
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withoutExternalReferences(value)]));
}

/** Each document parsed once (about a CPU-second each), though both modules and both projects read them; callers get a copy to change. */
const parsedDocuments = new Map();

function readDocument(file) {
  if (!parsedDocuments.has(file)) parsedDocuments.set(file, withoutExternalReferences(YAML.parse(readFileSync(file, "utf8"))));
  return structuredClone(parsedDocuments.get(file));
}

/**
 * A property of a resource is nullable where either document says so, or the answers are known to carry null: the
 * 2022-02 document's schemas with the 2022-11 document's nullability and NULLABLE_IN_ANSWERS added, nothing else loosened.
 */
function withNullabilityOfEither(document, later) {
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    const properties = schema?.properties ?? {};
    for (const [property, definition] of Object.entries(properties)) {
      const nullableLater = later.components.schemas[name]?.properties?.[property]?.nullable === true;
      if (nullableLater || NULLABLE_IN_ANSWERS[name]?.includes(property)) properties[property] = { ...definition, nullable: true };
    }
  }
  return document;
}

/** The processor's published OpenAPI document, vendored unmodified in vendor/finix-openapi/ and normalized for validation. */
export function loadProcessorOpenApi() {
  const document = withNullabilityOfEither(readDocument(PROCESSOR_OPENAPI_PATH), readDocument(PROCESSOR_SDK_OPENAPI_PATH));
  const components = {};
  for (const [section, entries] of Object.entries(document.components)) components[section] = toJsonSchema(entries, true);
  return { paths: document.paths, components };
}

/**
 * Every example of a processor resource in both documents: each 2xx response example of an operation whose body is one
 * of PROCESSOR_RESOURCES (or a list of them: its embedded items, each on its own), also of the document's responses no
 * operation uses, and the resources' schema examples; each with the resource's enum fields in that document.
 */
export function loadProcessorResourceExamples() {
  const examples = [];
  for (const [label, file] of [
    ["2022-02", PROCESSOR_OPENAPI_PATH],
    ["2022-11", PROCESSOR_SDK_OPENAPI_PATH],
  ]) {
    const document = readDocument(file);
    const resolve = (node) => {
      let current = node;
      while (typeof current?.$ref === "string")
        current = current.$ref
          .split("/")
          .slice(1)
          .reduce((at, key) => at?.[key], document);
      return current;
    };
    const enumFields = (resource) =>
      Object.entries(document.components.schemas[resource]?.properties ?? {})
        .filter(([, property]) => Array.isArray(resolve(property)?.enum))
        .map(([name]) => name);
    const schemaName = (node) => (typeof node?.$ref === "string" ? node.$ref.split("/").at(-1) : null);
    const seen = new Set();
    const add = (resource, where, value) => {
      if (!PROCESSOR_RESOURCES.includes(resource) || !value || typeof value !== "object") return;
      const key = `${resource} ${JSON.stringify(value)}`;
      if (seen.has(key)) return;
      seen.add(key);
      examples.push({ document: label, resource, where, value, enumFields: enumFields(resource) });
    };
    const addResponse = (response, where) => {
      for (const content of Object.values(resolve(response)?.content ?? {})) {
        const values = [
          ...(content.example === undefined ? [] : [["example", content.example]]),
          ...Object.entries(content.examples ?? {}).map(([name, example]) => [name, resolve(example)?.value]),
        ];
        const embedded = resolve(resolve(content.schema)?.properties?._embedded)?.properties ?? {};
        const [plural, list] = Object.entries(embedded)[0] ?? [];
        for (const [name, value] of values) {
          if (!plural) add(schemaName(content.schema), `${where} "${name}"`, value);
          else
            for (const [index, item] of (value?._embedded?.[plural] ?? []).entries())
              add(schemaName(list.items), `${where} "${name}" _embedded.${plural}[${index}]`, item);
        }
      }
    };
    for (const [template, pathItem] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(pathItem)) {
        for (const [status, response] of Object.entries(operation?.responses ?? {})) {
          if (status.startsWith("2")) addResponse(response, `${method.toUpperCase()} ${template} ${status}`);
        }
      }
    }
    // Responses no operation uses still show a resource as the processor sends it (the fee, which neither document lists).
    for (const [name, response] of Object.entries(document.components.responses ?? {}))
      addResponse(response, `components.responses.${name}`);
    for (const resource of PROCESSOR_RESOURCES) {
      for (const [name, value] of Object.entries(document.components.schemas[resource]?.["x-examples"] ?? {})) {
        add(resource, `components.schemas.${resource} x-examples "${name}"`, value);
      }
    }
  }
  return examples;
}

/** The modules a test imports the documents' derived forms from (typed in test/workers/support/processor-openapi-modules.d.ts). */
const MODULES = {
  "virtual:processor-openapi": loadProcessorOpenApi,
  "virtual:processor-resource-examples": loadProcessorResourceExamples,
};

/**
 * A Vite plugin serving each derived form as a module, so only the files that import one load it: handed out through
 * `provide`, its 700 KB went with every test file to every worker, serialized in Node and parsed again in workerd.
 */
export function processorOpenApiModules() {
  return {
    name: "payment-connect:processor-openapi",
    resolveId: (id) => (Object.hasOwn(MODULES, id) ? `\0${id}` : undefined),
    load(id) {
      const name = id.slice(1);
      if (!id.startsWith("\0") || !Object.hasOwn(MODULES, name)) return undefined;
      // JSON.parse reads a large value faster than JavaScript's parser reads the same object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(MODULES[name]()))});`;
    },
  };
}
