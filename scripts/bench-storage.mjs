// What the ledger costs on disk, read from the local D1 file the benchmark filled: for each table, its rows and the bytes
// of the table with all its indexes (SQLite's dbstat), and from them how many payments one D1 database (10 GB) holds.
// Used by scripts/bench.mjs before the dev server stops; opens the file read-only with Node's built-in SQLite.
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

export const D1_DATABASE_LIMIT_BYTES = 10 * 1000 ** 3;
const TABLES = ["payments", "refunds", "events", "callback_deliveries"];

/**
 * The tenant shard the benchmark filled, among the local D1 files: of the service's databases (the sandbox processor
 * keeps its own beside them), the one with the most payments.
 */
function serviceDatabase(persistTo) {
  const folder = path.join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  /** @type {{ db: DatabaseSync; payments: number } | null} */
  let fullest = null;
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")) {
    const db = new DatabaseSync(path.join(folder, file), { readOnly: true });
    const holdsLedger = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'callback_deliveries'").get();
    const payments = holdsLedger ? Number(db.prepare("SELECT COUNT(*) AS n FROM payments").get()?.n) : -1;
    if (payments >= 0 && (!fullest || payments > fullest.payments)) {
      fullest?.db.close();
      fullest = { db, payments };
    } else db.close();
  }
  if (!fullest) throw new Error(`no service D1 database under ${folder}`);
  return fullest.db;
}

/**
 * Bytes per payment over its life, at the assumed mix (per payment: two events, each delivered to one endpoint, and a
 * refund for one payment in ten); the per-row figures are measured.
 */
export function storageFootprint(persistTo, mix = { events: 2, callback_deliveries: 2, refunds: 0.1 }) {
  const db = serviceDatabase(persistTo);
  try {
    const bytesByTree = new Map(
      db
        .prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name")
        .all()
        .map((row) => [row.name, row.bytes]),
    );
    const tables = {};
    for (const table of TABLES) {
      const trees = db.prepare("SELECT name FROM sqlite_schema WHERE tbl_name = ? AND type IN ('table', 'index')").all(table);
      const bytes = trees.reduce((sum, { name }) => sum + Number(bytesByTree.get(name) ?? 0), 0);
      const { rows } = /** @type {{ rows: number }} */ (db.prepare(`SELECT COUNT(*) AS rows FROM "${table}"`).get());
      tables[table] = { rows, bytes, bytesPerRow: rows > 0 ? bytes / rows : null };
    }
    const perPayment =
      tables.payments.bytesPerRow + Object.entries(mix).reduce((sum, [table, count]) => sum + count * (tables[table].bytesPerRow ?? 0), 0);
    return { tables, mix, bytesPerPayment: perPayment, paymentsPerDatabase: Math.floor(D1_DATABASE_LIMIT_BYTES / perPayment) };
  } finally {
    db.close();
  }
}
