import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { ZodType } from "zod";
import {
  ApiError,
  PROBLEM_MEDIA_TYPE,
  PROBLEM_TYPE_BASE,
  PROBLEMS,
  ProblemSchema,
  type FieldError,
  type ProblemSlug,
} from "../lib/problem";
import type { AppBindings } from "./types";

/** A router whose request validation failures become one `validation-failed` problem listing every field. */
export function createRouter() {
  return new OpenAPIHono<AppBindings>({
    strict: true,
    defaultHook: (result) => {
      if (!result.success) {
        const errors: FieldError[] = result.error.issues.map((issue) => ({
          field: issue.path.length > 0 ? issue.path.join(".") : fieldFromIssue(issue),
          message: issue.message,
        }));
        throw new ApiError("validation-failed", `${errors.length} field(s) failed validation.`, {
          extensions: { errors },
        });
      }
    },
  });
}

function fieldFromIssue(issue: { code: string; keys?: unknown }): string {
  if (issue.code === "unrecognized_keys" && Array.isArray(issue.keys)) return issue.keys.join(",");
  return "(body)";
}

export function jsonContent<T extends ZodType>(schema: T, description: string, example?: unknown) {
  return { content: { "application/json": { schema, ...(example === undefined ? {} : { example }) } }, description };
}

export function jsonBody<T extends ZodType>(schema: T, description = "JSON request body") {
  return { content: { "application/json": { schema } }, description, required: true };
}

/** A problem a route answers with, as its OpenAPI example shows it. */
export type ProblemExample = { slug: ProblemSlug; detail: string; extensions?: Record<string, unknown> };

type ProblemContent = { [PROBLEM_MEDIA_TYPE]: { schema: typeof ProblemSchema; examples?: Record<string, { value: unknown }> } };

const EXAMPLE_TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

function exampleBodies(examples: ProblemExample[]): Record<string, { value: unknown }> {
  return Object.fromEntries(
    examples.map(({ slug, detail, extensions }) => [
      slug,
      {
        value: {
          type: PROBLEM_TYPE_BASE + slug,
          title: PROBLEMS[slug].title,
          status: PROBLEMS[slug].status,
          detail,
          traceId: EXAMPLE_TRACE_ID,
          ...extensions,
        },
      },
    ]),
  );
}

/** Documents the problem responses a route can produce: a description, or a description with an example per problem type. */
export function problemResponses(
  descriptions: Partial<
    Record<
      400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504,
      string | { description: string; examples: ProblemExample[] }
    >
  >,
) {
  const responses: Record<string, { description: string; content: ProblemContent }> = {};
  for (const [status, documented] of Object.entries(descriptions)) {
    const { description, examples } = typeof documented === "string" ? { description: documented, examples: [] } : documented;
    responses[status] = {
      description,
      content: { [PROBLEM_MEDIA_TYPE]: { schema: ProblemSchema, ...(examples.length > 0 ? { examples: exampleBodies(examples) } : {}) } },
    };
  }
  return responses;
}

/** Problems any authenticated /v1 route may produce, besides its own. */
export const AUTHENTICATED_PROBLEMS = {
  401: "Missing, malformed, unknown or revoked API key.",
  429: "Too many requests for this API key.",
  500: "Unexpected failure; the body carries only a traceId to quote.",
} as const;

export const TENANT_SECURITY: Record<string, string[]>[] = [{ ApiKeyHeader: [] }, { BearerApiKey: [] }];

export { z };

/** Stored bytes replayed verbatim (idempotency) are not a typed JSON response; the route's schema still documents them. */
export const rawResponse = (response: Response): never => response as never;
