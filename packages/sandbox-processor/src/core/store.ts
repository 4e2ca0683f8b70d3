import { notFound } from "./errors";
import type { InternalOf, Kind, RecordOf, Stored } from "./records";

/**
 * Wire fields looked up by equality often enough to be indexed (a transfer's `idempotency_id` is checked on every sale
 * and reversal): an index on the field's expression, which a query uses only when it spells the expression the same way.
 */
const INDEXED_FIELDS = new Set(["idempotency_id"]);
const fieldExpression = (field: string) => `json_extract(body, '$.${field}')`;

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS resources (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    internal TEXT NOT NULL
  )`,
  "CREATE INDEX IF NOT EXISTS resources_kind ON resources (kind, seq)",
  ...[...INDEXED_FIELDS].map((field) => `CREATE INDEX IF NOT EXISTS resources_${field} ON resources (kind, ${fieldExpression(field)})`),
  `CREATE TABLE IF NOT EXISTS timers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    due_at INTEGER NOT NULL,
    action TEXT NOT NULL,
    subject TEXT NOT NULL
  )`,
  "CREATE INDEX IF NOT EXISTS timers_due ON timers (due_at)",
  `CREATE TABLE IF NOT EXISTS deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    webhook_id TEXT NOT NULL,
    entity TEXT NOT NULL,
    type TEXT NOT NULL,
    resource_id TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    next_attempt_at INTEGER,
    last_response_status INTEGER,
    last_error TEXT,
    created_at TEXT NOT NULL,
    delivered_at TEXT,
    fault_id TEXT,
    fault_kind TEXT,
    duplicate_of INTEGER
  )`,
  "CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (status, next_attempt_at)",
  `CREATE TABLE IF NOT EXISTS faults (
    id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    operation TEXT NOT NULL,
    kind TEXT NOT NULL,
    phase TEXT NOT NULL,
    status INTEGER,
    latency_ms INTEGER,
    remaining INTEGER,
    code TEXT,
    delay_ms INTEGER
  )`,
  "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
  `CREATE TABLE IF NOT EXISTS inbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    method TEXT NOT NULL,
    url TEXT NOT NULL,
    headers TEXT NOT NULL,
    body TEXT NOT NULL,
    received_at TEXT NOT NULL
  )`,
  "CREATE TABLE IF NOT EXISTS calls (operation TEXT PRIMARY KEY, count INTEGER NOT NULL)",
];

/** Columns added after a table first shipped, for sandboxes whose state outlives an upgrade (`npm run dev` keeps it). */
const ADDED_COLUMNS = [
  { table: "faults", column: "code", type: "TEXT" },
  { table: "faults", column: "delay_ms", type: "INTEGER" },
  { table: "deliveries", column: "fault_id", type: "TEXT" },
  { table: "deliveries", column: "fault_kind", type: "TEXT" },
  { table: "deliveries", column: "duplicate_of", type: "INTEGER" },
];

export function createSchema(sql: SqlStorage): void {
  for (const statement of SCHEMA) sql.exec(statement);
  for (const { table, column, type } of ADDED_COLUMNS) {
    const present = sql.exec<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`).toArray();
    if (!present.some((row) => row.name === column)) sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
  }
}

export function wipe(sql: SqlStorage): void {
  for (const table of ["resources", "timers", "deliveries", "faults", "settings", "inbox", "calls"]) sql.exec(`DELETE FROM ${table}`);
}

/** Equality on a wire field, or a range on an ISO timestamp / number (`gte`/`lte`). */
export type Filter = { field: string; equals?: string | number | boolean; gte?: string | number; lte?: string | number };

export type PageRequest = { limit: number; afterCursor?: string; offset?: number };
/** `total` only for offset paging, the one version whose page reports a count: counting every match reads them all. */
export type PageResult<K extends Kind> = { items: Stored<K>[]; nextCursor: string | null; total: number | null };

const RESOURCE_NAMES: Record<Kind, string> = {
  identity: "Identity",
  payment_instrument: "Payment instrument",
  token: "Token",
  transfer: "Transfer",
  authorization: "Authorization",
  merchant: "Merchant",
  onboarding_form: "Onboarding form",
  checkout_form: "Checkout form",
  transfer_attempt: "Transfer attempt",
  payment_link: "Payment link",
  delivery_attempt: "Delivery attempt",
  compliance_form: "Compliance form",
  device: "Device",
  dispute: "Dispute",
  evidence: "Dispute evidence",
  settlement: "Settlement",
  webhook: "Webhook",
};

type Row = { body: string; internal: string };

/** Every processor resource as one JSON document per row; lists are newest first, cursors are resource ids. */
export class ResourceStore {
  constructor(private readonly sql: SqlStorage) {}

  insert<K extends Kind>(kind: K, record: RecordOf<K>, internal: InternalOf<K>): Stored<K> {
    this.sql.exec(
      "INSERT INTO resources (id, kind, body, internal) VALUES (?, ?, ?, ?)",
      record.id,
      kind,
      JSON.stringify(record),
      JSON.stringify(internal),
    );
    return { record, internal };
  }

  save<K extends Kind>(kind: K, stored: Stored<K>): Stored<K> {
    this.sql.exec(
      "UPDATE resources SET body = ?, internal = ? WHERE id = ? AND kind = ?",
      JSON.stringify(stored.record),
      JSON.stringify(stored.internal),
      stored.record.id,
      kind,
    );
    return stored;
  }

  find<K extends Kind>(kind: K, id: string): Stored<K> | null {
    const row = this.sql.exec<Row>("SELECT body, internal FROM resources WHERE id = ? AND kind = ?", id, kind).toArray()[0];
    return row ? parse<K>(row) : null;
  }

  get<K extends Kind>(kind: K, id: string): Stored<K> {
    const found = this.find(kind, id);
    if (!found) throw notFound(RESOURCE_NAMES[kind], id);
    return found;
  }

  findOne<K extends Kind>(kind: K, filters: Filter[]): Stored<K> | null {
    return this.list(kind, filters, { limit: 1 }).items[0] ?? null;
  }

  all<K extends Kind>(kind: K, filters: Filter[] = []): Stored<K>[] {
    const { clause, params } = where(kind, filters);
    return this.sql
      .exec<Row>(`SELECT body, internal FROM resources WHERE ${clause} ORDER BY seq`, ...params)
      .toArray()
      .map((row) => parse<K>(row));
  }

  list<K extends Kind>(kind: K, filters: Filter[], page: PageRequest): PageResult<K> {
    const { clause, params } = where(kind, filters);
    const total =
      page.offset === undefined
        ? null
        : this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM resources WHERE ${clause}`, ...params).one().n;
    const cursorClause = page.afterCursor ? " AND seq < COALESCE((SELECT seq FROM resources WHERE id = ?), -1)" : "";
    const cursorParams = page.afterCursor ? [page.afterCursor] : [];
    const rows = this.sql
      .exec<Row & { id: string }>(
        `SELECT id, body, internal FROM resources WHERE ${clause}${cursorClause} ORDER BY seq DESC LIMIT ? OFFSET ?`,
        ...params,
        ...cursorParams,
        page.limit + 1,
        page.offset ?? 0,
      )
      .toArray();
    const items = rows.slice(0, page.limit).map((row) => parse<K>(row));
    const nextCursor = rows.length > page.limit ? (items.at(-1)?.record.id ?? null) : null;
    return { items, nextCursor, total };
  }
}

function parse<K extends Kind>(row: Row): Stored<K> {
  return { record: JSON.parse(row.body) as RecordOf<K>, internal: JSON.parse(row.internal) as InternalOf<K> };
}

function where(kind: Kind, filters: Filter[]): { clause: string; params: (string | number)[] } {
  const clauses = ["kind = ?"];
  const params: (string | number)[] = [kind];
  for (const filter of filters) {
    const path = `$.${filter.field}`;
    if (filter.equals !== undefined) {
      const indexed = INDEXED_FIELDS.has(filter.field);
      clauses.push(indexed ? `${fieldExpression(filter.field)} = ?` : "json_extract(body, ?) = ?");
      params.push(...(indexed ? [] : [path]), typeof filter.equals === "boolean" ? Number(filter.equals) : filter.equals);
    }
    if (filter.gte !== undefined) {
      clauses.push("json_extract(body, ?) >= ?");
      params.push(path, filter.gte);
    }
    if (filter.lte !== undefined) {
      clauses.push("json_extract(body, ?) <= ?");
      params.push(path, filter.lte);
    }
  }
  return { clause: clauses.join(" AND "), params };
}
