import { type Schema, Validator } from "@cfworker/json-schema";
import document from "virtual:processor-openapi";

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
  const validator = new Validator({ ...schema, components: document.components }, "2019-09", false);
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

// cfworker reports each violation together with the chain of parent schemas that failed because of it.
const AGGREGATE = /(A subschema had errors|does not match schema|Items did not match schema)\.?$/;

/**
 * Known defects of the processor's published document, never of the sandbox: in error bodies `logref` is modelled
 * as an object (real answers carry a correlation string) and `code`/`message` are enums copied from one example.
 */
const ERROR_BODY_DEFECTS = [
  /#\/_embedded\/errors\/\d+\/logref Instance type "string" is invalid/,
  /#\/_embedded\/errors\/\d+\/(code|message) Instance does not match any of/,
];

/** Where an operation documents no response for an error status, the error body is checked as another operation's. */
const ERROR_EXEMPLARS: Record<number, [string, string]> = {
  402: ["POST", "/transfers"],
  404: ["GET", "/transfers/{transfer_id}"],
  422: ["POST", "/transfers"],
};

/** Leaf violations of the processor's OpenAPI for one answer; `allowed` lists deliberate, documented departures. */
export function conformance(method: string, template: string, status: number, body: unknown, allowed: RegExp[] = []): string[] {
  const tolerated = status >= 400 ? [...ERROR_BODY_DEFECTS, ...allowed] : allowed;
  let errors = processorResponseErrors(method, template, status, body);
  const exemplar = ERROR_EXEMPLARS[status];
  if (exemplar && errors.length === 1 && errors[0]!.endsWith(`documents no ${status} response`))
    errors = processorResponseErrors(exemplar[0], exemplar[1], status, body);
  return errors.filter((error) => !AGGREGATE.test(error) && !tolerated.some((pattern) => pattern.test(error)));
}
