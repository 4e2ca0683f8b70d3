import { exports } from "cloudflare:workers";

import { SCOPE_HEADER } from "../../src/http/control/scope";

/**
 * A request to the sandbox Worker's own fetch handler, at the service's origin as the service proxies it. Control
 * calls carry the operator's scope, as the service adds it once it has checked the operator's secret.
 */
export function call(path: string, init: RequestInit = {}, scope = "operator"): Promise<Response> {
  const request = new Request(`https://payment-connect.test${path}`, init);
  if (path.startsWith("/sandbox/control/") && !request.headers.has(SCOPE_HEADER)) request.headers.set(SCOPE_HEADER, scope);
  return exports.default.fetch(request);
}

export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) };
}
