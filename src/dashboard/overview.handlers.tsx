import type { Context } from "hono";
import { getReadiness, startOnboarding } from "../onboarding";
import { publicUrl } from "../platform/context";
import { getTenant } from "../tenants";
import { auditSignedIn } from "./audit-request";
import type { SignedInBindings } from "./types";
import { OverviewPage } from "./views/overview";

type SignedInContext = Context<SignedInBindings>;

export async function showOverview(c: SignedInContext) {
  const ctx = c.get("ctx");
  const session = c.get("session");
  const [tenant, readiness] = await Promise.all([
    getTenant({ ctx, input: { tenantId: session.tenantId } }),
    getReadiness({ ctx, input: { tenantId: session.tenantId, refresh: c.req.query("refresh") === "true" } }),
  ]);
  return c.render(<OverviewPage readiness={readiness} tenantName={tenant.name} />, { title: "Overview" });
}

/** Creates the hosted onboarding form; the overview then links to it (a link, so the processor's page is not a form target). */
export async function beginOnboarding(c: SignedInContext) {
  const ctx = c.get("ctx");
  const session = c.get("session");
  const form = await startOnboarding({
    ctx,
    input: { tenantId: session.tenantId, returnUrl: publicUrl(ctx, "/dashboard") },
  });
  await auditSignedIn(c, "onboarding.started", form.formId);
  return c.redirect("/dashboard?notice=onboarding-started", 303);
}
