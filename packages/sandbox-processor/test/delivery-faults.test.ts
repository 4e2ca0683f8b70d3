import { beforeEach, describe, expect, it } from "vitest";

import { call, jsonInit } from "./support/http";
import { approvedMerchant, bankFields, buyerInstrument, control, eventually, processor, sale } from "./support/sandbox-processor";

type Event = { type: string; entity: string; transferId: string; state: string; signature: string; body: string };

/** What the bin received about transfers, in arrival order (the registration's empty test POST left out). */
async function arrived(inbox: string): Promise<Event[]> {
  return (await control.readInbox(inbox))
    .filter((request) => request.body !== "")
    .map((request) => {
      const parsed = JSON.parse(request.body) as {
        type: string;
        entity: string;
        _embedded: { transfers: { id: string; state: string }[] };
      };
      const [transfer] = parsed._embedded.transfers;
      return {
        type: parsed.type,
        entity: parsed.entity,
        transferId: transfer!.id,
        state: transfer!.state,
        signature: request.headers["finix-signature"]!,
        body: request.body,
      };
    });
}

/** A bin subscribed to transfer events, and an ACH debit (PENDING, its `transfer.created` received) whose settlement the test decides. */
async function achDebitWatchedBy(inbox: string) {
  await processor("POST", "/webhooks", {
    url: `/sandbox/inbox/${inbox}`,
    authentication: { type: "NONE" },
    enabled_events: [{ entity: "transfer", types: ["created", "updated"] }],
  });
  const { merchantId } = await approvedMerchant();
  const debit = await sale(merchantId, await buyerInstrument(bankFields("123456789")));
  expect(debit.body.state).toBe("PENDING");
  await eventually(
    () => arrived(inbox),
    (events) => events.some((event) => event.transferId === debit.body.id),
  );
  return { merchantId, transferId: debit.body.id as string };
}

const deliveriesOf = async (transferId: string) => (await control.listDeliveries()).filter((d) => d.resourceId === transferId);

beforeEach(async () => {
  await control.reset();
});

describe("webhook delivery faults", () => {
  it("lose: the event is never sent, not even when its retries would have come due; the knob is used up", async () => {
    const { merchantId, transferId } = await achDebitWatchedBy("lose");
    const fault = await control.addFault({ operation: "WEBHOOK transfer.updated", kind: "lose", times: 1 });
    await control.settleAch(transferId, "succeed");
    await control.advanceClock(30 * 60);

    expect((await arrived("lose")).map((e) => [e.type, e.transferId])).toEqual([["created", transferId]]);
    expect(await deliveriesOf(transferId)).toMatchObject([
      { type: "created", status: "delivered", fault: null },
      { type: "updated", status: "lost", attempts: 0, nextAttemptAt: null, fault: { id: fault.id, kind: "lose" } },
    ]);
    expect(await control.listFaults()).toEqual([]);

    const next = await sale(merchantId, await buyerInstrument(bankFields("123456789")));
    await control.settleAch(next.body.id, "succeed");
    expect((await arrived("lose")).filter((e) => e.transferId === next.body.id).map((e) => e.type)).toEqual(["created", "updated"]);
  });

  it("duplicate: the event arrives twice, byte for byte and signed alike", async () => {
    const { transferId } = await achDebitWatchedBy("duplicate");
    await control.addFault({ operation: "WEBHOOK transfer.*", kind: "duplicate", times: 1 });
    await control.settleAch(transferId, "succeed");

    const updates = (await arrived("duplicate")).filter((e) => e.type === "updated");
    expect(updates).toHaveLength(2);
    expect(updates[1]!.body).toBe(updates[0]!.body);
    expect(updates[1]!.signature).toBe(updates[0]!.signature);
    expect(updates[0]!.state).toBe("SUCCEEDED");
    const [, original, copy] = await deliveriesOf(transferId);
    expect(original).toMatchObject({ type: "updated", status: "delivered", fault: { kind: "duplicate" }, duplicateOf: null });
    expect(copy).toMatchObject({ type: "updated", status: "delivered", fault: { kind: "duplicate" }, duplicateOf: original!.id });
    expect(copy!.createdAt).toBe(original!.createdAt);
  });

  it("duplicate with delayMs: the copy follows after events that happened later", async () => {
    const { transferId } = await achDebitWatchedBy("duplicate-later");
    await control.addFault({ operation: "WEBHOOK transfer.updated", kind: "duplicate", delayMs: 60_000, times: 1 });
    await control.settleAch(transferId, "succeed");
    await control.settleAch(transferId, "return");
    expect((await arrived("duplicate-later")).map((e) => [e.type, e.state])).toEqual([
      ["created", "PENDING"],
      ["updated", "SUCCEEDED"],
      ["updated", "FAILED"],
    ]);
    await control.advanceClock(60);
    expect((await arrived("duplicate-later")).map((e) => [e.type, e.state])).toEqual([
      ["created", "PENDING"],
      ["updated", "SUCCEEDED"],
      ["updated", "FAILED"],
      ["updated", "SUCCEEDED"],
    ]);
  });

  it("delay: the event is held back and arrives after one that happened later, out of order", async () => {
    const { transferId } = await achDebitWatchedBy("delay");
    const fault = await control.addFault({ operation: "WEBHOOK transfer.updated", kind: "delay", delayMs: 60_000, times: 1 });
    expect(fault).toMatchObject({ kind: "delay", delayMs: 60_000, remaining: 1 });
    await control.settleAch(transferId, "succeed");
    await control.settleAch(transferId, "return");
    expect((await arrived("delay")).map((e) => [e.type, e.state])).toEqual([
      ["created", "PENDING"],
      ["updated", "FAILED"],
    ]);
    const held = (await deliveriesOf(transferId)).find((d) => d.status === "pending")!;
    expect(held).toMatchObject({ type: "updated", attempts: 0, fault: { id: fault.id, kind: "delay" } });

    await control.advanceClock(60);
    const events = await eventually(
      () => arrived("delay"),
      (all) => all.length === 3,
    );
    expect(events.map((e) => [e.type, e.state])).toEqual([
      ["created", "PENDING"],
      ["updated", "FAILED"],
      ["updated", "SUCCEEDED"],
    ]);
    expect(await deliveriesOf(transferId)).toMatchObject([{ status: "delivered" }, { status: "delivered" }, { status: "delivered" }]);
  });

  it("match by entity and type, either part a wildcard, and leave REST calls alone, as REST knobs leave deliveries alone", async () => {
    const { transferId } = await achDebitWatchedBy("match");
    await control.addFault({ operation: "WEBHOOK dispute.*", kind: "lose" });
    await control.addFault({ operation: "WEBHOOK transfer.created", kind: "lose" });
    await control.addFault({ operation: "WEBHOOK *.updated", kind: "duplicate", times: 1 });
    await control.addFault({ operation: "*", kind: "error", status: 503 });
    await control.settleAch(transferId, "succeed");
    expect((await arrived("match")).map((e) => [e.type, e.state])).toEqual([
      ["created", "PENDING"],
      ["updated", "SUCCEEDED"],
      ["updated", "SUCCEEDED"],
    ]);
    expect((await processor("GET", `/transfers/${transferId}`, undefined, { validateAs: "skip" })).status).toBe(503);
    expect((await control.listFaults()).map((f) => f.operation)).toEqual(["WEBHOOK dispute.*", "WEBHOOK transfer.created", "*"]);
  });

  it("are set, listed and cleared over HTTP; a kind and an operation of different sorts are refused", async () => {
    const set = await call("/sandbox/control/fault", jsonInit("POST", { operation: "WEBHOOK *", kind: "duplicate" }));
    expect(set.status).toBe(200);
    expect(((await set.json()) as { result: unknown }).result).toMatchObject({
      operation: "WEBHOOK *",
      kind: "duplicate",
      delayMs: 0,
      remaining: null,
    });
    const delay = await call("/sandbox/control/fault", jsonInit("POST", { operation: "WEBHOOK transfer.updated", kind: "delay" }));
    expect(((await delay.json()) as { result: unknown }).result).toMatchObject({ kind: "delay", delayMs: 10_000 });
    expect(((await (await call("/sandbox/control/faults")).json()) as { result: unknown[] }).result).toHaveLength(2);

    for (const [body, field] of [
      [{ operation: "WEBHOOK transfer.updated", kind: "error" }, "kind"],
      [{ operation: "POST /transfers", kind: "lose" }, "operation"],
      [{ operation: "*", kind: "delay" }, "operation"],
      [{ operation: "WEBHOOK transfer", kind: "lose" }, "operation"],
      [{ operation: "WEBHOOK transfer.updated", kind: "delay", delayMs: -1 }, "delayMs"],
    ] as const) {
      const refused = await call("/sandbox/control/fault", jsonInit("POST", body));
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await refused.json()).toMatchObject({ errors: [{ field }] });
    }
    expect(await control.clearFaults()).toEqual({ removed: 2 });
  });
});
