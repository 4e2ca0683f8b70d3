import type { Context } from "hono";
import { z } from "zod";

import { AUDIT_ACTIONS, type AuditActorFilter, listAudit, listAuditUsers } from "../accounts";
import { parseFilters } from "./forms";
import type { SignedInBindings } from "./types";
import { AuditPage } from "./views/audit";

type SignedInContext = Context<SignedInBindings>;

const AUDIT_PAGE_SIZE = 50;

const actorFilter = (value: string): AuditActorFilter => (value === "operator" || value === "service" ? value : { userId: value });

/**
 * The tenant's audit log (owners), newest first, filtered by action and by who acted — one of the tenant's users
 * (removed ones too), the operator, or the service; anyone else's id is ignored, as an invalid filter is. The cursor
 * is signed for these filters.
 */
export async function showAudit(c: SignedInContext) {
  const ctx = c.get("ctx");
  const query = c.req.query();
  const users = await listAuditUsers({ ctx });
  const actors = ["operator", "service", ...users.map((user) => user.id)];
  const { filters, filterError } = parseFilters(query, {
    action: z.string().refine((action) => Object.hasOwn(AUDIT_ACTIONS, action)),
    user: z.string().refine((user) => actors.includes(user)),
  });
  const { data, nextCursor } = await listAudit({
    ctx,
    input: {
      limit: AUDIT_PAGE_SIZE,
      action: filters.action,
      actor: filters.user === undefined ? undefined : actorFilter(filters.user),
      ...(query.cursor ? { cursor: query.cursor } : {}),
    },
  });
  return c.render(<AuditPage entries={data} users={users} filters={filters} filterError={filterError} nextCursor={nextCursor} />, {
    title: "Audit log",
  });
}
