import { Validator, type Schema } from "@cfworker/json-schema";
import { inject } from "vitest";

type OpenApiDocument = { paths: Record<string, Record<string, any>>; components: Record<string, any> };

declare module "vitest" {
  interface ProvidedContext {
    processorOpenApi: OpenApiDocument;
  }
}

const document = inject("processorOpenApi");

function resolve(node: any): any {
  let current = node;
  while (current && typeof current.$ref === "string" && current.$ref.startsWith("#/components/")) {
    const [, , section, name] = current.$ref.split("/");
    current = document.components[section!][name!];
  }
  return current;
}

function operation(method: string, pathTemplate: string) {
  const op = document.paths[pathTemplate]?.[method.toLowerCase()];
  if (!op) throw new Error(`The processor's OpenAPI has no operation ${method} ${pathTemplate}`);
  return op;
}

function validate(schema: Schema, value: unknown, what: string): string[] {
  const validator = new Validator({ ...schema, components: document.components } as Schema, "2019-09", false);
  const result = validator.validate(value);
  return result.valid ? [] : result.errors.map((e) => `${what}: ${e.instanceLocation} ${e.error}`);
}

/** Errors (empty when valid) for a request body sent to `METHOD /path/{template}` of the processor's API. */
export function processorRequestErrors(method: string, pathTemplate: string, body: unknown): string[] {
  const requestBody = resolve(operation(method, pathTemplate).requestBody);
  const schema = requestBody?.content?.["application/json"]?.schema ?? requestBody?.content?.["multipart/form-data"]?.schema;
  if (!schema) return body === undefined ? [] : [`${method} ${pathTemplate} takes no body`];
  return validate(schema, body, `request ${method} ${pathTemplate}`);
}

/** Errors (empty when valid) for a response of `METHOD /path/{template}` with the given status. */
export function processorResponseErrors(method: string, pathTemplate: string, status: number, body: unknown): string[] {
  const responses = operation(method, pathTemplate).responses;
  const response = resolve(responses[String(status)] ?? responses.default);
  if (!response) return [`${method} ${pathTemplate} documents no ${status} response`];
  const content = response.content ?? {};
  const schema = (content["application/hal+json"] ?? content["application/json"] ?? Object.values(content)[0])?.schema;
  if (!schema) return [];
  return validate(schema, body, `response ${status} ${method} ${pathTemplate}`);
}

/** The path template of the processor's OpenAPI that a concrete path matches, e.g. /transfers/TR1/reversals. */
export function processorPathTemplate(method: string, concretePath: string): string {
  const pathname = concretePath.split("?")[0]!;
  for (const template of Object.keys(document.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    if (pattern.test(pathname) && document.paths[template]![method.toLowerCase()]) return template;
  }
  throw new Error(`No processor operation matches ${method} ${pathname}`);
}
