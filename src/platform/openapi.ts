import { createRoute, OpenAPIHono, type RouteConfig, type RouteHandler, z } from "@hono/zod-openapi";
import type { Env as HonoEnv, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { ZodError, ZodType } from "zod";

import { instantMicros } from "../lib/instant";
import { INVALID_CURSOR } from "../lib/pagination";
import { ApiError, type FieldError, PROBLEM_MEDIA_TYPE, problemBody, ProblemSchema, type ProblemSlug } from "../lib/problem";
import { assertGranted, insufficientPermissions, type Permission, PERMISSION_EXTENSION } from "./permissions";
import { JSON_BODY_LIMIT_BYTES } from "./pipeline";
import { BOOKMARK_HEADER, BOOKMARK_MESSAGE, BOOKMARK_PATTERN, readsMayLag } from "./read-replicas";
import type { AppBindings, TenantBindings } from "./types";

/**
 * A router whose request validation failures become one `validation-failed` problem listing every field. Routes behind
 * `requireTenant` go on a `createRouter<TenantBindings>()`, so their handlers see the tenant.
 */
export function createRouter<Bindings extends HonoEnv = AppBindings>() {
  return new OpenAPIHono<Bindings>({
    strict: true,
    defaultHook: (result) => {
      if (!result.success) throw validationFailed(result.error);
    },
  });
}

/**
 * Registers each named route with the handler of the same name, in the order listed: the order of the OpenAPI document.
 * A capability's router reads as the list of its routes.
 */
export function withRoutes<Bindings extends HonoEnv, Name extends string, Routes extends Record<Name, RouteConfig>>(
  router: OpenAPIHono<Bindings>,
  routes: Routes,
  handlers: { [N in Name]: RouteHandler<Routes[N], Bindings> },
  names: readonly Name[],
): OpenAPIHono<Bindings> {
  for (const name of names) router.openapi(enforcingPermission(routes[name]), handlers[name]);
  return router;
}

/**
 * A route naming its permission (`tenantRoute`) checks it before its own middleware — the body, an idempotent replay —
 * so a key never gets an answer it may not have; its description says which permission it takes.
 */
function enforcingPermission<R extends RouteConfig>(route: R): R {
  const permission = (route as { [PERMISSION_EXTENSION]?: Permission })[PERMISSION_EXTENSION];
  if (permission === undefined) return route;
  const own: MiddlewareHandler[] = route.middleware === undefined ? [] : [route.middleware].flat();
  return {
    ...route,
    description: [route.description, `Takes an API key with the \`${permission}\` permission.`].filter(Boolean).join("\n\n"),
    middleware: [requirePermission(permission), ...own],
    responses: { ...route.responses, 403: forbiddenWithout(permission, route.responses[403] as ProblemResponse | undefined) },
  };
}

type ProblemResponse = { description: string; content?: Record<string, { examples?: Record<string, unknown> }> };

/** The route's 403: its own problems, if it has any, and the key's missing permission. */
function forbiddenWithout(permission: Permission, own: ProblemResponse | undefined) {
  const lacking = `\`insufficient-permissions\`: the key lacks \`${permission}\`.`;
  const example = {
    slug: "insufficient-permissions",
    detail: insufficientPermissions(permission).message,
    extensions: { permission },
  } as const;
  const documented = problemResponses({ 403: { description: lacking, examples: [example] } })[403]!;
  const problems = documented.content[PROBLEM_MEDIA_TYPE]!;
  return {
    description: own ? `${own.description} Or ${lacking}` : lacking,
    content: {
      [PROBLEM_MEDIA_TYPE]: {
        ...problems,
        examples: { ...own?.content?.[PROBLEM_MEDIA_TYPE]?.examples, ...(problems.examples as object) },
      },
    },
  };
}

const requirePermission = (needed: Permission) =>
  createMiddleware<TenantBindings>(async (c, next) => {
    assertGranted(c.get("tenant").permissions, needed);
    await next();
  });

/** A zod failure as the one `validation-failed` problem listing every field; `at` is where the validated value sits in the body. */
export function validationFailed(error: ZodError, at: PropertyKey[] = []): ApiError {
  const errors = fieldErrorsOf(error, at);
  return new ApiError("validation-failed", `${errors.length} field(s) failed validation.`, { extensions: { errors } });
}

/** Each issue of a zod failure as the field it names (its path from `at`) and its message. */
export function fieldErrorsOf(error: ZodError, at: PropertyKey[] = []): FieldError[] {
  return error.issues.map((issue) => {
    const path = [...at, ...issue.path];
    return { field: path.length > 0 ? path.map(String).join(".") : fieldFromIssue(issue), message: issue.message };
  });
}

function fieldFromIssue(issue: { code: string; keys?: unknown }): string {
  if (issue.code === "unrecognized_keys" && Array.isArray(issue.keys)) return issue.keys.join(",");
  return "(body)";
}

export function jsonContent<T extends ZodType>(schema: T, description: string, example?: unknown) {
  return { content: { "application/json": { schema, ...(example === undefined ? {} : { example }) } }, description };
}

export function jsonBody<T extends ZodType>(schema: T, example: unknown, description = "JSON request body") {
  return { content: { "application/json": { schema, example } }, description, required: true };
}

/**
 * The `Idempotency-Key` request header. The idempotency middleware enforces it (`idempotency({ required })`), so the
 * validator takes it as optional either way; the document says whether the route requires it. Each route's `example`
 * is its own: a key is the tenant's across routes, so one example shared by two would make the second a 409 in Try it out.
 */
export function idempotencyKeyHeader({ required, description, example }: { required: boolean; description: string; example: string }) {
  return z.object({
    "Idempotency-Key": z
      .string()
      .optional()
      .openapi({
        param: { required },
        description: `${description} 1–255 printable ASCII characters; kept 24 hours.`,
        example,
      }),
  });
}

/** `limit` and `cursor` of a keyset-paginated list; a list takes 50 a page, at most 200, unless it says otherwise. */
export function pageQuery({ defaultSize, maxSize }: PageSize = { defaultSize: 50, maxSize: 200 }) {
  return {
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(maxSize)
      .default(defaultSize)
      .openapi({ description: `Page size, 1–${maxSize}; default ${defaultSize}.` }),
    cursor: z.string().max(1024).optional().openapi({ description: "The nextCursor of the previous page." }),
  };
}

type PageSize = { defaultSize: number; maxSize: number };

/**
 * Any ISO 8601 instant with a zone (`Z` or an offset such as `+02:00`), any precision; compared as an instant in UTC.
 * No example: Swagger UI fills a parameter's example into "Try it out", and a made-up date range hides every result.
 */
const isoInstant = z.string().refine((value) => instantMicros(value) !== null, "must be an ISO 8601 date-time with Z or a UTC offset");

/**
 * `from` and `to` of a list filtered by its rows' creation, the same on every such list; the list reads them with
 * `createdBounds`/`createdBetween` (`lib/pagination.ts`).
 */
export function createdRange() {
  return {
    from: isoInstant.optional().openapi({
      description:
        "Only those created at or after this instant (inclusive): ISO 8601 with `Z` or an offset (`2026-11-01T02:00:00+02:00`), " +
        "any precision, compared with createdAtUtc as an instant.",
    }),
    to: isoInstant.optional().openapi({
      description: "Only those created before this instant (exclusive), written as `from`.",
    }),
  };
}

const BOOKMARK_EXAMPLE = "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683~DB_SHARD_US_1";

/**
 * What a list that may read from a replica adds to its route (`read-replicas.ts`): the middleware, the optional
 * `X-D1-Bookmark` it takes, and the `X-D1-Bookmark` its answer carries.
 */
const replicaRead = {
  middleware: [readsMayLag],
  headers: z.object({
    [BOOKMARK_HEADER]: z
      .string()
      .regex(BOOKMARK_PATTERN, BOOKMARK_MESSAGE)
      .optional()
      .openapi({
        description:
          "The `X-D1-Bookmark` of an earlier answer (a write's, or a list's): this list then reads from a copy of the data at " +
          "least that recent, so it shows that write. Without it the list may come from a replica a moment behind the primary. " +
          `A bookmark looks like \`${BOOKMARK_EXAMPLE}\` (no example here, so "Try it out" sends none).`,
      }),
  }),
  responseHeaders: {
    [BOOKMARK_HEADER]: {
      description: "Where this read stood: send it back as `X-D1-Bookmark` to read at least this much next time.",
      schema: { type: "string" as const, example: BOOKMARK_EXAMPLE },
    },
  },
};

/** One page of a keyset-paginated list; `example` is the schema's own, shown wherever the page is used. */
export function pageOf<T extends ZodType>(item: T, name: string, example?: { data: unknown[]; hasMore: boolean; nextCursor: string }) {
  return z
    .object({
      data: z.array(item),
      hasMore: z.boolean(),
      nextCursor: z
        .string()
        .openapi({ description: "Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false)." }),
    })
    .openapi(name, example ? { example } : {});
}

/** The example of a list's last page, holding one item. */
export const onePage = (item: unknown) => ({ data: [item], hasMore: false, nextCursor: "" });

/** One of the service's ids: its resource's prefix, `_`, and 10–40 letters or digits. */
export const resourceId = (prefix: string, idName: string) =>
  z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{10,40}$`), `must be an ${idName} (${prefix}_…)`);

/** The `{id}` path parameter. */
export const idPathParams = (id: z.ZodString, example: string) =>
  z.object({ id: id.openapi({ param: { name: "id", in: "path" }, example }) });

type ProblemStatus = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504;

/** An example problem body for the OpenAPI document: the catalogue's type, title and status with this detail. */
export type ProblemExample = { slug: ProblemSlug; detail: string; extensions?: Record<string, unknown> };

/** Examples named, or listed (then each is named after its problem type). */
type ProblemExamples = Record<string, ProblemExample> | readonly ProblemExample[];

const isList = (examples: ProblemExamples): examples is readonly ProblemExample[] => Array.isArray(examples);

const EXAMPLE_TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

/** A `validation-failed` problem naming one field. */
export const invalidField = (field: string, message: string): ProblemExample => ({
  slug: "validation-failed",
  detail: "1 field(s) failed validation.",
  extensions: { errors: [{ field, message }] },
});

function exampleBody({ slug, detail, extensions }: ProblemExample) {
  return problemBody(new ApiError(slug, detail, { extensions }), EXAMPLE_TRACE_ID);
}

/** The example a problem response shows when its route names none: the problem that status usually carries. */
const USUAL_PROBLEMS: Record<ProblemStatus, ProblemExample> = {
  400: invalidField("id", "Invalid string: must match pattern"),
  401: { slug: "unauthorized", detail: "A valid API key is required: send it as `X-Api-Key: <key>` or `Authorization: Bearer <key>`." },
  402: { slug: "payment-declined", detail: "The card was declined.", extensions: { code: "INSUFFICIENT_FUNDS" } },
  403: { slug: "forbidden", detail: "This action is not allowed." },
  404: { slug: "not-found", detail: "No such resource for this tenant." },
  405: { slug: "method-not-allowed", detail: "PUT is not allowed on /v1/payments; use GET, POST." },
  409: { slug: "conflict", detail: "The resource is not in a state that allows this request." },
  413: { slug: "payload-too-large", detail: `The body exceeds ${JSON_BODY_LIMIT_BYTES} bytes.` },
  415: { slug: "unsupported-media-type", detail: "This route takes `application/json`; got `text/plain`." },
  422: { slug: "processor-rejected", detail: "The processor refused the request.", extensions: { code: "INVALID_FIELD" } },
  429: { slug: "rate-limited", detail: "Too many requests for this API key; retry after a short wait." },
  500: { slug: "internal-error", detail: `An unexpected error occurred; quote traceId ${EXAMPLE_TRACE_ID}.` },
  502: {
    slug: "processor-error",
    detail: "The processor failed (HTTP 500); its outcome is unknown.",
    extensions: { outcomeUnknown: true },
  },
  503: { slug: "service-unavailable", detail: "The datastore is unreachable." },
  504: {
    slug: "processor-timeout",
    detail: "The processor did not answer within 30000 ms; its outcome is unknown.",
    extensions: { outcomeUnknown: true },
  },
};

function namedExamples(examples: ProblemExamples): [string, ProblemExample][] {
  return isList(examples) ? examples.map((example) => [example.slug, example]) : Object.entries(examples);
}

/**
 * Documents the problem responses a route can produce: a description with examples of the problems behind that status,
 * or a description alone when the status's usual problem (`USUAL_PROBLEMS`) is the one.
 */
export function problemResponses(
  descriptions: Partial<Record<ProblemStatus, string | { description: string; examples: ProblemExamples }>>,
) {
  const responses: Record<string, { description: string; content: Record<string, { schema: typeof ProblemSchema; examples: unknown }> }> =
    {};
  for (const [status, entry] of Object.entries(descriptions)) {
    const { description, examples } =
      typeof entry === "string" ? { description: entry, examples: [USUAL_PROBLEMS[Number(status) as ProblemStatus]] } : entry;
    const named = Object.fromEntries(namedExamples(examples).map(([name, example]) => [name, { value: exampleBody(example) }]));
    responses[status] = { description, content: { [PROBLEM_MEDIA_TYPE]: { schema: ProblemSchema, examples: named } } };
  }
  return responses;
}

/** Problems any authenticated /v1 route may produce, besides its own. */
export const AUTHENTICATED_PROBLEMS = {
  401: {
    description: "Missing, malformed, unknown or revoked API key.",
    examples: {
      unauthorized: {
        slug: "unauthorized",
        detail: "A valid API key is required: send it as `X-Api-Key: <key>` or `Authorization: Bearer <key>`.",
      },
    },
  },
  429: {
    description: "Too many requests for this API key.",
    examples: { "rate-limited": { slug: "rate-limited", detail: "Too many requests for this API key; retry after a short wait." } },
  },
  500: {
    description: "Unexpected failure; the body carries only a traceId to quote.",
    examples: {
      "internal-error": { slug: "internal-error", detail: "An unexpected error occurred; quote traceId 4bf92f3577b34da6a3ce929d0e0e4736." },
    },
  },
  503: {
    description:
      "The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same " +
      "`Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt " +
      "made is found again, never made twice.",
    examples: {
      "tenant-moving": {
        slug: "tenant-moving",
        detail: "Tenant ten_3kTq9Wc2Zb7pLx0aYf4Rn is moving to another database; retry after a few seconds.",
      },
    },
  },
} as const satisfies Record<number, { description: string; examples: Record<string, ProblemExample> }>;

/**
 * The 503s of a route that calls the processor while the caller waits (spread after `AUTHENTICATED_PROBLEMS`): the
 * processor's rate limit for the platform's one credential, or a tenant move.
 */
export const PROCESSOR_BUSY_PROBLEMS = {
  503: {
    description:
      "`processor-busy` (with `Retry-After`): the processor's rate limit for the platform is reached and nothing was sent; " +
      "retry after `Retry-After` seconds with the same `Idempotency-Key`, which completes the same request once. Or " +
      "`tenant-moving`: " +
      AUTHENTICATED_PROBLEMS[503].description,
    examples: {
      "processor-busy": {
        slug: "processor-busy",
        detail: "The processor's rate limit for the platform is reached; POST /transfers was not sent. Retry in 2 s.",
        extensions: { outcomeUnknown: false, retryAfterSeconds: 2 },
      },
      ...AUTHENTICATED_PROBLEMS[503].examples,
    },
  },
} as const satisfies Record<number, { description: string; examples: Record<string, ProblemExample> }>;

/** The problems of a route that takes a JSON body, besides its validation. */
export const JSON_BODY_PROBLEMS = { 413: "Body too large.", 415: "Body is not JSON." } as const;

export const INVALID_CURSOR_EXAMPLE: ProblemExample = { slug: "invalid-cursor", detail: INVALID_CURSOR };

/** A keyset-paginated list's 400: a query that fails validation (`examples` of it), or a cursor the list did not issue. */
const listQueryProblems = (...examples: ProblemExample[]) => ({
  400: { description: "Invalid query, or `invalid-cursor`.", examples: [INVALID_CURSOR_EXAMPLE, ...examples] },
});

type PathParams = NonNullable<NonNullable<RouteConfig["request"]>["params"]>;

/** What a list adds to its route (`listRoute`). */
type ListOptions<Filters extends z.ZodRawShape, Item extends ZodType> = {
  /** The list's own filters, `createdRange()` among them when it filters by creation; `limit` and `cursor` are added. */
  filters: Filters;
  page?: PageSize;
  /** One item; `name` names the page's schema, `items` the items in words ("disputes"); `example` is a last page. */
  item: Item;
  name: string;
  items: string;
  example: { data: unknown[]; hasMore: boolean; nextCursor: string };
  /** The list may read from a replica (`replicaRead`). */
  replica?: boolean;
  /** Examples of the query's own validation failures, beside `invalid-cursor`. */
  queryProblems?: ProblemExample[];
  /** The route's other problems. */
  problems: Parameters<typeof problemResponses>[0];
};

/**
 * A keyset-paginated list, declared one way: GET with its filters, `limit` and `cursor` and no other parameter, one page
 * of items in the envelope every list shares, and a 400 for its query or an `invalid-cursor`.
 */
export function listRoute<
  const Route extends Omit<RouteConfig, "method" | "middleware" | "request" | "responses"> & { request?: { params: PathParams } },
  Filters extends z.ZodRawShape,
  Item extends ZodType,
>(route: Route, { filters, page, item, name, items, example, replica = false, queryProblems = [], problems }: ListOptions<Filters, Item>) {
  return createRoute({
    ...route,
    method: "get",
    ...(replica ? { middleware: replicaRead.middleware } : {}),
    request: {
      ...route.request,
      query: z.object({ ...filters, ...pageQuery(page) }).strict(),
      ...(replica ? { headers: replicaRead.headers } : {}),
    },
    responses: {
      200: {
        ...jsonContent(pageOf(item, name), `One page of ${items}.`, example),
        ...(replica ? { headers: replicaRead.responseHeaders } : {}),
      },
      ...problemResponses({ ...listQueryProblems(...queryProblems), ...problems }),
    },
  });
}

export const TENANT_SECURITY: Record<string, string[]>[] = [{ ApiKeyHeader: [] }, { BearerApiKey: [] }];

/**
 * What every /v1 route behind `requireTenant` shares in its OpenAPI definition: `tag` names its group in the reference,
 * `permission` what a restricted key needs for it (`<resource>:read` for GET, `<resource>:write` otherwise), enforced
 * by `withRoutes` and shown to clients as `x-permission`.
 */
export const tenantRoute = (tag: string, permission: Permission) => ({
  tags: [tag],
  security: TENANT_SECURITY,
  [PERMISSION_EXTENSION]: permission,
});

export { z };
