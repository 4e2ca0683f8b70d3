/**
 * The HTTP helpers live in `support/http.ts`. This path stays for the sandbox's own tests (`sandbox-*.test.ts`,
 * `support/sandbox.ts`), which import `./helpers` and are moving to their own package; new tests import `support/http`.
 */
export * from "./support/http";
