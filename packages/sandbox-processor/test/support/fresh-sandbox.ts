// Runs before each test file. The files of one Vitest worker share one workerd (isolate: false in vitest.config.mjs), so
// each starts here from what a workerd of its own would give it: a sandbox that remembers nothing, answering for the
// service at BASE_URL (a file may have moved it), and no spy or stubbed global left by the file before.
import { env } from "cloudflare:workers";
import { afterAll, vi } from "vitest";

import { sandboxStub } from "./sandbox-processor";

await sandboxStub().control("reset", [], env.BASE_URL);

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
