// The service under soak: started as `npm run dev` starts it (wrangler dev, local D1 shards, Queues, Durable Objects and
// the sandbox processor Worker) on its own state directory, killed with SIGKILL as a whole process group and restarted
// on the same state; and the one HTTP client every other part of the soak calls it through, which logs every answer.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { devSecrets, startDevServer } from "../../test/support/dev-server.mjs";
import { CRON_ROUTE } from "../local-service.mjs";

/** Callback retries at 1/100 of the production ladder (1 s, 3 s, 18 s, …): a receiver's fault heals within the run. */
const VARS = { CALLBACK_RETRY_SCALE: "0.01" };
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * @typedef {{ method: string; path: string; status: number; problem: string | null; startMs: number; endMs: number;
 *   error?: string }} Exchange
 * @typedef {{ status: number; text: string; body: any; headers: Headers | null; exchange: Exchange }} Answer
 */

export async function startService() {
  const secrets = devSecrets();
  const stateParent = mkdtempSync(path.join(tmpdir(), "payment-connect-soak-"));
  const options = { vars: VARS, args: ["--test-scheduled"], stateParent, processGroup: true };
  let server = await startDevServer(options);
  const port = Number(new URL(server.baseUrl).port);
  /** @type {Exchange[]} */
  const exchanges = [];
  const admin = { Authorization: `Bearer ${secrets.ADMIN_SECRET}` };
  const processorAuth = `Basic ${Buffer.from(`${secrets.PROCESSOR_USERNAME}:${secrets.PROCESSOR_PASSWORD}`).toString("base64")}`;

  /**
   * One request; a connection that fails is an answer with status 0. `as`: a tenant's key, "admin", or "processor"
   * (the sandbox's REST API with the platform's credentials, as the service calls it).
   * @param {string} method
   * @param {string} route
   * @param {{ as?: string; body?: unknown; headers?: Record<string, string>; idempotencyKey?: string }} [options]
   * @returns {Promise<Answer>}
   */
  async function call(method, route, { as, body, headers = {}, idempotencyKey } = {}) {
    const auth =
      as === "admin"
        ? admin
        : as === "processor"
          ? { Authorization: processorAuth, "Finix-Version": "2022-02-01" }
          : as
            ? { "X-Api-Key": as }
            : {};
    const exchange = { method, path: route, status: 0, problem: null, startMs: Date.now(), endMs: 0 };
    try {
      const response = await fetch(`${server.baseUrl}${route}`, {
        method,
        headers: {
          ...auth,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      exchange.status = response.status;
      exchange.endMs = Date.now();
      /** @type {any} */
      let parsed = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: the text is the answer
      }
      exchange.problem = response.status >= 400 && typeof parsed?.type === "string" ? parsed.type.split("/").at(-1) : null;
      exchanges.push(exchange);
      return { status: response.status, text, body: parsed, headers: response.headers, exchange };
    } catch (error) {
      exchange.endMs = Date.now();
      exchange.error = String(error?.cause?.code ?? error?.name ?? error);
      exchanges.push(exchange);
      return { status: 0, text: "", body: null, headers: null, exchange };
    }
  }

  /**
   * A call that must succeed (setup, controls, reads for the reconciliation): retried for up to `withinMs` (through a
   * crash and restart, a move's pause), else thrown.
   */
  /** @param {string} method @param {string} route @param {{ withinMs?: number; as?: string; body?: unknown }} [options] */
  async function must(method, route, { withinMs = 90_000, ...options } = {}) {
    const deadline = Date.now() + withinMs;
    for (let attempt = 1; ; attempt++) {
      const answer = await call(method, route, options);
      if (answer.status >= 200 && answer.status < 300) return answer.body;
      if (Date.now() > deadline || (answer.status >= 400 && answer.status < 500 && answer.status !== 429 && answer.status !== 409)) {
        throw new Error(`${method} ${route}: ${answer.status} ${answer.text || answer.exchange.error}`);
      }
      await sleep(Math.min(1000 * attempt, 3000));
    }
  }

  return {
    exchanges,
    call,
    must,
    baseUrl: () => server.baseUrl,
    stateDir: () => server.persistTo,
    output: () => server.output(),
    /** The sandbox's control action, with the operator's credentials. */
    control: async (action, body) => (await must("POST", `/sandbox/control/${action}`, { as: "admin", body })).result,
    /** The cron sweep, as the cron trigger runs it every minute (`npm run sweep`'s route). */
    cron: () => call("GET", CRON_ROUTE),
    /**
     * The cron sweep with its clock at `atMs`: workerd's own trigger route, which takes the scheduled time (wrangler's
     * `/__scheduled` always runs at the present).
     */
    sweepAt: (atMs) => must("GET", `/cdn-cgi/local/scheduled?cron=*+*+*+*+*&time=${Math.round(atMs)}`),
    /** kill -9 of wrangler, workerd and everything they started; then the same command on the same state and port. */
    async crashAndRestart(downMs) {
      await server.kill();
      await sleep(downMs);
      server = await startDevServer({ ...options, persistTo: server.persistTo, port });
    },
    async stop({ keepState = false } = {}) {
      const stateDir = server.persistTo;
      if (keepState) await server.kill();
      else {
        await server.stop();
        rmSync(stateParent, { recursive: true, force: true });
      }
      return stateDir;
    },
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
