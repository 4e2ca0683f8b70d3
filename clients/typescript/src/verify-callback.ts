/**
 * Verifies a Payment Connect callback before acting on it. Dependency-free: WebCrypto only, so it runs unchanged in
 * Cloudflare Workers, browsers, Deno, Bun and Node ≥ 20. Exported by `@payment-connect/client` as `verifyCallback`
 * (and `verifyCallbackSignature`); a receiver without the client may copy this file as it is.
 *
 * `LC-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, where each `v1` is the lowercase hex HMAC-SHA256, keyed
 * with a signing secret (the whole `whsec_…` string as UTF-8), of `{t}.{rawBody}`. There is one `v1` per secret
 * active at sending time (two while a rotation's window is open); any one matching suffices.
 *
 * @example
 * const rawBody = await request.text(); // the exact bytes: never JSON.parse and re-serialize before verifying
 * const result = await verifyCallbackSignature({ rawBody, signatureHeader: request.headers.get("LC-Signature"), secret: env.LC_SIGNING_SECRET });
 * if (!result.ok) return new Response(result.reason, { status: 400 });
 */
export type CallbackVerification =
  | { ok: true; timestamp: number }
  | { ok: false; reason: "missing-header" | "malformed-header" | "signature-mismatch" | "timestamp-out-of-tolerance" };

export async function verifyCallbackSignature({
  rawBody,
  signatureHeader,
  secret,
  toleranceSeconds = 300,
  now = new Date(),
}: {
  rawBody: string | Uint8Array | ArrayBuffer;
  signatureHeader: string | null | undefined;
  /** The signing secret, or several while the receiver itself is switching secrets. */
  secret: string | readonly string[];
  toleranceSeconds?: number;
  now?: Date;
}): Promise<CallbackVerification> {
  const secrets = typeof secret === "string" ? [secret] : [...secret];
  if (secrets.length === 0 || secrets.some((candidate) => candidate.length === 0))
    throw new TypeError("verifyCallbackSignature needs a signing secret.");
  if (!signatureHeader) return { ok: false, reason: "missing-header" };

  let timestamp: number | undefined;
  const signatures: Uint8Array<ArrayBuffer>[] = [];
  for (const part of signatureHeader.split(",")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    const scheme = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (scheme === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    // Other schemes are skipped, so a future `v2` added beside `v1` does not break this verifier.
    if (scheme === "v1" && /^[0-9a-fA-F]{64}$/.test(value)) signatures.push(hexToBytes(value));
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: "malformed-header" };

  const encoder = new TextEncoder();
  const body = typeof rawBody === "string" ? encoder.encode(rawBody) : new Uint8Array(rawBody);
  const prefix = encoder.encode(`${timestamp}.`);
  const signedPayload = new Uint8Array(prefix.length + body.length);
  signedPayload.set(prefix, 0);
  signedPayload.set(body, prefix.length);

  let matched = false;
  for (const candidate of secrets) {
    const key = await crypto.subtle.importKey("raw", encoder.encode(candidate), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    for (const signature of signatures) {
      // WebCrypto's HMAC verify compares in constant time; every pair is checked so timing does not reveal which matched.
      if (await crypto.subtle.verify("HMAC", key, signature, signedPayload)) matched = true;
    }
  }
  if (!matched) return { ok: false, reason: "signature-mismatch" };

  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: "timestamp-out-of-tolerance" };
  return { ok: true, timestamp };
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}
