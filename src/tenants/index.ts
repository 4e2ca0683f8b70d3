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
export { KeyPermissionsSchema, tenantExample, TenantSchema } from "./tenants.operator.routes";
export { tenants, type TenantRecord } from "../db/tenants.schema";
export { toTenant } from "./tenants.view";
