import type { Context } from "hono";

/**
 * Work that need not hold up the response: `waitUntil` when the runtime gave an execution context (a bare
 * `app.fetch(request, env)` in a test has none, and the work just runs).
 */
export function afterResponse(c: Context, work: Promise<unknown>): void {
  let executionCtx: Pick<ExecutionContext, "waitUntil"> | undefined;
  try {
    executionCtx = c.executionCtx;
  } catch {
    executionCtx = undefined;
  }
  if (executionCtx) executionCtx.waitUntil(work);
  else void work;
}
