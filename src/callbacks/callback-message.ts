import { CONTROL_BINDING } from "../db/shards";

/**
 * The body of a message on the callbacks queue (and its dead-letter queue): one message carries one delivery and the
 * shard that holds it.
 */
export type CallbackMessage = { deliveryId: string; shard: string };

/**
 * The delivery a message asks for, or null for a body that is not a CallbackMessage (acknowledged and logged, never
 * retried). A message sent before shards names none: its delivery is in the control database, where every tenant's was.
 */
export function readCallbackMessage(body: unknown): CallbackMessage | null {
  if (typeof body !== "object" || body === null) return null;
  const { deliveryId, shard } = body as Record<string, unknown>;
  if (typeof deliveryId !== "string" || !deliveryId.startsWith("dlv_")) return null;
  if (shard !== undefined && typeof shard !== "string") return null;
  return { deliveryId, shard: shard ?? CONTROL_BINDING };
}
