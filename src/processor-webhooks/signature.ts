import { hmacSha256Hex, timingSafeEqualStrings } from "../lib/crypto";

export const SIGNATURE_TOLERANCE_SECONDS = 300;

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
 * on the raw bytes, in constant time, within a replay window; any of the given keys (rotation) may match.
 */
export async function verifyProcessorSignature(input: {
  header: string | null;
  rawBody: string;
  signingKeys: string[];
  nowSeconds?: number;
}): Promise<boolean> {
  const parsed = input.header ? parseSignatureHeader(input.header) : null;
  if (!parsed) return false;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(parsed.timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  let valid = false;
  for (const key of input.signingKeys.filter(Boolean)) {
    const expected = await hmacSha256Hex(key, `${parsed.timestamp}:${input.rawBody}`);
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
