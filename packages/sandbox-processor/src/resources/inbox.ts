import type { Sandbox } from "../core/sandbox";

/** A request bin: webhook URLs can point here to see exactly what the sandbox sent (headers and raw body). */
export type InboxRequest = { id: number; method: string; url: string; headers: Record<string, string>; body: string; receivedAt: string };

export function recordInboxRequest(sandbox: Sandbox, name: string, request: Omit<InboxRequest, "id" | "receivedAt">): void {
  sandbox.sql.exec(
    "INSERT INTO inbox (name, method, url, headers, body, received_at) VALUES (?, ?, ?, ?, ?, ?)",
    name,
    request.method,
    request.url,
    JSON.stringify(request.headers),
    request.body,
    sandbox.nowIso(),
  );
}

export function readInbox(sandbox: Sandbox, name: string): InboxRequest[] {
  return sandbox.sql
    .exec<{ id: number; method: string; url: string; headers: string; body: string; received_at: string }>(
      "SELECT id, method, url, headers, body, received_at FROM inbox WHERE name = ? ORDER BY id",
      name,
    )
    .toArray()
    .map((row) => ({
      id: row.id,
      method: row.method,
      url: row.url,
      headers: JSON.parse(row.headers) as Record<string, string>,
      body: row.body,
      receivedAt: row.received_at,
    }));
}
