import { drizzle } from "drizzle-orm/d1";

/** One drizzle client per D1 binding and isolate: the client holds no request state, so rebuilding it is waste. */
const clients = new WeakMap<D1Database, ReturnType<typeof drizzle>>();

export function drizzleOf(binding: D1Database) {
  let client = clients.get(binding);
  if (!client) {
    client = drizzle(binding);
    clients.set(binding, client);
  }
  return client;
}

export function database(env: Pick<Env, "DB">) {
  return drizzleOf(env.DB);
}

export type Database = ReturnType<typeof database>;

/** A tenant database's client for one request, and where its own statements left that database (null before any). */
export type BookmarkedDatabase = { db: Database; bookmark: () => string | null };

const WRITE_STATEMENT = /^\s*(?:insert|update|delete|replace)\b/i;

/**
 * Reads on the binding (always the primary: money is decided on the latest data), writes through one `first-primary`
 * session: D1 runs a write on the primary, so the session's bookmark after it is where the write left the database —
 * read from the answer D1 already gave, not asked for again. Built per context, since the session is the request's.
 */
export function primaryDatabase(binding: D1Database): BookmarkedDatabase {
  let session: D1DatabaseSession | undefined;
  const writes = () => (session ??= binding.withSession("first-primary"));
  const routed = {
    prepare: (query: string) => statementOn(WRITE_STATEMENT.test(query) ? writes() : binding, query),
    // A batch is one transaction: with a write in it, all of it runs on the primary through the session.
    batch: (statements: D1PreparedStatement[]) =>
      statements.some((statement) => (statement as RoutedStatement).writes)
        ? writes().batch(statements.map(unwrapped))
        : binding.batch(statements.map(unwrapped)),
  };
  // drizzle's D1 driver calls only prepare() and batch(); its types ask for the whole binding.
  return { db: drizzle(routed as unknown as D1Database), bookmark: () => session?.getBookmark() ?? null };
}

/**
 * Every statement through a session from `bookmark` (or from the nearest replica without one): reads may come from a
 * replica at least that recent; a session holds its bookmark, so it is built per request, never cached.
 */
export function replicaDatabase(binding: D1Database, bookmark: string | undefined): BookmarkedDatabase {
  const session = binding.withSession(bookmark ?? "first-unconstrained");
  return { db: drizzle(session as unknown as D1Database), bookmark: () => session.getBookmark() };
}

/** A prepared statement that remembers whether it writes, so the batch it joins knows where to run. */
type RoutedStatement = D1PreparedStatement & { writes: boolean; prepared: D1PreparedStatement };

function statementOn(database: D1Database | D1DatabaseSession, query: string): RoutedStatement {
  return routedStatement(database.prepare(query), WRITE_STATEMENT.test(query));
}

function routedStatement(statement: D1PreparedStatement, writes: boolean): RoutedStatement {
  const routed = {
    writes,
    prepared: statement,
    bind: (...values: unknown[]) => routedStatement(statement.bind(...values), writes),
    first: (column?: string) => statement.first(column as string),
    run: () => statement.run(),
    all: () => statement.all(),
    raw: (options?: { columnNames?: boolean }) => statement.raw(options as { columnNames: true }),
  };
  return routed as unknown as RoutedStatement;
}

const unwrapped = (statement: D1PreparedStatement) => (statement as RoutedStatement).prepared;
