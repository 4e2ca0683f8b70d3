import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { payments } from "../../../src/payments/payments.schema";
import { shardOf } from "../support/db";
import { expectProblem } from "../support/http";
import { paymentCount, processorTransfersFor } from "../support/payments";
import { cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";

describe("processor faults on POST /v1/payments", () => {
  it("a 5xx before the transfer: 502, payment kept, the retry charges once", async () => {
    const { auth, tenantId } = await chargeableTenant();
    const body = chargeBody(await cardToken());
    await control("fault", { operation: "POST /transfers", kind: "error", times: 1 });
    const failed = await expectProblem(await charge(auth, body, "fault-5xx"), 502, "processor-error");
    expect(failed.outcomeUnknown).toBe(true);
    const retry = await charge(auth, body, "fault-5xx");
    expect(retry.status).toBe(201);
    const { lcPaymentId } = await retry.json<{ lcPaymentId: string }>();
    expect(await paymentCount(tenantId)).toBe(1);
    expect(await processorTransfersFor(lcPaymentId)).toBe(1);
  });

  it("a timeout after the processor applied the transfer: found again by idempotency_id, no double charge", async () => {
    const { auth, tenantId } = await chargeableTenant();
    const body = chargeBody(await cardToken());
    await control("fault", { operation: "POST /transfers", kind: "timeout-after", times: 1 });
    const response = await charge(auth, body, "fault-timeout");
    expect(response.status).toBe(201);
    const { lcPaymentId, status } = await response.json<{ lcPaymentId: string; status: string }>();
    expect(status).toBe("succeeded");
    expect(await processorTransfersFor(lcPaymentId)).toBe(1);
    expect(await paymentCount(tenantId)).toBe(1);
  });

  it("a dropped connection with the lookup down too: 502, then the retry resumes the same payment", async () => {
    const { auth, tenantId } = await chargeableTenant();
    const body = chargeBody(await cardToken());
    await control("fault", { operation: "POST /transfers", kind: "drop-after", times: 1 });
    await control("fault", { operation: "GET /transfers", kind: "error", times: 1 });
    await expectProblem(await charge(auth, body, "fault-drop"), 502, "processor-error");
    const pending = await (
      await shardOf(tenantId)
    ).query.payments.findFirst({ columns: { status: true }, where: eq(payments.tenantId, tenantId) });
    expect(pending?.status).toBe("processing");
    const retry = await charge(auth, body, "fault-drop");
    expect(retry.status).toBe(201);
    const { lcPaymentId } = await retry.json<{ lcPaymentId: string }>();
    expect(await processorTransfersFor(lcPaymentId)).toBe(1);
    expect(await paymentCount(tenantId)).toBe(1);
  });
});
