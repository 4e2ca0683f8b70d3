import type { Context } from "hono";

import { ApiError } from "../lib/problem";
import { publicUrl, type TenantContext } from "../platform/context";
import { enterTenant } from "../platform/enter-tenant";
import type { AppBindings, AppRouteHandler, TenantRouteHandler } from "../platform/types";
import { type ComplianceForm, ProcessorRejected } from "../processor";
import type { TenantOnShard } from "../tenants";
import type * as routes from "./onboarding.routes";
import * as onboarding from "./onboarding.service";
import { pciAttestationHtml } from "./pci-attestation-page";

export const startOnboarding: TenantRouteHandler<typeof routes.startOnboarding> = async (c) => {
  const form = await onboarding.startOnboarding({ ctx: c.get("ctx"), input: c.req.valid("json") });
  return c.json(form, 201);
};

export const readForm: TenantRouteHandler<typeof routes.readForm> = async (c) => {
  const view = await onboarding.readOnboardingForm({ ctx: c.get("ctx"), input: { formId: c.req.valid("param").formId } });
  return c.json(view, 200);
};

export const status: TenantRouteHandler<typeof routes.status> = async (c) => {
  const readiness = await onboarding.getReadiness({ ctx: c.get("ctx"), input: { refresh: c.req.valid("query").refresh === "true" } });
  c.header("Cache-Control", "no-store");
  return c.json(readiness, 200);
};

/**
 * The browser's pages name an onboarding, never its tenant: once the control database says whose it is, the rest of
 * the request runs on that tenant's shard (and its outbox is the one the request flushes), as after authentication.
 */
function onOwnersShard(c: Context<AppBindings>, owner: TenantOnShard | null, unknown: string): TenantContext {
  if (!owner) throw new ApiError("not-found", unknown);
  return enterTenant(c, { id: owner.tenantId, shard: owner.shard });
}

const returnLinkShard = async (c: Context<AppBindings>, returnToken: string) =>
  onOwnersShard(c, await onboarding.onboardingOwner(c.get("ctx"), { returnToken }), onboarding.UNKNOWN_LINK);

const attestationShard = async (c: Context<AppBindings>, formId: string) =>
  onOwnersShard(c, await onboarding.pciFormOwner(c.get("ctx"), formId), onboarding.UNKNOWN_ATTESTATION);

export const returnFromForm: AppRouteHandler<typeof routes.returnFromForm> = async (c) => {
  const { token } = c.req.valid("param");
  const { returnUrl, formId } = await onboarding.completeReturn({ ctx: await returnLinkShard(c, token), input: { returnToken: token } });
  if (returnUrl) {
    const target = new URL(returnUrl);
    target.searchParams.set("formId", formId ?? "");
    return c.redirect(target.toString(), 303);
  }
  return c.html(
    "<!doctype html><title>Onboarding submitted</title><p>Thank you — your application was submitted. You can close this page.</p>",
    200,
  );
};

export const renewLink: AppRouteHandler<typeof routes.renewLink> = async (c) => {
  const { token } = c.req.valid("param");
  return c.redirect(await onboarding.renewExpiredLink({ ctx: await returnLinkShard(c, token), input: { returnToken: token } }), 303);
};

/** The attestation page leads back to the dashboard, whose overview shows the attestation's state. */
const dashboardUrl = (c: Context<AppBindings>) => publicUrl(c.get("ctx"), "/dashboard");

export const showPciAttestation: AppRouteHandler<typeof routes.showPciAttestation> = async (c) => {
  const params = c.req.valid("param");
  const form = await onboarding.readPciAttestation({ ctx: await attestationShard(c, params.formId), input: params });
  c.header("Cache-Control", "no-store");
  return c.html(pciAttestationHtml(form, null, dashboardUrl(c)), 200);
};

export const submitPciAttestation: AppRouteHandler<typeof routes.submitPciAttestation> = async (c) => {
  const params = c.req.valid("param");
  const ctx = await attestationShard(c, params.formId);
  const { name, title, accept } = c.req.valid("form");
  c.header("Cache-Control", "no-store");
  const again = async (error: string) =>
    c.html(pciAttestationHtml(await onboarding.readPciAttestation({ ctx, input: params }), error, dashboardUrl(c)), 422);
  if (!name?.trim() || !title?.trim() || accept !== "on") return again("Enter your name and title and accept the attestation.");
  let form: ComplianceForm;
  try {
    form = await onboarding.attestPci({
      ctx,
      input: {
        ...params,
        name: name.trim(),
        title: title.trim(),
        ipAddress: c.req.header("CF-Connecting-IP") ?? "unknown",
        userAgent: c.req.header("User-Agent") ?? "unknown",
      },
    });
  } catch (error) {
    if (error instanceof ProcessorRejected) return again(error.message);
    throw error;
  }
  return c.html(pciAttestationHtml(form, null, dashboardUrl(c)), 200);
};
