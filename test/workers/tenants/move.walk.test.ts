/**
 * How a move walks a tenant's rows (src/shards/table-copy.ts): each batch of every table is a seek into an index that
 * begins with the tenant, never a sort of all the tenant's rows, so a batch costs the same at any depth and a move is
 * linear in the tenant's size on the control database and on every shard alike.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CONTROL_BINDING, shardD1, shardsOf } from "../../../src/db/shards";
import { SHARD_TABLES } from "../../../src/shards/shard-tables";
import { readBatch, readKeys, readRange, type Position } from "../../../src/shards/table-copy";

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
  const placeholders = (sql.match(/\?/g) ?? []).length;
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

  it("ends every table's walk with its primary key, so each position names one row", () => {
    for (const table of SHARD_TABLES) {
      const walkThenKey = [table.tenantColumn, ...table.walk.columns];
      expect(walkThenKey.slice(-table.primaryKey.length), table.name).toEqual(table.primaryKey);
    }
  });
});
