import { ApiError } from "../lib/problem";

/** What a restricted key can be given access to, one entry per group of /v1 routes. */
export const PERMISSION_RESOURCES = [
  "payments",
  "refunds",
  "disputes",
  "payouts",
  "terminal",
  "onboarding",
  "events",
  "callback_endpoints",
  "requests",
] as const;
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number];

export const PERMISSION_LEVELS = ["none", "read", "write"] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** What one /v1 operation needs, e.g. `payments:write`. */
export type Permission = `${PermissionResource}:${Exclude<PermissionLevel, "none">}`;

/**
 * A restricted key's level per resource; a resource it does not name is `none`. Null for a key made without
 * permissions: it has every permission, a resource added later included.
 */
export type KeyPermissions = Partial<Record<PermissionResource, PermissionLevel>> | null;

/** The OpenAPI extension on each /v1 operation naming its permission; `withRoutes` enforces what it says. */
export const PERMISSION_EXTENSION = "x-permission";

const RANK: Record<PermissionLevel, number> = { none: 0, read: 1, write: 2 };

/** Write implies read. */
export function grants(permissions: KeyPermissions, needed: Permission): boolean {
  if (permissions === null) return true;
  const [resource, level] = needed.split(":") as [PermissionResource, PermissionLevel];
  return RANK[permissions[resource] ?? "none"] >= RANK[level];
}

/** Every resource's level, `none` where a restricted key names none. */
export function permissionLevels(permissions: KeyPermissions): Record<PermissionResource, PermissionLevel> {
  return Object.fromEntries(
    PERMISSION_RESOURCES.map((resource) => [resource, permissions === null ? "write" : (permissions[resource] ?? "none")]),
  ) as Record<PermissionResource, PermissionLevel>;
}

export function insufficientPermissions(needed: Permission): ApiError {
  return new ApiError("insufficient-permissions", `This API key does not have the \`${needed}\` permission this request needs.`, {
    extensions: { permission: needed },
  });
}

export function assertGranted(permissions: KeyPermissions, needed: Permission): void {
  if (!grants(permissions, needed)) throw insufficientPermissions(needed);
}

/** For people (the dashboard, its audit log): `every permission`, or each granted one, e.g. `payments:read, refunds:write`. */
export function describePermissions(permissions: KeyPermissions): string {
  if (permissions === null) return "every permission";
  return PERMISSION_RESOURCES.filter((resource) => (permissions[resource] ?? "none") !== "none")
    .map((resource) => `${resource}:${permissions[resource]}`)
    .join(", ");
}
