import { base64Url, fromBase64Url, randomBytes } from "../lib/crypto";

/**
 * PBKDF2-SHA256 at 100,000 iterations: the most the deployed Workers runtime computes ("iteration counts above 100000
 * are not supported"); local workerd does not enforce the cap, so a higher number would pass every local test and
 * then break signing in on Cloudflare. The count is stored with each hash, so a later platform limit can raise it.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const SCHEME = "pbkdf2-sha256";

export const MIN_PASSWORD_LENGTH = 12;
// Bounds the work an anonymous sign-in can ask for; no person types more.
export const MAX_PASSWORD_LENGTH = 256;

const encoder = new TextEncoder();

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS));
}

/** A fresh random salt per password, so equal passwords never share a hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return [SCHEME, PBKDF2_ITERATIONS, base64Url(salt), base64Url(hash)].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split("$");
  if (scheme !== SCHEME || !iterations || !salt || !hash) throw new Error("A stored password hash is not in the pbkdf2-sha256 format.");
  const expected = fromBase64Url(hash);
  const actual = await derive(password, fromBase64Url(salt), Number(iterations));
  return actual.byteLength === expected.byteLength && crypto.subtle.timingSafeEqual(actual, expected);
}

// Checked against when no account matches, so an unknown e-mail costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  return (decoyHash ??= hashPassword(base64Url(randomBytes(18))));
}
