import type { Context } from "hono";

import { disputesAwaitingResponse } from "../disputes";
import { getReadiness, startOnboarding } from "../onboarding";
import { moneyByDay, openHolds } from "../payments";
import { payoutsAtAGlance } from "../payouts";
import { publicUrl } from "../platform/context";
import { getTenant } from "../tenants";
import { auditSignedIn } from "./audit-request";
import type { SignedInBindings } from "./types";
import { OverviewPage } from "./views/overview";

type SignedInContext = Context<SignedInBindings>;

/** The overview's chart: today (UTC) and the days before it. */
export const CHART_DAYS = 30;
/** Disputes awaiting a response listed on the overview; the disputes page has them all. */
const DISPUTES_SHOWN = 5;
const DAY_MS = 86_400_000;

export async function showOverview(c: SignedInContext) {
  const ctx = c.get("ctx");
  const nowMs = ctx.clock.nowMs();
  const toDay = new Date(nowMs).toISOString().slice(0, 10);
  const fromDay = new Date(Date.parse(`${toDay}T00:00:00Z`) - (CHART_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const [tenant, readiness, days, holds, payouts, disputes] = await Promise.all([
    getTenant({ ctx }),
    getReadiness({ ctx, input: { refresh: c.req.query("refresh") === "true" } }),
    moneyByDay({ ctx, input: { fromDay, toDay } }),
    openHolds({ ctx }),
    payoutsAtAGlance({ ctx }),
    disputesAwaitingResponse({ ctx, input: { limit: DISPUTES_SHOWN } }),
  ]);
  return c.render(
    <OverviewPage
      tenantName={tenant.name}
      currency={ctx.env.CURRENCY}
      readiness={readiness}
      attestationReturnUrl={publicUrl(ctx, "/dashboard")}
      days={days}
      holds={holds}
      payouts={payouts}
      disputes={disputes}
      nowMs={nowMs}
    />,
    { title: "Overview" },
  );
}

/** Creates the hosted onboarding form; the overview then links to it (a link, so the processor's page is not a form target). */
export async function beginOnboarding(c: SignedInContext) {
  const ctx = c.get("ctx");
  const form = await startOnboarding({ ctx, input: { returnUrl: publicUrl(ctx, "/dashboard") } });
  await auditSignedIn(c, "onboarding.started", form.formId);
  return c.redirect("/dashboard?notice=onboarding-started", 303);
}
