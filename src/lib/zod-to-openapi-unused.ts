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

// Functions, not arrows: @hono/zod-openapi calls them with `new`, which then throws this message, not a TypeError.
export function OpenApiGeneratorV3(): never {
  return notBundled("OpenApiGeneratorV3");
}

export function OpenApiGeneratorV31(): never {
  return notBundled("OpenApiGeneratorV31");
}

export const getOpenApiMetadata = (): undefined => undefined;
