import { describe, expect, it } from "vitest";

import { approvedMerchant, bankFields, buyerInstrument, control, processor, sale, sellerEntity } from "./support/sandbox-processor";

const SERVICE_WEBHOOK = "WHsandboxServiceInboundRoute";

async function eventsAbout(resourceId: string): Promise<{ event: string; resource: any }[]> {
  return (await control.listDeliveries(SERVICE_WEBHOOK))
    .filter((delivery) => delivery.resourceId === resourceId)
    .map((delivery) => {
      const body = JSON.parse(delivery.body);
      return { event: `${delivery.entity}.${delivery.type}`, resource: Object.values(body._embedded)[0]![0 as never] };
    });
}

async function accruing(merchantId: string) {
  const [settlement] = (await processor("GET", `/settlements?merchant_id=${merchantId}&status=PENDING`)).body._embedded.settlements;
  return settlement;
}

describe("settlements", () => {
  it("accrue a merchant's money in a PENDING settlement, opened by the first sale with settlement.created", async () => {
    const { merchantId } = await approvedMerchant();
    const source = await buyerInstrument();
    await sale(merchantId, source, 10_000, { fee: 300 });
    const opened = await accruing(merchantId);
    expect(opened).toMatchObject({ status: "PENDING", total_amount: 10_000, total_fee: 300, net_amount: 9_700 });
    await sale(merchantId, source, 5_000, { fee: 200 });
    expect(await accruing(merchantId)).toMatchObject({ id: opened.id, total_amount: 15_000, total_fee: 500, net_amount: 14_500 });
    expect((await processor("GET", `/settlements/${opened.id}/transfers`)).body._embedded.transfers).toHaveLength(2);
    expect((await eventsAbout(opened.id)).map((e) => e.event)).toEqual(["settlement.created"]);
  });

  it("keep the running totals exact as money comes and goes: a refund subtracts, a returned bank debit leaves", async () => {
    const { merchantId } = await approvedMerchant();
    const card = await sale(merchantId, await buyerInstrument(), 10_000, { fee: 300 });
    const debit = await sale(merchantId, await buyerInstrument(bankFields("123456789")), 4_000, { fee: 100 });
    await control.settleAch(debit.body.id, "succeed");
    const opened = await accruing(merchantId);
    expect(opened).toMatchObject({ total_amount: 14_000, total_fee: 400, net_amount: 13_600 });

    const refund = await processor("POST", `/transfers/${card.body.id}/reversals`, { refund_amount: 2_500 });
    expect(refund.status).toBe(201);
    await control.advanceClock(2);
    expect(await accruing(merchantId)).toMatchObject({ id: opened.id, total_amount: 11_500, total_fee: 400, net_amount: 11_100 });

    await control.settleAch(debit.body.id, "return");
    expect(await accruing(merchantId)).toMatchObject({ id: opened.id, total_amount: 7_500, total_fee: 300, net_amount: 7_200 });
    const closed = await control.closeSettlement(merchantId, "closed");
    expect(closed).toMatchObject({ id: opened.id, total_amount: 7_500, total_fee: 300, net_amount: 7_200 });
    const included = (await processor("GET", `/settlements/${opened.id}/transfers`)).body._embedded.transfers.map(
      (t: { id: string }) => t.id,
    );
    expect(included.sort()).toEqual([card.body.id, refund.body.id].sort());
  });

  it("close, await approval, fund the net with a PENDING transfer, then settle it — each step a webhook", async () => {
    const { merchantId } = await approvedMerchant();
    await sale(merchantId, await buyerInstrument(), 20_000, { fee: 500 });

    const closed = await control.closeSettlement(merchantId, "closed");
    expect(closed).toMatchObject({ status: "AWAITING_APPROVAL", total_amount: 20_000, total_fee: 500, net_amount: 19_500 });
    expect((await processor("GET", `/settlements/${closed!.id}/funding_transfers`)).body._embedded.transfers).toEqual([]);
    expect(await accruing(merchantId)).toBeUndefined();

    await control.advanceClock(10);
    const approved = await processor("GET", `/settlements/${closed!.id}`);
    expect(approved.body.status).toBe("APPROVED");
    const [funding] = (await processor("GET", `/settlements/${closed!.id}/funding_transfers`)).body._embedded.transfers;
    expect(funding).toMatchObject({ type: "CREDIT", subtype: "SETTLEMENT_MERCHANT", amount: 19_500, state: "PENDING" });
    expect(funding.destination).toBe(approved.body.destination);

    await control.advanceClock(30);
    expect((await processor("GET", `/transfers/${funding.id}`)).body.state).toBe("SUCCEEDED");
    expect((await eventsAbout(closed!.id as string)).map((e) => [e.event, e.resource.status])).toEqual([
      ["settlement.created", "PENDING"],
      ["settlement.updated", "AWAITING_APPROVAL"],
      ["settlement.updated", "APPROVED"],
    ]);
    expect((await eventsAbout(funding.id)).map((e) => [e.event, e.resource.state])).toEqual([
      ["transfer.created", "PENDING"],
      ["transfer.updated", "SUCCEEDED"],
    ]);
  });

  it("fail the payout to a closed bank account with its return code", async () => {
    const identity = await processor("POST", "/identities", { entity: sellerEntity("Closed Account Co") });
    await processor("POST", "/payment_instruments", { ...bankFields("123120007"), identity: identity.body.id, type: "BANK_ACCOUNT" });
    const merchant = await processor("POST", `/identities/${identity.body.id}/merchants`, { processor: "DUMMY_V1" });
    await control.setMerchantState(merchant.body.id, "APPROVED");
    await sale(merchant.body.id, await buyerInstrument(), 3_000);

    const settlement = await control.closeSettlement(merchant.body.id);
    const [funding] = (await processor("GET", `/settlements/${settlement!.id}/funding_transfers`)).body._embedded.transfers;
    expect(funding).toMatchObject({ state: "FAILED", failure_code: "BANK_ACCOUNT_CLOSED" });
  });

  it("refuse to approve a settlement twice", async () => {
    const { merchantId } = await approvedMerchant();
    await sale(merchantId, await buyerInstrument(), 1_000);
    const settlement = await control.closeSettlement(merchantId, "approved");
    expect(settlement).toMatchObject({ status: "APPROVED" });
    await control.runJobs(["settlement.approve"]);
    expect((await processor("GET", `/settlements/${settlement!.id}/funding_transfers`)).body._embedded.transfers).toHaveLength(1);
  });
});
