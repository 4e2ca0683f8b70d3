/** The body of a message on the callbacks queue (and its dead-letter queue): one message carries one delivery. */
export type CallbackMessage = { deliveryId: string };

/**
 * What a message on the callbacks queue asks for. Messages sent before deliveries existed carry `{ eventId }`;
 * they still mean "deliver this event", so they are read here, in the one place that knows both shapes.
 */
export type CallbackWork = { kind: "delivery"; deliveryId: string } | { kind: "event"; eventId: string } | { kind: "unreadable" };

export function readCallbackMessage(body: unknown): CallbackWork {
  if (typeof body === "object" && body !== null) {
    const { deliveryId, eventId } = body as Record<string, unknown>;
    if (typeof deliveryId === "string" && deliveryId.startsWith("dlv_")) return { kind: "delivery", deliveryId };
    if (typeof eventId === "string" && eventId.startsWith("event_")) return { kind: "event", eventId };
  }
  return { kind: "unreadable" };
}
