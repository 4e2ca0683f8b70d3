import { placedShard } from "../placement/shards";

/**
 * The body of a message on the callbacks queue (and its dead-letter queue): one message carries one delivery, the shard
 * that held it when it was sent and its tenant. A tenant may have moved since: the consumer delivers from the tenant's
 * shard of the moment, so a message naming the old shard is still delivered once, from the new one.
 */
export type CallbackMessage = { deliveryId: string; shard: string; tenantId?: string };

/**
 * The delivery a message asks for, or null for a body that is not a CallbackMessage (acknowledged and logged, never
 * retried). A message sent before shards names no shard (the control database, where every tenant's delivery was then)
 * and no tenant: the consumer finds its tenant by the delivery and delivers from the tenant's shard of the moment.
 */
export function readCallbackMessage(body: unknown): CallbackMessage | null {
  if (typeof body !== "object" || body === null) return null;
  const { deliveryId, shard, tenantId } = body as Record<string, unknown>;
  if (typeof deliveryId !== "string" || !deliveryId.startsWith("dlv_")) return null;
  if (shard !== undefined && typeof shard !== "string") return null;
  if (tenantId !== undefined && typeof tenantId !== "string") return null;
  return { deliveryId, shard: placedShard(shard), ...(tenantId === undefined ? {} : { tenantId }) };
}
