// A reporter that ends `npm test` with one line per project: its wall time (first file started to last file ended),
// its files, tests and assertions (counted by test/support/count-assertions.mjs).
export default class ProjectTimes {
  projects = new Map();

  onInit(vitest) {
    this.vitest = vitest;
    this.startedAt = Date.now();
  }

  projectOf(testModule) {
    const name = testModule.project.name || "root";
    if (!this.projects.has(name)) this.projects.set(name, { start: Infinity, end: 0, files: 0, tests: 0, assertions: 0 });
    return this.projects.get(name);
  }

  onTestModuleStart(testModule) {
    const project = this.projectOf(testModule);
    project.start = Math.min(project.start, Date.now(), testModule.task.result?.startTime ?? Infinity);
  }

  onTestModuleEnd(testModule) {
    const project = this.projectOf(testModule);
    project.end = Math.max(project.end, Date.now());
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
    this.vitest.logger.log(
      [
        "",
        "Time per project (wall clock, its first file started to its last ended):",
        ...lines,
        `  ${"whole run".padEnd(18)}${total}`,
        "",
      ].join("\n"),
    );
  }
}
