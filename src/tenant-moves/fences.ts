import type { FenceState } from "../placement/tenant-fences.schema";

/**
 * The statement that sets a tenant's fence on a move's source or target (src/placement/tenant-fences.schema.ts). `replacing`
 * names the states an existing fence may be changed from, so that a step run late by a second driver can never lift a
 * fence a later step raised; unset, any fence is replaced.
 */
export function fenceStatement(
  d1: D1Database,
  input: { tenantId: string; state: FenceState; moveStartedAt: string; replacing?: FenceState[] },
): D1PreparedStatement {
  const only = input.replacing ? ` WHERE "state" IN (${input.replacing.map((state) => `'${state}'`).join(", ")})` : "";
  return d1
    .prepare(
      `INSERT INTO "tenant_fences" ("tenant_id", "state", "move_started_at") VALUES (?1, ?2, ?3)` +
        ` ON CONFLICT ("tenant_id") DO UPDATE SET "state" = excluded."state", "move_started_at" = excluded."move_started_at"${only}`,
    )
    .bind(input.tenantId, input.state, input.moveStartedAt);
}

/** Removes a tenant's fence in `state`: its rows here are live again. */
export function unfenceStatement(d1: D1Database, input: { tenantId: string; state: FenceState }): D1PreparedStatement {
  return d1.prepare(`DELETE FROM "tenant_fences" WHERE "tenant_id" = ? AND "state" = ?`).bind(input.tenantId, input.state);
}
