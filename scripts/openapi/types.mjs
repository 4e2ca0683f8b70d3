// TypeScript types for the client from the OpenAPI document, by openapi-typescript.
//
// openapi-typescript builds its output with the TypeScript 5 compiler API (`ts.factory`, the printer), which the
// project's TypeScript 7 lacks; ../typescript5.mjs points its `import "typescript"` at TypeScript 5.
import { useTypeScript5For } from "../typescript5.mjs";

/** `schema.d.ts` for a document: `paths`, `components`, `operations` and `webhooks` types for openapi-fetch. */
export async function generateTypes(document) {
  useTypeScript5For(["openapi-typescript"]);
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  const ast = await openapiTS(structuredClone(document), { silent: true });
  return astToString(ast);
}
