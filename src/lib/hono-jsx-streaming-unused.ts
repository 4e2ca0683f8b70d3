// What wrangler.toml's `alias` bundles in place of hono's streaming JSX (hono/dist/jsx/streaming.js: Suspense and
// renderToReadableStream) and of the ErrorBoundary beside it (hono/dist/jsx/components.js). The dashboard renders each
// page to a string with neither: hono/jsx and its renderer middleware only import them.
function notBundled(name: string): never {
  throw new Error(`hono/jsx's ${name} is left out of this Worker's bundle (wrangler.toml alias)`);
}

export const Suspense = (): never => notBundled("Suspense");
export const renderToReadableStream = (): never => notBundled("renderToReadableStream");
export const ErrorBoundary = (): never => notBundled("ErrorBoundary");
export const childrenToString = (): never => notBundled("childrenToString");
