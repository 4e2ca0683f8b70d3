import { createMiddleware } from "hono/factory";

import { base64Url, configuredHmacKey, hmacSha256Hex, randomBytes } from "../lib/crypto";

export const API_KEY_PREFIX = "lc_live_";
const API_KEY_RANDOM_BYTES = 32;
const API_KEY_PATTERN = /^lc_live_[A-Za-z0-9_-]{43}$/;

export function generateApiKey(): string {
  return API_KEY_PREFIX + base64Url(randomBytes(API_KEY_RANDOM_BYTES));
}

export function isWellFormedApiKey(candidate: string): boolean {
  return API_KEY_PATTERN.test(candidate);
}

/** Keyed with a server-side pepper so a leaked table alone cannot be used to test guesses offline. */
export async function hashApiKey(key: string, pepper: string): Promise<string> {
  if (!pepper) throw new Error("KEY_PEPPER is not configured");
  return hmacSha256Hex(await configuredHmacKey(pepper), key);
}

export function displayParts(key: string) {
  return { displayPrefix: key.slice(0, API_KEY_PREFIX.length + 4), lastFour: key.slice(-4) };
}

/**
 * `POST …/keys` with `Content-Type: application/json` and no bytes (as scripts have always sent it) reads as `{}`, the
 * same as no body: a key with every permission.
 */
export const emptyJsonBodyAsObject = createMiddleware(async (c, next) => {
  if (c.req.header("Content-Length") === "0" || c.req.raw.body === null) c.req.bodyCache.json = Promise.resolve({});
  await next();
});
