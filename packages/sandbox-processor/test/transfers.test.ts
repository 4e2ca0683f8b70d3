import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import { ResourceStore } from "../src/core/store";
import {
  approvedMerchant,
  bankFields,
  buyerInstrument,
  control,
  processor,
  sale,
  sandboxStub,
  TEST_CARD,
} from "./support/sandbox-processor";

async function transfer(id: string) {
  return (await processor("GET", `/transfers/${id}`)).body;
}

/** Runs the sandbox's alarm until the transfer leaves `state` (earlier alarms may be webhook deliveries). */
async function alarmsUntilNot(id: string, state: string) {
  for (let i = 0; i < 10; i++) {
    const current = await transfer(id);
    if (current.state !== state) return current;
    await runDurableObjectAlarm(sandboxStub());
  }
  return transfer(id);
}

describe("idempotency_id on transfers", () => {
  it("returns the original transfer for the same body, and refuses a different body", async () => {
    const { merchantId } = await approvedMerchant();
    const source = await buyerInstrument();
    const body = { merchant: merchantId, source, amount: 4200, currency: "USD", fee: 50, idempotency_id: "lcpay_same", tags: { a: "1" } };
    const first = await processor("POST", "/transfers", body);
    const again = await processor("POST", "/transfers", {
      tags: { a: "1" },
      idempotency_id: "lcpay_same",
      fee: 50,
      currency: "USD",
      amount: 4200,
      source,
      merchant: merchantId,
    });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const different = await processor("POST", "/transfers", { ...body, amount: 4201 });
    expect(different.status).toBe(422);
    expect(different.body._embedded.errors[0]).toMatchObject({ code: "INVALID_FIELD", field: "idempotency_id" });
    expect((await processor("GET", "/transfers?idempotency_id=lcpay_same")).body._embedded.transfers).toHaveLength(1);
  });

  it("finds a transfer by idempotency_id on its index, not by reading every transfer", async () => {
    await runInDurableObject(sandboxStub(), (_, state) => {
      const statements: string[] = [];
      const recording = new Proxy(state.storage.sql, {
        get(target, property) {
          if (property === "exec") {
            return (query: string, ...bindings: unknown[]) => {
              statements.push(query);
              return target.exec(query, ...bindings);
            };
          }
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
      const store = new ResourceStore(recording);
      store.all("transfer", [{ field: "idempotency_id", equals: "lcpay_planned" }]);
      store.list("transfer", [{ field: "idempotency_id", equals: "lcpay_planned" }], { limit: 1 });
      expect(statements.length).toBeGreaterThan(1);
      for (const query of statements) {
        const plan = state.storage.sql
          .exec<{ detail: string }>(`EXPLAIN QUERY PLAN ${query}`, ...Array.from(query.matchAll(/\?/g), () => null))
          .toArray()
          .map((row) => row.detail);
        expect(plan, query).toContainEqual(
          expect.stringMatching(/USING (COVERING )?INDEX resources_idempotency_id \(kind=\? AND <expr>=\?\)/),
        );
      }
    });
  });

  it("dedupes reversals per parent transfer", async () => {
    const { merchantId } = await approvedMerchant();
    const parent = await sale(merchantId, await buyerInstrument(), 1000);
    const first = await processor("POST", `/transfers/${parent.body.id}/reversals`, { refund_amount: 300, idempotency_id: "lcref_1" });
    const again = await processor("POST", `/transfers/${parent.body.id}/reversals`, { refund_amount: 300, idempotency_id: "lcref_1" });
    expect(again.body.id).toBe(first.body.id);
    expect(
      (await processor("POST", `/transfers/${parent.body.id}/reversals`, { refund_amount: 301, idempotency_id: "lcref_1" })).status,
    ).toBe(422);
    expect((await processor("GET", `/transfers/${parent.body.id}/reversals`)).body._embedded.transfers).toHaveLength(1);
  });
});

describe("card declines", () => {
  it("answers 402 with the processor's failure code, embedding the FAILED transfer that stays retrievable", async () => {
    const { merchantId } = await approvedMerchant();
    const source = await buyerInstrument({ ...TEST_CARD, number: "4000000000000127" });
    const declined = await sale(merchantId, source, 2500, { idempotency_id: "lcpay_declined" });
    expect(declined.status).toBe(402);
    const [error] = declined.body._embedded.errors;
    expect(error).toMatchObject({
      code: "CALL_ISSUER",
      message: "Please contact card issuer for more information.",
      failure_code: "CALL_ISSUER",
    });
    const failedTransfer = declined.body._embedded.transfers[0];
    expect(failedTransfer).toMatchObject({ state: "FAILED", failure_code: "CALL_ISSUER", idempotency_id: "lcpay_declined" });
    expect(error._links.source.href).toContain(`/transfers/${failedTransfer.id}`);
    const found = await processor("GET", "/transfers?idempotency_id=lcpay_declined");
    expect(found.body._embedded.transfers).toMatchObject([{ id: failedTransfer.id, state: "FAILED" }]);
    const replay = await sale(merchantId, source, 2500, { idempotency_id: "lcpay_declined" });
    expect(replay.status).toBe(402);
    expect(replay.body._embedded.transfers[0].id).toBe(failedTransfer.id);
  });

  it("declines the test cards and amounts with their codes", async () => {
    const { merchantId } = await approvedMerchant();
    const cases: [string, number, string][] = [
      ["4000000000000002", 2500, "GENERIC_DECLINE"],
      ["4000000000009995", 2500, "INSUFFICIENT_FUNDS"],
      ["4895142232120006", 102, "GENERIC_DECLINE"],
      ["4895142232120006", 193, "INSUFFICIENT_FUNDS"],
    ];
    for (const [number, amount, code] of cases) {
      const declined = await sale(merchantId, await buyerInstrument({ ...TEST_CARD, number }), amount);
      expect(declined.status).toBe(402);
      expect(declined.body._embedded.transfers[0].failure_code).toBe(code);
    }
    for (const number of ["4111111111111111", "5555555555554444", "378282246310005", "6011111111111117"]) {
      expect(
        (
          await sale(
            merchantId,
            await buyerInstrument({ ...TEST_CARD, number, security_code: number.startsWith("3") ? "1234" : "123" }),
            2500,
          )
        ).body.state,
      ).toBe("SUCCEEDED");
    }
  });
});

describe("ACH debits", () => {
  it("start PENDING and settle when the settlement delay is over (the object's alarm)", async () => {
    const { merchantId } = await approvedMerchant();
    const pending = await sale(merchantId, await buyerInstrument(bankFields("123456789")), 5000);
    expect(pending.body).toMatchObject({ state: "PENDING", type: "DEBIT" });
    const settled = await alarmsUntilNot(pending.body.id, "PENDING");
    expect(settled.state).toBe("SUCCEEDED");
    expect(settled.ready_to_settle_at).toBeTruthy();
    expect(Date.parse(settled.updated_at)).toBeGreaterThan(Date.parse(pending.body.updated_at));
  });

  it("fail at settlement from the failing test accounts", async () => {
    const { merchantId } = await approvedMerchant();
    const expected: Record<string, string> = {
      "123120006": "INSUFFICIENT_FUNDS",
      "123120007": "BANK_ACCOUNT_CLOSED",
      "123120008": "NO_BANK_ACCOUNT_FOUND",
      "123120009": "INVALID_BANK_ACCOUNT_NUMBER",
    };
    const debits = await Promise.all(
      Object.keys(expected).map(
        async (account) => [account, (await sale(merchantId, await buyerInstrument(bankFields(account)), 5000)).body.id] as const,
      ),
    );
    await control.runJobs(["ach.settle"]);
    for (const [account, id] of debits) expect(await transfer(id)).toMatchObject({ state: "FAILED", failure_code: expected[account] });
  });

  it("are returned after succeeding from the returning test account", async () => {
    const { merchantId } = await approvedMerchant();
    const pending = await sale(merchantId, await buyerInstrument(bankFields("123120010")), 5000);
    await control.runJobs(["ach.settle"]);
    expect((await transfer(pending.body.id)).state).toBe("SUCCEEDED");
    const returned = await alarmsUntilNot(pending.body.id, "SUCCEEDED");
    expect(returned).toMatchObject({ state: "FAILED", failure_code: "INSUFFICIENT_FUNDS" });
  });

  it("settle, fail or return on the control route", async () => {
    const { merchantId } = await approvedMerchant();
    const source = await buyerInstrument(bankFields("123456789"));
    const [a, b, c] = [await sale(merchantId, source, 100), await sale(merchantId, source, 200), await sale(merchantId, source, 300)];
    expect(await control.settleAch(a.body.id, "succeed")).toMatchObject({ state: "SUCCEEDED" });
    expect(await control.settleAch(b.body.id, "fail", { code: "BANK_ACCOUNT_FROZEN", message: "Frozen." })).toMatchObject({
      state: "FAILED",
      failure_code: "BANK_ACCOUNT_FROZEN",
    });
    expect(await control.settleAch(c.body.id, "return")).toMatchObject({ state: "FAILED", failure_code: "INSUFFICIENT_FUNDS" });
    await expect(control.settleAch(b.body.id, "succeed")).rejects.toMatchObject({ status: 409 });
  });

  it("cannot be reversed while PENDING", async () => {
    const { merchantId } = await approvedMerchant();
    const pending = await sale(merchantId, await buyerInstrument(bankFields("123456789")), 5000);
    expect((await processor("POST", `/transfers/${pending.body.id}/reversals`, { refund_amount: 100 })).status).toBe(422);
  });
});

describe("card-present sales", () => {
  async function activeDevice() {
    const { merchantId } = await approvedMerchant();
    const device = await processor("POST", `/merchants/${merchantId}/devices`, {
      name: "Counter",
      model: "PAX_A920PRO",
      configuration: { allow_debit: true },
    });
    await processor("PUT", `/devices/${device.body.id}`, { action: "ACTIVATE" });
    return { merchantId, deviceId: device.body.id as string };
  }

  function presentSale(deviceId: string, amount = 150) {
    return processor("POST", "/transfers", {
      device: deviceId,
      operation_key: "CARD_PRESENT_DEBIT",
      amount,
      currency: "USD",
      idempotency_id: crypto.randomUUID(),
      tags: { order_number: "cp" },
    });
  }

  async function pendingOn(deviceId: string): Promise<string> {
    for (let i = 0; i < 200; i++) {
      // The processor documents no `device` filter: list the pending transfers and pick the reader's.
      const listed = await processor("GET", "/transfers?state=PENDING&limit=100");
      const pending = listed.body._embedded.transfers.find((transfer: { device?: string }) => transfer.device === deviceId);
      if (pending) return pending.id;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("no pending sale");
  }

  it("holds the call open until the buyer approves, then answers the SUCCEEDED transfer", async () => {
    await control.configure({ delaysSeconds: { cardPresent: 600 }, cardPresentMaxBlockSeconds: 60 });
    const { deviceId, merchantId } = await activeDevice();
    const answer = presentSale(deviceId, 150);
    const id = await pendingOn(deviceId);
    await control.completeCardPresent(id, "approve");
    const { status, body } = await answer;
    expect(status).toBe(201);
    expect(body).toMatchObject({
      id,
      state: "SUCCEEDED",
      device: deviceId,
      merchant: merchantId,
      operation_key: "CARD_PRESENT_DEBIT",
      card_present_details: { brand: "VISA", entry_mode: "CHIP_ENTRY" },
    });
    expect(body.source).toMatch(/^PI/);
    expect((await processor("GET", `/payment_instruments/${body.source}`)).body.instrument_type).toBe("PAYMENT_CARD_PRESENT");
  });

  it("ends CANCELED with CANCELLATION_VIA_DEVICE when the buyer cancels, FAILED when the card is declined", async () => {
    await control.configure({ delaysSeconds: { cardPresent: 600 }, cardPresentMaxBlockSeconds: 60 });
    const { deviceId } = await activeDevice();
    const canceled = presentSale(deviceId);
    await control.presentAtDevice(deviceId, "cancel").then(async (result) => {
      if ("armed" in result) return;
      expect(result.completed).toMatchObject({ state: "CANCELED" });
    });
    expect((await canceled).body).toMatchObject({ state: "CANCELED", failure_code: "CANCELLATION_VIA_DEVICE" });

    const declined = presentSale(deviceId);
    await control.completeCardPresent(await pendingOn(deviceId), "decline");
    expect((await declined).body).toMatchObject({ state: "FAILED", failure_code: "GENERIC_DECLINE" });

    // The buyer presents a card, and the issuer declines the declining test amounts.
    const insufficient = presentSale(deviceId, 193);
    await control.completeCardPresent(await pendingOn(deviceId), "approve");
    expect((await insufficient).body).toMatchObject({ state: "FAILED", failure_code: "INSUFFICIENT_FUNDS" });
  });

  it("completes at once when the reader was armed, and on its own after the card-present delay", async () => {
    const { deviceId } = await activeDevice();
    expect(await control.presentAtDevice(deviceId, "approve")).toEqual({ armed: deviceId });
    expect((await presentSale(deviceId)).body.state).toBe("SUCCEEDED");

    await control.configure({ delaysSeconds: { cardPresent: 0 }, cardPresentMaxBlockSeconds: 60 });
    expect((await presentSale(deviceId, 300)).body.state).toBe("SUCCEEDED");
    expect((await presentSale(deviceId, 102)).body).toMatchObject({ state: "FAILED", failure_code: "GENERIC_DECLINE" });
  });

  it("answers PENDING when the buyer takes longer than the bounded wait", async () => {
    await control.configure({ delaysSeconds: { cardPresent: 600 }, cardPresentMaxBlockSeconds: 0 });
    const { deviceId } = await activeDevice();
    const answer = await presentSale(deviceId);
    expect(answer.body.state).toBe("PENDING");
    expect((await control.completeCardPresent(answer.body.id, "approve")).state).toBe("SUCCEEDED");
  });

  const CANCEL: { requestOutsideSpec: string; validateAs: [string, string] } = {
    requestOutsideSpec: "CANCEL is the processor's newer device action; its 2022 document lists none",
    validateAs: ["GET", "/transfers/{transfer_id}"],
  };

  it("cancels the waiting sale through the API: CANCELED with CANCELLATION_VIA_API, and the waiting call answers it", async () => {
    await control.configure({ delaysSeconds: { cardPresent: 600 }, cardPresentMaxBlockSeconds: 60 });
    const { deviceId } = await activeDevice();
    const answer = presentSale(deviceId);
    const id = await pendingOn(deviceId);
    const canceled = await processor("PUT", `/devices/${deviceId}`, { action: "CANCEL" }, CANCEL);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ id, state: "CANCELED", failure_code: "CANCELLATION_VIA_API", source: null });
    expect((await answer).body).toMatchObject({ id, state: "CANCELED", failure_code: "CANCELLATION_VIA_API" });
  });

  it("lets a tap that lands before the cancel stand: the cancel answers the SUCCEEDED sale", async () => {
    await control.configure({ delaysSeconds: { cardPresent: 600 }, cardPresentMaxBlockSeconds: 60 });
    const { deviceId } = await activeDevice();
    expect(await control.tapOnCancel(deviceId)).toEqual({ armed: deviceId, on: "cancel" });
    const answer = presentSale(deviceId);
    const id = await pendingOn(deviceId);
    const lost = await processor("PUT", `/devices/${deviceId}`, { action: "CANCEL" }, CANCEL);
    expect(lost.body).toMatchObject({ id, state: "SUCCEEDED", failure_code: null });
    expect((await answer).body.state).toBe("SUCCEEDED");

    // The race is armed once: the next sale cancels.
    const next = presentSale(deviceId);
    await pendingOn(deviceId);
    expect((await processor("PUT", `/devices/${deviceId}`, { action: "CANCEL" }, CANCEL)).body.state).toBe("CANCELED");
    expect((await next).body.state).toBe("CANCELED");
  });

  it("refuses a cancel when no sale waits on the reader", async () => {
    const { deviceId } = await activeDevice();
    const refused = await processor("PUT", `/devices/${deviceId}`, { action: "CANCEL" }, { requestOutsideSpec: CANCEL.requestOutsideSpec });
    expect(refused.status).toBe(422);
    expect(refused.body._embedded.errors[0]).toMatchObject({ code: "INVALID_FIELD", field: "action" });
  });

  it("fails the waiting sale with DEVICE_OFFLINE when the reader drops off, and sells again once it is back", async () => {
    await control.configure({ delaysSeconds: { cardPresent: 600 }, cardPresentMaxBlockSeconds: 60 });
    const { deviceId } = await activeDevice();
    const answer = presentSale(deviceId);
    const id = await pendingOn(deviceId);
    expect((await control.setDeviceConnection(deviceId, "CLOSED")).connection).toBe("CLOSED");
    expect((await answer).body).toMatchObject({ id, state: "FAILED", failure_code: "DEVICE_OFFLINE", source: null });

    await control.setDeviceConnection(deviceId, "OPEN");
    expect((await processor("GET", `/devices/${deviceId}?include_connection=true`)).body.connection).toBe("OPEN");
    const again = presentSale(deviceId);
    await control.completeCardPresent(await pendingOn(deviceId), "approve");
    expect((await again).body.state).toBe("SUCCEEDED");
  });

  it("refuses a reader that is not activated or not connected", async () => {
    const { deviceId } = await activeDevice();
    await control.setDeviceConnection(deviceId, "CLOSED");
    const offline = await presentSale(deviceId);
    expect(offline.status).toBe(422);
    expect(offline.body._embedded.errors[0].field).toBe("device");
  });
});
