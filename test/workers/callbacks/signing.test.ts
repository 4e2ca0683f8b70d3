import Stripe from "stripe";
import { describe, expect, it } from "vitest";

import { verifyCallbackSignature } from "../../../examples/receiver/verify-callback";
import { signatureHeader } from "../../../src/callbacks/signing";
import { generateSigningSecret } from "../../../src/callbacks/signing-secrets";
import { independentHmacHex } from "../support/callbacks";

const rawBody =
  '{"id":"event_3kTq9Wc2Zb7pLx0aYf4Rn","type":"transfer.updated","createdAtUtc":"2026-11-01T00:00:00.000Z","lcPaymentId":"lcpay_x","amount":"€1"}';
const now = new Date("2026-11-01T00:00:00.000Z");
const t = Math.floor(now.getTime() / 1000);

describe("LC-Signature", () => {
  it("is t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, `{t}.{rawBody}`)>, keyed with the whole secret string", async () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const header = await signatureHeader({ rawBody, secrets: [secret], timestamp: t });
    expect(header).toBe(`t=${t},v1=${await independentHmacHex(secret, `${t}.${rawBody}`)}`);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it("matches the worked example in docs/guides/callbacks.md", async () => {
    const body =
      '{"id":"event_3kTq9Wc2Zb7pLx0aYf4Rn","type":"transfer.updated","createdAtUtc":"2026-11-01T00:00:00.000Z","lcPaymentId":"lcpay_4gH2kLmN8pQrStUvWxYz1a",' +
      '"orderRef":"order-10042","status":"succeeded","processorTransferId":"TRv3Qm8xZ1LwK2","processorState":"SUCCEEDED"}';
    const header = await signatureHeader({
      rawBody: body,
      secrets: ["whsec_exampleexampleexampleexampleexampleexam"],
      timestamp: 1793577600,
    });
    expect(header).toBe("t=1793577600,v1=7729215e0701e6a41678f77959c38bdbc9acb241ddf68244e93a9a265aa7c317");
  });

  it("carries one v1 per active secret, in the order given", async () => {
    const [current, previous] = [generateSigningSecret(), generateSigningSecret()];
    const header = await signatureHeader({ rawBody, secrets: [current, previous], timestamp: t });
    expect(header).toBe(
      `t=${t},v1=${await independentHmacHex(current, `${t}.${rawBody}`)},v1=${await independentHmacHex(previous, `${t}.${rawBody}`)}`,
    );
  });
});

describe("verifyCallbackSignature (the receiver's function)", () => {
  const secret = generateSigningSecret();
  const signed = (timestamp = t, secrets = [secret]) => signatureHeader({ rawBody, secrets, timestamp });

  it("accepts a genuine callback, given the body as text or as bytes", async () => {
    const header = await signed();
    expect(await verifyCallbackSignature({ rawBody, signatureHeader: header, secret, now })).toEqual({ ok: true, timestamp: t });
    const bytes = new TextEncoder().encode(rawBody);
    expect(await verifyCallbackSignature({ rawBody: bytes, signatureHeader: header, secret, now })).toEqual({ ok: true, timestamp: t });
    expect(await verifyCallbackSignature({ rawBody: bytes.buffer as ArrayBuffer, signatureHeader: header, secret, now })).toMatchObject({
      ok: true,
    });
  });

  it("rejects a re-serialized or tampered body, another secret, and a missing or malformed header", async () => {
    const header = await signed();
    const reserialized = JSON.stringify(JSON.parse(rawBody), null, 1);
    expect(await verifyCallbackSignature({ rawBody: reserialized, signatureHeader: header, secret, now })).toEqual({
      ok: false,
      reason: "signature-mismatch",
    });
    expect(await verifyCallbackSignature({ rawBody: rawBody.replace("€1", "€2"), signatureHeader: header, secret, now })).toMatchObject({
      ok: false,
    });
    expect(await verifyCallbackSignature({ rawBody, signatureHeader: header, secret: generateSigningSecret(), now })).toEqual({
      ok: false,
      reason: "signature-mismatch",
    });
    expect(await verifyCallbackSignature({ rawBody, signatureHeader: null, secret, now })).toEqual({ ok: false, reason: "missing-header" });
    expect(await verifyCallbackSignature({ rawBody, signatureHeader: `t=${t}`, secret, now })).toEqual({
      ok: false,
      reason: "malformed-header",
    });
    expect(await verifyCallbackSignature({ rawBody, signatureHeader: header.replace(/^t=\d+/, "t=abc"), secret, now })).toEqual({
      ok: false,
      reason: "malformed-header",
    });
    // A signature moved to another timestamp no longer matches: t is part of what is signed.
    expect(await verifyCallbackSignature({ rawBody, signatureHeader: header.replace(`t=${t}`, `t=${t + 1}`), secret, now })).toEqual({
      ok: false,
      reason: "signature-mismatch",
    });
  });

  it("rejects |now − t| above the tolerance in both directions, and accepts at the boundary", async () => {
    const verify = async (timestamp: number, toleranceSeconds?: number) =>
      verifyCallbackSignature({
        rawBody,
        signatureHeader: await signed(timestamp),
        secret,
        now,
        ...(toleranceSeconds === undefined ? {} : { toleranceSeconds }),
      });
    expect(await verify(t - 300)).toMatchObject({ ok: true });
    expect(await verify(t + 300)).toMatchObject({ ok: true });
    expect(await verify(t - 301)).toEqual({ ok: false, reason: "timestamp-out-of-tolerance" });
    expect(await verify(t + 301)).toEqual({ ok: false, reason: "timestamp-out-of-tolerance" });
    expect(await verify(t - 60, 30)).toEqual({ ok: false, reason: "timestamp-out-of-tolerance" });
    expect(await verify(t - 60, 90)).toMatchObject({ ok: true });
  });

  it("accepts when any one of several v1 values matches, and checks each of several receiver secrets", async () => {
    const other = generateSigningSecret();
    const header = await signed(t, [other, secret]);
    expect(await verifyCallbackSignature({ rawBody, signatureHeader: header, secret, now })).toMatchObject({ ok: true });
    const single = await signed(t, [other]);
    expect(await verifyCallbackSignature({ rawBody, signatureHeader: single, secret: [secret, other], now })).toMatchObject({ ok: true });
    expect(await verifyCallbackSignature({ rawBody, signatureHeader: `${single},v2=${"0".repeat(64)}`, secret: other, now })).toMatchObject(
      { ok: true },
    );
  });
});

describe("an independent verifier of the same scheme (the Stripe Node library)", () => {
  it("accepts our signature and rejects a tampered body", async () => {
    const stripe = new Stripe("sk_test_unused");
    const secret = generateSigningSecret();
    const timestamp = Math.floor(Date.now() / 1000);
    const header = await signatureHeader({ rawBody, secrets: [secret], timestamp });
    const cryptoProvider = Stripe.createSubtleCryptoProvider();

    const event = await stripe.webhooks.constructEventAsync(rawBody, header, secret, 300, cryptoProvider);
    expect(event).toEqual(JSON.parse(rawBody));

    const rotated = await signatureHeader({ rawBody, secrets: [generateSigningSecret(), secret], timestamp });
    await expect(stripe.webhooks.constructEventAsync(rawBody, rotated, secret, 300, cryptoProvider)).resolves.toBeTruthy();
    await expect(stripe.webhooks.constructEventAsync(rawBody.replace("€1", "€2"), header, secret, 300, cryptoProvider)).rejects.toThrow(
      /signature/i,
    );
  });
});
