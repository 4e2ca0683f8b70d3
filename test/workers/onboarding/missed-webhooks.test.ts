import { env } from "cloudflare:workers";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { onboarding } from "../../../src/onboarding/onboarding.schema";
import { FORM_CHECKED_PAST_LINK_EXPIRY_MS, PCI_CHECK_EVERY_MS } from "../../../src/onboarding/onboarding.sweep";
import { events } from "../../../src/outbox/events.schema";
import { runScheduledSweeps } from "../../../src/scheduled";
import { shardOf } from "../support/db";
import { call, jsonInit, tenantWithKey } from "../support/http";
import { type Form, onboardingStatus as status, submitHostedForm } from "../support/onboarding";
import { holdProcessorWebhooks } from "../support/processor-webhooks";
import { chargeableTenant, control } from "../support/sandbox";
import { control as operatorControl } from "../support/sandbox-binding";

// Every processor webhook in this file goes to a request bin instead of the service: what onboarding learns beyond its own
// requests, it learns from the cron sweep reading the processor's records.
let inbox: string;
beforeAll(async () => {
  inbox = await holdProcessorWebhooks("missed-onboarding");
});

const MINUTE = 60_000;
const cronAt = (laterMs = 0) => runScheduledSweeps(env, Date.now() + laterMs);

type Callback = { type: string; onboardingStatus?: string; chargesEnabled?: boolean; pci: { status: string } };
/** The callbacks recorded for a tenant, in order, with the fields a merchant's integration acts on. */
async function callbacksOf(tenantId: string): Promise<Callback[]> {
  const results = await (
    await shardOf(tenantId)
  )
    .select({ type: events.type, payload: events.payload })
    .from(events)
    .where(eq(events.tenantId, tenantId))
    .orderBy(asc(events.createdAt), sql`rowid`);
  return results.map(({ type, payload }) => {
    const { onboardingStatus, chargesEnabled, pci } = JSON.parse(payload) as Callback;
    return { type, onboardingStatus, chargesEnabled, pci: { status: pci.status } };
  });
}

async function startOnboarding(name: string) {
  const tenant = await tenantWithKey(name);
  const created = await call("/v1/onboarding", jsonInit("POST", { returnUrl: "https://merchant.example/onboarded" }, tenant.auth));
  expect(created.status).toBe(201);
  return { ...tenant, form: await created.json<Form>() };
}

/** The merchant submits the hosted form and closes the tab: the browser never comes back to the service. */
async function submitWithoutReturn(name: string) {
  const started = await startOnboarding(name);
  const submitted = await submitHostedForm(started.form.onboardingUrl, name);
  expect(submitted.status).toBe(303);
  const held = await operatorControl.readInbox(inbox);
  expect(held.some((request) => request.body.includes(started.form.formId))).toBe(true);
  return { ...started, returnPath: new URL(submitted.headers.get("Location")!).pathname };
}

describe("an onboarding form completed while its webhook was lost and the merchant never came back", () => {
  it("is read by the cron sweep: the merchant attached, with the callbacks the return sends, once", async () => {
    const returned = await startOnboarding("Came Back Co");
    const submitted = await submitHostedForm(returned.form.onboardingUrl, "Came Back Co");
    expect((await call(new URL(submitted.headers.get("Location")!).pathname, { redirect: "manual" })).status).toBe(303);

    const { auth, tenantId } = await submitWithoutReturn("Never Came Back Co");
    expect(await status(auth)).toMatchObject({ processorMerchantId: null, onboardingStatus: "not_started" });

    await Promise.all([cronAt(), cronAt()]);
    await cronAt();

    const readiness = await status(auth);
    expect(readiness).toMatchObject({ onboardingStatus: "pending", onboardingUrl: null, pci: { status: "pending" } });
    expect(readiness.processorMerchantId).toMatch(/^MU/);
    const callbacks = await callbacksOf(tenantId);
    expect(callbacks.map((callback) => callback.type)).toEqual(["compliance_form.updated", "compliance_form.updated", "merchant.updated"]);
    expect(callbacks).toEqual(await callbacksOf(returned.tenantId));
    // Sent by the run that recorded them, not left for the outbox's sweep of what a crash left unsent.
    expect(await (await shardOf(tenantId)).$count(events, and(eq(events.tenantId, tenantId), isNull(events.enqueuedAt)))).toBe(0);

    // The processor's approval, its webhook lost too, follows through the merchant feed now that the tenant is known.
    await control("run-jobs", { kinds: ["merchant.decide"] });
    await cronAt();
    expect(await status(auth)).toMatchObject({ onboardingStatus: "enabled", chargesEnabled: true });
  });

  it("attaches once when the return, a read of the form and the cron sweep finalize it at the same time", async () => {
    const { auth, tenantId, form, returnPath } = await submitWithoutReturn("Everyone At Once Co");

    await Promise.all([cronAt(), call(returnPath, { redirect: "manual" }), call(`/v1/onboarding/form/${form.formId}`, { headers: auth })]);

    expect((await status(auth)).processorMerchantId).toMatch(/^MU/);
    expect((await callbacksOf(tenantId)).map((callback) => callback.type)).toEqual([
      "compliance_form.updated",
      "compliance_form.updated",
      "merchant.updated",
    ]);
  });

  it("is read while its link is valid and an hour after, never renewing the link; a form abandoned longer is left alone", async () => {
    const { auth, tenantId, form } = await startOnboarding("Abandoned Form Co");
    const checkedAt = async () =>
      (await (
        await shardOf(tenantId)
      ).query.onboarding.findFirst({ columns: { formCheckedAt: true }, where: eq(onboarding.tenantId, tenantId) }))!.formCheckedAt!;
    const linkLapsedBy = (ms: number) => Date.parse(form.expiresAt) - Date.now() + ms;

    await cronAt(linkLapsedBy(FORM_CHECKED_PAST_LINK_EXPIRY_MS - MINUTE));
    const lastChecked = await checkedAt();
    expect(Date.parse(lastChecked)).toBeGreaterThan(Date.parse(form.expiresAt));
    expect((await status(auth)).onboardingUrl).toBe(form.onboardingUrl);

    await cronAt(linkLapsedBy(FORM_CHECKED_PAST_LINK_EXPIRY_MS + MINUTE));
    expect(await checkedAt()).toBe(lastChecked);
  });
});

describe("a PCI compliance form the processor changed while its webhooks were lost", () => {
  const pciOf = async (auth: Record<string, string>) => (await status(auth)).pci;
  const complianceCallbacks = async (tenantId: string) =>
    (await callbacksOf(tenantId)).filter((callback) => callback.type === "compliance_form.updated").map((callback) => callback.pci.status);

  it("is found by the tenant's next PCI check, within its bound: applied with its callback once, to that tenant only", async () => {
    const { auth, tenantId } = await chargeableTenant("Attested Elsewhere Co");
    const bystander = await chargeableTenant("Bystander Co");
    await cronAt();
    const before = await pciOf(auth);
    expect(before.status).toBe("pending");
    const formId = new URL(before.actionUrl!).pathname.split("/").pop()!;
    const bystanderCallbacks = await callbacksOf(bystander.tenantId);

    await control("attest-compliance", { id: formId }, auth);
    await cronAt(MINUTE);
    expect((await pciOf(auth)).status).toBe("pending");

    await Promise.all([cronAt(PCI_CHECK_EVERY_MS + MINUTE), cronAt(PCI_CHECK_EVERY_MS + MINUTE)]);
    await cronAt(PCI_CHECK_EVERY_MS + 2 * MINUTE);

    expect(await pciOf(auth)).toMatchObject({ status: "valid", actionUrl: null });
    expect(await complianceCallbacks(tenantId)).toEqual(["not_started", "pending", "valid"]);
    expect((await pciOf(bystander.auth)).status).toBe("pending");
    expect(await callbacksOf(bystander.tenantId)).toEqual(bystanderCallbacks);
  });

  it("has a lapsed attestation and the renewal form the processor opened found: the renewal is the form to attest", async () => {
    const { auth, tenantId } = await chargeableTenant("Lapsed Quietly Co");
    const formId = new URL((await pciOf(auth)).actionUrl!).pathname.split("/").pop()!;
    await control("attest-compliance", { id: formId }, auth);
    await cronAt();
    expect((await pciOf(auth)).status).toBe("valid");

    const { renewal } = await control<{ renewal: { id: string } }>("expire-compliance", { id: formId }, auth);
    await cronAt(PCI_CHECK_EVERY_MS + MINUTE);
    await cronAt(PCI_CHECK_EVERY_MS + 2 * MINUTE);

    const pci = await pciOf(auth);
    expect(pci.status).toBe("pending");
    expect(pci.actionUrl).toContain(renewal.id);
    expect(await complianceCallbacks(tenantId)).toEqual(["not_started", "pending", "valid", "expired", "pending"]);
  });
});
