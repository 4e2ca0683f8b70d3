import type { ProcessorError } from "../../core/errors";

/** `logref` is a correlation string in the processor's real answers (its OpenAPI models it as an object). */
export function errorBody(error: ProcessorError, logref: string, publicBase: string) {
  return {
    total: error.items.length,
    _embedded: {
      ...error.embedded,
      errors: error.items.map((item) => ({
        code: item.code,
        message: item.message,
        ...(item.field ? { field: item.field } : {}),
        logref,
        ...item.extra,
        ...(error.sourcePath ? { _links: { source: { href: publicBase + error.sourcePath } } } : {}),
      })),
    },
  };
}
