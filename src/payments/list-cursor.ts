import { base64Url, fromBase64Url, hmacSha256Hex, timingSafeEqualStrings } from "../lib/crypto";
import { ApiError } from "../lib/problem";

export type CursorPosition = { createdAt: string; id: string };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function signingInput(tenantId: string, filters: string, payload: string): string {
  return `payments-cursor\n${tenantId}\n${filters}\n${payload}`;
}

/** Opaque and signed for one tenant and one filter set, so a cursor cannot be forged or carried across tenants. */
export async function encodeCursor(position: CursorPosition, context: { tenantId: string; filters: string; secret: string }): Promise<string> {
  const payload = base64Url(encoder.encode(JSON.stringify([position.createdAt, position.id])));
  const signature = await hmacSha256Hex(context.secret, signingInput(context.tenantId, context.filters, payload));
  return `${payload}.${signature.slice(0, 32)}`;
}

export async function decodeCursor(cursor: string, context: { tenantId: string; filters: string; secret: string }): Promise<CursorPosition> {
  const invalid = new ApiError("invalid-cursor", "`cursor` must be a nextCursor returned by this endpoint with the same filters.");
  const [payload, signature, ...rest] = cursor.split(".");
  if (!payload || !signature || rest.length > 0) throw invalid;
  const expected = (await hmacSha256Hex(context.secret, signingInput(context.tenantId, context.filters, payload))).slice(0, 32);
  if (!timingSafeEqualStrings(signature, expected)) throw invalid;
  try {
    const [createdAt, id] = JSON.parse(decoder.decode(fromBase64Url(payload))) as unknown[];
    if (typeof createdAt !== "string" || typeof id !== "string") throw invalid;
    return { createdAt, id };
  } catch {
    throw invalid;
  }
}
