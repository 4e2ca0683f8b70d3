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
