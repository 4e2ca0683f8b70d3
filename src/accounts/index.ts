/**
 * The accounts capability's public surface: the people who sign in to a tenant's dashboard — users, invitations,
 * sessions, the sign-in throttle, passwords and their resets, the authenticator second step — and the audit log of what they did; the operator routes that invite a
 * tenant's first owner and reset a user's password; the cron's clean-up of ended sessions. The dashboard is its web surface.
 */
export { default as accountsRouter } from "./accounts.router";
export { DASHBOARD_ROLES, type InviteRecord, type SessionRecord, type UserRecord } from "./accounts.schema";
export type { AuditEntry } from "./audit.schema";
export {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditActorFilter,
  listAudit,
  listAuditUsers,
  OPERATOR_ACTOR,
  SERVICE_ACTOR,
  serviceAuditStatement,
  sessionAuditStatement,
} from "./audit.service";
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./passwords";
export { changePassword, findOpenReset, usePasswordReset } from "./passwords.service";
export { requestOrigin } from "./request-meta";
export { PENDING_SIGN_IN_MS } from "./second-factor";
export {
  completeSignIn,
  confirmPassword,
  listSessions,
  purgeEndedSignInState,
  resolveSession,
  revokeSessions,
  SESSION_ABSOLUTE_MS,
  type SignedInSession,
  signIn,
  signOut,
} from "./sessions.service";
export {
  confirmTotpEnrolment,
  disableTotp,
  type Enrolment,
  RECOVERY_CODE_COUNT,
  startTotpEnrolment,
  type TwoFactorStatus,
  twoFactorStatus,
} from "./two-factor.service";
export { acceptInvite, createInvite, findOpenInvite, listTeam, removeUser, revokeInvite } from "./users.service";
