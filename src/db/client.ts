import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export function database(env: Pick<Env, "DB">) {
  return drizzle(env.DB, { schema });
}

export type Database = ReturnType<typeof database>;
