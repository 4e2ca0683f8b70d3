// What test/support/count-assertions.mjs records on each test for the run's summary (test/support/project-times.mjs).
declare module "vitest" {
  interface TaskMeta {
    /** How many assertions the test made. */
    assertions?: number;
  }
}

export {};
