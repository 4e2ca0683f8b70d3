import type { Context } from "hono";

import type { AppBindings } from "../platform/types";

/**
 * The OpenAPI snapshot `npm run openapi:generate` writes from the routes, served as a static asset: the Worker never
 * builds the document, so the generator (zod-to-openapi) and the reference's prose stay out of its bundle.
 */
const SNAPSHOT_ASSET_PATH = "/openapi/v1.json";

export type DocumentServer = { url: string; description: string };

/** "Try it out" in /docs calls the server that served the document, then the configured public base URL. */
function documentServers({ origin, publicOrigin }: { origin: string; publicOrigin: string | null }): DocumentServer[] {
  const servers = [{ url: origin, description: "This server" }];
  if (publicOrigin !== null && publicOrigin !== origin) {
    servers.push({ url: publicOrigin, description: "The configured public base URL (BASE_URL)" });
  }
  return servers;
}

// Read once per isolate: a deployment's assets never change under it.
let snapshot: Promise<Record<string, unknown>> | undefined;

function readSnapshot(assets: Fetcher, requestUrl: string) {
  if (snapshot) return snapshot;
  const reading = assets.fetch(new URL(SNAPSHOT_ASSET_PATH, requestUrl)).then(async (response) => {
    if (!response.ok) throw new Error(`The OpenAPI snapshot ${SNAPSHOT_ASSET_PATH} is not among the static assets (${response.status}).`);
    return response.json<Record<string, unknown>>();
  });
  // A failed read is not kept: the next request reads again.
  reading.catch(() => {
    if (snapshot === reading) snapshot = undefined;
  });
  snapshot = reading;
  return reading;
}

/** `GET /openapi.json`: the snapshot, listing this server and the public one. */
export async function serveDocument(c: Context<AppBindings>) {
  const { env, publicOrigin } = c.get("ctx");
  const document = await readSnapshot(env.ASSETS, c.req.url);
  return c.json({ ...document, servers: documentServers({ origin: new URL(c.req.url).origin, publicOrigin }) });
}
