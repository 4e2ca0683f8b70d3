// What wrangler.toml's `alias` bundles in place of two parts of zod the service never calls: its schema compiler
// (zod/v4/core/compile.js) and `z.fromJSONSchema` (zod/v4/classic/from-json-schema.js). zod's index modules re-export
// these names, so they must exist; calling one fails with this error instead of running code that is not there.
function notBundled(name: string): never {
  throw new Error(`${name} is left out of this Worker's bundle (wrangler.toml alias)`);
}

export const INVALID = Symbol.for("zod.compile.invalid");
export class ZodCompileAsyncError extends Error {}
export class ZodCompileUnsupportedError extends Error {}
export const compile = (): never => notBundled("z.compile");
export const withParser = (): never => notBundled("z.withParser");
export const fromJSONSchema = (): never => notBundled("z.fromJSONSchema");
