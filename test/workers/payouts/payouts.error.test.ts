import { describe, expect, it } from "vitest";

import { call, expectProblem, tenantWithKey } from "../support/http";
import { cardToken, charge, chargeableTenant, chargeBody, control } from "../support/sandbox";

describe("payouts: refused requests", () => {
  it("answers 400 for malformed queries and ids, 404 for an unknown payout", async () => {
    const { auth } = await tenantWithKey();
    for (const query of [
      "status=pending",
      "status=PAID",
      "limit=0",
      "limit=201",
      "limit=ten",
      "from=2026-13-01T00:00:00Z",
      "to=yesterday",
      "sort=asc",
    ]) {
      await expectProblem(await call(`/v1/payouts?${query}`, { headers: auth }), 400, "validation-failed");
    }
    await expectProblem(await call("/v1/payouts/ST123", { headers: auth }), 400, "validation-failed");
    await expectProblem(await call("/v1/payouts/lcpo_doesnotexist000", { headers: auth }), 404, "not-found");
    await expectProblem(await call("/v1/payouts/lcpo_doesnotexist000?limit=500", { headers: auth }), 400, "validation-failed");
  });

  it("refuses forged cursors and cursors of other filters, lists or payouts", async () => {
    const { auth, merchantId } = await chargeableTenant("Cursor Payouts Co");
    for (let batch = 0; batch < 2; batch++) {
      await charge(auth, chargeBody(await cardToken(), { amountCents: 1_500 + batch }));
      await charge(auth, chargeBody(await cardToken(), { amountCents: 1_700 + batch }));
      await control("close-settlement", { id: merchantId }, auth);
    }
    const page = await (
      await call("/v1/payouts?limit=1", { headers: auth })
    ).json<{ data: { lcPayoutId: string }[]; nextCursor: string }>();
    expect(page.nextCursor).toBeTruthy();
    await expectProblem(await call(`/v1/payouts?limit=1&status=paid&cursor=${page.nextCursor}`, { headers: auth }), 400, "invalid-cursor");
    await expectProblem(await call(`/v1/payouts?cursor=${page.nextCursor.slice(0, -2)}xx`, { headers: auth }), 400, "invalid-cursor");
    await expectProblem(await call(`/v1/disputes?cursor=${page.nextCursor}`, { headers: auth }), 400, "invalid-cursor");

    const [first, second] = [
      page.data[0]!.lcPayoutId,
      (await (await call(`/v1/payouts?limit=1&cursor=${page.nextCursor}`, { headers: auth })).json<{ data: { lcPayoutId: string }[] }>())
        .data[0]!.lcPayoutId,
    ];
    const items = await (await call(`/v1/payouts/${first}?limit=1`, { headers: auth })).json<{ items: { nextCursor: string } }>();
    expect(items.items.nextCursor).toBeTruthy();
    await expectProblem(
      await call(`/v1/payouts/${second}?limit=1&cursor=${items.items.nextCursor}`, { headers: auth }),
      400,
      "invalid-cursor",
    );
  });
});
