import { database } from "../db/client";
import { enqueueEvents } from "../events/enqueue";
import type { AppRouteHandler } from "../lib/types";
import { processorClient } from "../processor";
import type * as routes from "./onboarding.routes";
import * as onboarding from "./onboarding.service";

const context = (env: Env) => ({ db: database(env), env, client: processorClient(env) });

export const startOnboarding: AppRouteHandler<typeof routes.startOnboarding> = async (c) => {
  const form = await onboarding.startOnboarding(context(c.env), c.get("tenant").tenantId, c.req.valid("json") ?? {});
  return c.json(form, 201);
};

export const readForm: AppRouteHandler<typeof routes.readForm> = async (c) => {
  const { view, eventIds } = await onboarding.readOnboardingForm(context(c.env), c.get("tenant").tenantId, c.req.valid("param").formId);
  c.executionCtx.waitUntil(enqueueEvents(c.env, eventIds));
  return c.json(view, 200);
};

export const status: AppRouteHandler<typeof routes.status> = async (c) => {
  const { readiness, eventIds } = await onboarding.readiness(
    context(c.env),
    c.get("tenant").tenantId,
    c.req.valid("query").refresh === "true",
  );
  c.executionCtx.waitUntil(enqueueEvents(c.env, eventIds));
  c.header("Cache-Control", "no-store");
  return c.json(readiness, 200);
};

export const returnFromForm: AppRouteHandler<typeof routes.returnFromForm> = async (c) => {
  const { returnUrl, eventIds, formId } = await onboarding.completeReturn(context(c.env), c.req.valid("param").token);
  c.executionCtx.waitUntil(enqueueEvents(c.env, eventIds));
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
  return c.redirect(await onboarding.renewExpiredLink(context(c.env), c.req.valid("param").token), 303);
};
