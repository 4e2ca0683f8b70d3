import type { TenantRecord } from "../db/tenants.schema";
import type { ApiKeyRecord } from "./tenants.schema";

export const toTenant = (tenant: TenantRecord) => ({
  id: tenant.id,
  name: tenant.name,
  feeBasisPoints: tenant.feeBasisPoints,
  feeFixedCents: tenant.feeFixedCents,
  processorMerchantId: tenant.processorMerchantId,
  chargesEnabled: tenant.chargesEnabled,
  createdAtUtc: tenant.createdAt,
});

export const toApiKey = (key: ApiKeyRecord) => ({
  id: key.id,
  tenantId: key.tenantId,
  name: key.name,
  displayPrefix: key.displayPrefix,
  lastFour: key.lastFour,
  createdAtUtc: key.createdAt,
  revokedAtUtc: key.revokedAt,
  lastUsedAtUtc: key.lastUsedAt,
});
