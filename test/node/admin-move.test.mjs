// `npm run admin -- tenant move`: the operator route called until the move is done, and --all-unplaced moving every
// tenant from before shards one by one. The service here is a stand-in that answers as the operator route does.
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ADMIN = path.join(import.meta.dirname, "../../scripts/admin.mjs");
const SECRET = "test-admin-secret";

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
