import { hex, randomBytes } from "../lib/crypto";
import type { Resource } from "./state";

export const SANDBOX_APPLICATION_ID_FALLBACK = "APsandboxPaymentConnect0001";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** Processor-style ids: a two-letter prefix and 22 random characters (e.g. TRx8…). */
export function processorId(prefix: string): string {
  const bytes = randomBytes(22);
  return prefix + Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

export function fingerprint(value: string): string {
  return "FPR" + hex(new TextEncoder().encode(value)).slice(0, 20);
}

export function base(prefix: string): Resource {
  const now = new Date().toISOString();
  return { id: processorId(prefix), created_at: now, updated_at: now };
}

export function links(path: string, extra: Record<string, string> = {}) {
  return { self: { href: path }, ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, { href: v }])) };
}

export class ProcessorFault extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The processor's error body: `{ total, _embedded: { errors: [...] } }`. */
export function errorBody(status: number, code: string, message: string, field?: string) {
  return {
    total: 1,
    _embedded: {
      errors: [{ code, message, ...(field ? { field } : {}), logref: hex(randomBytes(8)), _links: { source: { href: "" } } }],
    },
  };
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (number.startsWith("4")) return "VISA";
  if (/^5[1-5]/.test(number)) return "MASTERCARD";
  if (/^3[47]/.test(number)) return "AMERICAN_EXPRESS";
  if (number.startsWith("6")) return "DISCOVER";
  return "UNKNOWN";
}
