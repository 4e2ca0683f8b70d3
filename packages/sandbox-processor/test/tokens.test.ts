import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { call, jsonInit } from "./support/http";
import { bankFields, BUYER_IDENTITY, control, processor, TEST_CARD, tokenize } from "./support/sandbox-processor";

const tokensPath = `/sandbox/processor/applications/${env.PROCESSOR_APPLICATION_ID}/tokens`;

async function buyer(): Promise<string> {
  return (await processor("POST", "/identities", { entity: { first_name: "Tok" } }, BUYER_IDENTITY)).body.id;
}

function exchange(token: string, identity: string) {
  return processor("POST", "/payment_instruments", { type: "TOKEN", token, identity });
}

describe("browser tokenization", () => {
  it("answers the tokenization library's shape over HTTP without credentials, with CORS", async () => {
    const preflight = await call(tokensPath, {
      method: "OPTIONS",
      headers: { Origin: "https://shop.example", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const response = await call(tokensPath, jsonInit("POST", TEST_CARD, { Origin: "https://shop.example" }));
    expect(response.status).toBe(201);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const token = await response.json<Record<string, string>>();
    expect(token).toMatchObject({ instrument_type: "PAYMENT_CARD", currency: "USD" });
    expect(token.id).toMatch(/^TK[A-Za-z0-9]{22}$/);
    expect(token.fingerprint).toMatch(/^FPR/);
    expect(Date.parse(token.expires_at!) - Date.parse(token.created_at!)).toBe(30 * 60 * 1000);
    expect(JSON.stringify(token)).not.toContain(TEST_CARD.number);
    expect((await call(`/sandbox/processor/applications/APunknown/tokens`, jsonInit("POST", TEST_CARD))).status).toBe(404);
  });

  it("gives the same card the same fingerprint, and tokenizes bank accounts", async () => {
    const [a, b] = [await tokenize(TEST_CARD), await tokenize(TEST_CARD)];
    expect(a.body.id).not.toBe(b.body.id);
    expect(a.body.fingerprint).toBe(b.body.fingerprint);
    const bank = await tokenize(bankFields("987654321"));
    expect(bank.body.instrument_type).toBe("BANK_ACCOUNT");
    const instrument = await exchange(bank.body.id, await buyer());
    expect(instrument.body).toMatchObject({
      instrument_type: "BANK_ACCOUNT",
      masked_account_number: "XXXXX4321",
      fingerprint: bank.body.fingerprint,
    });
  });

  it("are single-use", async () => {
    const token = await tokenize(TEST_CARD);
    const identity = await buyer();
    expect((await exchange(token.body.id, identity)).status).toBe(201);
    const again = await exchange(token.body.id, identity);
    expect(again.status).toBe(422);
    expect(again.body._embedded.errors[0]).toMatchObject({ code: "INVALID_FIELD", field: "token" });
    expect(again.body._embedded.errors[0].message).toContain("already been used");
  });

  it("but the reusable test token becomes a card instrument for any identity, every time, and never expires", async () => {
    const [first, second] = [await buyer(), await buyer()];
    const instruments = [await exchange("TKsandboxVisa4895Success", first), await exchange("TKsandboxVisa4895Success", first)];
    await control.advanceClock(31 * 60);
    instruments.push(await exchange("TKsandboxVisa4895Success", second));
    for (const instrument of instruments) {
      expect(instrument.status).toBe(201);
      expect(instrument.body).toMatchObject({ instrument_type: "PAYMENT_CARD", brand: "VISA", last_four: "0006" });
    }
    expect(new Set(instruments.map((instrument) => instrument.body.id)).size).toBe(3);
    expect(instruments[2]!.body.identity).toBe(second);
  });

  it("expire thirty minutes after creation", async () => {
    const identity = await buyer();
    const young = await tokenize(TEST_CARD);
    const old = await tokenize(TEST_CARD);
    await control.advanceClock(29 * 60);
    expect((await exchange(young.body.id, identity)).status).toBe(201);
    await control.advanceClock(60);
    const expired = await exchange(old.body.id, identity);
    expect(expired.status).toBe(422);
    expect(expired.body._embedded.errors[0].message).toContain("expired");
  });
});

describe("sandbox browser assets", () => {
  it("serves the tokenization script with the processor library's entry points", async () => {
    const response = await call("/sandbox/finix.js");
    expect(response.headers.get("Content-Type")).toContain("javascript");
    const script = await response.text();
    for (const entry of ["PaymentForm", "CardTokenForm", "BankTokenForm", "TokenForm", "Auth", "/sandbox/processor/applications/"])
      expect(script).toContain(entry);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled to check that it parses, never run
    expect(() => new Function(script)).not.toThrow();
  });

  it("serves a self-contained example checkout that reads /v1/meta and tokenizes with the script", async () => {
    const page = await (await call("/sandbox/checkout")).text();
    expect(page.startsWith("<!DOCTYPE html>")).toBe(true);
    for (const id of ["payment-form", "token-output", "token-id", "meta-output", "charge-example"]) expect(page).toContain(`id="${id}"`);
    expect(page).toContain('src="/sandbox/finix.js"');
    expect(page).toContain('fetch("/v1/meta")');
    expect(page).not.toMatch(/(src|href)="https?:/);
  });

  it("lists the test inputs on the sandbox's front page", async () => {
    const page = await (await call("/sandbox")).text();
    expect(page).toContain('id="test-data"');
    for (const input of ["4895142232120006", "4000000000000127", "888888", "123120006", "Rejected Test Co"]) expect(page).toContain(input);
  });
});
