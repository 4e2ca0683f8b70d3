import { PROCESSOR_WEBHOOK_PATH } from "../../processor-webhooks/processor-webhooks.routes";
import { view, PLURALS } from "../rest/views";
import type { EnabledEvent, Stored } from "../state/records";
import type { EventKind, Sandbox } from "../state/sandbox";

const SERVICE_WEBHOOK_ID = "WHsandboxServiceInboundRoute";

/**
 * Until the platform registers a webhook of its own, every event goes to the service's inbound route, signed with
 * the key and sent with the credentials the service is configured with: the built-in sandbox works with no setup.
 */
function serviceWebhook(sandbox: Sandbox): Stored<"webhook"> {
  const { env } = sandbox;
  const epoch = new Date(0).toISOString();
  return {
    record: {
      id: SERVICE_WEBHOOK_ID,
      application: sandbox.applicationId,
      url: PROCESSOR_WEBHOOK_PATH,
      enabled: true,
      enabled_events: [],
      authentication: { type: "BASIC" },
      secret_signing_key: env.PROCESSOR_WEBHOOK_SIGNING_KEY.split(",")[0]!.trim(),
      previous_secret_expires_at: null,
      created_at: epoch,
      updated_at: epoch,
    },
    internal: {
      authentication: { type: "BASIC", basic: { username: env.PROCESSOR_WEBHOOK_USERNAME, password: env.PROCESSOR_WEBHOOK_PASSWORD } },
    },
  };
}

export function deliveryWebhook(sandbox: Sandbox, webhookId: string): Stored<"webhook"> | null {
  return webhookId === SERVICE_WEBHOOK_ID ? serviceWebhook(sandbox) : sandbox.store.find("webhook", webhookId);
}

/** A webhook with no `enabled_events` receives everything. */
function subscribes(enabledEvents: EnabledEvent[], entity: string, type: string): boolean {
  return enabledEvents.length === 0 || enabledEvents.some((event) => event.entity === entity && event.types.includes(type));
}

/**
 * Queues one delivery per enabled, subscribed webhook. The body is fixed now, as the processor sends the
 * resource as it was when the event happened, even if it is delivered (or retried) later.
 */
export function enqueueEvent<K extends EventKind>(sandbox: Sandbox, kind: K, type: string, stored: Stored<K>): number {
  const registered = sandbox.store.all("webhook", [{ field: "enabled", equals: true }]);
  const webhooks =
    registered.length === 0
      ? [serviceWebhook(sandbox)]
      : registered.filter((webhook) => subscribes(webhook.record.enabled_events, kind, type));
  if (webhooks.length === 0) return 0;
  const body = JSON.stringify({
    type,
    entity: kind,
    occurred_at: sandbox.nowIso(),
    _embedded: { [PLURALS[kind]]: [view(kind, stored, sandbox.webhookLinkBase)] },
  });
  for (const webhook of webhooks) {
    sandbox.sql.exec(
      `INSERT INTO deliveries (webhook_id, entity, type, resource_id, body, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
      webhook.record.id,
      kind,
      type,
      stored.record.id,
      body,
      sandbox.nowMs(),
      sandbox.nowIso(),
    );
  }
  return webhooks.length;
}

export function nextDeliveryDue(sql: SqlStorage): number | null {
  return sql.exec<{ at: number | null }>("SELECT MIN(next_attempt_at) AS at FROM deliveries WHERE status = 'pending'").one().at;
}
