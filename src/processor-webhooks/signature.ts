import { configuredHmacKey, hmacSha256Hex, timingSafeEqualStrings } from "../lib/crypto";

/**
 * How old a signed delivery may be. The processor retries a failed delivery at +1.5, +2, +3, +5 and +9 minutes (20.5
 * minutes after the first attempt), and its documentation does not say that retries are signed anew: a retry may carry
 * the first attempt's timestamp, so the window covers the whole ladder with room to spare. A replay inside it changes
 * nothing: deliveries are de-duplicated and a resource only moves forward.
 */
export const SIGNATURE_MAX_AGE_SECONDS = 30 * 60;
/** Clock skew tolerated for a timestamp in the future. */
export const SIGNATURE_MAX_SKEW_SECONDS = 5 * 60;

function parseSignatureHeader(header: string): { timestamp: string; signatures: string[] } | null {
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (name === "timestamp") timestamp = value;
    else if (name === "sig") signatures.push(value.toLowerCase());
  }
  return timestamp && /^\d{1,12}$/.test(timestamp) && signatures.length > 0 ? { timestamp, signatures } : null;
}

/**
 * `Finix-Signature: timestamp=<unix>, sig=<hex HMAC-SHA256(signing key, "<timestamp>:<raw body>")>`, checked
 * on the raw bytes, in constant time, within a window that admits the processor's own retries; any of the given keys
 * (rotation) may match.
 */
export async function verifyProcessorSignature(input: {
  header: string | null;
  rawBody: Uint8Array;
  signingKeys: string[];
  nowSeconds?: number;
}): Promise<boolean> {
  const parsed = input.header ? parseSignatureHeader(input.header) : null;
  if (!parsed) return false;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  const age = now - Number(parsed.timestamp);
  if (age > SIGNATURE_MAX_AGE_SECONDS || age < -SIGNATURE_MAX_SKEW_SECONDS) return false;
  const prefix = new TextEncoder().encode(`${parsed.timestamp}:`);
  const signedBytes = new Uint8Array(prefix.byteLength + input.rawBody.byteLength);
  signedBytes.set(prefix);
  signedBytes.set(input.rawBody, prefix.byteLength);
  let valid = false;
  for (const key of input.signingKeys.filter(Boolean)) {
    const expected = await hmacSha256Hex(await configuredHmacKey(key), signedBytes);
    for (const signature of parsed.signatures) valid = timingSafeEqualStrings(signature, expected) || valid;
  }
  return valid;
}

/** The Basic credentials the webhook was registered with at the processor, compared in constant time. */
export function verifyWebhookCredentials(authorization: string | null, username: string, password: string): boolean {
  if (!username || !password) return false;
  const expected = `Basic ${btoa(`${username}:${password}`)}`;
  return timingSafeEqualStrings(authorization?.trim() ?? "", expected);
}
