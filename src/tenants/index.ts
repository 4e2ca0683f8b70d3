/** The tenants capability's public surface: tenants and their API keys, the key check on /v1, the operator routes. */
export { default as tenantsRouter } from "./tenants.router";
export { API_KEY_PREFIX } from "./api-keys";
export { authenticateTenant, requireTenant, routeToOperatorTenant } from "./auth.middleware";
export {
  forgetTenantKeys,
  getTenant,
  issueApiKey,
  KEY_CHECK_TTL_MS,
  listApiKeys,
  mapMerchantToTenant,
  merchantTenant,
  revokeApiKey,
  tenantShard,
  type TenantOnShard,
} from "./tenants.service";
export type { ApiKeyRecord } from "./tenants.schema";
export {
  issueKey as issueKeyRoute,
  KeyPermissionsSchema,
  revokeKey as revokeKeyRoute,
  tenantExample,
  TenantSchema,
} from "./tenants.operator.routes";
export { tenants } from "../db/tenants.schema";
export { toApiKey, toTenant } from "./tenants.view";
