#!/usr/bin/env node
// `npm run receiver -- <tenantId> [--port <port>]`: points the tenant's callbacks at a receiver on this machine and
// prints each callback as it arrives, its signature verified with examples/receiver/verify-callback.ts.
// `npm run receiver -- --secret whsec_… [--port <port>]`: the same receiver for a callback endpoint of your own.
import { parseArgs } from "node:util";

import { receiveEndpointCallbacks, receiveTenantCallbacks } from "./callback-receiver.mjs";
import { CliFailure, runCli } from "./local-service.mjs";

const USAGE = `Usage: npm run receiver -- <tenantId> [--port <port>]
       npm run receiver -- --secret <whsec_…> [--port <port>]

Saves http://127.0.0.1:<port>/callbacks (default port 4000) as the tenant's callback URL, then prints every callback
that arrives there with its signature checked against the tenant's signing secrets. Ctrl-C stops.
With --secret, saves nothing: it listens for a callback endpoint you created (POST /v1/callback-endpoints with
url http://127.0.0.1:<port>/callbacks) and checks each callback against that endpoint's secret.`;

await runCli(async () => {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { port: { type: "string", default: "4000" }, secret: { type: "string" } },
    });
  } catch (error) {
    throw new CliFailure(`${error.message}\n\n${USAGE}`, 2);
  }
  const { secret } = parsed.values;
  if (secret !== undefined) {
    if (parsed.positionals.length !== 0 || !secret.startsWith("whsec_")) throw new CliFailure(USAGE, 2);
    const receiver = await receiveEndpointCallbacks({ secret, port: Number(parsed.values.port), portOption: "--port" });
    console.log(
      `Listening on ${receiver.url} for the endpoint whose secret you gave; each callback is printed with its signature checked. Ctrl-C stops.\n`,
    );
    return;
  }
  if (parsed.positionals.length !== 1) throw new CliFailure(USAGE, 2);
  const receiver = await receiveTenantCallbacks({
    tenantId: parsed.positionals[0],
    port: Number(parsed.values.port),
    portOption: "--port",
  });
  console.log(
    `Callbacks of ${parsed.positionals[0]} now go to ${receiver.url}; each is printed with its signature checked. Ctrl-C stops.\n`,
  );
});
