// The order the projects' files are handed to the pool: the workers and sandbox files first, the node files last.
// Vitest's own order runs projects by name, which put the node project first; its shared `wrangler dev` servers
// (test/support/dev-servers.mjs) then sat idle through the other projects until the run's teardown, each polling the
// sources for changes (about a CPU-second a minute). Within a project the order stays Vitest's (longest first).
import { BaseSequencer } from "vitest/node";

const LAST = "node";

export class NodeProjectLast extends BaseSequencer {
  /** @param {import("vitest/node").TestSpecification[]} files */
  async sort(files) {
    const sorted = await super.sort(files);
    const isLast = (/** @type {import("vitest/node").TestSpecification} */ file) => Number(file.project.name === LAST);
    return sorted.sort((a, b) => isLast(a) - isLast(b));
  }
}
