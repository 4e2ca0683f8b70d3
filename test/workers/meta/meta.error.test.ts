import { env } from "cloudflare:workers";
import { describe, it } from "vitest";

import { createApp } from "../../../src/app";
import { shardsOf } from "../../../src/placement/shards";
import { expectProblem } from "../support/http";

describe("health when the database is down", () => {
  it("GET /health/ready answers 503 when D1 is unreachable", async () => {
    const unreachable = {
      prepare() {
        throw new Error("D1_ERROR: network connection lost");
      },
    } as unknown as D1Database;
    const response = await createApp().fetch(new Request("https://payment-connect.test/health/ready"), { ...env, DB: unreachable });
    await expectProblem(response, 503, "service-unavailable");
  });

  it("GET /health/ready answers 503 when one tenant shard is unreachable, since its tenants cannot be served", async () => {
    const [shard] = shardsOf(env);
    const unreachable = {
      prepare() {
        throw new Error("D1_ERROR: network connection lost");
      },
    } as unknown as D1Database;
    const response = await createApp().fetch(new Request("https://payment-connect.test/health/ready"), {
      ...env,
      [shard!.binding]: unreachable,
    });
    await expectProblem(response, 503, "service-unavailable");
  });
});
