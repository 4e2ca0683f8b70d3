export type ErrorItem = { code: string; message: string; field?: string; extra?: Record<string, unknown> };

export type ProcessorErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 422 | 429 | 500 | 502 | 503 | 504;

/** The sandbox's one error type, thrown by resources and answered in the processor's own shape: `{ total, _embedded: { errors } }`. */
export class ProcessorError extends Error {
  readonly status: ProcessorErrorStatus;
  readonly items: ErrorItem[];
  /** The resource the error is about (`_links.source`), e.g. the declined transfer. */
  readonly sourcePath: string | null;
  /** Resources shown beside the errors in `_embedded`. */
  readonly embedded: Record<string, unknown[]>;

  constructor(status: ProcessorErrorStatus, items: ErrorItem[], about: { sourcePath?: string; embedded?: Record<string, unknown[]> } = {}) {
    super(items.map((item) => item.message).join("; "));
    this.name = "ProcessorError";
    this.status = status;
    this.items = items;
    this.sourcePath = about.sourcePath ?? null;
    this.embedded = about.embedded ?? {};
  }
}

export function notFound(resource: string, id: string): ProcessorError {
  return new ProcessorError(404, [{ code: "NOT_FOUND", message: `${resource} ${id} not found` }]);
}

export function invalidField(field: string, message: string): ProcessorError {
  return new ProcessorError(422, [{ code: "INVALID_FIELD", field, message }]);
}

export function badRequest(message: string): ProcessorError {
  return new ProcessorError(400, [{ code: "BAD_REQUEST", message }]);
}
