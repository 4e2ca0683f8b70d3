// The contexts' types, checked by `npm run typecheck` (never run): a tenant's database before its shard is chosen, and
// a tenant's service without its tenant, do not compile.
import type { Hono } from "hono";

import { listAudit } from "../../../src/accounts";
import { getReadiness } from "../../../src/onboarding";
import { refundsOfPayment } from "../../../src/payments";
import type { RootContext, ShardContext, TenantContext } from "../../../src/platform/context";
import type { AppBindings, TenantBindings } from "../../../src/platform/types";
import { recordRequest } from "../../../src/requests/request-log.service";
import { getTenant, listApiKeys } from "../../../src/tenants";

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

export async function controlServicesOfATenantNeedTheTenant(root: RootContext, onShard: ShardContext, tenant: TenantContext) {
  // @ts-expect-error -- a tenant's row and keys live on the control database, but which tenant is the context's to say.
  await getTenant({ ctx: root });
  // @ts-expect-error -- nor does a shard context name one.
  await listApiKeys({ ctx: onShard });
  // @ts-expect-error -- the audit log's tenant comes from the context, never from the caller's input.
  await listAudit({ ctx: tenant, input: { tenantId: "ten_other", limit: 10 } });
  // @ts-expect-error -- onboarding reads the tenant's own shard: a sweep hands it `onShard.forTenant(…)`.
  await getReadiness({ ctx: onShard, input: { refresh: false } });
  await getReadiness({ ctx: onShard.forTenant({ id: "ten_1", shard: onShard.shard }), input: { refresh: false } });
  return [await getTenant({ ctx: tenant }), await listApiKeys({ ctx: tenant }), await listAudit({ ctx: tenant, input: { limit: 10 } })];
}

export function handlersBehindTheGuardGetTheTenant(app: Hono<AppBindings>, tenantApp: Hono<TenantBindings>) {
  // @ts-expect-error -- before the tenant guard, a request's context is the root's.
  app.get("/", (c) => c.json(c.get("ctx").tenant.id));
  tenantApp.get("/", (c) => c.json({ tenant: c.get("ctx").tenant.id, shard: c.get("ctx").shard }));
  return recordRequest;
}
