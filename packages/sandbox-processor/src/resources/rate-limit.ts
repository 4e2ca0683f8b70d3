import { ProcessorError } from "../core/errors";
import type { Sandbox } from "../core/sandbox";

type Window = { second: number; calls: number };

/** Each credential's calls in the current second, per kind; kept in memory, as the processor's window is seconds long. */
const windows = new WeakMap<Sandbox, Map<string, Window>>();

/**
 * The processor's rate limit per API credential (live: about 100 reads and 100 writes a second; over it, 429
 * `TOO_MANY_REQUESTS`), when the `config` control sets one. Reads are GETs, writes the rest; a refused call is not
 * counted. The processor documents no rate-limit headers, so none is sent.
 */
export function admitCall(sandbox: Sandbox, credential: string, method: string): void {
  const read = method === "GET";
  const { readsPerSecond, writesPerSecond } = sandbox.config().rateLimit;
  const limit = read ? readsPerSecond : writesPerSecond;
  if (limit === null) return;
  let byCredential = windows.get(sandbox);
  if (!byCredential) {
    byCredential = new Map();
    windows.set(sandbox, byCredential);
  }
  const key = `${read ? "read" : "write"} ${credential}`;
  const second = Math.floor(Date.now() / 1000);
  const window = byCredential.get(key);
  const current = window?.second === second ? window : { second, calls: 0 };
  if (current.calls >= limit) {
    throw new ProcessorError(429, [
      { code: "TOO_MANY_REQUESTS", message: `Too many ${read ? "read" : "write"} requests: the limit is ${limit} a second.` },
    ]);
  }
  current.calls++;
  byCredential.set(key, current);
}
