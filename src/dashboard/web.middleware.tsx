import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";

import { resolveSession } from "../accounts";
import { EVIDENCE_BODY_LIMIT_BYTES } from "../disputes";
import { base64Url, randomBytes, timingSafeEqualStrings } from "../lib/crypto";
import { logEvent } from "../lib/log";
import { enterTenant } from "../platform/enter-tenant";
import { BOOKMARK_PATTERN } from "../platform/read-replicas";
import { readBookmarkCookie, readFormCookie, readSessionCookie, setBookmarkCookie, setFormCookie } from "./session-cookie";
import type { DashboardBindings, SignedInBindings } from "./types";
import { showMessage } from "./views/message";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_BODY_LIMIT_BYTES = 16 * 1024;
// Pages that work without a session: everything else under /dashboard needs one.
const isPublicPath = (path: string) =>
  path === "/dashboard/sign-in" ||
  path === "/dashboard/sign-in/code" ||
  path.startsWith("/dashboard/invite/") ||
  path.startsWith("/dashboard/reset/");

const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

/**
 * Every dashboard answer: no caching (pages hold account data and one-time secrets), no framing, and no referrer to
 * other sites (an invitation link's token is in its URL). Not `no-referrer`: with it browsers send `Origin: null` on
 * the dashboard's own form posts, which the same-origin check below would refuse.
 */
export const dashboardHeaders = createMiddleware<DashboardBindings>(async (c, next) => {
  await next();
  c.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "same-origin");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("X-Frame-Options", "DENY");
});

// The one form that carries a file: a dispute's evidence, under the API's own limit.
const isEvidenceUpload = (path: string) => /^\/dashboard\/disputes\/[^/]+\/evidence$/.test(path);

export const formBodyLimit: MiddlewareHandler<DashboardBindings> = (c, next) => {
  if (!UNSAFE_METHODS.has(c.req.method)) return next();
  return isEvidenceUpload(c.req.path)
    ? bodyLimit({
        maxSize: EVIDENCE_BODY_LIMIT_BYTES,
        onError: (c) =>
          showMessage(c, 413, {
            title: "File too large",
            message: "An evidence file may be at most 20 MB (a JPG or PNG photo) or 1 MB (PDF, TIFF). Go back and choose a smaller file.",
          }),
      })(c, next)
    : bodyLimit({
        maxSize: FORM_BODY_LIMIT_BYTES,
        onError: (c) => showMessage(c, 413, { title: "Form too large", message: "That form was larger than the dashboard accepts." }),
      })(c, next);
};

const refuseForgery = (c: Context, reason: string) => {
  logEvent("warn", "dashboard form refused", { traceId: c.get("traceId"), path: c.req.path, reason });
  return showMessage(c, 403, {
    title: "Request refused",
    message:
      "This form could not be accepted: it did not come from this dashboard's own page, or the page was too old. Go back, reload the page and try again.",
  });
};

/**
 * The first of two CSRF checks, for every state-changing request: a browser always says where a form post came from
 * (Origin, Sec-Fetch-Site), and it must be this origin. Clients that send neither still need the form token below.
 */
export const sameOriginOnly = createMiddleware<DashboardBindings>(async (c, next) => {
  if (!UNSAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header("Origin");
  const fetchSite = c.req.header("Sec-Fetch-Site");
  if (origin !== undefined && origin !== new URL(c.req.url).origin) return refuseForgery(c, "cross-origin Origin");
  if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") return refuseForgery(c, "cross-site Sec-Fetch-Site");
  await next();
});

/** The form's `_csrf` field, from a urlencoded or a multipart body alike (the body is parsed once and kept for the handler). */
async function formToken(c: Context): Promise<string> {
  const body = await c.req.parseBody();
  return typeof body._csrf === "string" ? body._csrf : "";
}

/**
 * The session, for every page but the public ones: the tenant always comes from here, never from the URL. No
 * session sends the browser to sign in (a form post does nothing); with one, a state-changing request must carry the
 * session's own form token (the second CSRF check).
 */
export const requireSession = createMiddleware<DashboardBindings>(async (c, next) => {
  if (isPublicPath(c.req.path)) return next();
  const token = readSessionCookie(c);
  const session = token ? await resolveSession({ ctx: c.get("ctx"), input: { token } }) : null;
  if (!session) {
    const target = c.req.method === "GET" && c.req.path !== "/dashboard" ? `?next=${encodeURIComponent(c.req.path)}` : "";
    return c.redirect(`/dashboard/sign-in${target || (token ? "?notice=session-ended" : "")}`, 303);
  }
  if (UNSAFE_METHODS.has(c.req.method) && !timingSafeEqualStrings(await formToken(c), session.csrfToken)) {
    return refuseForgery(c, "missing or wrong session form token");
  }
  c.set("session", session);
  enterTenant(c, { id: session.tenantId, shard: session.shard });
  await next();
});

/**
 * Signed-in pages read the tenant's shard through a D1 session (from a replica, at least as recent as the browser's
 * bookmark cookie); a form post runs on the primary and leaves its own writes' bookmark in the cookie, so the page it
 * redirects to shows them. A cookie that is not a bookmark is ignored: the page then reads from the nearest replica.
 */
export const readsFromBookmark = createMiddleware<SignedInBindings>(async (c, next) => {
  if (UNSAFE_METHODS.has(c.req.method)) {
    await next();
    const bookmark = c.get("ctx").bookmark();
    if (bookmark) setBookmarkCookie(c, bookmark);
    return;
  }
  const cookie = readBookmarkCookie(c);
  const ctx = c.get("ctx");
  const reading = ctx.readingFrom(cookie && BOOKMARK_PATTERN.test(cookie) ? cookie : undefined);
  c.set("ctx", reading);
  await next();
  c.set("ctx", ctx);
  const bookmark = reading.bookmark();
  if (bookmark && bookmark !== cookie) setBookmarkCookie(c, bookmark);
});

/** The forms before sign-in carry a token that must equal a SameSite=Strict cookie this origin set (double submit). */
export const requireFormCookie = createMiddleware<DashboardBindings>(async (c, next) => {
  if (!UNSAFE_METHODS.has(c.req.method)) return next();
  const cookie = readFormCookie(c);
  if (!cookie || !timingSafeEqualStrings(await formToken(c), cookie)) return refuseForgery(c, "missing or wrong pre-session form token");
  await next();
});

/** The token for a public form: the one already in the browser's cookie, or a new one set now. */
export function publicFormToken(c: Context): string {
  const existing = readFormCookie(c);
  if (existing) return existing;
  const token = base64Url(randomBytes(32));
  setFormCookie(c, token);
  return token;
}

/** Team and audit pages are the owner's. */
export const ownerOnly = createMiddleware<SignedInBindings>(async (c, next) => {
  if (c.get("session").role !== "owner") {
    return showMessage(c, 403, { title: "Owners only", message: "Only the account's owners can open this page." });
  }
  await next();
});
