import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { call } from "../support/http";

describe("GET /v1/meta", () => {
  it("contains no secret", async () => {
    const text = await (await call("/v1/meta")).text();
    for (const secret of [env.ADMIN_SECRET, env.KEY_PEPPER, env.PROCESSOR_PASSWORD, env.PROCESSOR_WEBHOOK_SIGNING_KEY]) {
      expect(text).not.toContain(secret);
    }
  });
});
