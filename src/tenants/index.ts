/** The tenants capability's public surface: tenants and their API keys, the key check on /v1, the operator routes. */
export { tenants } from "../db/tenants.schema";
export { API_KEY_PREFIX } from "./api-keys";
export { authenticateTenant, requireTenant, routeToOperatorTenant } from "./auth.middleware";
export {
  issueKey as issueKeyRoute,
  KeyPermissionsSchema,
  revokeKey as revokeKeyRoute,
  tenantExample,
  TenantSchema,
} from "./tenants.operator.routes";
export { default as tenantsRouter } from "./tenants.router";
export type { ApiKeyRecord } from "./tenants.schema";
export {
  forgetTenantKeys,
  getTenant,
  issueApiKey,
  KEY_CHECK_TTL_MS,
  listApiKeys,
  mapMerchantToTenant,
  merchantTenant,
  revokeApiKey,
  type TenantOnShard,
  tenantShard,
} from "./tenants.service";
export { toApiKey, toTenant } from "./tenants.view";
