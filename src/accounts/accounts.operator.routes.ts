import { createRoute, z } from "@hono/zod-openapi";

import * as openapi from "../platform/openapi";
import { OPERATOR_PROBLEMS, operatorRoute, TenantParams } from "../platform/operator";

export const DashboardInviteSchema = z
  .object({
    id: z.string().openapi({ example: "inv_5Hq2cXk9TzLw0aRb3Yd7Ne" }),
    tenantId: z.string().openapi({ example: "ten_3kTq9Wc2Zb7pLx0aYf4Rn" }),
    email: z.string().openapi({ example: "owner@bluebottle.example" }),
    role: z.enum(["owner", "member"]),
    expiresAtUtc: z.string().openapi({ example: "2026-11-04T00:00:00.000Z" }),
    inviteUrl: z.string().openapi({
      example: "http://localhost:8787/dashboard/invite/q3Vb1yNnJ0c8m2Xw5KpZr4TgHs6UaLdE9fCiYoBvQ7e",
      description: "The one-time link to hand to the person; shown only in this response. Opening it lets them set a password.",
    }),
  })
  .openapi("DashboardInvite");

export const inviteOwner = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/dashboard/invites",
  ...operatorRoute("Operator: dashboard"),
  operationId: "inviteDashboardOwner",
  summary: "Invite a tenant's dashboard owner (a one-time link, valid 72 hours)",
  description:
    "How a tenant's first dashboard user is made: the link lets its holder set a password and sign in at `/dashboard` as an owner, " +
    "who can then invite teammates. To the e-mail of someone already on the tenant's dashboard, the link sets a new password " +
    "and keeps their role (`role` says which). The token in the link is stored only as a hash.",
  request: {
    params: TenantParams,
    body: openapi.jsonBody(
      z
        .object({ email: z.email().max(254).openapi({ example: "owner@bluebottle.example" }) })
        .strict()
        .openapi("DashboardInviteRequest"),
      { email: "owner@bluebottle.example" },
    ),
  },
  responses: {
    201: openapi.jsonContent(DashboardInviteSchema, "The invitation, with its one-time link.", {
      id: "inv_5Hq2cXk9TzLw0aRb3Yd7Ne",
      tenantId: "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
      email: "owner@bluebottle.example",
      role: "owner",
      expiresAtUtc: "2026-11-04T00:00:00.000Z",
      inviteUrl: "http://localhost:8787/dashboard/invite/q3Vb1yNnJ0c8m2Xw5KpZr4TgHs6UaLdE9fCiYoBvQ7e",
    }),
    ...openapi.problemResponses({
      400: "Invalid e-mail or tenant id.",
      404: { description: "No such tenant.", examples: [{ slug: "not-found", detail: "No tenant ten_3kTq9Wc2Zb7pLx0aYf4Rn." }] },
      413: "Body too large.",
      415: "Body is not JSON.",
      ...OPERATOR_PROBLEMS,
    }),
  },
});

export const DashboardPasswordResetSchema = z
  .object({
    id: z.string().openapi({ example: "pwr_7Jd3kQw9ZxLm2aTb5Yc8Ne" }),
    tenantId: z.string().openapi({ example: "ten_3kTq9Wc2Zb7pLx0aYf4Rn" }),
    userId: z.string().openapi({ example: "usr_4Rt8nWq2Xc6pLz0aKf3Ym" }),
    email: z.string().openapi({ example: "owner@bluebottle.example" }),
    role: z.enum(["owner", "member"]).openapi({ description: "The user's role, which the reset keeps." }),
    expiresAtUtc: z.string().openapi({ example: "2026-11-04T00:00:00.000Z" }),
    resetUrl: z.string().openapi({
      example: "http://localhost:8787/dashboard/reset/Zr4TgHs6UaLdE9fCiYoBvQ7eq3Vb1yNnJ0c8m2Xw5Kp",
      description:
        "The one-time link to hand to the person; shown only in this response. Opening it lets them choose a new password, which ends every session they had.",
    }),
  })
  .openapi("DashboardPasswordReset");

export const resetPassword = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/dashboard/password-resets",
  ...operatorRoute("Operator: dashboard"),
  operationId: "resetDashboardPassword",
  summary: "A one-time link that sets a dashboard user's new password (valid 72 hours)",
  description:
    "For a user of this tenant's dashboard who cannot sign in: the link lets its holder choose a new password; using it ends " +
    "every session the user had and keeps their role. An authenticator the user turned on stays on. Only a current user of " +
    "this tenant gets one: another tenant's user, a removed user or an unknown e-mail is a 404. The token is stored only as a hash.",
  request: {
    params: TenantParams,
    body: openapi.jsonBody(
      z
        .object({ email: z.email().max(254).openapi({ example: "owner@bluebottle.example" }) })
        .strict()
        .openapi("DashboardPasswordResetRequest"),
      { email: "owner@bluebottle.example" },
    ),
  },
  responses: {
    201: openapi.jsonContent(DashboardPasswordResetSchema, "The reset, with its one-time link.", {
      id: "pwr_7Jd3kQw9ZxLm2aTb5Yc8Ne",
      tenantId: "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
      userId: "usr_4Rt8nWq2Xc6pLz0aKf3Ym",
      email: "owner@bluebottle.example",
      role: "member",
      expiresAtUtc: "2026-11-04T00:00:00.000Z",
      resetUrl: "http://localhost:8787/dashboard/reset/Zr4TgHs6UaLdE9fCiYoBvQ7eq3Vb1yNnJ0c8m2Xw5Kp",
    }),
    ...openapi.problemResponses({
      400: "Invalid e-mail or tenant id.",
      404: {
        description: "No such tenant, or no current dashboard user with that e-mail in it.",
        examples: [{ slug: "not-found", detail: "No dashboard user owner@bluebottle.example in tenant ten_3kTq9Wc2Zb7pLx0aYf4Rn." }],
      },
      413: "Body too large.",
      415: "Body is not JSON.",
      ...OPERATOR_PROBLEMS,
    }),
  },
});
