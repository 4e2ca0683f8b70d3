// The order test files are handed to the pool. Vitest's own runs the projects by name and, within one, the longest file
// first as the last run measured it, else the largest (a fresh clone has no record). Two changes to it:
// - The node project's files go after the other projects': its shared `wrangler dev` servers
//   (test/support/dev-servers.mjs) stop at the run's teardown, and started first they sat idle through the other
//   projects, each polling the sources for changes (about a CPU-second a minute).
// - The soak goes first among them: it runs about a minute however small its file is, and handed out last it would
//   leave the other Vitest workers idle at the end of the run.
import { BaseSequencer } from "vitest/node";

const NODE_PROJECT = "node";
const LONG_HOWEVER_SMALL = ["test/node/soak.test.mjs"];

/** @param {import("vitest/node").TestSpecification} file */
const rank = (file) => {
  if (file.project.name !== NODE_PROJECT) return 0;
  return LONG_HOWEVER_SMALL.some((name) => file.moduleId.endsWith(name)) ? 1 : 2;
};

export class TestFileOrder extends BaseSequencer {
  /** @param {import("vitest/node").TestSpecification[]} files */
  async sort(files) {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
