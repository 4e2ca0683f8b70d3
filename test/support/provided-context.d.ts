// What the node project's global setup (chromium.mjs) provides to its tests through `inject`.
declare module "vitest" {
  interface ProvidedContext {
    /** Empty when no Chromium was found. */
    chromiumPath: string;
  }
}

export {};
