import { database } from "../db/client";
import type { AppRouteHandler } from "../lib/types";
import { enqueueEvents } from "../events/enqueue";
import { attachMerchant } from "../onboarding/onboarding.service";
import { processorClient } from "../processor";
import { registerServiceWebhook } from "../processor-webhooks/registration";
import * as tenantsService from "../tenants/tenants.service";
import type { ApiKeyRecord, TenantRecord } from "../tenants/tenants.service";
import type * as routes from "./tenants.routes";

const toTenant = (tenant: TenantRecord) => ({
  id: tenant.id,
  name: tenant.name,
  feeBasisPoints: tenant.feeBasisPoints,
  feeFixedCents: tenant.feeFixedCents,
  processorMerchantId: tenant.processorMerchantId,
  chargesEnabled: tenant.chargesEnabled,
  createdAtUtc: tenant.createdAt,
});

const toApiKey = (key: ApiKeyRecord) => ({
  id: key.id,
  tenantId: key.tenantId,
  displayPrefix: key.displayPrefix,
  lastFour: key.lastFour,
  createdAtUtc: key.createdAt,
  revokedAtUtc: key.revokedAt,
});

export const createTenant: AppRouteHandler<typeof routes.createTenant> = async (c) => {
  const tenant = await tenantsService.createTenant({ db: database(c.env), input: c.req.valid("json") });
  return c.json(toTenant(tenant), 201);
};

export const updateTenant: AppRouteHandler<typeof routes.updateTenant> = async (c) => {
  const tenant = await tenantsService.updateTenant({
    db: database(c.env),
    tenantId: c.req.valid("param").tenantId,
    input: c.req.valid("json"),
  });
  return c.json(toTenant(tenant), 200);
};

export const linkProcessorMerchant: AppRouteHandler<typeof routes.linkProcessorMerchant> = async (c) => {
  const db = database(c.env);
  const { tenantId } = c.req.valid("param");
  const eventIds = await attachMerchant(
    { db, env: c.env, client: processorClient(c.env) },
    tenantId,
    c.req.valid("json").processorMerchantId,
  );
  c.executionCtx.waitUntil(enqueueEvents(c.env, eventIds));
  return c.json(toTenant(await tenantsService.getTenant({ db, tenantId })), 200);
};

export const listTenants: AppRouteHandler<typeof routes.listTenants> = async (c) => {
  const tenants = await tenantsService.listTenants({ db: database(c.env) });
  return c.json({ data: tenants.map(toTenant) }, 200);
};

export const issueKey: AppRouteHandler<typeof routes.issueKey> = async (c) => {
  const { tenantId } = c.req.valid("param");
  const { key, record } = await tenantsService.issueApiKey({ db: database(c.env), pepper: c.env.KEY_PEPPER, tenantId });
  c.header("Cache-Control", "no-store");
  return c.json({ ...toApiKey(record), key }, 201);
};

export const listKeys: AppRouteHandler<typeof routes.listKeys> = async (c) => {
  const { tenantId } = c.req.valid("param");
  const db = database(c.env);
  await tenantsService.getTenant({ db, tenantId });
  const keys = await tenantsService.listApiKeys({ db, tenantId });
  return c.json({ data: keys.map(toApiKey) }, 200);
};

export const revokeKey: AppRouteHandler<typeof routes.revokeKey> = async (c) => {
  const { tenantId, keyId } = c.req.valid("param");
  const key = await tenantsService.revokeApiKey({ db: database(c.env), tenantId, keyId });
  return c.json(toApiKey(key), 200);
};

export const registerProcessorWebhook: AppRouteHandler<typeof routes.registerProcessorWebhook> = async (c) => {
  const webhook = await registerServiceWebhook(processorClient(c.env), c.env);
  c.header("Cache-Control", "no-store");
  return c.json({ id: webhook.id, url: webhook.url, enabled: webhook.enabled, secretSigningKey: webhook.secret_signing_key ?? null }, 201);
};
