import type { Context } from "hono";

/** Where a request came from, as recorded on sessions and in the audit log: Cloudflare's client address and the browser. */
export type RequestOrigin = { ipAddress: string; userAgent: string };

export function requestOrigin(c: Context): RequestOrigin {
  return {
    ipAddress: c.req.header("CF-Connecting-IP") ?? "unknown",
    userAgent: (c.req.header("User-Agent") ?? "unknown").slice(0, 300),
  };
}
