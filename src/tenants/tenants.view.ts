import { permissionLevels } from "../platform/permissions";
import type { ApiKeyRecord } from "./tenants.schema";
import type { PlacedTenant } from "./tenants.service";

export const toTenant = (tenant: PlacedTenant) => ({
  id: tenant.id,
  name: tenant.name,
  region: tenant.region,
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
  restricted: key.permissions !== null,
  permissions: permissionLevels(key.permissions),
  displayPrefix: key.displayPrefix,
  lastFour: key.lastFour,
  createdAtUtc: key.createdAt,
  revokedAtUtc: key.revokedAt,
  lastUsedAtUtc: key.lastUsedAt,
});
