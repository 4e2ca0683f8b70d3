import { invalidField, ProcessorError } from "../core/errors";
import { processorId, signingSecret } from "../core/ids";
import { logEvent } from "../core/log";
import type { EnabledEvent, Stored, WebhookAuthentication } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { postToWebhook } from "./deliveries";

export type CreateWebhookInput = {
  url: string;
  authentication?: WebhookAuthentication;
  enabled?: boolean;
  enabled_events?: EnabledEvent[];
};
export type UpdateWebhookInput = Partial<CreateWebhookInput>;

/** Absolute http(s) URLs, or a path on the service itself (delivered through the SERVICE binding). */
function checkUrl(url: string): void {
  if (url.startsWith("/")) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidField("url", "url must be an absolute http(s) URL.");
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw invalidField("url", "url must be an absolute http(s) URL.");
}

/** The processor's empty test POST: a URL that does not answer 2xx leaves the webhook disabled. */
async function answersTestEvent(sandbox: Sandbox, webhook: Stored<"webhook">): Promise<boolean> {
  try {
    const status = await postToWebhook(sandbox, webhook, "", sandbox.nowMs());
    if (status >= 200 && status < 300) return true;
    logEvent("warn", "sandbox webhook test event refused", { webhookId: webhook.record.id, status });
  } catch (error) {
    logEvent("warn", "sandbox webhook test event failed", { webhookId: webhook.record.id, error: String(error) });
  }
  return false;
}

export async function createWebhook(sandbox: Sandbox, input: CreateWebhookInput): Promise<Stored<"webhook">> {
  checkUrl(input.url);
  const authentication = input.authentication ?? { type: "NONE" };
  const now = sandbox.nowIso();
  const stored = sandbox.store.insert(
    "webhook",
    {
      id: processorId("WH"),
      application: sandbox.applicationId,
      url: input.url,
      enabled: input.enabled ?? true,
      enabled_events: input.enabled_events ?? [],
      authentication: { type: authentication.type },
      secret_signing_key: signingSecret(),
      previous_secret_expires_at: null,
      created_at: now,
      updated_at: now,
    },
    { authentication },
  );
  if (!stored.record.enabled || (await answersTestEvent(sandbox, stored))) return sandbox.store.get("webhook", stored.record.id);
  const current = sandbox.store.get("webhook", stored.record.id);
  return sandbox.store.save("webhook", {
    ...current,
    record: { ...current.record, enabled: false, updated_at: sandbox.touch(current.record.updated_at) },
  });
}

export function updateWebhook(sandbox: Sandbox, id: string, input: UpdateWebhookInput): Stored<"webhook"> {
  const stored = sandbox.store.get("webhook", id);
  if (input.url !== undefined) checkUrl(input.url);
  const { authentication, ...fields } = input;
  return sandbox.store.save("webhook", {
    record: {
      ...stored.record,
      ...fields,
      ...(authentication ? { authentication: { type: authentication.type } } : {}),
      updated_at: sandbox.touch(stored.record.updated_at),
    },
    internal: authentication ? { authentication } : stored.internal,
  });
}

/** Sandbox-only: pins a webhook's signing key, e.g. to the key the service was configured with. */
export function setWebhookSecret(sandbox: Sandbox, id: string, secretSigningKey: string): Stored<"webhook"> {
  if (!/^[0-9a-f]{64}$/i.test(secretSigningKey))
    throw new ProcessorError(422, [{ code: "INVALID_FIELD", field: "secret_signing_key", message: "Expected 64 hex characters." }]);
  const stored = sandbox.store.get("webhook", id);
  return sandbox.store.save("webhook", {
    ...stored,
    record: { ...stored.record, secret_signing_key: secretSigningKey.toLowerCase(), updated_at: sandbox.touch(stored.record.updated_at) },
  });
}
