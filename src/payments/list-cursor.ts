import { hmacSha256Hex, timingSafeEqualStrings } from "../lib/crypto";
import { decodePosition, encodePosition, type ListPosition } from "../lib/keyset-cursor";
import { ApiError } from "../lib/problem";

type CursorContext = { tenantId: string; filters: string; secret: string };

async function signature(context: CursorContext, payload: string): Promise<string> {
  return (await hmacSha256Hex(context.secret, `payments-cursor\n${context.tenantId}\n${context.filters}\n${payload}`)).slice(0, 32);
}

/** Signed for one tenant and one filter set, so a cursor cannot be forged or carried across tenants or queries. */
export async function encodeCursor(position: ListPosition, context: CursorContext): Promise<string> {
  const payload = encodePosition(position);
  return `${payload}.${await signature(context, payload)}`;
}

export async function decodeCursor(cursor: string, context: CursorContext): Promise<ListPosition> {
  const [payload, signed, ...rest] = cursor.split(".");
  if (!payload || !signed || rest.length > 0 || !timingSafeEqualStrings(signed, await signature(context, payload))) {
    throw new ApiError("invalid-cursor", "`cursor` must be a nextCursor returned by this endpoint with the same filters.");
  }
  return decodePosition(payload);
}
