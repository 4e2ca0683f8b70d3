import { describe, expect, it } from "vitest";

import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpAt, totpStep } from "../../../src/accounts/totp";

// RFC 6238, appendix B: the SHA-1 seed is the ASCII string "12345678901234567890", codes of 8 digits.
const RFC_SEED = new TextEncoder().encode("12345678901234567890");
const RFC_6238_SHA1: [seconds: number, code: string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238) over WebCrypto HMAC-SHA1", () => {
  it.each(RFC_6238_SHA1)("gives the RFC's code at T = %i s", async (seconds, code) => {
    expect(await totpAt(RFC_SEED, seconds * 1000, 8)).toBe(code);
  });

  it("matches RFC 4226's HOTP values (appendix D) at six digits", async () => {
    const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    expect(await Promise.all(expected.map((_, counter) => hotp(RFC_SEED, counter)))).toEqual(expected);
  });

  it("reads and writes base32 as RFC 4648 does, as authenticator apps take a key", () => {
    const vectors: [string, string][] = [
      ["", ""],
      ["f", "MY"],
      ["fo", "MZXQ"],
      ["foo", "MZXW6"],
      ["foob", "MZXW6YQ"],
      ["fooba", "MZXW6YTB"],
      ["foobar", "MZXW6YTBOI"],
    ];
    for (const [text, encoded] of vectors) {
      expect(base32Encode(new TextEncoder().encode(text))).toBe(encoded);
      expect(new TextDecoder().decode(base32Decode(encoded))).toBe(text);
    }
    expect(base32Encode(RFC_SEED)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("gezd gnbv gy3t qojq gezd gnbv gy3t qojq")).toEqual(RFC_SEED);
    expect(() => base32Decode("not base32!")).toThrow();
  });

  it("takes the current 30-second step and one either side, not two", async () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) expect(await matchTotp(RFC_SEED, await hotp(RFC_SEED, step + offset), now, 0)).toBe(step + offset);
    for (const offset of [-2, 2]) expect(await matchTotp(RFC_SEED, await hotp(RFC_SEED, step + offset), now, 0)).toBeNull();
  });

  it("never takes a code for a step at or before the last one used: no code works twice", async () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    const code = await hotp(RFC_SEED, step);
    expect(await matchTotp(RFC_SEED, code, now, step - 1)).toBe(step);
    // Right, but for a step already used: said so, so the person waits for the next code.
    expect(await matchTotp(RFC_SEED, code, now, step)).toBe("used");
    expect(await matchTotp(RFC_SEED, await hotp(RFC_SEED, step - 1), now, step)).toBe("used");
    expect(await matchTotp(RFC_SEED, await hotp(RFC_SEED, step + 1), now, step)).toBe(step + 1);
  });

  it("takes only six digits", async () => {
    const now = 1_700_000_000_000;
    const code = await totpAt(RFC_SEED, now);
    for (const typed of [` ${code}`, `${code}0`, code.slice(1), "", "abcdef"]) expect(await matchTotp(RFC_SEED, typed, now, 0)).toBeNull();
  });

  it("writes the otpauth:// URI authenticator apps read", () => {
    expect(otpauthUri({ secret: "GEZDGNBVGY3TQOJQ", account: "owner@bluebottle.example", issuer: "Payment Connect" })).toBe(
      "otpauth://totp/Payment%20Connect:owner%40bluebottle.example?secret=GEZDGNBVGY3TQOJQ&issuer=Payment%20Connect&algorithm=SHA1&digits=6&period=30",
    );
  });
});
