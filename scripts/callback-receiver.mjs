// A callback receiver for the local sandbox: every POST is checked with the verifier receivers copy
// (examples/receiver/verify-callback.ts) and printed as it arrives.
import { createServer } from "node:http";

import { verifyCallbackSignature } from "../examples/receiver/verify-callback.ts";
import { callService, CliFailure } from "./local-service.mjs";

const CALLBACK_PATH = "/callbacks";

/** Listens on 127.0.0.1:`port` (0: any free port) and answers 204 to a verified callback, 400 otherwise. */
async function startReceiver({ port, secrets }) {
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- a failure is an unhandled rejection, which ends this dev tool
    request.on("end", async () => {
      const rawBody = Buffer.concat(chunks);
      // The URL is saved before its secrets can be read, so a callback may arrive a moment before they are known.
      const verified =
        secrets.length === 0
          ? { ok: false, reason: "signing secrets not read yet" }
          : await verifyCallbackSignature({ rawBody, signatureHeader: request.headers["lc-signature"]?.toString(), secret: secrets });
      const type = String(request.headers["lc-event-type"] ?? "(no LC-Event-Type)");
      const eventId = String(request.headers["lc-event-id"] ?? "(no LC-Event-Id)");
      const time = new Date().toISOString().slice(11, 19);
      console.log(
        verified.ok
          ? `${time} ✔ ${type} ${eventId} — signature verified\n  ${rawBody.toString("utf8")}`
          : `${time} ✘ ${type} ${eventId} — refused: ${verified.reason}`,
      );
      response.writeHead(verified.ok ? 204 : 400).end(verified.ok ? undefined : verified.reason);
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(undefined));
  });
  return { url: `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}${CALLBACK_PATH}` };
}

/** A receiver started here for one callback endpoint, verifying with the secret its creation answered; nothing is saved. */
export async function receiveEndpointCallbacks({ secret, port, portOption }) {
  try {
    return await startReceiver({ port, secrets: [secret] });
  } catch (error) {
    if (error.code !== "EADDRINUSE") throw error;
    throw new CliFailure(`Port ${port} is taken — choose another with ${portOption} <port>.`);
  }
}

/**
 * Points the tenant's callbacks at a receiver started here and returns it, verifying with the tenant's active secrets.
 * `portOption` names the command's option that chooses the port, for when it is taken.
 */
export async function receiveTenantCallbacks({ tenantId, port, portOption }) {
  const secrets = [];
  let receiver;
  try {
    receiver = await startReceiver({ port, secrets });
  } catch (error) {
    if (error.code !== "EADDRINUSE") throw error;
    throw new CliFailure(`Port ${port} is taken — choose another with ${portOption} <port>.`);
  }
  await callService("PUT", `/admin/tenants/${tenantId}/callbacks`, { auth: "admin", body: { url: receiver.url } });
  const revealed = await callService("GET", `/admin/tenants/${tenantId}/callbacks/secrets`, { auth: "admin" });
  secrets.push(...revealed.data.map((entry) => entry.secret));
  return receiver;
}
