import type { EventType } from "../outbox/event-types";
import type { EventRecord } from "../outbox/events.schema";
import type { ArchivedEvent } from "./archive";
import type { CallbackEndpoint, CallbackSettings, RevealedSigningSecret, SigningSecretInfo } from "./callback-endpoints.service";
import type { DeliveryAttemptRecord } from "./deliveries.schema";
import type { DeliveryRecord } from "./deliveries.service";

/** Wire shapes of the callbacks capability: one mapper per shape, so internal columns never leak. */
const toSigningSecretInfo = (secret: SigningSecretInfo) => ({
  id: secret.id,
  createdAtUtc: secret.createdAt,
  expiresAtUtc: secret.expiresAt,
});

export const toCallbackSettings = (tenantId: string, settings: CallbackSettings) => ({
  tenantId,
  url: settings.url,
  enabled: settings.url !== null,
  signingSecrets: settings.signingSecrets.map(toSigningSecretInfo),
  createdAtUtc: settings.createdAt,
  updatedAtUtc: settings.updatedAt,
});

export const toCallbackEndpoint = (endpoint: CallbackEndpoint) => ({
  id: endpoint.id,
  url: endpoint.url,
  description: endpoint.description,
  enabledEvents: endpoint.enabledEvents,
  disabled: endpoint.disabledAt !== null,
  disabledReason: endpoint.disabledReason,
  createdAtUtc: endpoint.createdAt,
  updatedAtUtc: endpoint.updatedAt,
});

export const toRevealedSigningSecrets = (secrets: RevealedSigningSecret[]) => ({
  data: secrets.map((secret) => ({ ...toSigningSecretInfo(secret), secret: secret.secret })),
});

export const toEvent = (event: EventRecord) => ({
  id: event.id,
  type: event.type,
  createdAtUtc: event.createdAt,
  enqueuedAtUtc: event.enqueuedAt,
  body: JSON.parse(event.payload) as Record<string, unknown>,
});

/** The tenant's view of an event: the callback's body as stored, parsed and never rebuilt. */
export const toTenantEvent = (event: EventRecord) => ({
  id: event.id,
  type: event.type as EventType,
  createdAtUtc: event.createdAt,
  body: JSON.parse(event.payload) as Record<string, unknown>,
});

const toAttempt = (attempt: DeliveryAttemptRecord) => ({
  attemptNumber: attempt.attemptNumber,
  attemptedAtUtc: attempt.attemptedAt,
  url: attempt.url,
  statusCode: attempt.statusCode,
  error: attempt.error,
  durationMs: attempt.durationMs,
  nextAttemptAtUtc: attempt.nextAttemptAt,
});

export const toDelivery = (delivery: DeliveryRecord) => ({
  id: delivery.id,
  eventId: delivery.eventId,
  endpointId: delivery.endpointId,
  eventType: delivery.eventType,
  origin: delivery.origin,
  status: delivery.status,
  attemptCount: delivery.attemptCount,
  lastStatusCode: delivery.lastStatusCode,
  lastError: delivery.lastError,
  lastAttemptAtUtc: delivery.lastAttemptAt,
  nextAttemptAtUtc: delivery.nextAttemptAt,
  deliveredAtUtc: delivery.deliveredAt,
  failedAtUtc: delivery.failedAt,
  createdAtUtc: delivery.createdAt,
  attempts: delivery.attempts.map(toAttempt),
});

export const toArchivedEvent = ({ event, deliveries }: ArchivedEvent) => ({
  ...toEvent(event),
  deliveries: deliveries.map(toDelivery),
});
