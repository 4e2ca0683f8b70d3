// `npm run admin -- processor-webhooks list | reapply`: the operator routes called with the operator secret, their
// cursors followed to the last page. The service here is a stand-in that answers as the operator routes do.
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ADMIN = path.join(import.meta.dirname, "../../scripts/admin.mjs");
const SECRET = "test-admin-secret";

const receipt = (id, outcome) => ({
  id,
  outcome,
  entity: "transfer",
  type: "updated",
  reason: [{ field: "_embedded.transfers.0.state", message: "Invalid option" }],
});

/** Two pages of unprocessable receipts; reapply answers two pages too, the second with one still unprocessable. */
function standIn() {
  const requests = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      requests.push({
        method: request.method,
        url: request.url,
        auth: request.headers.authorization,
        body: body ? JSON.parse(body) : null,
      });
      const reply = (status, value) => response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
      const url = new URL(request.url ?? "/", "http://stand-in");
      if (request.method === "GET" && url.pathname === "/admin/processor-webhooks") {
        const first = !url.searchParams.get("cursor");
        const outcome = url.searchParams.get("outcome");
        return reply(200, {
          data: [receipt(first ? "pwh_one" : "pwh_two", outcome)],
          hasMore: first,
          nextCursor: first ? "page2.sig" : "",
        });
      }
      if (request.method === "POST" && url.pathname === "/admin/processor-webhooks/reapply") {
        const first = !JSON.parse(body).cursor;
        return reply(200, {
          data: first ? [{ id: "pwh_one", outcome: "applied", reason: null }] : [{ id: "pwh_two", outcome: "unprocessable", reason: [] }],
          hasMore: first,
          nextCursor: first ? "reapply2.sig" : "",
        });
      }
      return reply(404, { type: "not-found" });
    });
  });
  return { server, requests };
}

let service;
let url;

beforeAll(async () => {
  service = standIn();
  await new Promise((resolve) => service.server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${service.server.address().port}`;
});

afterAll(() => new Promise((resolve) => service.server.close(resolve)));

const admin = (...args) =>
  promisify(execFile)(process.execPath, [ADMIN, ...args], { env: { ...process.env, PAYMENT_CONNECT_URL: url, ADMIN_SECRET: SECRET } });

describe("npm run admin -- processor-webhooks", () => {
  it("list prints every unprocessable receipt, following the cursor, with the operator secret", async () => {
    const { stdout } = await admin("processor-webhooks", "list");
    expect(JSON.parse(stdout).data.map((item) => [item.id, item.outcome])).toEqual([
      ["pwh_one", "unprocessable"],
      ["pwh_two", "unprocessable"],
    ]);
    const calls = service.requests.filter((request) => request.url.startsWith("/admin/processor-webhooks?"));
    expect(calls.map((call) => call.url)).toEqual([
      "/admin/processor-webhooks?outcome=unprocessable&limit=100",
      "/admin/processor-webhooks?outcome=unprocessable&limit=100&cursor=page2.sig",
    ]);
    for (const call of calls) expect(call.auth).toBe(`Bearer ${SECRET}`);
  });

  it("list --outcome asks for that outcome", async () => {
    const { stdout } = await admin("processor-webhooks", "list", "--outcome", "applied");
    expect(JSON.parse(stdout).data.every((item) => item.outcome === "applied")).toBe(true);
  });

  it("reapply calls the route until its last page and says how many still fail", async () => {
    const { stdout, stderr } = await admin("processor-webhooks", "reapply");
    expect(JSON.parse(stdout).data).toEqual([
      { id: "pwh_one", outcome: "applied", reason: null },
      { id: "pwh_two", outcome: "unprocessable", reason: [] },
    ]);
    const calls = service.requests.filter((request) => request.url === "/admin/processor-webhooks/reapply");
    expect(calls.map((call) => [call.method, call.auth, call.body])).toEqual([
      ["POST", `Bearer ${SECRET}`, { limit: 50 }],
      ["POST", `Bearer ${SECRET}`, { limit: 50, cursor: "reapply2.sig" }],
    ]);
    expect(stderr).toContain("2 reapplied, 1 still unprocessable.");
  });
});
