// What wrangler.toml's `alias` bundles in place of @asteasolutions/zod-to-openapi: the Worker serves the OpenAPI snapshot
// `npm run openapi:generate` writes (src/docs/served-document.ts) and never generates a document. @hono/zod-openapi
// still imports these names: its routes validate with zod alone, `.openapi(…)` on a schema keeps the schema as it is,
// and the registry forgets what the routes register.
function notBundled(name: string): never {
  throw new Error(`${name} is left out of this Worker's bundle (wrangler.toml alias): the Worker serves public/openapi/v1.json`);
}

export const extendZodWithOpenApi = (zod: { ZodType: { prototype: object } }): void => {
  const prototype = zod.ZodType.prototype as { openapi?: unknown };
  prototype.openapi ??= function (this: unknown) {
    return this;
  };
};

export class OpenAPIRegistry {
  readonly definitions: never[] = [];
  registerPath(): void {}
  registerWebhook(): void {}
  registerComponent(): void {}
  register<T>(_refId: string, schema: T): T {
    return schema;
  }
  registerParameter<T>(_refId: string, schema: T): T {
    return schema;
  }
}

export const OpenApiGeneratorV3 = (): never => notBundled("OpenApiGeneratorV3");

export const OpenApiGeneratorV31 = (): never => notBundled("OpenApiGeneratorV31");

export const getOpenApiMetadata = (): undefined => undefined;
