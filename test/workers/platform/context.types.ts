// The contexts' types, checked by `npm run typecheck` (never run): a tenant's database before its shard is chosen, and
// a tenant's service without its tenant, do not compile.
import type { Hono } from "hono";
import { refundsOfPayment } from "../../../src/payments";
import type { RootContext, ShardContext, TenantContext } from "../../../src/platform/context";
import type { AppBindings, TenantBindings } from "../../../src/platform/types";
import { recordRequest } from "../../../src/requests/request-log.service";

export function rootHasNoTenantDatabase(root: RootContext) {
  return [
    // @ts-expect-error -- the root context reaches the control database only: a tenant's shard is not chosen yet.
    root.db,
    // @ts-expect-error -- nor has it an outbox: events belong to a shard's transaction.
    root.outbox,
    root.forShard("SHARD_1").db,
  ];
}

export async function tenantServicesNeedTheTenant(onShard: ShardContext, tenant: TenantContext) {
  // @ts-expect-error -- a sweep's shard context serves every tenant on the shard, so it names none.
  await refundsOfPayment({ ctx: onShard, input: { paymentId: "lcpay_1" } });
  // @ts-expect-error -- the tenant comes from the context, never from the caller's input.
  await refundsOfPayment({ ctx: tenant, input: { tenantId: "ten_other", paymentId: "lcpay_1" } });
  await refundsOfPayment({ ctx: tenant, input: { paymentId: "lcpay_1" } });
  return tenant.tenant.id;
}

export function handlersBehindTheGuardGetTheTenant(app: Hono<AppBindings>, tenantApp: Hono<TenantBindings>) {
  // @ts-expect-error -- before the tenant guard, a request's context is the root's.
  app.get("/", (c) => c.json(c.get("ctx").tenant.id));
  tenantApp.get("/", (c) => c.json({ tenant: c.get("ctx").tenant.id, shard: c.get("ctx").shard }));
  return recordRequest;
}
