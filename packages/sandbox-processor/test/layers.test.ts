import { describe, expect, it } from "vitest";

/** The package's own sources, as text, keyed by path relative to this file (`../src/core/store.ts`, `../index.ts`). */
const SOURCES = import.meta.glob<string>(["../index.ts", "../src/**/*.ts", "../src/**/*.tsx"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** Lower layers first; a module may import its own layer and the ones before it, never a later one. */
const LAYERS = ["core", "resources", "http", "worker", "entry"] as const;
const PACKAGES = [/^hono(\/|$)/, /^zod$/, /^cloudflare:workers$/];

function layerOf(path: string): number {
  if (path === "../index.ts") return LAYERS.indexOf("entry");
  const layer = LAYERS.indexOf(path.split("/")[2] as (typeof LAYERS)[number]);
  if (layer < 0) throw new Error(`${path} is in no layer`);
  return layer;
}

function resolve(from: string, specifier: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  const base = parts.join("/");
  const found = [`${base}.ts`, `${base}.tsx`].find((candidate) => candidate in SOURCES);
  if (!found) throw new Error(`${from} imports ${specifier}, which is not a module of this package`);
  return found;
}

/** Every import (type-only ones included: they are dependencies too) of every module. */
const IMPORTS = Object.fromEntries(
  Object.entries(SOURCES).map(([path, text]) => {
    const specifiers = [...text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)";/gms)].map((match) => match[1]!);
    return [path, specifiers];
  }),
);

describe("the package's layers", () => {
  it("reads every module", () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(40);
  });

  it("import only this package, hono, zod and the Workers runtime: nothing of the service", () => {
    const outside = Object.entries(IMPORTS).flatMap(([path, specifiers]) =>
      specifiers.filter((s) => !s.startsWith(".") && !PACKAGES.some((pattern) => pattern.test(s))).map((s) => `${path} → ${s}`),
    );
    expect(outside).toEqual([]);
    for (const [path, specifiers] of Object.entries(IMPORTS)) for (const s of specifiers) if (s.startsWith(".")) resolve(path, s);
  });

  it("import only downward: core → resources → http → worker → the entry", () => {
    const upward = Object.entries(IMPORTS).flatMap(([path, specifiers]) =>
      specifiers
        .filter((s) => s.startsWith("."))
        .map((s) => [path, resolve(path, s)] as const)
        .filter(([from, to]) => layerOf(to) > layerOf(from))
        .map(([from, to]) => `${from} → ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it("have no circles", () => {
    const graph = Object.fromEntries(
      Object.entries(IMPORTS).map(([path, specifiers]) => [path, specifiers.filter((s) => s.startsWith(".")).map((s) => resolve(path, s))]),
    );
    const circles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (path: string, trail: string[]) => {
      if (state.get(path) === "done") return;
      if (state.get(path) === "open") {
        circles.push([...trail.slice(trail.indexOf(path)), path].join(" → "));
        return;
      }
      state.set(path, "open");
      for (const next of graph[path]!) visit(next, [...trail, path]);
      state.set(path, "done");
    };
    for (const path of Object.keys(graph)) visit(path, []);
    expect(circles).toEqual([]);
  });
});
