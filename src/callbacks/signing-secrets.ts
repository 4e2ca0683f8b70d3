import { base64Url, openSecret, randomBytes, sealingKey, sealSecret } from "../lib/crypto";

/** `whsec_` + 32 random bytes; the HMAC key is this whole string as UTF-8, as receivers are told. */
export function generateSigningSecret(): string {
  return `whsec_${base64Url(randomBytes(32))}`;
}

const PURPOSE = "payment-connect callback signing secrets v1";

function signingSecretsKey(env: Pick<Env, "CALLBACK_SECRETS_KEY">): Promise<CryptoKey> {
  const material = env.CALLBACK_SECRETS_KEY;
  if (!material) throw new Error("CALLBACK_SECRETS_KEY is not set; callback signing secrets cannot be stored or read.");
  return sealingKey(material, PURPOSE);
}

// The associated data binds a ciphertext to its own row, so one copied onto another row does not open.
const associatedData = (owner: { tenantId: string; secretId: string }) => `${owner.tenantId}/${owner.secretId}`;

export async function sealSigningSecret(
  env: Pick<Env, "CALLBACK_SECRETS_KEY">,
  owner: { tenantId: string; secretId: string },
  secret: string,
): Promise<string> {
  return sealSecret(await signingSecretsKey(env), associatedData(owner), secret);
}

export async function openSigningSecret(
  env: Pick<Env, "CALLBACK_SECRETS_KEY">,
  owner: { tenantId: string; secretId: string },
  sealed: string,
): Promise<string> {
  return openSecret(await signingSecretsKey(env), associatedData(owner), sealed);
}
