import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { tenants } from "../db/tenants.schema";

export const DASHBOARD_ROLES = ["owner", "member"] as const;
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

/** A person who signs in to the dashboard; each belongs to exactly one tenant, and an e-mail address to one current user. */
export const dashboardUsers = sqliteTable(
  "dashboard_users",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    // Stored lower-cased and trimmed, so sign-in and uniqueness do not depend on how it was typed.
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: DASHBOARD_ROLES }).notNull(),
    // `pbkdf2-sha256$<iterations>$<salt>$<hash>`: the iteration count travels with the hash, so it can be raised later.
    passwordHash: text("password_hash").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    removedAt: text("removed_at"),
  },
  (table) => [
    uniqueIndex("dashboard_users_email_unique")
      .on(table.email)
      .where(sql`${table.removedAt} IS NULL`),
    index("dashboard_users_tenant").on(table.tenantId, table.createdAt),
    check("dashboard_users_role", sql`${table.role} IN ('owner', 'member')`),
  ],
);

/** A one-time link that lets its holder create a user of the tenant; only the token's SHA-256 is stored. */
export const dashboardInvites = sqliteTable(
  "dashboard_invites",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    email: text("email").notNull(),
    role: text("role", { enum: DASHBOARD_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    // Null when the operator invited (the first owner); otherwise the user who did.
    invitedBy: text("invited_by"),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    acceptedAt: text("accepted_at"),
    revokedAt: text("revoked_at"),
  },
  (table) => [
    uniqueIndex("dashboard_invites_token_unique").on(table.tokenHash),
    index("dashboard_invites_tenant").on(table.tenantId, table.createdAt),
    check("dashboard_invites_role", sql`${table.role} IN ('owner', 'member')`),
  ],
);

/** Server-side sessions: the cookie holds a random token, the row its SHA-256; revoking the row ends the session at once. */
export const dashboardSessions = sqliteTable(
  "dashboard_sessions",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => dashboardUsers.id),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    // The synchronizer token every state-changing form of this session must carry.
    csrfToken: text("csrf_token").notNull(),
    createdAt: text("created_at").notNull(),
    lastSeenAt: text("last_seen_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
    ipAddress: text("ip_address").notNull(),
    userAgent: text("user_agent").notNull(),
  },
  (table) => [
    uniqueIndex("dashboard_sessions_token_unique").on(table.tokenHash),
    index("dashboard_sessions_user").on(table.userId, table.createdAt),
  ],
);

/**
 * Failed sign-ins counted per key (`account:<sha-256 of the e-mail>` or `address:<ip>`) in a fixed window: each attempt
 * is counted before its password is checked and a right one taken back. A key over its limit is refused until the
 * window ends, whether or not the account exists.
 */
export const dashboardSignInFailures = sqliteTable("dashboard_sign_in_failures", {
  throttleKey: text("throttle_key").primaryKey(),
  failures: integer("failures").notNull(),
  windowStartedAt: text("window_started_at").notNull(),
});

/**
 * A user's authenticator (TOTP, RFC 6238): the shared secret sealed at rest (AES-GCM, as callback signing secrets are),
 * on only once confirmed with a code. `last_used_step` is the newest 30-second step a code was accepted for: a code is
 * taken only for a later step, so none works twice.
 */
export const dashboardTotpFactors = sqliteTable("dashboard_totp_factors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => dashboardUsers.id),
  secretSealed: text("secret_sealed").notNull(),
  createdAt: text("created_at").notNull(),
  // Null while the enrolment waits for its first code.
  enabledAt: text("enabled_at"),
  lastUsedStep: integer("last_used_step").notNull().default(0),
});

/** One-time recovery codes of a user with an authenticator: only a keyed hash of each is stored; a used one stays used. */
export const dashboardRecoveryCodes = sqliteTable(
  "dashboard_recovery_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => dashboardUsers.id),
    codeHash: text("code_hash").notNull(),
    createdAt: text("created_at").notNull(),
    usedAt: text("used_at"),
  },
  (table) => [uniqueIndex("dashboard_recovery_codes_user_code").on(table.userId, table.codeHash)],
);

/**
 * A sign-in whose password was right, waiting for the authenticator's code: the browser holds a random token (its
 * SHA-256 here) for a few minutes, and it works once.
 */
export const dashboardPendingSignIns = sqliteTable(
  "dashboard_pending_sign_ins",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => dashboardUsers.id),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (table) => [uniqueIndex("dashboard_pending_sign_ins_token_unique").on(table.tokenHash)],
);

/** An operator's one-time link that sets a user's new password; the user keeps their role. Only the token's SHA-256 is stored. */
export const dashboardPasswordResets = sqliteTable(
  "dashboard_password_resets",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    userId: text("user_id")
      .notNull()
      .references(() => dashboardUsers.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (table) => [
    uniqueIndex("dashboard_password_resets_token_unique").on(table.tokenHash),
    index("dashboard_password_resets_user").on(table.userId, table.createdAt),
  ],
);

export type UserRecord = typeof dashboardUsers.$inferSelect;
export type InviteRecord = typeof dashboardInvites.$inferSelect;
export type SessionRecord = typeof dashboardSessions.$inferSelect;
export type TotpFactorRecord = typeof dashboardTotpFactors.$inferSelect;
export type PasswordResetRecord = typeof dashboardPasswordResets.$inferSelect;
