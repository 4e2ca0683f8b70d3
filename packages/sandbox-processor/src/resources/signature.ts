import { hmacSha256Hex } from "../core/crypto";

/** `Finix-Signature: timestamp=<unix seconds>, sig=<hex HMAC-SHA256(secret_signing_key, "<timestamp>:<raw body>")>`. */
export async function finixSignature(secretSigningKey: string, rawBody: string, timestampSeconds: number): Promise<string> {
  const sig = await hmacSha256Hex(secretSigningKey, `${timestampSeconds}:${rawBody}`);
  return `timestamp=${timestampSeconds}, sig=${sig}`;
}
