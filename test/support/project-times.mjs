// A reporter that ends `npm test` with one line per project: its wall time (its first file began to its last ended),
// its files, tests and assertions (counted by test/support/count-assertions.mjs).
export default class ProjectTimes {
  projects = new Map();
  /** @type {import("vitest/node").Vitest | undefined} */
  vitest;
  startedAt = Date.now();

  /** @param {import("vitest/node").Vitest} vitest */
  onInit(vitest) {
    this.vitest = vitest;
    this.startedAt = Date.now();
  }

  projectOf(testModule) {
    const name = testModule.project.name || "root";
    if (!this.projects.has(name)) this.projects.set(name, { start: Infinity, end: 0, files: 0, tests: 0, assertions: 0 });
    return this.projects.get(name);
  }

  onTestModuleEnd(testModule) {
    const project = this.projectOf(testModule);
    const now = Date.now();
    // The file's own time back to when its worker began preparing it (environment, setup files, import, tests).
    const { environmentSetupDuration, prepareDuration, setupDuration, collectDuration, duration } = testModule.diagnostic();
    project.start = Math.min(
      project.start,
      now - (environmentSetupDuration + prepareDuration + setupDuration + collectDuration + duration),
    );
    project.end = Math.max(project.end, now);
    project.files += 1;
    for (const test of testModule.children.allTests()) {
      if (test.result().state === "skipped") continue;
      project.tests += 1;
      project.assertions += test.meta().assertions ?? 0;
    }
  }

  onTestRunEnd() {
    if (this.projects.size === 0) return;
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    const lines = [...this.projects].map(
      ([name, { start, end, files, tests, assertions }]) =>
        `  ${name.padEnd(18)}${seconds(end - start)}  ${files} files, ${tests} tests, ${assertions} assertions`,
    );
    const total = seconds(Date.now() - this.startedAt);
    this.vitest?.logger.log(
      [
        "",
        "Time per project (wall clock, its first file began to its last ended):",
        ...lines,
        `  ${"whole run".padEnd(18)}${total}`,
        "",
      ].join("\n"),
    );
  }
}
