// Global setup of the node project: one `wrangler dev` per Vitest worker (test/support/dev-server.mjs, each on its own
// port and state directory), started the first time a file of that worker asks for it and shared by every file it runs
// after, one file at a time. Starting a server is most of a small file's time; every file makes its own tenants, so
// sharing one is safe. What a file may change for every tenant, the sandbox's configuration (its delays), is put back
// to the sandbox's defaults before the server is handed to the next file.
import { createServer } from "node:http";

import { inject } from "vitest";

import { devSecrets, startDevServer } from "./dev-server.mjs";

/** @typedef {{ baseUrl: string; persistTo: string }} SharedDevServer */

/**
 * The `wrangler dev` of the calling file's Vitest worker, with the sandbox at its default configuration: call it in
 * `beforeAll`. A file that stops, crashes or reconfigures its server, or tests how it starts, uses `startDevServer()`.
 *
 * @returns {Promise<SharedDevServer>}
 */
export async function sharedDevServer() {
  const response = await fetch(`${inject("devServers")}/${process.env.VITEST_POOL_ID ?? "1"}`);
  if (!response.ok) throw new Error(`no shared wrangler dev: ${await response.text()}`);
  return /** @type {Promise<SharedDevServer>} */ (response.json());
}

/** A POST the dev server may meet on a keep-alive socket it closed while idle: sent again, as setting a configuration twice is one. */
async function postConfig(baseUrl, config) {
  const send = () =>
    fetch(`${baseUrl}/sandbox/control/config`, {
      method: "POST",
      headers: { Authorization: `Bearer ${devSecrets().ADMIN_SECRET}`, "Content-Type": "application/json" },
      body: JSON.stringify(config),
    });
  let response;
  try {
    response = await send();
  } catch (error) {
    if (error?.cause?.code !== "UND_ERR_SOCKET") throw error;
    response = await send();
  }
  if (!response.ok) throw new Error(`resetting the sandbox's configuration: ${response.status} ${await response.text()}`);
  return (await response.json()).result;
}

/** @param {import("vitest/node").TestProject} project */
export default async function startOnePerWorker({ provide }) {
  /** @type {Map<string, Promise<{ server: Awaited<ReturnType<typeof startDevServer>>; defaults: unknown }>>} */
  const servers = new Map();
  const start = async () => {
    const server = await startDevServer();
    // The configuration it started with: the sandbox's defaults (an empty update changes nothing and answers it).
    return { server, defaults: await postConfig(server.baseUrl, {}) };
  };
  /** The worker's server: started on first use, its sandbox configuration reset on every later one. */
  const handOut = async (worker) => {
    const started = servers.get(worker);
    if (!started) {
      const starting = start();
      servers.set(worker, starting);
      return (await starting).server;
    }
    const { server, defaults } = await started;
    await postConfig(server.baseUrl, defaults);
    return server;
  };

  const broker = createServer((request, response) => {
    handOut(request.url?.slice(1) ?? "").then(
      ({ baseUrl, persistTo }) =>
        response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ baseUrl, persistTo })),
      (/** @type {unknown} */ error) => response.writeHead(500).end(error instanceof Error ? error.stack : String(error)),
    );
  });
  await new Promise((resolve) => broker.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (broker.address());
  provide("devServers", `http://127.0.0.1:${port}`);

  return async () => {
    await new Promise((resolve) => broker.close(() => resolve(undefined)));
    const started = await Promise.allSettled(servers.values());
    await Promise.all(started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value.server.stop()] : [])));
  };
}
