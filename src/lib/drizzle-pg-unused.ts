// What wrangler.toml's `alias` bundles in place of the two Postgres modules drizzle-orm's shared code imports
// (pg-core/columns/enum.js and pg-core/primary-keys.js, which pull in more of pg-core). The service's tables are all
// SQLite, so neither ever matches; these answer exactly as the originals do for every non-Postgres value.
import { entityKind } from "drizzle-orm";

const isPgEnumSymbol = Symbol.for("drizzle:isPgEnum");

export function isPgEnum(value: unknown): boolean {
  return typeof value === "function" && isPgEnumSymbol in value && value[isPgEnumSymbol] === true;
}

/** Only its entity kind is read (`is(entry, PrimaryKeyBuilder)`), and no SQLite entry has it. */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- drizzle's is() takes a class (`instanceof`, then its entity kind)
export class PrimaryKeyBuilder {
  static readonly [entityKind] = "PgPrimaryKeyBuilder";
}
