import type { AppRouteHandler } from "../platform/types";
import type * as routes from "./move.operator.routes";
import { cancelMove, driveMove, getMove, listMoves, startMove } from "./move.service";
import { toMoveSummary, toTenantMove } from "./move.view";

/** What one call may spend on the move before answering 202: the CLI calls again, the cron goes on every minute. */
const REQUEST_BUDGET_MS = 10_000;

export const moveTenant: AppRouteHandler<typeof routes.moveTenant> = async (c) => {
  const ctx = c.get("ctx");
  const { tenantId } = c.req.valid("param");
  const started = await startMove({ ctx, input: { tenantId, ...c.req.valid("json") } });
  // Driven at once whatever the cron's backoff: the operator asked for it.
  const move = started.step === "done" ? started : await driveMove({ ctx, input: { tenantId, budgetMs: REQUEST_BUDGET_MS } });
  return c.json(toTenantMove(move), move.step === "done" ? 200 : 202);
};

export const getTenantMove: AppRouteHandler<typeof routes.getTenantMove> = async (c) =>
  c.json(toTenantMove(await getMove({ ctx: c.get("ctx"), input: c.req.valid("param") })), 200);

export const cancelTenantMove: AppRouteHandler<typeof routes.cancelTenantMove> = async (c) => {
  const ctx = c.get("ctx");
  const { tenantId } = c.req.valid("param");
  const cancelling = await cancelMove({ ctx, input: { tenantId } });
  const move = cancelling.step === "cancelled" ? cancelling : await driveMove({ ctx, input: { tenantId, budgetMs: REQUEST_BUDGET_MS } });
  return c.json(toTenantMove(move), move.step === "cancelled" ? 200 : 202);
};

export const listTenantMoves: AppRouteHandler<typeof routes.listTenantMoves> = async (c) => {
  const ctx = c.get("ctx");
  const page = await listMoves({ ctx, input: c.req.valid("query") });
  c.header("Cache-Control", "no-store");
  return c.json({ ...page, data: page.data.map((move) => toMoveSummary(move, ctx.clock.nowMs())) }, 200);
};
