import { afterAll, describe, expect, it } from "vitest";

import { STAND_IN_FIELD, STAND_IN_VALUE } from "../src/core/views";
import { approvedMerchant, buyerInstrument, control, processor, sale } from "./support/sandbox-processor";

/** A stand-in answer departs from the processor's document by design, so it is not checked against it. */
const standIn = { validateAs: "skip" } as const;

describe("the stand-in mode", () => {
  afterAll(() => control.configure({ standIn: false }));

  it("adds an unlisted field and an unlisted sale subtype to every answer while on; states and amounts stay as documented", async () => {
    const { merchantId } = await approvedMerchant("Stand-in Seller");
    const source = await buyerInstrument();
    const documented = await sale(merchantId, source);
    expect(documented.body).toMatchObject({ subtype: "API", device: null, parent_transfer: null, card_present_details: null });
    expect(documented.body).not.toHaveProperty(STAND_IN_FIELD);

    expect(await control.configure({ standIn: true })).toMatchObject({ standIn: true });
    const later = await processor("POST", "/transfers", { merchant: merchantId, source, amount: 2500, currency: "USD", fee: 100 }, standIn);
    expect(later.body).toMatchObject({
      state: "SUCCEEDED",
      amount: 2500,
      fee: 100,
      subtype: STAND_IN_VALUE,
      [STAND_IN_FIELD]: expect.any(Object),
    });
    const listed = await processor("GET", `/transfers?idempotency_id=${documented.body.idempotency_id}`, undefined, standIn);
    expect(listed.body._embedded.transfers[0]).toMatchObject({ id: documented.body.id, subtype: STAND_IN_VALUE });
    const merchant = await processor("GET", `/merchants/${merchantId}`, undefined, standIn);
    expect(merchant.body).toMatchObject({ onboarding_state: "APPROVED", settlement_funding_identifier: STAND_IN_VALUE });

    await control.configure({ standIn: false });
    expect((await processor("GET", `/transfers/${later.body.id}`)).body).toMatchObject({ subtype: "API" });
  });
});
