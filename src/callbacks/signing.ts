import { hmacSha256Hex } from "../lib/crypto";

export const CALLBACK_HEADER = {
  signature: "LC-Signature",
  eventType: "LC-Event-Type",
  eventId: "LC-Event-Id",
} as const;

/**
 * The contract's `LC-Signature`: `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, "{t}.{rawBody}")>`, with one
 * `v1` per active secret (current first), so receivers still holding a rotated-out secret keep verifying.
 */
export async function signatureHeader({
  rawBody,
  secrets,
  timestamp,
}: {
  rawBody: string;
  secrets: readonly (string | CryptoKey)[];
  timestamp: number;
}): Promise<string> {
  const signedPayload = `${timestamp}.${rawBody}`;
  const signatures = await Promise.all(secrets.map((secret) => hmacSha256Hex(secret, signedPayload)));
  return [`t=${timestamp}`, ...signatures.map((signature) => `v1=${signature}`)].join(",");
}
