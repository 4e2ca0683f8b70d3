// The soak's callback receiver: one URL per tenant, every LC-Signature checked with the verifier the docs give
// receivers (examples/receiver/verify-callback.ts), every arrival kept for the reconciliation. Its faults — answering
// 500, or holding the request open until the service gives up — are switched by the fault schedule.
import { createServer } from "node:http";

import { verifyCallbackSignature } from "../../examples/receiver/verify-callback.ts";

/**
 * @typedef {{ tenantId: string; eventId: string; type: string; rawBody: string; verified: boolean; reason: string | null;
 *   answered: number | "hung"; atMs: number }} Arrival
 */

/** `sabotageDrop`: the receiver acknowledges one verified callback (the 3rd) without keeping it — the sabotage switch. */
export async function startReceiver({ sabotageDrop = false } = {}) {
  /** @type {Map<string, string[]>} */
  const secretsByTenant = new Map();
  /** @type {Arrival[]} */
  const arrivals = [];
  /** Every event answered 2xx: what the service takes for delivered, kept or not. */
  const acknowledged = new Set();
  /** @type {"ok" | "fail" | "hang"} */
  let mode = "ok";
  /** @type {Set<import("node:http").ServerResponse>} */
  const hanging = new Set();
  let verifiedCount = 0;
  /** @type {string | null} */
  let dropped = null;

  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        const tenantId = decodeURIComponent(request.url?.split("/")[2] ?? "");
        const rawBody = Buffer.concat(chunks).toString("utf8");
        const secrets = secretsByTenant.get(tenantId) ?? [];
        const verification =
          secrets.length === 0
            ? { ok: false, reason: "no signing secret for this tenant" }
            : await verifyCallbackSignature({ rawBody, signatureHeader: request.headers["lc-signature"]?.toString(), secret: secrets });
        const arrival = {
          tenantId,
          eventId: String(request.headers["lc-event-id"] ?? ""),
          type: String(request.headers["lc-event-type"] ?? ""),
          rawBody,
          verified: verification.ok,
          reason: verification.ok ? null : verification.reason,
          answered: /** @type {number | "hung"} */ (204),
          atMs: Date.now(),
        };
        if (!verification.ok) arrival.answered = 400;
        else if (mode === "fail") arrival.answered = 500;
        else if (mode === "hang") arrival.answered = "hung";
        if (arrival.answered === 204) acknowledged.add(arrival.eventId);
        if (arrival.answered === 204 && sabotageDrop && ++verifiedCount === 3) {
          dropped = arrival.eventId;
          response.writeHead(204).end();
          return;
        }
        arrivals.push(arrival);
        if (arrival.answered === "hung") {
          hanging.add(response);
          response.on("close", () => hanging.delete(response));
          return;
        }
        response.writeHead(arrival.answered).end(arrival.verified ? undefined : arrival.reason);
      })();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());

  return {
    urlFor: (tenantId) => `http://127.0.0.1:${port}/callbacks/${encodeURIComponent(tenantId)}`,
    trust: (tenantId, secrets) => secretsByTenant.set(tenantId, secrets),
    arrivals,
    acknowledged,
    /** The event id the sabotage switch swallowed, if it has. */
    dropped: () => dropped,
    /** @param {"ok" | "fail" | "hang"} next */
    setMode(next) {
      mode = next;
      if (next !== "hang") {
        // A held request ends as a reset connection: the service's attempt had given up on it or gives up now.
        for (const response of hanging) response.destroy();
        hanging.clear();
      }
    },
    close: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
