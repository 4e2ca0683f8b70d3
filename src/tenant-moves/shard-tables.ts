import { is } from "drizzle-orm";
import { getTableConfig, SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

import { callbackEndpointTables, deliveryTables } from "../callbacks";
import { tenants } from "../db/tenants.schema";
import { disputeTables } from "../disputes";
import { onboardingTables } from "../onboarding";
import * as eventTables from "../outbox/events.schema";
import { paymentTables } from "../payments";
import { payoutTables } from "../payouts";
import { processorWebhookTables } from "../processor-webhooks";
import { terminalTables } from "../terminal";

/** A shard table as a move copies it: its SQL name and columns, primary key, tenant column and the parents it references. */
export type ShardTable = {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** `tenants` is keyed by the tenant itself; every other table has a tenant_id column. */
  tenantColumn: string;
  foreignKeys: { columns: string[]; parent: string; parentColumns: string[] }[];
  /**
   * The order a move walks the tenant's rows in: the columns after the tenant column of an index that begins with it and
   * ends with the primary key (`index`, named so the walk cannot fall back to sorting every row of the tenant; null when
   * the primary key itself begins with the tenant column). Each batch is a seek into that index, so it costs the same at
   * any depth and a move is linear in the tenant's size.
   */
  walk: { index: string | null; columns: string[] };
};

/** The schema modules drizzle.shard.config.ts lists (the tenants table first): a table added to one is moved the day it exists. */
const SHARD_SCHEMAS = [
  { tenants },
  eventTables,
  paymentTables,
  callbackEndpointTables,
  deliveryTables,
  onboardingTables,
  disputeTables,
  payoutTables,
  terminalTables,
  processorWebhookTables,
];

const endsWith = (columns: string[], tail: string[]) =>
  columns.length >= tail.length && tail.every((column, i) => columns[columns.length - tail.length + i] === column);

/** The shortest whole index that begins with the tenant column and ends with the primary key. */
function walkOf(config: ReturnType<typeof getTableConfig>, tenantColumn: string, primaryKey: string[]): ShardTable["walk"] {
  if (primaryKey[0] === tenantColumn) return { index: null, columns: primaryKey.slice(1) };
  const candidates = config.indexes
    .map(({ config: index }) => ({
      name: index.name,
      where: index.where,
      columns: index.columns.map((column) => (column instanceof SQLiteColumn ? column.name : null)),
    }))
    .filter((index) => index.where === undefined && index.columns[0] === tenantColumn)
    .map((index) => ({ name: index.name, columns: index.columns.slice(1) }))
    .filter((index): index is { name: string; columns: string[] } => index.columns.every((column) => column !== null))
    .filter((index) => endsWith(index.columns, primaryKey))
    .sort((a, b) => a.columns.length - b.columns.length);
  const walk = candidates[0];
  if (!walk)
    throw new Error(`Shard table ${config.name} needs an index on (${[tenantColumn, ...primaryKey].join(", ")}) for a move to walk it.`);
  return { index: walk.name, columns: walk.columns };
}

function describe(table: SQLiteTable): ShardTable {
  const config = getTableConfig(table);
  const columns = config.columns.map((column) => column.name);
  const primaryKey =
    config.primaryKeys[0]?.columns.map((column) => column.name) ??
    config.columns.filter((column) => column.primary).map((column) => column.name);
  const tenantColumn = config.name === "tenants" ? "id" : "tenant_id";
  return {
    name: config.name,
    columns,
    primaryKey,
    tenantColumn,
    walk: walkOf(config, tenantColumn, primaryKey),
    foreignKeys: config.foreignKeys.map((foreignKey) => {
      const reference = foreignKey.reference();
      return {
        columns: reference.columns.map((column) => column.name),
        parent: getTableConfig(reference.foreignTable).name,
        parentColumns: reference.foreignColumns.map((column) => column.name),
      };
    }),
  };
}

/** Parents before children (a child's row can only be written once the row it references is there); ties by name. */
function inForeignKeyOrder(tables: ShardTable[]): ShardTable[] {
  const ordered: ShardTable[] = [];
  const pending = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (pending.length > 0) {
    const ready = pending.findIndex((table) =>
      table.foreignKeys.every((key) => key.parent === table.name || ordered.some((done) => done.name === key.parent)),
    );
    if (ready === -1) throw new Error(`Shard tables reference each other in a circle: ${pending.map((table) => table.name).join(", ")}.`);
    ordered.push(...pending.splice(ready, 1));
  }
  return ordered;
}

/** Every table of a tenant shard, parents first: the order a move copies in, and (reversed) the order it deletes in. */
export const SHARD_TABLES: readonly ShardTable[] = inForeignKeyOrder(
  SHARD_SCHEMAS.flatMap((schema) =>
    Object.values(schema)
      .filter((value): value is SQLiteTable => is(value, SQLiteTable))
      .map(describe),
  ),
);
