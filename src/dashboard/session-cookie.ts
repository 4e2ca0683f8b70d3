import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

import { PENDING_SIGN_IN_MS, SESSION_ABSOLUTE_MS } from "../accounts";

const SESSION_COOKIE = "pc_session";
// The double-submit token of the forms shown before sign-in (sign-in, invitation).
const FORM_COOKIE = "pc_form";

/**
 * `__Host-` + Secure everywhere, except plain http on this machine (`npm run dev`), where a browser would drop a
 * Secure cookie: there the cookie has no prefix and no Secure. A deployed Worker is always reached over https.
 */
function cookieOptions(c: Context) {
  const url = new URL(c.req.url);
  const plainLocal = url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return plainLocal
    ? ({ path: "/", httpOnly: true, sameSite: "Lax", secure: false } as const)
    : ({ path: "/", httpOnly: true, sameSite: "Lax", secure: true, prefix: "host" } as const);
}

const prefixOf = (c: Context) => ("prefix" in cookieOptions(c) ? "host" : undefined);

export const readSessionCookie = (c: Context) => getCookie(c, SESSION_COOKIE, prefixOf(c));

export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c), maxAge: SESSION_ABSOLUTE_MS / 1000 });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}

export const readFormCookie = (c: Context) => getCookie(c, FORM_COOKIE, prefixOf(c));

export function setFormCookie(c: Context, token: string): void {
  setCookie(c, FORM_COOKIE, token, { ...cookieOptions(c), sameSite: "Strict" });
}

// Where this browser's reads stood (D1's bookmark): pages read at least that much, so they show its own changes.
const BOOKMARK_COOKIE = "pc_bookmark";

export const readBookmarkCookie = (c: Context) => getCookie(c, BOOKMARK_COOKIE, prefixOf(c));

export function setBookmarkCookie(c: Context, bookmark: string): void {
  setCookie(c, BOOKMARK_COOKIE, bookmark, { ...cookieOptions(c), maxAge: SESSION_ABSOLUTE_MS / 1000 });
}

// A sign-in waiting for its authenticator code: the pending token, for as long as the second step stays open.
const PENDING_COOKIE = "pc_pending";

export const readPendingCookie = (c: Context) => getCookie(c, PENDING_COOKIE, prefixOf(c));

export function setPendingCookie(c: Context, token: string): void {
  setCookie(c, PENDING_COOKIE, token, { ...cookieOptions(c), sameSite: "Strict", maxAge: PENDING_SIGN_IN_MS / 1000 });
}

export function clearPendingCookie(c: Context): void {
  deleteCookie(c, PENDING_COOKIE, cookieOptions(c));
}
