// What the ledger costs on disk, read from the local D1 files the benchmark filled: for each table, its rows and the bytes
// of the table and of each of its indexes (SQLite's dbstat), and from them how many payments one D1 database (10 GB) holds.
// Used by scripts/bench.mjs before the dev server stops; opens the file read-only with Node's built-in SQLite.
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

export const D1_DATABASE_LIMIT_BYTES = 10 * 1000 ** 3;
const TABLES = ["payments", "refunds", "events", "callback_deliveries", "callback_delivery_attempts"];

/**
 * The service's local D1 files (the sandbox processor keeps its own beside them): every database holding the ledger's
 * tables — each shard, and the control database, which keeps them for tenants from before shards. The benchmark's
 * tenants are placed on several shards (its callbacks tenants on another than its ledger's), so a table's figures are
 * summed over all of them.
 */
function serviceDatabases(persistTo) {
  const folder = path.join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const databases = [];
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")) {
    const db = new DatabaseSync(path.join(folder, file), { readOnly: true });
    if (db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'callback_deliveries'").get()) databases.push(db);
    else db.close();
  }
  if (databases.length === 0) throw new Error(`no service D1 database under ${folder}`);
  return databases;
}

/**
 * A table's rows, and the bytes of each of its b-trees — the table's own and each index's, a text primary key's
 * included (SQLite's dbstat) — in one database; none for a table the database does not have.
 */
function tableFootprint(db, table) {
  const trees = db
    .prepare("SELECT name FROM sqlite_schema WHERE tbl_name = ? AND type IN ('table', 'index')")
    .all(table)
    .map((row) => String(row.name));
  if (trees.length === 0) return { rows: 0, trees: {} };
  const bytesOf = new Map(
    db
      .prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name")
      .all()
      .map((row) => [row.name, Number(row.bytes)]),
  );
  const { rows } = /** @type {{ rows: number }} */ (db.prepare(`SELECT COUNT(*) AS rows FROM "${table}"`).get());
  return { rows, trees: Object.fromEntries(trees.map((name) => [name, bytesOf.get(name) ?? 0])) };
}

/**
 * Bytes per payment over its life, at the assumed mix (per payment: two events, each delivered to one endpoint at the
 * first attempt, and a refund for one payment in ten); the per-row figures are measured. Each table's figures come with
 * its b-trees' bytes per row, the table's own first, so what an index costs is read beside what it serves.
 */
export function storageFootprint(persistTo, mix = { events: 2, callback_deliveries: 2, callback_delivery_attempts: 2, refunds: 0.1 }) {
  const databases = serviceDatabases(persistTo);
  try {
    const tables = {};
    for (const table of TABLES) {
      let rows = 0;
      /** @type {Record<string, number>} */
      const trees = {};
      for (const one of databases.map((db) => tableFootprint(db, table))) {
        rows += one.rows;
        for (const [name, bytes] of Object.entries(one.trees)) trees[name] = (trees[name] ?? 0) + bytes;
      }
      const bytes = Object.values(trees).reduce((sum, one) => sum + one, 0);
      const perRow = (total) => (rows > 0 ? total / rows : null);
      const byTree = Object.entries(trees)
        .sort(([a, aBytes], [b, bBytes]) => Number(b === table) - Number(a === table) || bBytes - aBytes)
        .map(([name, treeBytes]) => ({ name, bytesPerRow: perRow(treeBytes) }));
      tables[table] = { rows, bytes, bytesPerRow: perRow(bytes), trees: byTree };
    }
    const perPayment =
      tables.payments.bytesPerRow + Object.entries(mix).reduce((sum, [table, count]) => sum + count * (tables[table].bytesPerRow ?? 0), 0);
    return { tables, mix, bytesPerPayment: perPayment, paymentsPerDatabase: Math.floor(D1_DATABASE_LIMIT_BYTES / perPayment) };
  } finally {
    for (const db of databases) db.close();
  }
}
