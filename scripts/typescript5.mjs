// TypeScript 5 for the tools that need its compiler API.
//
// The project's TypeScript 7 (the native compiler) has no JavaScript API, so `typescript5` (an npm alias of
// typescript@5) is installed beside it, and the `import "typescript"` (or `typescript/…`) of the packages that need the
// API is pointed there. package.json's `overrides` lets their `typescript@^5` peer be satisfied by the root TypeScript,
// so npm installs without a conflict.
import { registerHooks } from "node:module";

const packagesOnTypeScript5 = new Set();

/** Resolves `typescript` to `typescript5` for modules under these `node_modules/` folders (`openapi-typescript`, `@typescript-eslint`). */
export function useTypeScript5For(packageFolders) {
  if (packagesOnTypeScript5.size === 0) registerHooks({ resolve: resolveTypeScript5 });
  for (const folder of packageFolders) packagesOnTypeScript5.add(`/node_modules/${folder}/`);
}

function resolveTypeScript5(specifier, context, nextResolve) {
  const isTypeScript = specifier === "typescript" || specifier.startsWith("typescript/");
  const parent = context.parentURL;
  if (isTypeScript && parent && [...packagesOnTypeScript5].some((folder) => parent.includes(folder)))
    return nextResolve(`typescript5${specifier.slice("typescript".length)}`, context);
  return nextResolve(specifier, context);
}
