// Whether a build's output can be used as it is: what a test would otherwise build again on every run.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The newest modification time of a file, or of any file under a directory. */
function lastChange(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((entry) => lastChange(path.join(target, entry))));
}

/** `output` exists and was written after every file of `sources` (files or directories) last changed. */
export function isUpToDate(output, sources) {
  const builtAt = statSync(output, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return builtAt >= Math.max(...sources.map(lastChange));
}
