// Polling for what a test or a benchmark cannot be told of: a callback arriving, an event listed, a row settled.

/**
 * Polls `read` until it answers something truthy, and answers that. `what` names what is awaited in the timeout's
 * error (a function is called then, for what has been seen so far).
 *
 * @template T
 * @param {() => T | Promise<T>} read
 * @param {{ timeoutMs?: number; what?: string | (() => string) }} [options]
 * @returns {Promise<NonNullable<T>>}
 */
export async function waitFor(read, { timeoutMs = 30_000, what = "the condition" } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await read();
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${typeof what === "function" ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
