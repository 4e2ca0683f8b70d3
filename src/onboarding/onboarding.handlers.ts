import type { AppRouteHandler, TenantRouteHandler } from "../platform/types";
import { ProcessorRejected, type ComplianceForm } from "../processor";
import { pciAttestationHtml } from "./pci-attestation-page";
import type * as routes from "./onboarding.routes";
import * as onboarding from "./onboarding.service";

export const startOnboarding: TenantRouteHandler<typeof routes.startOnboarding> = async (c) => {
  const form = await onboarding.startOnboarding({
    ctx: c.get("ctx"),
    input: { tenantId: c.get("tenant").tenantId, ...c.req.valid("json") },
  });
  return c.json(form, 201);
};

export const readForm: TenantRouteHandler<typeof routes.readForm> = async (c) => {
  const view = await onboarding.readOnboardingForm({
    ctx: c.get("ctx"),
    input: { tenantId: c.get("tenant").tenantId, formId: c.req.valid("param").formId },
  });
  return c.json(view, 200);
};

export const status: TenantRouteHandler<typeof routes.status> = async (c) => {
  const readiness = await onboarding.getReadiness({
    ctx: c.get("ctx"),
    input: { tenantId: c.get("tenant").tenantId, refresh: c.req.valid("query").refresh === "true" },
  });
  c.header("Cache-Control", "no-store");
  return c.json(readiness, 200);
};

export const returnFromForm: AppRouteHandler<typeof routes.returnFromForm> = async (c) => {
  const { returnUrl, formId } = await onboarding.completeReturn({ ctx: c.get("ctx"), input: { returnToken: c.req.valid("param").token } });
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
  return c.redirect(await onboarding.renewExpiredLink({ ctx: c.get("ctx"), input: { returnToken: c.req.valid("param").token } }), 303);
};

export const showPciAttestation: AppRouteHandler<typeof routes.showPciAttestation> = async (c) => {
  const form = await onboarding.readPciAttestation({ ctx: c.get("ctx"), input: c.req.valid("param") });
  c.header("Cache-Control", "no-store");
  return c.html(pciAttestationHtml(form, null), 200);
};

export const submitPciAttestation: AppRouteHandler<typeof routes.submitPciAttestation> = async (c) => {
  const ctx = c.get("ctx");
  const params = c.req.valid("param");
  const { name, title, accept } = c.req.valid("form");
  c.header("Cache-Control", "no-store");
  const again = async (error: string) =>
    c.html(pciAttestationHtml(await onboarding.readPciAttestation({ ctx, input: params }), error), 422);
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
  return c.html(pciAttestationHtml(form, null), 200);
};
