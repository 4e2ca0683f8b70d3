import { base64Url, fromBase64Url, randomBytes } from "../lib/crypto";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const SEALED_FORMAT = "v1";

/** `whsec_` + 32 random bytes; the HMAC key is this whole string as UTF-8, as receivers are told. */
export function generateSigningSecret(): string {
  return `whsec_${base64Url(randomBytes(32))}`;
}

let cachedKey: { material: string; key: Promise<CryptoKey> } | undefined;

function sealingKey(env: Pick<Env, "CALLBACK_SECRETS_KEY">): Promise<CryptoKey> {
  const material = env.CALLBACK_SECRETS_KEY;
  if (!material) throw new Error("CALLBACK_SECRETS_KEY is not set; callback signing secrets cannot be stored or read.");
  if (cachedKey?.material !== material) cachedKey = { material, key: deriveSealingKey(material) };
  return cachedKey.key;
}

async function deriveSealingKey(material: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(material), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("payment-connect callback signing secrets v1") },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

// The associated data binds a ciphertext to its own row, so one copied onto another row does not open.
const associatedData = (owner: { tenantId: string; secretId: string }) => encoder.encode(`${owner.tenantId}/${owner.secretId}`);

export async function sealSigningSecret(
  env: Pick<Env, "CALLBACK_SECRETS_KEY">,
  owner: { tenantId: string; secretId: string },
  secret: string,
): Promise<string> {
  const iv = randomBytes(12);
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: associatedData(owner) },
    await sealingKey(env),
    encoder.encode(secret),
  );
  return `${SEALED_FORMAT}.${base64Url(iv)}.${base64Url(new Uint8Array(ciphertext))}`;
}

export async function openSigningSecret(
  env: Pick<Env, "CALLBACK_SECRETS_KEY">,
  owner: { tenantId: string; secretId: string },
  sealed: string,
): Promise<string> {
  const [format, iv, ciphertext] = sealed.split(".");
  if (format !== SEALED_FORMAT || !iv || !ciphertext) throw new Error(`Signing secret ${owner.secretId} is not in the sealed format.`);
  const plaintext = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64Url(iv), additionalData: associatedData(owner) },
    await sealingKey(env),
    fromBase64Url(ciphertext),
  );
  return decoder.decode(plaintext);
}
