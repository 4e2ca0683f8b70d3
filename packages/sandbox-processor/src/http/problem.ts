import { hex, randomBytes } from "../core/crypto";

/**
 * The controls answer failures as `application/problem+json`, in the same vocabulary as the service that fronts them
 * (type, title, status, detail, traceId), so a caller sees one error shape at the service's origin.
 */
export const PROBLEM_TYPE_BASE = "https://payment-connect.dev/problems/";

const PROBLEMS = {
  "validation-failed": { status: 400, title: "Request validation failed" },
  "malformed-json": { status: 400, title: "Malformed JSON body" },
  unauthorized: { status: 401, title: "Unauthorized" },
  forbidden: { status: 403, title: "Forbidden" },
  "not-found": { status: 404, title: "Not found" },
  conflict: { status: 409, title: "Conflict" },
  "internal-error": { status: 500, title: "Internal server error" },
} as const;

export type ProblemSlug = keyof typeof PROBLEMS;

export class Problem extends Error {
  readonly status: number;

  constructor(
    readonly slug: ProblemSlug,
    detail: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = "Problem";
    this.status = PROBLEMS[slug].status;
  }
}

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The caller's trace id (W3C `traceparent`, which the service forwards), so both workers' logs and answers agree. */
export function traceIdOf(headers: Headers): string {
  const traceId = headers.get("traceparent")?.match(TRACEPARENT)?.[1];
  return traceId && !/^0+$/.test(traceId) ? traceId : hex(randomBytes(16));
}

export function problemResponse(problem: Problem, traceId: string): Response {
  const body = {
    type: PROBLEM_TYPE_BASE + problem.slug,
    title: PROBLEMS[problem.slug].title,
    status: problem.status,
    detail: problem.message,
    traceId,
    ...problem.extensions,
  };
  return new Response(JSON.stringify(body), {
    status: problem.status,
    headers: { "Content-Type": "application/problem+json", "X-Trace-Id": traceId },
  });
}
