import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";

import { boundList } from "../db/bound-list";
import { afterCursor, createdBetween, createdBounds, cursorScope, pageOf } from "../lib/pagination";
import { ApiError } from "../lib/problem";
import type { TenantContext } from "../platform/context";
import { responseWindow, responseWindowOpenSql } from "./dispute-states";
import {
  disputeEvidence,
  type DisputeRecord,
  disputes,
  type DisputeState,
  type EvidenceRecord,
  type ResponseState,
} from "./disputes.schema";

export type ListDisputesQuery = {
  from?: string;
  to?: string;
  state?: DisputeState;
  responseState?: ResponseState;
  limit: number;
  cursor?: string;
};

export async function getDispute({
  ctx,
  input: { disputeId },
}: {
  ctx: TenantContext;
  input: { disputeId: string };
}): Promise<DisputeRecord> {
  const tenantId = ctx.tenant.id;
  // Scoped by tenant: another tenant's id is indistinguishable from a missing one.
  const dispute = await ctx.db
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, disputeId), eq(disputes.tenantId, tenantId)))
    .get();
  if (!dispute) throw new ApiError("not-found", `No dispute ${disputeId}.`);
  return dispute;
}

/** Each of a tenant's disputes' evidence files, oldest first, for a page of any size (`boundList`). */
export async function evidenceOf({
  ctx,
  input: { disputeIds },
}: {
  ctx: TenantContext;
  input: { disputeIds: string[] };
}): Promise<Map<string, EvidenceRecord[]>> {
  const tenantId = ctx.tenant.id;
  const byDispute = new Map<string, EvidenceRecord[]>(disputeIds.map((id) => [id, []]));
  if (disputeIds.length === 0) return byDispute;
  const rows = await ctx.db
    .select()
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.tenantId, tenantId), inArray(disputeEvidence.disputeId, boundList(disputeIds))))
    .orderBy(asc(disputeEvidence.createdAt), asc(disputeEvidence.id))
    .all();
  for (const row of rows) byDispute.get(row.disputeId)?.push(row);
  return byDispute;
}

/** Newest first, keyset-paginated over (tenant, created_at, id) like the payments list. */
export async function listDisputes({ ctx, input: { query } }: { ctx: TenantContext; input: { query: ListDisputesQuery } }) {
  const tenantId = ctx.tenant.id;
  const created = createdBounds(query);
  const scope = cursorScope(ctx, "disputes-cursor", {
    tenantId,
    filters: [created.from, created.to, query.state ?? null, query.responseState ?? null],
  });
  const conditions: (SQL | undefined)[] = [eq(disputes.tenantId, tenantId)];
  if (query.state) conditions.push(eq(disputes.state, query.state));
  if (query.responseState) conditions.push(eq(disputes.responseState, query.responseState));
  conditions.push(createdBetween(disputes.createdAt, created));
  conditions.push(await afterCursor(disputes, query.cursor, scope));
  const rows = await ctx.db
    .select()
    .from(disputes)
    .where(and(...conditions))
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(query.limit + 1)
    .all();
  return pageOf(rows, query.limit, scope);
}

/**
 * A tenant's disputes still waiting for its answer (`responseWindow` open): how many, and the first `limit` of them by
 * deadline, the nearest first (those the processor gave no deadline last).
 */
export async function disputesAwaitingResponse({
  ctx,
  input: { limit },
}: {
  ctx: TenantContext;
  input: { limit: number };
}): Promise<{ count: number; disputes: DisputeRecord[] }> {
  const tenantId = ctx.tenant.id;
  const nowMs = ctx.clock.nowMs();
  const awaiting = and(eq(disputes.tenantId, tenantId), responseWindowOpenSql(new Date(nowMs).toISOString()));
  const [[counted], rows] = await ctx.db.batch([
    ctx.db
      .select({ count: sql<number>`COUNT(*)` })
      .from(disputes)
      .where(awaiting),
    ctx.db
      .select()
      .from(disputes)
      .where(awaiting)
      .orderBy(sql`julianday(${disputes.respondBy}) IS NULL`, sql`julianday(${disputes.respondBy})`, asc(disputes.createdAt))
      .limit(limit),
  ]);
  const open = rows.filter((dispute) => responseWindow(dispute, nowMs) === "open");
  return { count: (counted?.count ?? 0) - (rows.length - open.length), disputes: open };
}

/** The disputes of one of the tenant's payments, oldest first (one, in practice: a sale is charged back once). */
export async function disputesOfPayment({
  ctx,
  input: { paymentId },
}: {
  ctx: TenantContext;
  input: { paymentId: string };
}): Promise<DisputeRecord[]> {
  const tenantId = ctx.tenant.id;
  // Sorted here: an ORDER BY on created_at would tempt the planner onto the tenant's index instead of the payment's.
  const rows = await ctx.db
    .select()
    .from(disputes)
    .where(and(eq(disputes.paymentId, paymentId), eq(disputes.tenantId, tenantId)))
    .all();
  return rows.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}
