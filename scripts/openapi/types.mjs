// TypeScript types for the client from the OpenAPI document, by openapi-typescript.
//
// openapi-typescript builds its output with the TypeScript 5 compiler API (`ts.factory`, the printer); the project's
// TypeScript 7 (the native compiler) has no JavaScript API. So `typescript5` (an npm alias of typescript@5) is installed
// beside it, and openapi-typescript's `import "typescript"` is pointed there. (package.json's `overrides` lets
// openapi-typescript's `typescript@^5` peer be satisfied by the root TypeScript, so npm installs without a conflict.)
import { registerHooks } from "node:module";

let hooked = false;
function useTypeScript5ForOpenapiTypescript() {
  if (hooked) return;
  hooked = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === "typescript" && context.parentURL?.includes("/node_modules/openapi-typescript/"))
        return nextResolve("typescript5", context);
      return nextResolve(specifier, context);
    },
  });
}

/** `schema.d.ts` for a document: `paths`, `components`, `operations` and `webhooks` types for openapi-fetch. */
export async function generateTypes(document) {
  useTypeScript5ForOpenapiTypescript();
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  const ast = await openapiTS(structuredClone(document), { silent: true });
  return astToString(ast);
}
