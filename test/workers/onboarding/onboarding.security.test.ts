import { describe, expect, it } from "vitest";

import { events } from "../../../src/outbox/events.schema";
import { shardOf } from "../support/db";
import { call, expectProblem, tenantWithKey } from "../support/http";
import { onboard } from "../support/onboarding";

describe("onboarding forms across tenants", () => {
  it("reading the form twice attaches once; another tenant's form is 404", async () => {
    const { auth, tenantId } = await tenantWithKey();
    const other = await tenantWithKey();
    const { form } = await onboard(auth);
    const eventCount = async () => (await shardOf(tenantId)).$count(events);
    const first = await (await call(`/v1/onboarding/form/${form.formId}`, { headers: auth })).json<{ processorMerchantId: string }>();
    const afterFirst = await eventCount();
    const second = await (await call(`/v1/onboarding/form/${form.formId}`, { headers: auth })).json<{ processorMerchantId: string }>();
    expect(second.processorMerchantId).toBe(first.processorMerchantId);
    expect(await eventCount()).toBe(afterFirst);
    await expectProblem(await call(`/v1/onboarding/form/${form.formId}`, { headers: other.auth }), 404, "not-found");
  });
});
