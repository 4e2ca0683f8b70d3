// Setup file of every project: records how many assertions each test made, for the run's summary
// (test/support/project-times.mjs), so a change to the suite can show that it kept them.
import { afterEach, expect } from "vitest";

afterEach(({ task }) => {
  task.meta.assertions = expect.getState().assertionCalls;
});
