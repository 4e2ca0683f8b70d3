// A benchmark's figures belong to the machine, the load and the commit they were taken on: each run that prints a
// table also writes it to docs/benchmarks/YYYY-MM-DD-<name>.md with those beside it, and docs/benchmarks/README.md lists
// the runs newest first. The documentation quotes no figure of its own; it links the latest run. Commit a run's file
// when its figures are worth keeping (a change to what it measures), not every run.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, release, totalmem, type } from "node:os";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
export const BENCHMARKS_DIR = path.join(root, "docs", "benchmarks");

/** The machine as the results file names it: processor, cores, memory, system, Node. */
export function machine() {
  const model = cpus()[0]?.model.trim() ?? "unknown processor";
  return `${model}, ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ${type()} ${release()}, Node ${process.version}`;
}

function commit() {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: root, encoding: "utf8" }).trim();
    return dirty ? `${head} with uncommitted changes` : head;
  } catch {
    return "unknown (not a git checkout)";
  }
}

const loadLine = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ");

/**
 * Starts a results file for `name` (`bench`, `bench-shards`, …): call at the start of the run, so its load is the load
 * the run began under; `write(lines)` at the end writes the file (a second run the same day replaces it) and the index.
 */
export function benchResults(name, { command = `npm run ${name}`, now = new Date(), dir = BENCHMARKS_DIR } = {}) {
  const startedAt = now.toISOString();
  const startLoad = loadLine();
  return {
    /** Writes the run's printed lines under its header; returns the file's path. */
    write(lines) {
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${startedAt.slice(0, 10)}-${name}.md`);
      const header = [
        `# \`${command}\`, ${startedAt.slice(0, 10)}`,
        "",
        `- Started ${startedAt.slice(0, 16).replace("T", " ")} UTC, at commit ${commit()}.`,
        `- Machine: ${machine()}.`,
        `- Load average (1 / 5 / 15 minutes): ${startLoad} at the start, ${loadLine()} at the end.`,
        "",
        "Figures from one run on this machine: compare ratios within a run, never absolute times across runs.",
        "",
      ];
      writeFileSync(
        file,
        `${[...header, ...lines]
          .join("\n")
          .replace(/\n{3,}/g, "\n\n")
          .trimEnd()}\n`,
      );
      writeIndex(dir);
      return file;
    },
  };
}

/** docs/benchmarks/README.md: every results file, newest first. */
function writeIndex(dir) {
  const runs = readdirSync(dir)
    .filter((file) => /^\d{4}-\d{2}-\d{2}-.+\.md$/.test(file))
    .sort()
    .reverse();
  const lines = [
    "# Benchmark runs",
    "",
    "Written by the benchmarks (`scripts/bench-results.mjs`), newest first; each file names its machine, load and commit.",
    "See [Maintainers: benchmark](../maintainers.md#benchmark) for what each measures.",
    "",
    ...runs.map((file) => `- [${file.replace(/\.md$/, "")}](${file})`),
  ];
  writeFileSync(path.join(dir, "README.md"), `${lines.join("\n")}\n`);
}
