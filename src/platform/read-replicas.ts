import type { Context } from "hono";
import { createMiddleware } from "hono/factory";

import { ApiError } from "../lib/problem";
import type { RootContext, ShardContext } from "./context";
import type { AppBindings } from "./types";

/**
 * Read replicas (D1's Sessions API). Lists and dashboard pages read through a session that may be served by a replica;
 * a caller who passes back the bookmark of its last answer reads at least that much, so it sees its own writes.
 * Everything else — charges, refunds, every other write, lookups, idempotency replays, authentication — stays on
 * the primary, and a write's answer carries the bookmark its own statements left (`ctx.bookmark()`).
 */
export const BOOKMARK_HEADER = "X-D1-Bookmark";

/**
 * D1's bookmark (hex groups joined by hyphens) and, after `~`, the shard it is a point in the history of: a tenant moved
 * to another shard since gets its reads there from the primary, which holds every write the bookmark saw.
 */
export const BOOKMARK_PATTERN = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){0,7}~[A-Za-z0-9_]{1,64}$/;

/** What a caller is given: the shard's D1 bookmark, naming the shard. */
export const shardBookmark = (shard: string, d1Bookmark: string) => `${d1Bookmark}~${shard}`;

/** Where a read on `shard` starts from a caller's bookmark: its D1 part if it is this shard's, else the primary. */
export function sessionStart(shard: string, bookmark: string | undefined): string | undefined {
  if (bookmark === undefined) return undefined;
  const at = bookmark.lastIndexOf("~");
  return bookmark.slice(at + 1) === shard ? bookmark.slice(0, at) : "first-primary";
}

/** Whether the request has entered a shard (a tenant's, `enterTenant`): only then has it a shard to read or a bookmark. */
const onShard = (ctx: RootContext): ctx is ShardContext => "readingFrom" in ctx;

export const BOOKMARK_MESSAGE = "must be a bookmark this service returned in X-D1-Bookmark";

function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    // Responses passed through from elsewhere (a Durable Object's stored answer) have immutable headers.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}

/** Route middleware of a `/v1` list: reads through a session from the caller's `X-D1-Bookmark`, and answers with the next one. */
export const readsMayLag = createMiddleware<AppBindings>(async (c, next) => {
  const sent = c.req.header(BOOKMARK_HEADER);
  if (sent !== undefined && !BOOKMARK_PATTERN.test(sent)) {
    throw new ApiError("validation-failed", "1 field(s) failed validation.", {
      extensions: { errors: [{ field: BOOKMARK_HEADER, message: BOOKMARK_MESSAGE }] },
    });
  }
  const ctx = c.get("ctx");
  // A list of no shard (an operator report over every shard) reads each on its primary.
  if (!onShard(ctx)) return next();
  const reading = ctx.readingFrom(sent);
  c.set("ctx", reading);
  await next();
  c.set("ctx", ctx);
  const bookmark = reading.bookmark();
  if (bookmark) setResponseHeader(c, BOOKMARK_HEADER, bookmark);
});

/**
 * `/v1` middleware: the answer of a request that wrote to the tenant's shard carries `X-D1-Bookmark`, so the caller's
 * next list sees the write; whatever its status, since a declined charge is recorded too.
 */
export const bookmarkWrites = createMiddleware<AppBindings>(async (c, next) => {
  await next();
  const ctx = c.get("ctx");
  const bookmark = onShard(ctx) ? ctx.bookmark() : null;
  if (bookmark) setResponseHeader(c, BOOKMARK_HEADER, bookmark);
});
