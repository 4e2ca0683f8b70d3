import { type SQL, sql } from "drizzle-orm";

import { base64Url, randomBytes } from "./crypto";

/** Service ids are prefixed and random so that they leak no sequence or volume. */
export function newId(prefix: string): string {
  return `${prefix}_${base64Url(randomBytes(16)).replaceAll("-", "").replaceAll("_", "")}`;
}

/** `newId` in SQL, evaluated per row: for an `INSERT … SELECT` that may write several rows at once. */
export function newIdSql(prefix: string): SQL<string> {
  return sql<string>`${`${prefix}_`} || lower(hex(randomblob(16)))`;
}
