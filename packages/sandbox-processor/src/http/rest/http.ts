import type { Context } from "hono";
import type { z } from "zod";

import { badRequest, ProcessorError } from "../../core/errors";
import type { Kind, Stored } from "../../core/records";
import type { Sandbox } from "../../core/sandbox";
import type { Filter, PageRequest, PageResult } from "../../core/store";
import { PLURALS, view, type ViewOptions } from "../../core/views";

export type RestEnv = {
  Bindings: { sandbox: Sandbox };
  Variables: { publicBase: string; apiVersion: string; logref: string };
};

export type RestContext = Context<RestEnv>;
export type RestHandler = (c: RestContext) => Promise<Response>;

/** The API version that introduced cursor paging; any other version header falls back to the base version's offset paging. */
export const CURSOR_PAGING_VERSION = "2022-02-01";
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

export function hal(c: RestContext, status: 200 | 201 | 402, body: unknown): Response {
  return c.body(JSON.stringify(body), status, { "Content-Type": "application/hal+json" });
}

export function resource<K extends Kind>(
  c: RestContext,
  kind: K,
  stored: Stored<K>,
  status: 200 | 201 = 200,
  options: ViewOptions = {},
): Response {
  return hal(c, status, view(kind, stored, c.var.publicBase, { ...options, standIn: c.env.sandbox.config().standIn }));
}

function parsed<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ProcessorError(
    422,
    result.error.issues.map((issue) => ({ code: "INVALID_FIELD", field: issue.path.join(".") || "body", message: issue.message })),
  );
}

/** The body as JSON, validated; the raw value is returned too for idempotency comparison. */
export async function jsonBody<T extends z.ZodType>(c: RestContext, schema: T): Promise<{ body: z.infer<T>; raw: unknown }> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
  return { body: parsed(schema, raw), raw };
}

export function pageRequest(c: RestContext): PageRequest {
  const requested = Number(c.req.query("limit") ?? DEFAULT_PAGE_SIZE);
  const limit = Number.isInteger(requested) && requested > 0 ? Math.min(requested, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  if (c.var.apiVersion !== CURSOR_PAGING_VERSION) return { limit, offset: Math.max(0, Number(c.req.query("offset") ?? 0) || 0) };
  return { limit, afterCursor: c.req.query("after_cursor") || undefined };
}

/** The filters of a list route: query parameter → wire field, `.gte`/`.lte` suffixes as ranges. */
export function queryFilters(c: RestContext, fields: Record<string, string>): Filter[] {
  const filters: Filter[] = [];
  for (const [param, field] of Object.entries(fields)) {
    const equals = c.req.query(param);
    const gte = c.req.query(`${param}.gte`);
    const lte = c.req.query(`${param}.lte`);
    if (equals !== undefined && equals !== "") filters.push({ field, equals });
    if (gte) filters.push({ field, gte });
    if (lte) filters.push({ field, lte });
  }
  return filters;
}

function pageHref(c: RestContext, changes: Record<string, string>): string {
  const url = new URL(c.req.url);
  for (const [name, value] of Object.entries(changes)) url.searchParams.set(name, value);
  return `${c.var.publicBase}${url.pathname}${url.search}`;
}

/**
 * A decline is the processor's 402 naming the failed transfer or authorization, which stays retrievable by id and
 * idempotency_id. The FAILED resource also rides along in `_embedded` (the processor does not document whether it does;
 * the client reads it when present).
 */
export function declined<K extends "transfer" | "authorization">(c: RestContext, kind: K, stored: Stored<K>): ProcessorError {
  const { id, failure_code: code, failure_message: message } = stored.record;
  const body = view(kind, stored, c.var.publicBase, { standIn: c.env.sandbox.config().standIn });
  return new ProcessorError(
    402,
    [
      {
        code: code ?? "DECLINED",
        message: message ?? "The payment was declined.",
        extra: { failure_code: code, failure_message: message },
      },
    ],
    { sourcePath: `/${PLURALS[kind]}/${id}`, embedded: { [PLURALS[kind]]: [body] } },
  );
}

/** A HAL list: `_embedded.<plural>`, `_links.self/next`, and `page` (cursor, or offset on the base version). */
export function list<K extends Kind>(
  c: RestContext,
  kind: K,
  result: PageResult<K>,
  page: PageRequest,
  options: ViewOptions = {},
): Response {
  const standIn = c.env.sandbox.config().standIn;
  const items = result.items.map((stored) => view(kind, stored, c.var.publicBase, { ...options, standIn }));
  const cursorPaging = page.offset === undefined;
  const nextHref = cursorPaging
    ? result.nextCursor && pageHref(c, { after_cursor: result.nextCursor, limit: String(page.limit) })
    : result.nextCursor && pageHref(c, { offset: String((page.offset ?? 0) + page.limit), limit: String(page.limit) });
  return hal(c, 200, {
    _embedded: { [PLURALS[kind]]: items },
    _links: { self: { href: pageHref(c, {}) }, ...(nextHref ? { next: { href: nextHref } } : {}) },
    page: cursorPaging
      ? { limit: page.limit, next_cursor: result.nextCursor }
      : { offset: page.offset, limit: page.limit, count: result.total },
  });
}

/** Paging over a list the sandbox already holds in memory (a settlement's transfers), with the same cursor rules. */
export function pageOf<K extends Kind>(items: Stored<K>[], page: PageRequest): PageResult<K> {
  const start = page.afterCursor ? items.findIndex((item) => item.record.id === page.afterCursor) + 1 : (page.offset ?? 0);
  const slice = items.slice(start, start + page.limit);
  const more = start + page.limit < items.length;
  return { items: slice, nextCursor: more ? (slice.at(-1)?.record.id ?? null) : null, total: items.length };
}
