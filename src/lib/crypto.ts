const encoder = new TextEncoder();

export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

export function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array {
  const padded = text.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

export function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function hmacSha256Key(key: string | Uint8Array): Promise<CryptoKey> {
  const keyBytes = typeof key === "string" ? encoder.encode(key) : key;
  return crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

const configuredKeys = new Map<string, Promise<CryptoKey>>();

/** An HMAC key from the configuration (a pepper, a signing key): imported once per isolate, not on every request. */
export function configuredHmacKey(secret: string): Promise<CryptoKey> {
  let imported = configuredKeys.get(secret);
  if (!imported) {
    imported = hmacSha256Key(secret);
    configuredKeys.set(secret, imported);
  }
  return imported;
}

/** A key imported once with `hmacSha256Key` saves the import on every message it signs. */
export async function hmacSha256(key: string | Uint8Array | CryptoKey, message: string | Uint8Array): Promise<Uint8Array> {
  const cryptoKey = key instanceof CryptoKey ? key : await hmacSha256Key(key);
  const data = typeof message === "string" ? encoder.encode(message) : message;
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, data));
}

export async function hmacSha256Hex(key: string | Uint8Array | CryptoKey, message: string | Uint8Array): Promise<string> {
  return hex(await hmacSha256(key, message));
}

export async function sha256Hex(message: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(message)));
}

/** Compares secrets without leaking, through timing, how long a matching prefix is. */
export function timingSafeEqualStrings(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  if (left.byteLength !== right.byteLength) {
    crypto.subtle.timingSafeEqual(left, left);
    return false;
  }
  return crypto.subtle.timingSafeEqual(left, right);
}
