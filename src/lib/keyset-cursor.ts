import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { base64Url, fromBase64Url } from "./crypto";
import { ApiError } from "./problem";

/** A position in a newest-first list ordered by (createdAt, id). */
export type ListPosition = { createdAt: string; id: string };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodePosition(position: ListPosition): string {
  return base64Url(encoder.encode(JSON.stringify([position.createdAt, position.id])));
}

export function decodePosition(encoded: string): ListPosition {
  let position: unknown;
  try {
    position = JSON.parse(decoder.decode(fromBase64Url(encoded)));
  } catch {
    position = null;
  }
  if (Array.isArray(position) && position.length === 2 && typeof position[0] === "string" && typeof position[1] === "string") {
    return { createdAt: position[0], id: position[1] };
  }
  throw new ApiError("invalid-cursor", "`cursor` must be a nextCursor returned by this list.");
}

/** Rows after `position`: a row-value comparison is one index range, where the equivalent OR scans every newer row first. */
export function olderThan(columns: { createdAt: SQLiteColumn; id: SQLiteColumn }, position: ListPosition): SQL {
  return sql`(${columns.createdAt}, ${columns.id}) < (${position.createdAt}, ${position.id})`;
}

/** One page of a list, in the envelope every list shares: on the last page `hasMore` is false and `nextCursor` is "". */
export type KeysetPage<T> = { data: T[]; hasMore: boolean; nextCursor: string };

/** The first `limit` of `rows` (read with `limit + 1`), and the cursor of the next page ("" when there is none). */
export function keysetPage<T extends ListPosition>(rows: T[], limit: number): KeysetPage<T> {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  const hasMore = rows.length > limit;
  return { data, hasMore, nextCursor: hasMore && last ? encodePosition(last) : "" };
}
