// The processor's vendored documents as the tests read them, served by test/support/processor-openapi.mjs's Vite plugin.

/** The 2022-02-01 document normalized for validation: its paths, and its components as JSON Schema. */
declare module "virtual:processor-openapi" {
  const document: { paths: Record<string, Record<string, any>>; components: Record<string, any> };
  export default document;
}

/** Every example of a processor resource in both vendored documents, with the resource's enum fields there. */
declare module "virtual:processor-resource-examples" {
  const examples: { document: string; resource: string; where: string; value: Record<string, unknown>; enumFields: string[] }[];
  export default examples;
}
