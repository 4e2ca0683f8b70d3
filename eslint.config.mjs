// ESLint: typescript-eslint's strict type-checked rules, with the types of the tsconfig.json nearest each file.
import { fileURLToPath } from "node:url";
import { useTypeScript5For } from "./scripts/typescript5.mjs";

// typescript-eslint reads types through TypeScript 5's compiler API, so the redirect is in place before it loads.
useTypeScript5For(["typescript-eslint", "@typescript-eslint", "ts-api-utils"]);
const { default: js } = await import("@eslint/js");
const { default: tseslint } = await import("typescript-eslint");
const { defineConfig } = await import("eslint/config");
const { includeIgnoreFile } = await import("@eslint/compat");
const { default: simpleImportSort } = await import("eslint-plugin-simple-import-sort");

export default defineConfig(
  // Whatever git ignores is generated, wherever it lands: wrangler's bundles in any `.wrangler/tmp` (every `npm run dev`
  // leaves them beside each Worker's config), `dist/`, `coverage/`, `test-results/` (the browser tests' screenshots).
  includeIgnoreFile(fileURLToPath(new URL(".gitignore", import.meta.url)), "Everything .gitignore ignores"),
  // Generated and committed, by `npm run types` and `npm run openapi:generate`.
  { ignores: ["**/worker-configuration.d.ts", "clients/typescript/src/schema.d.ts"] },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    // One order for every file's imports and exports (packages, then the project's own by path), fixed by `eslint --fix`.
    plugins: { "simple-import-sort": simpleImportSort },
    rules: { "simple-import-sort/imports": "error", "simple-import-sort/exports": "error" },
  },
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // TypeScript reports undefined names itself, in the checkJs'd .mjs files too.
      "no-undef": "off",
      // With noUncheckedIndexedAccess, `rows[0]!` is how the code states an index it has just checked or inserted.
      "@typescript-eslint/no-non-null-assertion": "off",
      // Numbers in messages and URLs (`${amount}`, `${port}`) read as intended; objects, nullish and `any` still may not.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      // `(x) => doSomething(x)` callbacks are the house style even when doSomething returns nothing.
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      // Handlers in a route table are `async` for one signature whether or not each awaits.
      "@typescript-eslint/require-await": "off",
      // `_name` marks a binding kept unused on purpose; `{ dropped, ...rest }` names the key it leaves out.
      "@typescript-eslint/no-unused-vars": ["error", { varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // Augmenting workers-types' global `Cloudflare.Env` takes a declared namespace and `interface X extends Y {}`.
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      // An aborted signal's `reason` (typed `any`) is passed on as its aborter gave it.
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingAny: true }],
    },
  },
  {
    files: ["**/*.mjs"],
    // Plain JavaScript: untyped parameters are `any` by design; the TypeScript files keep these rules.
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/restrict-plus-operands": ["error", { allowAny: true }],
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true, allowAny: true }],
    },
  },
  {
    files: ["test/**", "packages/*/test/**"],
    // Tests read the API's JSON answers as `any`; their `expect`s are the check.
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // Paths are built from those answers' ids (`unknown` in the sandbox's loose resources); a wrong one fails the test.
      "@typescript-eslint/restrict-template-expressions": "off",
      // `(await response.json()) as T` picks workers-types' `json<T>()` by inference, which this rule misreads as a no-op.
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
    },
  },
);
