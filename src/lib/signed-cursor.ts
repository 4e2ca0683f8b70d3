import { hmacSha256Hex, timingSafeEqualStrings } from "./crypto";
import { decodePosition, encodePosition, type ListPosition } from "./keyset-cursor";
import { ApiError } from "./problem";

/** Which list, for which tenant and filters, a cursor was issued by; `list` keeps one list's cursors out of another. */
export type CursorScope = { list: string; tenantId: string; filters: string; secret: string };

async function signature(scope: CursorScope, payload: string): Promise<string> {
  return (await hmacSha256Hex(scope.secret, `${scope.list}\n${scope.tenantId}\n${scope.filters}\n${payload}`)).slice(0, 32);
}

/** Signed for one list, tenant and filter set, so a cursor cannot be forged or carried across tenants, lists or queries. */
export async function encodeSignedCursor(position: ListPosition, scope: CursorScope): Promise<string> {
  const payload = encodePosition(position);
  return `${payload}.${await signature(scope, payload)}`;
}

export async function decodeSignedCursor(cursor: string, scope: CursorScope): Promise<ListPosition> {
  const [payload, signed, ...rest] = cursor.split(".");
  if (!payload || !signed || rest.length > 0 || !timingSafeEqualStrings(signed, await signature(scope, payload))) {
    throw new ApiError("invalid-cursor", "`cursor` must be a nextCursor returned by this endpoint with the same filters.");
  }
  return decodePosition(payload);
}

/** One page of a newest-first keyset list read with `limit + 1` rows: the page, whether more follow, and the cursor to them ("" on the last page). */
export async function signedPage<Row extends ListPosition>(rows: Row[], limit: number, scope: CursorScope) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasMore = rows.length > limit;
  const nextCursor = hasMore && last ? await encodeSignedCursor({ createdAt: last.createdAt, id: last.id }, scope) : "";
  return { page, hasMore, nextCursor };
}
