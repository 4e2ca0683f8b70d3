/**
 * Time-based one-time passwords (RFC 6238) over WebCrypto's HMAC-SHA1: 30-second steps, 6 digits, the step before and
 * after accepted for clock drift — what every authenticator app does with an `otpauth://totp/` URI.
 */

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
// One step either side: a phone's clock a little off, or a code typed as it turned over.
const DRIFT_STEPS = 1;
// 160 bits, the size RFC 4226 recommends for HMAC-SHA1 and every authenticator app takes.
export const TOTP_SECRET_BYTES = 20;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding, the form authenticator apps take a secret in. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32.charAt((value >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32.charAt((value << (5 - bits)) & 31);
  return out;
}

/** Reads base32 as people copy it: any case, spaces and padding ignored. Throws on a character outside the alphabet. */
export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("Not base32.");
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** RFC 4226 HOTP: HMAC-SHA1 of the 8-byte big-endian counter, dynamically truncated to `digits` decimal digits. */
export async function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): Promise<string> {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The step a moment falls in: whole 30-second periods since the Unix epoch (RFC 6238's T with T0 = 0). */
export const totpStep = (timeMs: number) => Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);

/** The code an authenticator shows at a moment. */
export const totpAt = (secret: Uint8Array, timeMs: number, digits = TOTP_DIGITS) => hotp(secret, totpStep(timeMs), digits);

/**
 * The step a typed code is right for — the current one or one either side — if that step is later than
 * `lastUsedStep`; "used" when it is right only for a step already used (a code typed again); null otherwise. Every candidate is computed and compared without an early exit, so the time taken
 * says nothing about which matched.
 */
export async function matchTotp(secret: Uint8Array, code: string, timeMs: number, lastUsedStep: number): Promise<number | "used" | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(timeMs);
  const typed = new TextEncoder().encode(code);
  let matched: number | null = null;
  let used = false;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    const expected = new TextEncoder().encode(await hotp(secret, step));
    const equal = crypto.subtle.timingSafeEqual(expected, typed);
    if (equal && step > lastUsedStep && matched === null) matched = step;
    if (equal && step <= lastUsedStep) used = true;
  }
  return matched ?? (used ? "used" : null);
}

/** The URI an authenticator app reads (as text or, where one is drawn, a QR code): issuer and account label it in the app. */
export function otpauthUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret, issuer, algorithm: "SHA1", digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${query.toString().replaceAll("+", "%20")}`;
}
