// What wrangler.toml's `alias` bundles in place of hono's client-side JSX renderer (hono/dist/jsx/dom/*), which
// hono/jsx imports only to attach browser renderers to its components. The server renders to strings and never reads
// them; its hooks and Suspense check this stack, which only the browser renderer fills, so it stays empty here.
function notBundled(name: string): never {
  throw new Error(`hono/jsx/dom's ${name} is left out of this Worker's bundle (wrangler.toml alias)`);
}

export const buildDataStack: unknown[] = [];
export const update = (): never => notBundled("update");
export const createContextProviderFunction = () => (): never => notBundled("a context provider");
export const ErrorBoundary = (): never => notBundled("ErrorBoundary");
export const Suspense = (): never => notBundled("Suspense");
export const useActionState = (): never => notBundled("useActionState");
export const useOptimistic = (): never => notBundled("useOptimistic");
