// What the ledger costs on disk, read from the local D1 files the benchmark filled: for each table, its rows and the bytes
// of the table with all its indexes (SQLite's dbstat), and from them how many payments one D1 database (10 GB) holds.
// Used by scripts/bench.mjs before the dev server stops; opens the file read-only with Node's built-in SQLite.
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

export const D1_DATABASE_LIMIT_BYTES = 10 * 1000 ** 3;
const TABLES = ["payments", "refunds", "events", "callback_deliveries"];

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

/** A table's rows and the bytes of the table with all its indexes (SQLite's dbstat), in one database. */
function tableFootprint(db, table) {
  const trees = new Set(
    db
      .prepare("SELECT name FROM sqlite_schema WHERE tbl_name = ? AND type IN ('table', 'index')")
      .all(table)
      .map((row) => row.name),
  );
  const bytes = db
    .prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name")
    .all()
    .reduce((sum, row) => sum + (trees.has(row.name) ? Number(row.bytes) : 0), 0);
  const { rows } = /** @type {{ rows: number }} */ (db.prepare(`SELECT COUNT(*) AS rows FROM "${table}"`).get());
  return { rows, bytes };
}

/**
 * Bytes per payment over its life, at the assumed mix (per payment: two events, each delivered to one endpoint, and a
 * refund for one payment in ten); the per-row figures are measured.
 */
export function storageFootprint(persistTo, mix = { events: 2, callback_deliveries: 2, refunds: 0.1 }) {
  const databases = serviceDatabases(persistTo);
  try {
    const tables = {};
    for (const table of TABLES) {
      const { rows, bytes } = databases
        .map((db) => tableFootprint(db, table))
        .reduce((sum, one) => ({ rows: sum.rows + one.rows, bytes: sum.bytes + one.bytes }), { rows: 0, bytes: 0 });
      tables[table] = { rows, bytes, bytesPerRow: rows > 0 ? bytes / rows : null };
    }
    const perPayment =
      tables.payments.bytesPerRow + Object.entries(mix).reduce((sum, [table, count]) => sum + count * (tables[table].bytesPerRow ?? 0), 0);
    return { tables, mix, bytesPerPayment: perPayment, paymentsPerDatabase: Math.floor(D1_DATABASE_LIMIT_BYTES / perPayment) };
  } finally {
    for (const db of databases) db.close();
  }
}
