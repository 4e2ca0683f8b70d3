import { and, gte, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

import { base64Url, fromBase64Url, hmacSha256Hex, timingSafeEqualStrings } from "./crypto";
import { storedBound } from "./instant";
import { ApiError } from "./problem";

/** A row's place in a list ordered by (createdAt, id); `id` breaks ties between rows of the same instant. */
export type ListPosition = { createdAt: string; id: string };

/** The columns a list is ordered by, on an index that starts with the tenant. */
export type KeysetColumns = { createdAt: SQLiteColumn; id: SQLiteColumn };

/** Which list, for which tenant and filters, a cursor was issued by; `list` keeps one list's cursors out of another. */
export type CursorScope = { list: string; tenantId: string; filters: string; secret: string };

/**
 * The scope of `list`'s cursors, signed with the one cursor secret: for `tenantId` ("" on an operator's list across
 * tenants) and `filters` as the list normalized them, so that the same filters written another way keep the cursor.
 */
export function cursorScope(
  ctx: { env: Pick<Env, "KEY_PEPPER"> },
  list: string,
  { tenantId = "", filters = [] }: { tenantId?: string; filters?: readonly unknown[] } = {},
): CursorScope {
  return { list, tenantId, filters: JSON.stringify(filters), secret: ctx.env.KEY_PEPPER };
}

/** A list's `from` (inclusive) and `to` (exclusive) on its rows' creation, as stored timestamps are written; null when not given. */
export type CreatedBounds = { from: string | null; to: string | null };

/**
 * `from` and `to` as every list filtered by creation takes them (`createdRange` in the OpenAPI helpers): any ISO 8601
 * instant with a zone, any precision, each rounded up to the millisecond in UTC (`storedBound`). Creation times are
 * stored with milliseconds, so a row created at `t` is in the list exactly when `from` ≤ `t` < `to`.
 */
export function createdBounds({ from, to }: { from?: string | undefined; to?: string | undefined }): CreatedBounds {
  return { from: from ? storedBound(from) : null, to: to ? storedBound(to) : null };
}

/** Rows whose `createdAt` is in [from, to) of `createdBounds`; no condition without bounds. */
export function createdBetween(createdAt: SQLiteColumn, { from, to }: CreatedBounds): SQL | undefined {
  return and(from ? gte(createdAt, from) : undefined, to ? lt(createdAt, to) : undefined);
}

/** One page of a list, in the envelope every list shares: on the last page `hasMore` is false and `nextCursor` is "". */
export type Page<T> = { data: T[]; hasMore: boolean; nextCursor: string };

const encoder = new TextEncoder();
const decoder = new TextDecoder();
export const INVALID_CURSOR = "`cursor` must be a nextCursor returned by this endpoint with the same filters.";

async function signature(scope: CursorScope, payload: string): Promise<string> {
  return (await hmacSha256Hex(scope.secret, `${scope.list}\n${scope.tenantId}\n${scope.filters}\n${payload}`)).slice(0, 32);
}

/** Signed for one list, tenant and filter set, so a cursor cannot be forged or carried across tenants, lists or queries. */
export async function encodeCursor(position: ListPosition, scope: CursorScope): Promise<string> {
  const payload = base64Url(encoder.encode(JSON.stringify([position.createdAt, position.id])));
  return `${payload}.${await signature(scope, payload)}`;
}

export async function decodeCursor(cursor: string, scope: CursorScope): Promise<ListPosition> {
  const [payload, signed, ...rest] = cursor.split(".");
  if (!payload || !signed || rest.length > 0 || !timingSafeEqualStrings(signed, await signature(scope, payload))) {
    throw new ApiError("invalid-cursor", INVALID_CURSOR);
  }
  let position: unknown;
  try {
    position = JSON.parse(decoder.decode(fromBase64Url(payload)));
  } catch {
    position = null;
  }
  if (Array.isArray(position) && position.length === 2 && typeof position[0] === "string" && typeof position[1] === "string") {
    return { createdAt: position[0], id: position[1] };
  }
  throw new ApiError("invalid-cursor", INVALID_CURSOR);
}

/**
 * Rows past the cursor's position in a list ordered `newestFirst` or oldest first, none without a cursor. A row-value
 * comparison is one index range, where the equivalent OR scans every row before the position first.
 */
export async function afterCursor(
  columns: KeysetColumns,
  cursor: string | undefined,
  scope: CursorScope,
  order: "newestFirst" | "oldestFirst" = "newestFirst",
): Promise<SQL | undefined> {
  if (!cursor) return undefined;
  const position = await decodeCursor(cursor, scope);
  return order === "newestFirst"
    ? sql`(${columns.createdAt}, ${columns.id}) < (${position.createdAt}, ${position.id})`
    : sql`(${columns.createdAt}, ${columns.id}) > (${position.createdAt}, ${position.id})`;
}

/** The first `limit` of `rows` (read with `limit + 1`), and the cursor to the rest ("" when there is none). */
export function pageOf<Row extends ListPosition>(rows: Row[], limit: number, scope: CursorScope): Promise<Page<Row>>;
export function pageOf<Row>(rows: Row[], limit: number, scope: CursorScope, positionOf: (row: Row) => ListPosition): Promise<Page<Row>>;
export async function pageOf<Row>(
  rows: Row[],
  limit: number,
  scope: CursorScope,
  positionOf: (row: Row) => ListPosition = (row) => row as ListPosition,
): Promise<Page<Row>> {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  const hasMore = rows.length > limit;
  return { data, hasMore, nextCursor: hasMore && last ? await encodeCursor(positionOf(last), scope) : "" };
}
