import document from "virtual:processor-openapi";

import { processorPathTemplate, processorRequestErrors, processorResponseErrors } from "./processor-conformance";

/** Credentials only the fake knows: any appearance of them outside an Authorization header is a leak. */
export const FAKE_CREDENTIALS = { username: "USfakeProcessorKey7Qx", password: "fake-processor-secret-k2V9" };
export const FAKE_API_VERSION = "2022-02-01";
export const FAKE_BASE_URL = "https://finix.sandbox-payments-api.com";

export type ProcessorCall = {
  method: string;
  /** The concrete path, percent-encoded as sent. */
  path: string;
  /** The processor OpenAPI operation the call was validated against. */
  template: string;
  query: Record<string, string>;
  body: unknown;
  file: File | null;
};

/** `undocumented` marks an answer the processor's OpenAPI has no schema for (a 429 or 5xx), so it is not validated. */
export type Reply = { status: number; body: unknown; undocumented?: true };

type Responder = (call: ProcessorCall) => Reply | Promise<Reply>;

type Schema = Record<string, any>;

/**
 * Operations the processor documents in its current API reference but not in this OpenAPI document — the same list as
 * the sandbox's routes marked `documentedIn: "api-reference"` (its tests compare the two). `answerAs` names the
 * documented operation whose answer has the same shape (an identity's merchants are a merchant list); without one the
 * answer has no schema here, and the reply must say so.
 */
export const UNLISTED_OPERATIONS: { method: string; template: string; answerAs: string | null }[] = [
  { method: "GET", template: "/identities/{identity_id}/merchants", answerAs: "/merchants" },
  { method: "GET", template: "/devices", answerAs: null },
  { method: "GET", template: "/fees", answerAs: null },
  { method: "POST", template: "/checkout_forms", answerAs: null },
  { method: "GET", template: "/checkout_forms", answerAs: null },
  { method: "GET", template: "/checkout_forms/{checkout_form_id}", answerAs: null },
  { method: "GET", template: "/transfer_attempts", answerAs: null },
  { method: "POST", template: "/payment_links", answerAs: null },
  { method: "GET", template: "/payment_links", answerAs: null },
  { method: "GET", template: "/payment_links/{payment_link_id}", answerAs: null },
  { method: "PUT", template: "/payment_links/{payment_link_id}", answerAs: null },
  { method: "POST", template: "/payment_links/{payment_link_id}/delivery-attempts", answerAs: null },
  { method: "GET", template: "/payment_links/{payment_link_id}/delivery-attempts", answerAs: null },
  { method: "GET", template: "/transfer_attempts/{transfer_attempt_id}", answerAs: null },
];

const templatePattern = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);

/**
 * Device actions of the processor's newer API that this OpenAPI version lacks, with the documented operation whose
 * answer has the same shape: CANCEL ends the sale waiting on a reader and answers that sale's Transfer. The rest of the
 * request is still checked, as if it named a documented action.
 */
const NEWER_DEVICE_ACTIONS: Record<string, { answerAs: [method: string, template: string] }> = {
  CANCEL: { answerAs: ["GET", "/transfers/{transfer_id}"] },
};

function newerDeviceAction(method: string, template: string, body: unknown) {
  const action = (body as { action?: unknown } | undefined)?.action;
  if (method !== "PUT" || template !== "/devices/{device_id}" || typeof action !== "string") return undefined;
  return NEWER_DEVICE_ACTIONS[action];
}

/** Fields the processor's current docs require beyond this OpenAPI version: a PAX reader is paired by its printed serial number. */
const FIELDS_DOCUMENTED_ELSEWHERE: Record<string, string[]> = { "POST /merchants/{merchant_id}/devices": ["serial_number"] };

function resolve(node: Schema | undefined): Schema | undefined {
  let current = node;
  while (current && typeof current.$ref === "string") {
    const [, , section, name] = current.$ref.split("/");
    current = document.components[section!][name!];
  }
  return current;
}

function requestSchema(method: string, template: string): Schema | undefined {
  const requestBody = resolve(document.paths[template]?.[method.toLowerCase()]?.requestBody);
  const content = requestBody?.content ?? {};
  return resolve((content["application/json"] ?? content["multipart/form-data"])?.schema);
}

/** Property names each schema level declares; null when the level accepts any name. */
function declaredProperties(schema: Schema): Map<string, Schema> | null {
  if (schema.additionalProperties) return null;
  const properties = new Map<string, Schema>(Object.entries(schema.properties ?? {}));
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const nested = declaredProperties(resolve(part) ?? {});
    if (nested === null) return null;
    for (const [name, value] of nested) properties.set(name, value);
  }
  return properties.size > 0 ? properties : null;
}

/**
 * The OpenAPI never says `additionalProperties: false`, so a misspelt field would validate; this check
 * flags every field the operation's schema does not declare, at any depth.
 */
export function undeclaredFields(schema: Schema | undefined, value: unknown, at = "#"): string[] {
  const resolved = resolve(schema);
  if (!resolved || value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => undeclaredFields(resolved.items, item, `${at}/${index}`));
  const declared = declaredProperties(resolved);
  if (declared === null) return [];
  return Object.entries(value).flatMap(([name, field]) =>
    declared.has(name)
      ? undeclaredFields(declared.get(name), field, `${at}/${name}`)
      : [`${at}/${name} is not a field of the processor's schema`],
  );
}

/**
 * The OpenAPI marks every seller field required on all identities, while the processor documents buyer
 * identities with any subset of them (its own "Identity - Buyer" example omits most). Only those missing-field
 * errors are forgiven; a wrong type or an unknown field is still an error.
 */
function forgivingBuyerIdentity(method: string, template: string, errors: string[]): string[] {
  if (method !== "POST" || template !== "/identities") return errors;
  const real = errors.filter((error) => !/ #\/entity Instance does not have required property /.test(error));
  const onlyWrappers = real.every((error) => / # (A subschema had errors\.|Property "entity" does not match schema\.)$/.test(error));
  return onlyWrappers ? [] : real;
}

function operationFor(method: string, pathname: string): { template: string; answerAs: string | null } {
  const unlisted = UNLISTED_OPERATIONS.find(
    (operation) => operation.method === method && templatePattern(operation.template).test(pathname),
  );
  if (unlisted) return unlisted;
  const template = processorPathTemplate(method, pathname);
  return { template, answerAs: template };
}

function headerViolations(request: Request, multipart: boolean): string[] {
  const expected: Record<string, string> = {
    authorization: `Basic ${btoa(`${FAKE_CREDENTIALS.username}:${FAKE_CREDENTIALS.password}`)}`,
    "finix-version": FAKE_API_VERSION,
    accept: "application/hal+json",
  };
  if (!multipart) expected["content-type"] = "application/json";
  const violations = Object.entries(expected)
    .filter(([name, value]) => request.headers.get(name) !== value)
    .map(([name, value]) => `header ${name} is ${JSON.stringify(request.headers.get(name))}, expected ${JSON.stringify(value)}`);
  if (multipart && !/^multipart\/form-data; boundary=/.test(request.headers.get("content-type") ?? "")) {
    violations.push(`multipart request has content-type ${request.headers.get("content-type")}`);
  }
  return violations;
}

let requestCounter = 0;

/**
 * A stand-in for the processor's HTTP API: checks every request (Basic auth, Finix-Version, body against the
 * processor's OpenAPI) and every answer it is told to give (against the same document), recording violations.
 */
export function fakeProcessor(respond: Responder) {
  const calls: ProcessorCall[] = [];
  const violations: string[] = [];

  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const { template, answerAs } = operationFor(request.method, url.pathname);
    const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
    violations.push(...headerViolations(request, multipart).map((violation) => `${request.method} ${template}: ${violation}`));
    if (url.origin !== FAKE_BASE_URL) violations.push(`${request.method} ${template}: sent to ${url.origin}`);

    let body: unknown;
    let file: File | null = null;
    if (multipart) {
      const form = await request.formData();
      const part = form.get("file");
      file = part instanceof File ? part : null;
      body = Object.fromEntries([...form.keys()].map((name) => [name, "(binary)"]));
    } else {
      const text = await request.text();
      body = text === "" ? undefined : JSON.parse(text);
    }
    if (request.method === "GET" && body !== undefined) violations.push(`GET ${template} carries a body`);
    const newerAction = newerDeviceAction(request.method, template, body);
    const checkedBody = newerAction ? { ...(body as object), action: "REBOOT" } : body;
    const schemaErrors = checkedBody === undefined ? [] : processorRequestErrors(request.method, template, checkedBody);
    violations.push(...forgivingBuyerIdentity(request.method, template, schemaErrors));
    const documentedElsewhere = (FIELDS_DOCUMENTED_ELSEWHERE[`${request.method} ${template}`] ?? []).map((field) => `#/${field} `);
    const undeclared = undeclaredFields(requestSchema(request.method, template), body).filter(
      (error) => !documentedElsewhere.some((field) => error.startsWith(field)),
    );
    violations.push(...undeclared.map((error) => `request ${request.method} ${template}: ${error}`));

    const call: ProcessorCall = {
      method: request.method,
      path: url.pathname,
      template,
      query: Object.fromEntries(url.searchParams),
      body,
      file,
    };
    calls.push(call);
    const reply = await respond(call);
    const [answerMethod, answerTemplate] = newerAction?.answerAs ?? [request.method, answerAs];
    if (!reply.undocumented) {
      if (answerTemplate === null) violations.push(`${request.method} ${template}: no documented answer; mark the reply undocumented`);
      else violations.push(...processorResponseErrors(answerMethod, answerTemplate, reply.status, reply.body));
    }
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { "Content-Type": "application/hal+json", "x-request-id": `req-${++requestCounter}` },
    });
  }

  return { fetch, calls, violations };
}
