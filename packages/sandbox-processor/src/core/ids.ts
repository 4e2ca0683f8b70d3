import { hex, randomBytes, sha256Hex } from "./crypto";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789";
const ID_LENGTH = 22;

function encode(bytes: Uint8Array, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i % bytes.length]! % ALPHABET.length]!;
  return out;
}

/** Ids shaped like the processor's: a resource prefix (`TR`, `obf_`, `cf_` …) and 22 alphanumerics. */
export function processorId(prefix: string): string {
  return prefix + encode(randomBytes(ID_LENGTH), ID_LENGTH);
}

/** The same card or bank account always gets the same fingerprint, as at the processor. */
export async function fingerprintOf(material: string): Promise<string> {
  const digest = await sha256Hex(`fingerprint:${material}`);
  const bytes = Uint8Array.from(digest.match(/../g)!, (pair) => parseInt(pair, 16));
  return "FPR" + encode(bytes, ID_LENGTH);
}

export function signingSecret(): string {
  return hex(randomBytes(32));
}
