import { base64Url, randomBytes } from "./crypto";

/** Service ids are prefixed and random so that they leak no sequence or volume. */
export function newId(prefix: string): string {
  return `${prefix}_${base64Url(randomBytes(16)).replaceAll("-", "").replaceAll("_", "")}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}
