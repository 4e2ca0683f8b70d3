import type { Sandbox } from "../core/sandbox";

/**
 * The calls the service made with the platform's credential, counted by operation (`POST /transfers`,
 * `GET /transfers/{transfer_id}`) since the last reset: what the processor's rate limit counts, reads (GET) apart from
 * writes. Calls through `/sandbox/processor` (browsers, curl, tests reading the processor's records) are not the
 * service's and are left out.
 */
export function countCall(sandbox: Sandbox, operation: string): void {
  sandbox.sql.exec("INSERT INTO calls (operation, count) VALUES (?, 1) ON CONFLICT (operation) DO UPDATE SET count = count + 1", operation);
}

/** Every operation called so far with its count, by operation. */
export function listCalls(sandbox: Sandbox): Record<string, number> {
  const rows = sandbox.sql.exec<{ operation: string; count: number }>("SELECT operation, count FROM calls ORDER BY operation").toArray();
  return Object.fromEntries(rows.map((row) => [row.operation, row.count]));
}
