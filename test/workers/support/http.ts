import { exports } from "cloudflare:workers";
import { env } from "cloudflare:workers";

export const ADMIN_HEADERS = { Authorization: `Bearer ${env.ADMIN_SECRET}` };

// An authenticated request to a path with no route: 404 proves the key was accepted, 401 that it was not.
export const PROBE = "/v1/__probe";

export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail: string;
  traceId: string;
  errors?: { field: string; message: string }[];
  [extension: string]: unknown;
};

export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`https://payment-connect.test${path}`, init));
}

export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) };
}

export async function expectProblem(response: Response, status: number, slug: string): Promise<ProblemBody> {
  const body = (await response.json()) as ProblemBody;
  if (response.status !== status || !body.type.endsWith(`/${slug}`)) {
    throw new Error(`expected ${status} ${slug}, got ${response.status} ${JSON.stringify(body)}`);
  }
  if (response.headers.get("Content-Type") !== "application/problem+json") {
    throw new Error(`problem media type missing: ${response.headers.get("Content-Type")}`);
  }
  if (body.status !== status || !body.title || !body.detail || body.traceId !== response.headers.get("X-Trace-Id")) {
    throw new Error(`incomplete problem: ${JSON.stringify(body)}`);
  }
  return body;
}

export async function createTenant(name = "Acme Coffee"): Promise<{ id: string; name: string }> {
  const response = await call("/admin/tenants", jsonInit("POST", { name }, ADMIN_HEADERS));
  if (response.status !== 201) throw new Error(`createTenant: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A key with every permission, or (given `permissions`) a restricted one. */
export async function issueKey(
  tenantId: string,
  body?: { name?: string; permissions: Record<string, string> },
): Promise<{ id: string; key: string; auth: { "X-Api-Key": string } }> {
  const init = body ? jsonInit("POST", body, ADMIN_HEADERS) : { method: "POST", headers: ADMIN_HEADERS };
  const response = await call(`/admin/tenants/${tenantId}/keys`, init);
  if (response.status !== 201) throw new Error(`issueKey: ${response.status} ${await response.text()}`);
  const issued = await response.json<{ id: string; key: string }>();
  return { ...issued, auth: { "X-Api-Key": issued.key } };
}

/** A fresh tenant with one live key: the starting point of most tests. */
export async function tenantWithKey(name?: string) {
  const tenant = await createTenant(name);
  const { key, id: keyId } = await issueKey(tenant.id);
  return { tenantId: tenant.id, key, keyId, auth: { "X-Api-Key": key } };
}
