import type { Context } from "hono";
import { z } from "zod";

import { getRequest, listRequests, STATUS_FILTER } from "../requests";
import { listApiKeys } from "../tenants";
import { parseFilters } from "./forms";
import type { SignedInBindings } from "./types";
import { RequestPage, RequestsPage } from "./views/requests";

type SignedInContext = Context<SignedInBindings>;

const PAGE_SIZE = 50;

const REQUEST_FILTERS = {
  traceId: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{32}$/),
  status: z.string().trim().toLowerCase().regex(STATUS_FILTER),
  path: z.string().trim().startsWith("/").max(512),
  key: z.string().regex(/^key_[A-Za-z0-9]{10,40}$/),
  listen: z.literal("shown"),
};

const keysOf = (c: SignedInContext) => listApiKeys({ ctx: c.get("ctx") });

/** The log with the API's filters; the key is chosen among the tenant's keys, each named as on the keys page. */
export async function showRequests(c: SignedInContext) {
  const query = c.req.query();
  const { filters, filterError } = parseFilters(query, REQUEST_FILTERS, {
    traceId: "trace ID",
    path: "path",
    key: "API key",
    listen: "choice of listen's polls",
  });
  const [page, keys] = await Promise.all([
    listRequests({
      ctx: c.get("ctx"),
      input: {
        query: {
          limit: PAGE_SIZE,
          ...(filters.traceId ? { traceId: filters.traceId } : {}),
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.path ? { pathPrefix: filters.path } : {}),
          ...(filters.key ? { apiKeyId: filters.key } : {}),
          withoutListen: filters.listen !== "shown",
          ...(query.cursor ? { cursor: query.cursor } : {}),
        },
      },
    }),
    keysOf(c),
  ]);
  return c.render(
    <RequestsPage requests={page.data} nextCursor={page.nextCursor} filters={filters} filterError={filterError} keys={keys} />,
    { title: "Request log" },
  );
}

export async function showRequest(c: SignedInContext) {
  const [request, keys] = await Promise.all([
    getRequest({ ctx: c.get("ctx"), input: { requestId: c.req.param("requestId") ?? "" } }),
    keysOf(c),
  ]);
  return c.render(<RequestPage request={request} keys={keys} />, { title: `${request.method} ${request.path}` });
}
