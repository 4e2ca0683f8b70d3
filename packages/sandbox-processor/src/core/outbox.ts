import type { EnabledEvent, Kind, Stored } from "./records";
import type { ResourceStore } from "./store";
import { PLURALS, view } from "./views";

/** The service's inbound route for processor webhooks: where events go until the platform registers a webhook. */
export const SERVICE_WEBHOOK_PATH = "/webhooks/processor";
const SERVICE_WEBHOOK_ID = "WHsandboxServiceInboundRoute";

export type EventKind = Extract<
  Kind,
  | "transfer"
  | "authorization"
  | "dispute"
  | "evidence"
  | "merchant"
  | "onboarding_form"
  | "checkout_form"
  | "payment_link"
  | "compliance_form"
  | "settlement"
>;

/** The credentials the service is configured with for its inbound webhook (the same secrets, given to the sandbox). */
export type ServiceWebhookSettings = {
  applicationId: string;
  /** Comma-separated during a rotation; the sandbox signs with the first. */
  signingKeys: string;
  username: string;
  password: string;
};

/**
 * Until the platform registers a webhook of its own, every event goes to the service's inbound route, signed with
 * the key and sent with the credentials the service is configured with: the built-in sandbox works with no setup.
 */
export function serviceWebhook(settings: ServiceWebhookSettings): Stored<"webhook"> {
  const epoch = new Date(0).toISOString();
  return {
    record: {
      id: SERVICE_WEBHOOK_ID,
      application: settings.applicationId,
      url: SERVICE_WEBHOOK_PATH,
      enabled: true,
      enabled_events: [],
      authentication: { type: "BASIC" },
      secret_signing_key: settings.signingKeys.split(",")[0]!.trim(),
      previous_secret_expires_at: null,
      created_at: epoch,
      updated_at: epoch,
    },
    internal: { authentication: { type: "BASIC", basic: { username: settings.username, password: settings.password } } },
  };
}

/** The webhook a queued delivery belongs to: a registered one, or the service's default route. */
export function deliveryWebhook(store: ResourceStore, service: Stored<"webhook">, webhookId: string): Stored<"webhook"> | null {
  return webhookId === service.record.id ? service : store.find("webhook", webhookId);
}

/** A webhook with no `enabled_events` receives everything. */
function subscribes(enabledEvents: EnabledEvent[], entity: string, type: string): boolean {
  return enabledEvents.length === 0 || enabledEvents.some((event) => event.entity === entity && event.types.includes(type));
}

/** What queuing an event needs from the sandbox's world; passed in, so the outbox knows nothing of the world itself. */
export type OutboxContext = {
  sql: SqlStorage;
  store: ResourceStore;
  service: Stored<"webhook">;
  nowMs: number;
  /** Where `_links` in webhook bodies point: the service's public origin and the sandbox's REST prefix. */
  linkBase: string;
  /** The stand-in mode: webhook bodies as a later version of the API might send them. */
  standIn: boolean;
};

/**
 * Queues one delivery per enabled, subscribed webhook. The body is fixed now, as the processor sends the
 * resource as it was when the event happened, even if it is delivered (or retried) later.
 */
export function enqueueEvent<K extends EventKind>(outbox: OutboxContext, kind: K, type: string, stored: Stored<K>): number {
  const registered = outbox.store.all("webhook", [{ field: "enabled", equals: true }]);
  const webhooks =
    registered.length === 0 ? [outbox.service] : registered.filter((webhook) => subscribes(webhook.record.enabled_events, kind, type));
  if (webhooks.length === 0) return 0;
  const occurredAt = new Date(outbox.nowMs).toISOString();
  const body = JSON.stringify({
    type,
    entity: kind,
    occurred_at: occurredAt,
    _embedded: { [PLURALS[kind]]: [view(kind, stored, outbox.linkBase, { standIn: outbox.standIn })] },
  });
  for (const webhook of webhooks) {
    outbox.sql.exec(
      `INSERT INTO deliveries (webhook_id, entity, type, resource_id, body, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
      webhook.record.id,
      kind,
      type,
      stored.record.id,
      body,
      outbox.nowMs,
      occurredAt,
    );
  }
  return webhooks.length;
}

export function nextDeliveryDue(sql: SqlStorage): number | null {
  return sql.exec<{ at: number | null }>("SELECT MIN(next_attempt_at) AS at FROM deliveries WHERE status = 'pending'").one().at;
}
