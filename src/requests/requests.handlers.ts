import type { TenantRouteHandler } from "../platform/types";
import { getRequest as getLoggedRequest, listRequests as listLoggedRequests } from "./request-log.service";
import type * as routes from "./requests.routes";
import { toRequestLogEntry } from "./requests.view";

export const listRequests: TenantRouteHandler<typeof routes.listRequests> = async (c) => {
  const { path, ...query } = c.req.valid("query");
  const page = await listLoggedRequests({
    ctx: c.get("ctx"),
    input: { query: { ...query, pathPrefix: path } },
  });
  return c.json({ ...page, data: page.data.map(toRequestLogEntry) }, 200);
};

export const getRequest: TenantRouteHandler<typeof routes.getRequest> = async (c) => {
  const row = await getLoggedRequest({
    ctx: c.get("ctx"),
    input: { requestId: c.req.valid("param").id },
  });
  return c.json(toRequestLogEntry(row), 200);
};
