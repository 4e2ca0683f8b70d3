/**
 * How a move walks a tenant's rows (src/tenant-moves/table-copy.ts): each batch of every table is a seek into an index that
 * begins with the tenant, never a sort of all the tenant's rows, so a batch costs the same at any depth and a move is
 * linear in the tenant's size on the control database and on every shard alike; and each row it reads, writes or deletes
 * by its key (the catch-up, the pause's delta and verification) is a seek, so the pause costs the same for any tenant.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { CONTROL_BINDING, shardD1, shardsOf } from "../../../src/placement/shards";
import { SHARD_TABLES } from "../../../src/tenant-moves/shard-tables";
import {
  deleteStatement,
  deleteUnreferencedStatement,
  type Position,
  readBatch,
  readKeys,
  readRange,
  rowsByKey,
  upsertStatement,
} from "../../../src/tenant-moves/table-copy";

/** The SQL texts a walk prepares, run for real on the database (on rows that do not exist: the plan is what counts). */
async function walkStatements(d1: D1Database, run: (d1: D1Database) => Promise<unknown>): Promise<string[]> {
  const prepared: string[] = [];
  const recording = new Proxy(d1, {
    get(target, property) {
      if (property === "prepare")
        return (sql: string) => {
          prepared.push(sql);
          return target.prepare(sql);
        };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  await run(recording);
  return prepared;
}

async function plan(d1: D1Database, sql: string): Promise<string> {
  const numbered = [...sql.matchAll(/\?(\d+)/g)].map((match) => Number(match[1]));
  const placeholders = numbered.length > 0 ? Math.max(...numbered) : (sql.match(/\?/g) ?? []).length;
  const rows = await d1
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...Array.from({ length: placeholders }, () => null))
    .all<{ detail: string }>();
  return rows.results.map((row) => row.detail).join("; ");
}

const databases = () => [CONTROL_BINDING, ...shardsOf(env).map((shard) => shard.binding)];

describe("a move's walk of a tenant's rows", () => {
  it.each(SHARD_TABLES.map((table) => [table.name, table] as const))(
    "%s: every batch, range and key read seeks the tenant's index in walk order, with nothing sorted",
    async (_name, table) => {
      const after: Position = table.walk.columns.map(() => "x");
      const input = { tenantId: "ten_walk", after };
      for (const binding of databases()) {
        const d1 = shardD1(env, binding);
        const statements = await walkStatements(d1, async (recording) => {
          await readBatch(recording, table, input);
          await readKeys(recording, table, input);
          await readRange(recording, table, { ...input, through: after });
        });
        expect(statements).toHaveLength(3);
        for (const sql of statements) {
          const detail = await plan(d1, sql);
          expect(detail, `${binding}: ${sql}`).not.toMatch(/TEMP B-TREE|^SCAN /);
          expect(detail, `${binding}: ${sql}`).toMatch(
            table.walk.index
              ? new RegExp(`USING (COVERING )?INDEX ${table.walk.index} \\(`)
              : /USING (PRIMARY KEY|(COVERING )?INDEX sqlite_autoindex_)/,
          );
        }
      }
    },
  );

  it.each(SHARD_TABLES.map((table) => [table.name, table] as const))(
    "%s: every read, write and delete of rows by their keys seeks them, and the rows referencing them, by index",
    async (_name, table) => {
      const keys = [table.primaryKey.map(() => "x"), table.primaryKey.map(() => "y")];
      const row = table.columns.map(() => "x");
      const children = SHARD_TABLES.filter((child) => child.foreignKeys.some(({ parent }) => parent === table.name));
      // The control database's `tenants` row is the tenant's control row: a move neither writes nor deletes it there.
      for (const binding of databases().filter((binding) => table.name !== "tenants" || binding !== CONTROL_BINDING)) {
        const d1 = shardD1(env, binding);
        const statements = await walkStatements(d1, async (recording) => {
          await rowsByKey(recording, table, "ten_walk", keys);
          deleteStatement(recording, table, "ten_walk", keys[0]!);
          deleteUnreferencedStatement(recording, table, children, "ten_walk", keys[0]!);
          upsertStatement(recording, table, row);
        });
        expect(statements).toHaveLength(4);
        for (const sql of statements) {
          const detail = await plan(d1, sql);
          // A scan of a real table, or a seek that narrows by the tenant alone, reads every row of the tenant (the
          // `tenants` row's key is the tenant: its deletion's foreign key checks seek each child table by it).
          const readsEveryRow =
            /(^|; )SCAN (?!CONSTANT ROW|\d+ CONSTANT ROWS|\d+-ROW VALUES CLAUSE|k\b)|TEMP B-TREE/.test(detail) ||
            (table.name !== "tenants" && /INDEX (?!sqlite_autoindex_)\w+ \(tenant_id=\?\)/.test(detail));
          expect(readsEveryRow ? `${binding}: ${sql} → ${detail}` : null).toBeNull();
        }
      }
    },
  );

  it("ends every table's walk with its primary key, so each position names one row", () => {
    for (const table of SHARD_TABLES) {
      const walkThenKey = [table.tenantColumn, ...table.walk.columns];
      expect(walkThenKey.slice(-table.primaryKey.length), table.name).toEqual(table.primaryKey);
    }
  });
});
