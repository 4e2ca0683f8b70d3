import { and, asc, desc, eq, isNull } from "drizzle-orm";

import { insertSelectFields } from "../db/insert-select";
import { newId } from "../lib/ids";
import { afterCursor, cursorScope, type Page, pageOf } from "../lib/pagination";
import type { RootContext, TenantContext } from "../platform/context";
import { dashboardUsers } from "./accounts.schema";
import { type AuditEntry, dashboardAuditLog } from "./audit.schema";
import type { RequestOrigin } from "./request-meta";

export const AUDIT_ACTIONS = {
  "sign_in.succeeded": "Signed in",
  "sign_in.failed": "Failed sign-in",
  sign_out: "Signed out",
  "session.revoked": "Session revoked",
  "invite.created": "Invited a user",
  "invite.revoked": "Invitation withdrawn",
  "invite.accepted": "Accepted an invitation",
  "user.removed": "Removed a user",
  "password.changed": "Changed their password",
  "password_reset.issued": "The operator issued a password reset link",
  "password_reset.used": "Set a new password with a reset link",
  "two_factor.enabled": "Turned on two-step sign-in",
  "two_factor.disabled": "Turned off two-step sign-in",
  "key.issued": "Issued an API key",
  "key.revoked": "Revoked an API key",
  "callback_url.changed": "Changed the callback URL",
  "signing_secret.revealed": "Revealed the signing secret",
  "signing_secret.rotated": "Rotated the signing secret",
  "test_event.sent": "Sent a test event",
  "callbacks.replayed": "Replayed callbacks",
  "callback_endpoint.created": "Added a callback endpoint",
  "callback_endpoint.updated": "Changed a callback endpoint",
  "callback_endpoint.deleted": "Deleted a callback endpoint",
  "callback_endpoint.gone": "A callback endpoint answered 410 Gone and was disabled",
  "payment.refunded": "Refunded a payment",
  "payment.captured": "Captured a hold",
  "payment.voided": "Voided a hold",
  "dispute.evidence_uploaded": "Uploaded dispute evidence",
  "dispute.submitted": "Submitted a dispute response",
  "dispute.accepted": "Accepted a dispute",
  "onboarding.started": "Started onboarding",
  "reader.registered": "Registered a reader",
  "reader.activated": "Activated a reader",
  "reader.deactivated": "Deactivated a reader",
  "terminal_sale.started": "Started an in-person sale",
  "terminal_sale.canceled": "Canceled an in-person sale",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export type AuditActor = { userId: string | null; email: string };

/**
 * An audit row, as a statement: batched with the change it records where the change is the dashboard's own (sessions,
 * users); awaited right after another capability's service has made its change.
 */
export function auditStatement(
  ctx: Pick<RootContext, "control" | "clock">,
  entry: { tenantId: string; actor: AuditActor; action: AuditAction; target?: string | null; origin: RequestOrigin },
) {
  return ctx.control.insert(dashboardAuditLog).values({
    id: newId("aud"),
    tenantId: entry.tenantId,
    actorUserId: entry.actor.userId,
    actorEmail: entry.actor.email,
    action: entry.action,
    target: entry.target ?? null,
    ipAddress: entry.origin.ipAddress,
    userAgent: entry.origin.userAgent,
    createdAt: ctx.clock.nowIso(),
  });
}

/**
 * Who acted when it was no user of the tenant's: the service's operator (through the operator API — an invitation, a
 * key issued or revoked), or the service itself. Neither has a user id; their rows say which by this e-mail column.
 */
export const OPERATOR_ACTOR: AuditActor = { userId: null, email: "operator" };
export const SERVICE_ACTOR: AuditActor = { userId: null, email: "Payment Connect" };

/** The audit log's "who" filter: one of the tenant's users by id, or the operator, or the service. */
export type AuditActorFilter = { userId: string } | "operator" | "service";

/** What the operator did to the context's tenant through the operator API; the actor is the operator. */
export function operatorAuditStatement(
  ctx: Pick<TenantContext, "control" | "clock" | "tenant">,
  entry: { action: AuditAction; target?: string | null; origin: RequestOrigin },
) {
  return auditStatement(ctx, { ...entry, tenantId: ctx.tenant.id, actor: OPERATOR_ACTOR });
}

/** What the service did on its own for a tenant, e.g. disabling an endpoint that answered 410; the actor is the service. */
export function serviceAuditStatement(
  ctx: Pick<RootContext, "control" | "clock">,
  entry: { tenantId: string; action: AuditAction; target?: string | null },
) {
  return auditStatement(ctx, { ...entry, actor: SERVICE_ACTOR, origin: { ipAddress: "", userAgent: "Payment Connect" } });
}

/** What a signed-in person did: the tenant and the actor are their session's. */
export function sessionAuditStatement(
  ctx: Pick<RootContext, "control" | "clock">,
  session: { tenantId: string; userId: string; email: string },
  entry: { action: AuditAction; target?: string | null; origin: RequestOrigin },
) {
  return auditStatement(ctx, { tenantId: session.tenantId, actor: { userId: session.userId, email: session.email }, ...entry });
}

/**
 * A failed sign-in's audit row, written only if the e-mail is a current user's: one statement either way, so a refusal
 * costs the same whether or not the account exists.
 */
export function failedSignInStatement(
  ctx: Pick<RootContext, "control" | "clock">,
  entry: { email: string; target: string; origin: RequestOrigin },
) {
  return ctx.control.insert(dashboardAuditLog).select(
    ctx.control
      .select(
        insertSelectFields(dashboardAuditLog, {
          id: newId("aud"),
          tenantId: dashboardUsers.tenantId,
          actorUserId: dashboardUsers.id,
          actorEmail: dashboardUsers.email,
          action: "sign_in.failed" satisfies AuditAction,
          target: entry.target,
          ipAddress: entry.origin.ipAddress,
          userAgent: entry.origin.userAgent,
          createdAt: ctx.clock.nowIso(),
        }),
      )
      .from(dashboardUsers)
      .where(and(eq(dashboardUsers.email, entry.email), isNull(dashboardUsers.removedAt))),
  );
}

function actorCondition(actor: AuditActorFilter) {
  if (actor === "operator" || actor === "service") {
    const { email } = actor === "operator" ? OPERATOR_ACTOR : SERVICE_ACTOR;
    return and(isNull(dashboardAuditLog.actorUserId), eq(dashboardAuditLog.actorEmail, email));
  }
  return eq(dashboardAuditLog.actorUserId, actor.userId);
}

/**
 * One tenant's audit log, newest first, optionally only one action and/or one actor; the tenant is the context's (the
 * reader's session). Its cursor is signed for the tenant and these filters, like every list's.
 */
export async function listAudit({
  ctx,
  input: { cursor, limit, action, actor },
}: {
  ctx: TenantContext;
  input: { cursor?: string; limit: number; action?: string | undefined; actor?: AuditActorFilter | undefined };
}): Promise<Page<AuditEntry>> {
  const tenantId = ctx.tenant.id;
  const actorKey = actor === undefined ? null : typeof actor === "string" ? actor : actor.userId;
  const scope = cursorScope(ctx, "audit-cursor", { tenantId, filters: [action ?? null, actorKey] });
  const rows = await ctx.control
    .select()
    .from(dashboardAuditLog)
    .where(
      and(
        eq(dashboardAuditLog.tenantId, tenantId),
        action === undefined ? undefined : eq(dashboardAuditLog.action, action),
        actor === undefined ? undefined : actorCondition(actor),
        await afterCursor(dashboardAuditLog, cursor, scope),
      ),
    )
    .orderBy(desc(dashboardAuditLog.createdAt), desc(dashboardAuditLog.id))
    .limit(limit + 1)
    .all();
  return pageOf(rows, limit, scope);
}

/** Everyone who may appear in a tenant's audit log as a user, removed people included (their entries stay). */
export async function listAuditUsers({ ctx }: { ctx: TenantContext }) {
  return ctx.control
    .select({ id: dashboardUsers.id, email: dashboardUsers.email, name: dashboardUsers.name, removedAt: dashboardUsers.removedAt })
    .from(dashboardUsers)
    .where(eq(dashboardUsers.tenantId, ctx.tenant.id))
    .orderBy(asc(dashboardUsers.email), asc(dashboardUsers.id))
    .all();
}
