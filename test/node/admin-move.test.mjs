// `npm run admin -- tenant move`: the operator route called until the move is done (or its step keeps failing),
// --all-unplaced moving every tenant from before shards one by one, --cancel rolling a move back; `tenant moves` listing
// them. The service here is a stand-in that answers as the operator routes do.
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ADMIN = path.join(import.meta.dirname, "../../scripts/admin.mjs");
const SECRET = "test-admin-secret";

const failingMove = (tenantId, failures) => ({
  tenantId,
  from: "DB_SHARD_US_1",
  to: "DB_SHARD_US_2",
  region: "us",
  step: "copy",
  paused: false,
  tables: [],
  flippedAtUtc: null,
  lastError: "copy: Error: D1_ERROR: disk full",
  failures,
});

/** Two pages of the operator's list of moves: one stuck and failing, one done. */
const MOVE_PAGES = {
  "": {
    data: [
      {
        tenantId: "ten_stuckOne",
        from: "DB_SHARD_US_1",
        to: "DB_SHARD_US_2",
        step: "copy",
        finishedAtUtc: null,
        ageSeconds: 1500,
        idleSeconds: 1300,
        stuck: true,
        failures: 5,
        nextAttemptAtUtc: "2026-11-26T10:31:00.000Z",
        lastError: "copy: Error: D1_ERROR: disk full",
      },
    ],
    hasMore: true,
    nextCursor: "page-2",
  },
  "page-2": {
    data: [
      { tenantId: "ten_doneOne", from: "DB_SHARD_US_1", to: "DB_SHARD_US_2", step: "done", finishedAtUtc: "2026-11-26T09:00:00.000Z" },
    ],
    hasMore: false,
    nextCursor: "",
  },
};

/** Each tenant's move answers 202 `calls` times, then 200; every request is recorded. */
function standIn(tenants) {
  const requests = [];
  const remaining = new Map();
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => answer(request, response, body));
  });
  /** @param {import("node:http").IncomingMessage} request @param {import("node:http").ServerResponse} response @param {string} body */
  function answer(request, response, body) {
    requests.push({ method: request.method, url: request.url, auth: request.headers.authorization, body: body ? JSON.parse(body) : null });
    const reply = (status, value) => response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
    if (request.method === "GET" && request.url?.startsWith("/admin/tenants?"))
      return reply(200, { data: tenants, hasMore: false, nextCursor: "" });
    if (request.method === "GET" && request.url?.startsWith("/admin/moves?")) {
      return reply(200, MOVE_PAGES[new URL(request.url, "http://x").searchParams.get("cursor") ?? ""]);
    }
    const cancelled = /^\/admin\/tenants\/(ten_\w+)\/move\/cancel$/.exec(request.url ?? "");
    if (request.method === "POST" && cancelled) {
      const left = remaining.get(cancelled[1]) ?? 1;
      remaining.set(cancelled[1], left - 1);
      const step = left > 0 ? "cancelling" : "cancelled";
      return reply(left > 0 ? 202 : 200, { ...failingMove(cancelled[1], 0), step, lastError: null });
    }
    if (request.method === "POST" && request.url === "/admin/tenants/ten_keepsFailing/move") {
      const failures = (remaining.get("ten_keepsFailing") ?? 0) + 1;
      remaining.set("ten_keepsFailing", failures);
      return reply(202, failingMove("ten_keepsFailing", failures));
    }
    const moved = /^\/admin\/tenants\/(ten_\w+)\/move$/.exec(request.url ?? "");
    if (request.method !== "POST" || !moved) return reply(404, { type: "not-found" });
    const left = remaining.get(moved[1]) ?? 2;
    remaining.set(moved[1], left - 1);
    const { to } = JSON.parse(body);
    const step = left > 0 ? "copy" : "done";
    return reply(left > 0 ? 202 : 200, {
      tenantId: moved[1],
      from: "DB",
      to,
      region: "us",
      step,
      paused: false,
      tables: [],
      lastError: null,
    });
  }
  return { server, requests };
}

let service;
let url;

beforeAll(async () => {
  service = standIn([
    { id: "ten_beforeShardsA", region: null },
    { id: "ten_placedAlready", region: "us" },
    { id: "ten_beforeShardsB", region: null },
  ]);
  await new Promise((resolve) => service.server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${service.server.address().port}`;
});

afterAll(() => new Promise((resolve) => service.server.close(resolve)));

const admin = (...args) =>
  promisify(execFile)(process.execPath, [ADMIN, ...args], { env: { ...process.env, PAYMENT_CONNECT_URL: url, ADMIN_SECRET: SECRET } });

describe("npm run admin -- tenant move", () => {
  it("calls the operator route until the move is done, with the operator secret, and prints it", async () => {
    const { stdout, stderr } = await admin("tenant", "move", "ten_oneTenant", "--to", "DB_SHARD_US_2");
    expect(JSON.parse(stdout)).toMatchObject({ tenantId: "ten_oneTenant", to: "DB_SHARD_US_2", step: "done" });
    const calls = service.requests.filter((request) => request.url === "/admin/tenants/ten_oneTenant/move");
    expect(calls).toHaveLength(3);
    for (const call of calls)
      expect(call).toMatchObject({ auth: `Bearer ${SECRET}`, body: { to: "DB_SHARD_US_2", allowCrossRegion: false } });
    expect(stderr).toContain("ten_oneTenant DB → DB_SHARD_US_2: copy");
  });

  it("asks for consent to another region only with --cross-region", async () => {
    await admin("tenant", "move", "ten_crossing", "--to", "DB_SHARD_EU_1", "--cross-region");
    const call = service.requests.find((request) => request.url === "/admin/tenants/ten_crossing/move");
    expect(call.body).toEqual({ to: "DB_SHARD_EU_1", allowCrossRegion: true });
  });

  it("moves every tenant from before shards with --all-unplaced, and no other", async () => {
    const { stdout } = await admin("tenant", "move", "--all-unplaced", "--to", "DB_SHARD_US_1");
    expect(JSON.parse(stdout).data.map((move) => move.tenantId)).toEqual(["ten_beforeShardsA", "ten_beforeShardsB"]);
    expect(service.requests.some((request) => request.url === "/admin/tenants/ten_placedAlready/move")).toBe(false);
  });

  it("refuses a move without --to", async () => {
    await expect(admin("tenant", "move", "ten_oneTenant")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--to <shard>"),
    });
  });
});

describe("npm run admin -- tenant move, when a step keeps failing", () => {
  it("stops after three failures in a row with the error and the way back, instead of retrying for ever", async () => {
    const failed = admin("tenant", "move", "ten_keepsFailing", "--to", "DB_SHARD_US_2");
    await expect(failed).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("failed 3 times in a row: copy: Error: D1_ERROR: disk full"),
    });
    await expect(failed).rejects.toMatchObject({
      stderr: expect.stringContaining("npm run admin -- tenant move ten_keepsFailing --cancel"),
    });

    expect(service.requests.filter((request) => request.url === "/admin/tenants/ten_keepsFailing/move")).toHaveLength(3);
  });
});

describe("npm run admin -- tenant move --cancel", () => {
  it("calls the cancel route until the move is cancelled, and prints it", async () => {
    const { stdout, stderr } = await admin("tenant", "move", "ten_rolledBack", "--cancel");
    expect(JSON.parse(stdout)).toMatchObject({ tenantId: "ten_rolledBack", step: "cancelled" });
    const calls = service.requests.filter((request) => request.url === "/admin/tenants/ten_rolledBack/move/cancel");
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call).toMatchObject({ method: "POST", auth: `Bearer ${SECRET}` });
    expect(stderr).toContain("ten_rolledBack DB_SHARD_US_1 → DB_SHARD_US_2: cancelling");
  });

  it("refuses --cancel with --to", async () => {
    await expect(admin("tenant", "move", "ten_rolledBack", "--cancel", "--to", "DB_SHARD_US_2")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--cancel takes a tenant id alone"),
    });
  });
});

describe("npm run admin -- tenant moves", () => {
  it("prints every page of the operator's list, and says which moves are unfinished and stuck", async () => {
    const { stdout, stderr } = await admin("tenant", "moves");
    expect(JSON.parse(stdout).data.map((move) => move.tenantId)).toEqual(["ten_stuckOne", "ten_doneOne"]);
    const pages = service.requests.filter((request) => request.url?.startsWith("/admin/moves?"));
    expect(pages.map((request) => new URL(request.url, "http://x").searchParams.get("cursor"))).toEqual([null, "page-2"]);
    expect(pages[0]).toMatchObject({ method: "GET", auth: `Bearer ${SECRET}` });
    expect(stderr).toContain("1 unfinished, 1 stuck.");
    expect(stderr).toContain(
      "ten_stuckOne DB_SHARD_US_1 → DB_SHARD_US_2: copy, 25 min old, last progress 21 min ago, failed 5× (next try 2026-11-26T10:31:00.000Z) — copy: Error: D1_ERROR: disk full  STUCK",
    );
  });
});
