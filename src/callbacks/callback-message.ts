/** The body of a message on the callbacks queue (and its dead-letter queue): one message carries one delivery. */
export type CallbackMessage = { deliveryId: string };

/** The delivery a message asks for, or null for a body that is not a CallbackMessage (acknowledged and logged, never retried). */
export function readCallbackMessage(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const { deliveryId } = body as Record<string, unknown>;
  return typeof deliveryId === "string" && deliveryId.startsWith("dlv_") ? deliveryId : null;
}
