import { afterEach, describe, expect, it, vi } from "vitest";
import { eventually, independentHmacHex, mockReceiver, RECEIVER, revealSecrets, saveCallbackUrl } from "../support/callbacks";
import { chargeableTenant } from "../support/sandbox";
import {
  activeReader,
  buyer,
  finalPayment,
  getReader,
  paymentEvents,
  saleBody,
  startSale,
  transfersOnDevice,
  type Sale,
} from "../support/terminal";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("an in-person sale", () => {
  it("answers processing at once, and when the buyer taps it is succeeded with a signed transfer.updated callback", async () => {
    const { auth, tenantId } = await chargeableTenant("Counter Coffee");
    expect((await saveCallbackUrl(tenantId, `${RECEIVER}/hooks`)).status).toBe(200);
    const receiver = mockReceiver(RECEIVER);
    const reader = await activeReader(auth);
    expect((await getReader(auth, reader.lcReaderId, "?connection=true")).connection).toBe("Open");

    const response = await startSale(auth, saleBody(reader.lcReaderId, { amountCents: 1250, orderRef: "order-cp-1" }));
    expect(response.status).toBe(202);
    const sale = await response.json<Sale>();
    expect(sale).toMatchObject({ status: "processing", method: "card_present", amountCents: 1250, lcReaderId: reader.lcReaderId });
    expect((await getReader(auth, reader.lcReaderId)).action).toEqual({
      type: "sale",
      status: "in_progress",
      lcPaymentId: sale.lcPaymentId,
    });

    await buyer(reader.processorDeviceId, "approve");
    const settled = await finalPayment(auth, sale.lcPaymentId);
    expect(settled).toMatchObject({ status: "succeeded", processorState: "SUCCEEDED", method: "card_present" });
    expect(await transfersOnDevice(reader.processorDeviceId)).toHaveLength(1);
    expect((await getReader(auth, reader.lcReaderId)).action).toBeNull();

    const delivered = await eventually(
      async () => receiver.received.filter((callback) => JSON.parse(callback.rawBody).status === "succeeded"),
      (callbacks) => callbacks.length > 0,
    );
    const callback = delivered[0]!;
    expect(JSON.parse(callback.rawBody)).toMatchObject({
      type: "transfer.updated",
      lcPaymentId: sale.lcPaymentId,
      orderRef: "order-cp-1",
      status: "succeeded",
      processorTransferId: settled.processorTransferId,
      processorState: "SUCCEEDED",
    });
    const { secret } = (await revealSecrets(tenantId))[0]!;
    const signature = callback.headers.get("LC-Signature")!;
    const t = signature.match(/^t=(\d+),/)![1];
    expect(signature).toBe(`t=${t},v1=${await independentHmacHex(secret, `${t}.${callback.rawBody}`)}`);
    expect((await paymentEvents(sale.lcPaymentId)).filter((event) => event.status === "succeeded")).toHaveLength(1);
  }, 30_000);
});
