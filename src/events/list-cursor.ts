import { and, eq, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { base64Url, fromBase64Url } from "../lib/crypto";
import { ApiError } from "../lib/problem";

export type ListPosition = { createdAt: string; id: string };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Opaque but unsigned: every list query is scoped by tenant, so a forged cursor can only skip within one's own rows. */
export function encodeListCursor(position: ListPosition): string {
  return base64Url(encoder.encode(JSON.stringify([position.createdAt, position.id])));
}

export function decodeListCursor(cursor: string): ListPosition {
  let position: unknown;
  try {
    position = JSON.parse(decoder.decode(fromBase64Url(cursor)));
  } catch {
    position = null;
  }
  if (Array.isArray(position) && typeof position[0] === "string" && typeof position[1] === "string") {
    return { createdAt: position[0], id: position[1] };
  }
  throw new ApiError("invalid-cursor", "`cursor` must be a nextCursor returned by this list.");
}

/** Rows strictly after `position` in newest-first order of (createdAt, id). */
export function olderThan(columns: { createdAt: SQLiteColumn; id: SQLiteColumn }, position: ListPosition): SQL {
  return or(lt(columns.createdAt, position.createdAt), and(eq(columns.createdAt, position.createdAt), lt(columns.id, position.id)))!;
}
