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

/** Each byte's two hex digits, made once: every request formats its trace id, and a lookup costs less than string work per byte. */
const HEX_DIGITS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

export function hex(bytes: ArrayBuffer | Uint8Array): string {
  let digits = "";
  for (const byte of bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) digits += HEX_DIGITS[byte]!;
  return digits;
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

const decoder = new TextDecoder();
const SEALED_FORMAT = "v1";
const sealingKeys = new Map<string, Promise<CryptoKey>>();

/**
 * An AES-GCM key for secrets the service must read back (callback signing secrets, authenticator secrets), derived by
 * HKDF from configured key material. `purpose` is HKDF's info: each kind of secret gets its own key from the same
 * material, so a ciphertext of one kind never opens as another. Derived once per isolate.
 */
export function sealingKey(material: string, purpose: string): Promise<CryptoKey> {
  const cacheKey = `${purpose}\n${material}`;
  let key = sealingKeys.get(cacheKey);
  if (!key) {
    key = deriveSealingKey(material, purpose);
    sealingKeys.set(cacheKey, key);
  }
  return key;
}

async function deriveSealingKey(material: string, purpose: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(material), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(purpose) },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/**
 * Encrypts a secret at rest as `v1.<iv>.<ciphertext>`. The associated data names the row the secret belongs to, so a
 * ciphertext copied onto another row does not open.
 */
export async function sealSecret(key: CryptoKey, associatedData: string, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(associatedData) },
    key,
    encoder.encode(secret),
  );
  return `${SEALED_FORMAT}.${base64Url(iv)}.${base64Url(new Uint8Array(ciphertext))}`;
}

/** The secret `sealSecret` sealed under the same key and associated data; throws for anything else. */
export async function openSecret(key: CryptoKey, associatedData: string, sealed: string): Promise<string> {
  const [format, iv, ciphertext] = sealed.split(".");
  if (format !== SEALED_FORMAT || !iv || !ciphertext) throw new Error(`A sealed secret (${associatedData}) is not in the sealed format.`);
  const plaintext = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64Url(iv), additionalData: encoder.encode(associatedData) },
    key,
    fromBase64Url(ciphertext),
  );
  return decoder.decode(plaintext);
}
