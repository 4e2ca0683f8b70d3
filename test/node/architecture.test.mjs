// The layering of docs/architecture.md, checked on every run: which folder may import which, and no circles between
// files or between folders. Imports are read from the source text (every file is Prettier-formatted, one specifier
// per `from "…"`), resolved relative to the importing file.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "../..");
const SOURCE = /\.(ts|tsx)$/;

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : SOURCE.test(name) ? [full] : [];
  });
}

function resolveImport(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (SOURCE.test(candidate) && statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  throw new Error(`${path.relative(root, from)}: cannot resolve ${specifier}`);
}

/** file (relative to the repo) → the files of ours it imports, type-only imports included. */
function importGraph(dir) {
  const graph = new Map();
  for (const file of filesUnder(path.join(root, dir))) {
    const text = readFileSync(file, "utf8");
    const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\sfrom\s+"(\.[^"]+)"/g)].map((match) => match[1]);
    graph.set(
      path.relative(root, file),
      specifiers.map((specifier) => path.relative(root, resolveImport(file, specifier))),
    );
  }
  return graph;
}

function cycles(graph) {
  const found = [];
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

/** src/payments/charge.service.ts → "payments"; src/context.ts → "context.ts". */
const unitOf = (file) => file.split("/")[1];

const CAPABILITIES = ["payments", "onboarding", "disputes", "payouts", "tenants", "meta", "terminal", "accounts", "requests"];
const KERNEL = ["lib", "db", "placement", "outbox", "processor", "platform", "idempotency"];
const ROOT = ["context.ts", "app.ts", "index.ts", "scheduled.ts"];

/** What each unit may import besides itself. */
const ALLOWED = {
  lib: [],
  db: ["lib"],
  // Which database holds each tenant's data, and whether a move has paused it: read by every layer above.
  placement: ["lib", "db"],
  processor: ["lib"],
  outbox: ["lib", "db"],
  platform: ["lib", "db", "placement", "outbox", "processor"],
  idempotency: ["lib", "platform"],
  callbacks: KERNEL,
  tenants: KERNEL,
  meta: KERNEL,
  requests: KERNEL,
  // The reference describes the whole surface: the callbacks' headers and retries, the bodies of every capability's events.
  docs: [...KERNEL, ...CAPABILITIES, "callbacks"],
  payments: [...KERNEL, "tenants"],
  onboarding: [...KERNEL, "tenants"],
  disputes: [...KERNEL, "payments"],
  terminal: [...KERNEL, "payments", "tenants"],
  payouts: [...KERNEL, "payments", "tenants"],
  // Never the dashboard: the accounts are the capability, the dashboard one surface over them.
  accounts: [...KERNEL, "tenants"],
  "processor-webhooks": [...KERNEL, ...CAPABILITIES],
  // A third surface over the same services as /v1 and the operator API; in the sandbox, it simulates the buyer's tap.
  dashboard: [...KERNEL, ...CAPABILITIES, "callbacks", "sandbox-proxy"],
  "sandbox-proxy": [...KERNEL, "tenants"],
  // Moving a tenant copies every capability's tables on its shard, and forgets the tenant's cached keys.
  "tenant-moves": [...KERNEL, ...CAPABILITIES, "callbacks", "processor-webhooks"],
};

const graph = importGraph("src");
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

describe("import layering (docs/architecture.md)", () => {
  it("has no circle between files", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("has no circle between folders", () => {
    const folders = new Map();
    for (const { from, to } of edges) {
      if (unitOf(from) === unitOf(to)) continue;
      folders.set(unitOf(from), [...(folders.get(unitOf(from)) ?? []), unitOf(to)]);
    }
    expect(cycles(folders)).toEqual([]);
  });

  it("lets each folder import only the layers below it", () => {
    const violations = edges.filter(({ from, to }) => {
      const [a, b] = [unitOf(from), unitOf(to)];
      if (a === b || ROOT.includes(a)) return false;
      return !(ALLOWED[a] ?? []).includes(b);
    });
    expect(violations).toEqual([]);
  });

  // A schema may name the table its foreign key references in another capability's schema: drizzle-kit loads the
  // schemas alone, without the Workers runtime an index.ts pulls in.
  const schemaToSchema = ({ from, to }) => from.endsWith(".schema.ts") && to.endsWith(".schema.ts");

  it("lets one capability reach another only through its index.ts", () => {
    const violations = edges.filter(
      (edge) =>
        unitOf(edge.from) !== unitOf(edge.to) &&
        [...CAPABILITIES, "callbacks"].includes(unitOf(edge.to)) &&
        !edge.to.endsWith("/index.ts") &&
        !schemaToSchema(edge),
    );
    expect(violations).toEqual([]);
  });

  it("keeps the sandbox processor out of the service: nothing in src imports the package", () => {
    const text = [...graph.keys()].map((file) => readFileSync(path.join(root, file), "utf8")).join("\n");
    expect(text).not.toMatch(/from "[^"]*sandbox-processor/);
  });

  it("names every folder of src in the layering", () => {
    const units = new Set([...graph.keys()].map(unitOf));
    expect([...units].filter((unit) => !ROOT.includes(unit) && !(unit in ALLOWED))).toEqual([]);
  });
});
