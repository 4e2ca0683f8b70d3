import { createRoute, z } from "@hono/zod-openapi";

import { tenantMoves } from "../placement/tenant-moves.schema";
import * as openapi from "../platform/openapi";
import { OPERATOR_PROBLEMS, operatorRoute, TENANT_NOT_FOUND, TenantParams } from "../platform/operator";

const TableProgressSchema = z
  .object({
    table: z.string().openapi({ example: "payments" }),
    copied: z
      .number()
      .int()
      .openapi({ description: "Rows written by the bulk copy (a row skipped for a parent not copied yet is the delta's)." }),
    compared: z
      .number()
      .int()
      .openapi({ description: "Source rows compared with the target's before the pause, the tenant still writing." }),
    repaired: z.number().int().openapi({
      description: "Rows the comparison found different with no change recorded for them, given to the target by the catch-up.",
    }),
    caughtUpWritten: z
      .number()
      .int()
      .openapi({ description: "Rows changed since their copy (recorded in the source's change log), written before the pause." }),
    caughtUpDeleted: z
      .number()
      .int()
      .openapi({ description: "Rows deleted on the source since their copy, deleted on the target before the pause." }),
    deltaWritten: z.number().int().openapi({ description: "Rows changed since the catch-up, written while the tenant was paused." }),
    deltaDeleted: z
      .number()
      .int()
      .openapi({ description: "Rows deleted on the source since the catch-up, deleted on the target while paused." }),
    sourceRows: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Rows changed since the pause began, verified on the source; null before the verification." }),
    targetRows: z.number().int().nullable(),
    sourceChecksum: z.string().nullable().openapi({
      description:
        "SHA-256 chained over the verified rows in change-log order, in batches (each row its values in column order, as JSON); the target's must be equal.",
    }),
    targetChecksum: z.string().nullable(),
    deleted: z.number().int().openapi({ description: "Rows deleted from the source after the flip." }),
  })
  .openapi("TenantMoveTable");

const StepSchema = z.enum(tenantMoves.step.enumValues).openapi({
  description:
    "`copy` (bulk, the tenant still writing to the source, each write recorded in its change log), `compare` (every row against the " +
    "target's, the tenant still writing), `catch-up` (the rows changed since, the tenant still writing), `drain` (writes paused; the " +
    "source's fence raised, refusing the writes of requests already routed to it), `delta` (the rows changed since the catch-up), " +
    "`verify` (counts and checksums of both sides' changed rows), `delete` (the map names the target; the source's rows are being " +
    "deleted), `done`; or, once the operator cancels it before the flip, `cancelling` (the tenant served from the source again, the " +
    "target's copy being deleted) and `cancelled` (nothing of the tenant left on the target).",
});

const PausedSchema = z
  .boolean()
  .openapi({ description: "Whether the tenant's requests answer 503 `tenant-moving` now (from `drain` to the flip)." });

const FailureFields = {
  lastError: z
    .string()
    .nullable()
    .openapi({ description: "Why the last step failed or the verification differed; cleared by the next step that succeeds." }),
  failures: z
    .number()
    .int()
    .openapi({
      description:
        "Steps failed in a row since the last one that succeeded (0: not failing). The cron retries a failing move after a minute, " +
        "doubling with each failure to at most an hour; the operator route and `npm run admin -- tenant move` retry it at once.",
    }),
  lastFailedAtUtc: z.string().nullable().openapi({ description: "When the last step failed; null once a step succeeds." }),
  nextAttemptAtUtc: z
    .string()
    .nullable()
    .openapi({ description: "When the cron tries a failing move again (its backoff); null when not failing (the next cron run)." }),
};

export const TenantMoveSchema = z
  .object({
    tenantId: z.string().openapi({ example: "ten_3kTq9Wc2Zb7pLx0aYf4Rn" }),
    from: z.string().openapi({
      example: "DB_SHARD_US_1",
      description: "The shard the data comes from (`DB`: the control database, for a tenant from before shards).",
    }),
    to: z.string().openapi({ example: "DB_SHARD_US_2" }),
    region: z.string().openapi({ example: "us", description: "The target's region: the tenant's region once the map flips." }),
    step: StepSchema,
    paused: PausedSchema,
    pauseMs: z.number().int().nullable().openapi({
      example: 1840,
      description:
        "How long the tenant was paused, from the pause to the flip (the source fenced, then the rows changed since the catch-up); null before the flip.",
    }),
    tables: z.array(TableProgressSchema),
    startedAtUtc: z.string(),
    updatedAtUtc: z.string().openapi({ description: "When a step last succeeded (the move's last progress); a failed step leaves it." }),
    flippedAtUtc: z.string().nullable().openapi({ description: "When the map named the target and the pause ended." }),
    finishedAtUtc: z.string().nullable().openapi({ description: "When the move ended: `done`, or `cancelled` by its rollback." }),
    ...FailureFields,
  })
  .openapi("TenantMove");

const tableExample = {
  table: "payments",
  copied: 1200,
  compared: 1203,
  repaired: 0,
  caughtUpWritten: 41,
  caughtUpDeleted: 0,
  deltaWritten: 3,
  deltaDeleted: 0,
  sourceRows: 3,
  targetRows: 3,
  sourceChecksum: "9f2c3b6f0a8d4e1b7c5a2f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c",
  targetChecksum: "9f2c3b6f0a8d4e1b7c5a2f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c",
  deleted: 1203,
};

export const moveExample = {
  tenantId: "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
  from: "DB_SHARD_US_1",
  to: "DB_SHARD_US_2",
  region: "us",
  step: "done",
  paused: false,
  pauseMs: 1840,
  tables: [tableExample],
  startedAtUtc: "2026-11-26T10:00:00.000Z",
  updatedAtUtc: "2026-11-26T10:01:05.000Z",
  flippedAtUtc: "2026-11-26T10:00:58.000Z",
  finishedAtUtc: "2026-11-26T10:01:05.000Z",
  lastError: null,
  failures: 0,
  lastFailedAtUtc: null,
  nextAttemptAtUtc: null,
};

const runningExample = {
  ...moveExample,
  step: "copy",
  pauseMs: null,
  tables: [
    {
      ...tableExample,
      copied: 400,
      compared: 0,
      caughtUpWritten: 0,
      deltaWritten: 0,
      sourceRows: null,
      targetRows: null,
      sourceChecksum: null,
      targetChecksum: null,
      deleted: 0,
    },
  ],
  flippedAtUtc: null,
  finishedAtUtc: null,
};

export const moveTenant = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/move",
  ...operatorRoute("Operator: tenants and keys"),
  operationId: "moveTenant",
  summary: "Move a tenant to another shard (start or resume)",
  description:
    "Copies the tenant's rows to `to` in bounded batches while it keeps working, records every write it makes meanwhile, compares every row and catches up on the rows changed, then pauses its " +
    "writes (its requests, and the late writes of requests routed to the source before, answer 503 `tenant-moving` with `Retry-After`: retry under the same " +
    "`Idempotency-Key`; queue messages and reader sales wait) only for the rows changed since and a verification of their counts and checksums per table, " +
    "flips the tenant → shard map, then deletes its rows from the source. Each call works for up to about ten " +
    "seconds and answers the move: 202 while it is under way (call again, or let the cron finish it), 200 once it is done. Repeating " +
    "the call resumes the same move. Within a region always allowed; across regions only with `allowCrossRegion`, since it moves where " +
    "the tenant's data lives. A tenant from before shards (region null) moves out of the control database the same way. " +
    "`npm run admin -- tenant move ten_… --to SHARD` drives it to the end.",
  request: {
    params: TenantParams,
    body: openapi.jsonBody(
      z
        .object({
          to: z
            .string()
            .regex(/^[A-Z][A-Z0-9_]*$/)
            .openapi({ description: "The target shard's D1 binding, as `GET /admin/shards` lists it." }),
          allowCrossRegion: z
            .boolean()
            .default(false)
            .openapi({ description: "Required (true) when `to` is in another region than the tenant's data." }),
        })
        .strict(),
      { to: "DB_SHARD_US_2", allowCrossRegion: false },
    ),
  },
  responses: {
    200: openapi.jsonContent(TenantMoveSchema, "The move is done (or the tenant was on `to` already: nothing to do).", moveExample),
    202: openapi.jsonContent(TenantMoveSchema, "The move is under way; call again to go on.", runningExample),
    ...openapi.problemResponses({
      400: {
        description: "Invalid body, a shard this deployment does not configure, or another region without `allowCrossRegion`.",
        examples: {
          "unknown-shard": {
            slug: "validation-failed",
            detail: "No shard DB_SHARD_XX_9; this deployment's shards: DB_SHARD_US_1, DB_SHARD_US_2, DB_SHARD_EU_1.",
            extensions: { errors: [{ field: "to", message: "must be one of: DB_SHARD_US_1, DB_SHARD_US_2, DB_SHARD_EU_1" }] },
          },
          "cross-region": {
            slug: "validation-failed",
            detail:
              "DB_SHARD_EU_1 is in region eu and tenant ten_3kTq9Wc2Zb7pLx0aYf4Rn's data is in us: moving it there changes where it lives; set allowCrossRegion to do so.",
            extensions: { errors: [{ field: "allowCrossRegion", message: "must be true to move the tenant's data from us to eu" }] },
          },
        },
      },
      ...TENANT_NOT_FOUND,
      409: {
        description: "Another move of the tenant, to another shard, is under way, or its last move is being cancelled.",
        examples: [
          { slug: "conflict", detail: "Tenant ten_3kTq9Wc2Zb7pLx0aYf4Rn is already moving to DB_SHARD_US_2; finish that move first." },
        ],
      },
      ...openapi.JSON_BODY_PROBLEMS,
      ...OPERATOR_PROBLEMS,
    }),
  },
});

export const getTenantMove = createRoute({
  method: "get",
  path: "/admin/tenants/{tenantId}/move",
  ...operatorRoute("Operator: tenants and keys"),
  operationId: "getTenantMove",
  summary: "A tenant's move: its step, progress and verification",
  description: "The tenant's current or last move, as `POST /admin/tenants/{tenantId}/move` answers it, without advancing it.",
  request: { params: TenantParams },
  responses: {
    200: openapi.jsonContent(TenantMoveSchema, "The move.", runningExample),
    ...openapi.problemResponses({
      400: "Malformed tenant id.",
      404: {
        description: "No such tenant, or it was never moved.",
        examples: [{ slug: "not-found", detail: "Tenant ten_3kTq9Wc2Zb7pLx0aYf4Rn has never been moved." }],
      },
      ...OPERATOR_PROBLEMS,
    }),
  },
});

const MoveSummarySchema = z
  .object({
    tenantId: z.string().openapi({ example: "ten_3kTq9Wc2Zb7pLx0aYf4Rn" }),
    from: z.string(),
    to: z.string(),
    region: z.string(),
    step: StepSchema,
    paused: PausedSchema,
    startedAtUtc: z.string(),
    updatedAtUtc: z.string().openapi({ description: "When a step last succeeded (the move's last progress); a failed step leaves it." }),
    finishedAtUtc: z.string().nullable(),
    ageSeconds: z.number().int().openapi({ description: "Seconds since the move started." }),
    idleSeconds: z.number().int().openapi({ description: "Seconds since its last progress (`updatedAtUtc`)." }),
    stuck: z.boolean().openapi({
      description:
        "Unfinished with no step succeeding for longer than `TENANT_MOVE_STUCK_MINUTES` (15 unless configured): failing, or driven by " +
        "nothing. `/health/ready` counts these as `stuckTenantMoves`.",
    }),
    ...FailureFields,
  })
  .openapi("TenantMoveSummary");

const failingMoveExample = {
  tenantId: "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
  from: "DB_SHARD_US_1",
  to: "DB_SHARD_US_2",
  region: "us",
  step: "copy",
  paused: false,
  startedAtUtc: "2026-11-26T10:00:00.000Z",
  updatedAtUtc: "2026-11-26T10:00:04.000Z",
  finishedAtUtc: null,
  ageSeconds: 1440,
  idleSeconds: 1436,
  stuck: true,
  lastError: "copy: Error: D1_ERROR: no such table: payments",
  failures: 5,
  lastFailedAtUtc: "2026-11-26T10:15:00.000Z",
  nextAttemptAtUtc: "2026-11-26T10:31:00.000Z",
};

export const listTenantMoves = openapi.listRoute(
  {
    path: "/admin/moves",
    ...operatorRoute("Operator: tenants and keys"),
    operationId: "listTenantMoves",
    summary: "Tenant moves under way or failing, and those finished in the last 7 days, newest first",
    description:
      "Every move not finished (its rollback included), and those `done` or `cancelled` in the last 7 days, most recently started " +
      "first: each with its step, the last error and how many steps failed in a row, when the cron tries it again, its age and " +
      "how long since it last progressed, and whether it is `stuck`. A stuck move: read its `lastError`, fix the cause and drive it " +
      "(`POST /admin/tenants/{tenantId}/move`), or before its flip roll it back (`POST /admin/tenants/{tenantId}/move/cancel`). " +
      "`npm run admin -- tenant moves` prints every page.",
  },
  {
    filters: {},
    item: MoveSummarySchema,
    name: "TenantMoveList",
    items: "moves",
    example: openapi.onePage(failingMoveExample),
    problems: OPERATOR_PROBLEMS,
  },
);

const cancelledExample = {
  ...runningExample,
  step: "cancelled",
  tables: [{ ...tableExample, copied: 400, sourceRows: null, targetRows: null, sourceChecksum: null, targetChecksum: null, deleted: 0 }],
  updatedAtUtc: "2026-11-26T10:02:10.000Z",
  finishedAtUtc: "2026-11-26T10:02:10.000Z",
};

export const cancelTenantMove = createRoute({
  method: "post",
  path: "/admin/tenants/{tenantId}/move/cancel",
  ...operatorRoute("Operator: tenants and keys"),
  operationId: "cancelTenantMove",
  summary: "Cancel a tenant's move before its flip: the tenant stays wholly on its source",
  description:
    "Rolls back a move that has not flipped yet (any step before `delete`): the tenant's writes resume on the source at once, " +
    "then the copy on the target is deleted (children first) and the move's fences on both shards are lifted, and the move ends " +
    "`cancelled` — nothing of the tenant left on the target, its data served from the source as before the move. Each call works " +
    "for up to about ten seconds and answers 202 while the rollback is under way (call again, or let the cron finish it), 200 once " +
    "it is `cancelled`; repeating it is harmless. After the flip the tenant's data lives on the target, so the move can only go " +
    "forward: 409. `npm run admin -- tenant move ten_… --cancel` drives it to the end.",
  request: { params: TenantParams },
  responses: {
    200: openapi.jsonContent(TenantMoveSchema, "The move is cancelled: the tenant is wholly on its source.", cancelledExample),
    202: openapi.jsonContent(TenantMoveSchema, "The rollback is under way; call again to go on.", {
      ...cancelledExample,
      step: "cancelling",
      finishedAtUtc: null,
    }),
    ...openapi.problemResponses({
      400: "Malformed tenant id.",
      404: {
        description: "No such tenant, or it was never moved.",
        examples: [{ slug: "not-found", detail: "Tenant ten_3kTq9Wc2Zb7pLx0aYf4Rn has never been moved." }],
      },
      409: {
        description: "The move is past its flip (or done): it can only go forward.",
        examples: [
          {
            slug: "conflict",
            detail:
              "Tenant ten_3kTq9Wc2Zb7pLx0aYf4Rn's move to DB_SHARD_US_2 is past its flip (delete): its data lives on DB_SHARD_US_2 now, so the move can only finish. Drive it with POST /admin/tenants/ten_3kTq9Wc2Zb7pLx0aYf4Rn/move.",
          },
        ],
      },
      ...OPERATOR_PROBLEMS,
    }),
  },
});
