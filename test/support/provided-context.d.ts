// What the node project's global setup (chromium.mjs, dev-servers.mjs) provides to its tests through `inject`.
declare module "vitest" {
  interface ProvidedContext {
    /** Empty when no Chromium was found. */
    chromiumPath: string;
    /** Where a test file asks for its worker's shared `wrangler dev` (`sharedDevServer()`). */
    devServers: string;
  }
}

export {};
