import { serviceAuditStatement } from "./accounts";
import { createApp } from "./app";
import { type GoneEndpoint, handleCallbackBatch } from "./callbacks";
import { createContext } from "./context";
import { withTrace } from "./lib/log";
import { placedShard } from "./placement/shards";
import type { RootContext } from "./platform/context";
import { type RequestLogMessage, storeRequestBatch } from "./requests";
import { runScheduledSweeps } from "./scheduled";
import { tenantShard } from "./tenants";
import { ReaderObject, readerTenant } from "./terminal";

export { IdempotencyStore } from "./idempotency/idempotency.durable-object";
export { ProcessorRateBudget } from "./processor";
export { RequestLogStore } from "./requests";

/** A reader's Durable Object, given the composition root's context (a capability may not import it). */
export class TerminalReader extends ReaderObject {
  /** Throws tenant-moving while a move pauses the tenant: the alarm tries again later, on whichever shard it is then. */
  protected async context(sale: { tenantId?: string; readerId: string }) {
    const ctx = createContext(this.env);
    const tenantId = sale.tenantId ?? (await readerTenant({ ctx, input: { readerId: sale.readerId } }));
    const shard = tenantId === null ? null : await tenantShard({ ctx, input: { tenantId } });
    return tenantId === null ? ctx.forShard(placedShard(null)) : ctx.forTenant({ id: tenantId, shard: placedShard(shard) });
  }
}

const app = createApp();

/** The tenant is told in its dashboard's audit log (callbacks may not import accounts, so the entry layer joins them). */
async function auditGoneEndpoints(ctx: RootContext, gone: GoneEndpoint[]): Promise<void> {
  const [first, ...rest] = gone.map(({ tenantId, endpointId, url }) =>
    serviceAuditStatement(ctx, { tenantId, action: "callback_endpoint.gone", target: `${endpointId} (${url ?? "no URL"})` }),
  );
  if (first) await ctx.control.batch([first, ...rest]);
}

export default {
  fetch: app.fetch,
  queue: (batch, env) =>
    withTrace(() =>
      // By suffix, so per-environment queue names (payment-connect-sandbox-request-log) are recognized too.
      batch.queue.endsWith("-request-log")
        ? storeRequestBatch({ ctx: createContext(env), input: batch as MessageBatch<RequestLogMessage> })
        : handleCallbackBatch({ ctx: createContext(env), input: batch, onEndpointsGone: auditGoneEndpoints }),
    ),
  scheduled(controller, env, executionCtx) {
    executionCtx.waitUntil(runScheduledSweeps(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
