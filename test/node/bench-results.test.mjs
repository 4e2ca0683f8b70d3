// A benchmark's figures are written with the machine, the load and the commit they were taken on, to a dated file the
// index lists newest first (scripts/bench-results.mjs); the documentation links those runs instead of quoting figures.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { benchResults } from "../../scripts/bench-results.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "bench-results-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a benchmark's results file", () => {
  it("holds the printed figures under the machine, load and commit, and the index lists the runs newest first", () => {
    writeFileSync(path.join(dir, "2026-11-23-bench.md"), "# an older run\n");
    const run = benchResults("bench-overview", { now: new Date("2026-12-07T02:50:00Z"), dir });
    const file = run.write(["", "| request | median ms |", "|---|---:|", "| GET /health | 7.4 |"]);

    expect(path.basename(file)).toBe("2026-12-07-bench-overview.md");
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(/^# `npm run bench-overview`, 2026-12-07\n/);
    expect(text).toMatch(/^- Started 2026-12-07 02:50 UTC, at commit [0-9a-f]{7,}/m);
    expect(text).toMatch(/^- Machine: .+, \d+ cores, [\d.]+ GiB, .+, Node v\d+/m);
    expect(text).toMatch(
      /^- Load average \(1 \/ 5 \/ 15 minutes\): [\d.]+ \/ [\d.]+ \/ [\d.]+ at the start, [\d.]+ \/ [\d.]+ \/ [\d.]+ at the end\.$/m,
    );
    expect(text).toContain("| GET /health | 7.4 |\n");

    const index = readFileSync(path.join(dir, "README.md"), "utf8");
    expect(index.indexOf("(2026-12-07-bench-overview.md)")).toBeGreaterThan(0);
    expect(index.indexOf("(2026-12-07-bench-overview.md)")).toBeLessThan(index.indexOf("(2026-11-23-bench.md)"));
  });
});
