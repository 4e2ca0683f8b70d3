import { drizzle } from "drizzle-orm/d1";

/** One drizzle client per D1 binding and isolate: the client holds no request state, so rebuilding it is waste. */
const clients = new WeakMap<D1Database, ReturnType<typeof drizzle>>();

export function database(env: Pick<Env, "DB">) {
  let client = clients.get(env.DB);
  if (!client) {
    client = drizzle(env.DB);
    clients.set(env.DB, client);
  }
  return client;
}

export type Database = ReturnType<typeof database>;
