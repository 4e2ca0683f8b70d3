// The service as `npm run bench -- --shards N` runs it: src/index.ts unchanged, its control database (`DB`) wrapped so
// that every statement sent to it is counted, reads (by the SQL's first word) apart from writes, and the counts served at
// CONTROL_QUERIES_PATH. Bench only: production and `npm run dev` run src/index.ts itself.
import service from "../../src/index.ts";

// Every Durable Object class the service exports, whichever are added later (its default export is wrapped below).
export * from "../../src/index.ts";

/** Where the counts are served: CONTROL_QUERIES_PATH in scripts/bench-sharded-config.mjs (a module exports only handlers). */
const CONTROL_QUERIES_PATH = "/__bench/control-queries";

/** Statements the control database ran, reads and writes, and the round trips that carried them (a batch is one). */
const counted = { reads: 0, writes: 0, roundTrips: 0 };

const READ = /^\s*(select|with|pragma)\b/i;
/** Each statement's SQL, to tell a read from a write when it runs. */
const sqlOf = new WeakMap<D1PreparedStatement, string>();
function count(sql: string | undefined): void {
  if (sql !== undefined && READ.test(sql)) counted.reads++;
  else counted.writes++;
}

const RUNS = new Set(["first", "all", "run", "raw"]);
/** The real statement behind each counted one: a batch must be given D1's own objects. */
const originals = new WeakMap<D1PreparedStatement, D1PreparedStatement>();

function countedStatement(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
  const wrapped = new Proxy(statement, {
    get(target, name, receiver) {
      if (name === "bind") return (...values: unknown[]) => countedStatement(target.bind(...values), sql);
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      if (typeof name === "string" && RUNS.has(name)) {
        return (...args: unknown[]) => {
          count(sql);
          counted.roundTrips++;
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  originals.set(wrapped, statement);
  sqlOf.set(wrapped, sql);
  return wrapped;
}

function countedDatabase(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get(target, name, receiver) {
      if (name === "prepare") return (query: string) => countedStatement(target.prepare(query), query);
      if (name === "batch") {
        return (statements: D1PreparedStatement[]) => {
          for (const statement of statements) count(sqlOf.get(statement));
          counted.roundTrips++;
          return target.batch(statements.map((statement) => originals.get(statement) ?? statement));
        };
      }
      if (name === "exec") {
        return (query: string) => {
          count(query);
          counted.roundTrips++;
          return target.exec(query);
        };
      }
      const value: unknown = Reflect.get(target, name, receiver);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** One wrapped environment per runtime environment: the service caches clients per env and per D1 binding. */
const wrappedEnvs = new WeakMap<Env, Env>();
function countingEnv(env: Env): Env {
  let wrapped = wrappedEnvs.get(env);
  if (!wrapped) {
    wrapped = { ...env, DB: countedDatabase(env.DB) };
    wrappedEnvs.set(env, wrapped);
  }
  return wrapped;
}

export default {
  fetch(request, env, executionCtx) {
    if (new URL(request.url).pathname === CONTROL_QUERIES_PATH) return Response.json(counted);
    return service.fetch(request, countingEnv(env), executionCtx);
  },
  queue: (batch, env) => service.queue(batch, countingEnv(env)),
  scheduled: (controller, env, executionCtx) => service.scheduled(controller, countingEnv(env), executionCtx),
} satisfies ExportedHandler<Env>;
