import type { Context } from "hono";
import { z } from "zod";

import { confirmPassword, requestOrigin } from "../accounts";
import {
  DELIVERY_STATUSES,
  getCallbackSettings,
  listCallbackEndpoints,
  listDeliveries,
  MAX_CALLBACK_ENDPOINTS,
  replayEvent,
  replayFailedDeliveries,
  revealSigningSecrets,
  rotateSigningSecret,
  saveCallbackUrl,
  sendTestEvent,
} from "../callbacks";
import { ApiError } from "../lib/problem";
import { EVENT_TYPES } from "../outbox/event-types";
import { auditSignedIn } from "./audit-request";
import { formFields } from "./forms";
import type { SignedInBindings } from "./types";
import { overlapWords } from "./views/audit-format";
import { OVERLAP_CHOICES } from "./views/callback-endpoints";
import { CallbacksPage, type CallbacksPageProps, type DeliveryFilters } from "./views/callbacks";
import type { Notice } from "./views/components/page-header";

type SignedInContext = Context<SignedInBindings>;

const DELIVERY_PAGE_SIZE = 25;
// Replaying everything failed goes in bounded steps, as the operator API does; the page says when more remain.
const REPLAY_FAILED_BATCH = 50;

const DeliveryQuery = z.object({
  status: z.enum(DELIVERY_STATUSES).optional().catch(undefined),
  eventId: z
    .string()
    .regex(/^event_[A-Za-z0-9]+$/)
    .optional()
    .catch(undefined),
  cursor: z.string().max(200).optional().catch(undefined),
});

export async function renderPage(
  c: SignedInContext,
  extra: Partial<Omit<CallbacksPageProps, "settings" | "endpoints" | "deliveries" | "filters" | "eventTypes" | "maxEndpoints">> = {},
  status: 200 | 400 | 401 | 409 | 422 | 429 = 200,
) {
  const ctx = c.get("ctx");
  const { cursor, ...filters } = DeliveryQuery.parse(c.req.query()) as DeliveryFilters & { cursor?: string };
  const [settings, endpoints, deliveries] = await Promise.all([
    getCallbackSettings({ ctx }),
    listCallbackEndpoints({ ctx, input: { limit: MAX_CALLBACK_ENDPOINTS } }),
    listDeliveries({ ctx, input: { limit: DELIVERY_PAGE_SIZE, ...filters, ...(cursor ? { cursor } : {}) } }),
  ]);
  c.status(status);
  return c.render(
    <CallbacksPage
      settings={settings}
      endpoints={endpoints.data}
      eventTypes={EVENT_TYPES}
      maxEndpoints={MAX_CALLBACK_ENDPOINTS}
      deliveries={deliveries}
      filters={filters}
      {...extra}
    />,
    { title: "Callbacks" },
  );
}

const backTo = (c: SignedInContext, notice: Notice) => c.redirect(`/dashboard/callbacks?notice=${notice}`, 303);

/** A refusal the person can act on (callbacks off, a bad value) is shown on the page; anything else is the error page's. */
async function onConflict(c: SignedInContext, work: () => Promise<Response>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.slug === "conflict") return renderPage(c, { error: error.message }, 409);
    throw error;
  }
}

export const showCallbacks = (c: SignedInContext) => renderPage(c);

export async function saveUrl(c: SignedInContext) {
  const ctx = c.get("ctx");
  const url = ((await formFields(c)).url ?? "").trim();
  const before = await getCallbackSettings({ ctx });
  let after;
  try {
    after = await saveCallbackUrl({ ctx, input: { url } });
  } catch (error) {
    const fieldError =
      error instanceof ApiError ? (error.extensions.errors as { field: string; message: string }[] | undefined)?.[0] : undefined;
    if (!fieldError) throw error;
    return renderPage(c, { urlValue: url, urlError: `The URL ${fieldError.message}.` }, 400);
  }
  if (before.url !== after.url) await auditSignedIn(c, "callback_url.changed", after.url ?? "(off)");
  return backTo(c, url ? "callbacks-saved" : "callbacks-off");
}

type SecretAction = "reveal" | "rotate";

/** A secret is shown or changed only after the person's password; a refusal is shown by `refused` (by default this page). */
export async function withPassword(
  c: SignedInContext,
  action: SecretAction,
  work: () => Promise<Response>,
  refused = (secretError: { action: SecretAction; message: string }, status: 401 | 429) => renderPage(c, { secretError }, status),
) {
  const password = (await formFields(c)).password ?? "";
  const outcome = await confirmPassword({ ctx: c.get("ctx"), input: { session: c.get("session"), password, origin: requestOrigin(c) } });
  if (outcome === "confirmed") return work();
  const message =
    outcome === "throttled"
      ? "Too many wrong passwords. Wait a few minutes and try again."
      : "That is not your password. Nothing was shown.";
  return refused({ action, message }, outcome === "throttled" ? 429 : 401);
}

export const revealSecret = (c: SignedInContext) =>
  withPassword(c, "reveal", async () => {
    const revealed = await revealSigningSecrets({ ctx: c.get("ctx"), input: {} });
    await auditSignedIn(c, "signing_secret.revealed", revealed.map((secret) => secret.id).join(", "));
    return renderPage(c, { revealed });
  });

const RotateForm = z.object({
  overlapSeconds: z.coerce.number().refine((seconds) => OVERLAP_CHOICES.some((choice) => choice.seconds === seconds)),
});

export const rotateSecret = (c: SignedInContext) =>
  withPassword(c, "rotate", async () => {
    const parsed = RotateForm.safeParse(await formFields(c));
    if (!parsed.success)
      return renderPage(c, { secretError: { action: "rotate", message: "Choose how long the old secret keeps signing." } }, 400);
    const revealed = await rotateSigningSecret({
      ctx: c.get("ctx"),
      input: { previousSecretTtlSeconds: parsed.data.overlapSeconds },
    });
    await auditSignedIn(c, "signing_secret.rotated", `${revealed[0]?.id} (${overlapWords(parsed.data.overlapSeconds)})`);
    return renderPage(c, { revealed });
  });

export const sendPing = (c: SignedInContext) =>
  onConflict(c, async () => {
    await sendTestEvent({ ctx: c.get("ctx"), input: {} });
    await auditSignedIn(c, "test_event.sent");
    return backTo(c, "test-event-sent");
  });

export const replayOne = (c: SignedInContext) =>
  onConflict(c, async () => {
    const eventId = c.req.param("eventId") ?? "";
    await replayEvent({ ctx: c.get("ctx"), input: { eventId } });
    await auditSignedIn(c, "callbacks.replayed", eventId);
    return backTo(c, "replayed");
  });

const ReplayFailedForm = z.object({
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Enter a date and time.")
    .transform((local) => `${local}:00.000Z`),
});

export const replayFailed = (c: SignedInContext) =>
  onConflict(c, async () => {
    const parsed = ReplayFailedForm.safeParse(await formFields(c));
    if (!parsed.success) return renderPage(c, { error: "Enter the date and time (UTC) to replay failed deliveries from." }, 400);
    const { data, hasMore } = await replayFailedDeliveries({
      ctx: c.get("ctx"),
      input: { since: parsed.data.since, limit: REPLAY_FAILED_BATCH },
    });
    if (data.length === 0) return backTo(c, "nothing-to-replay");
    await auditSignedIn(c, "callbacks.replayed", `${data.length} failed since ${parsed.data.since}`);
    return backTo(c, hasMore ? "replayed-more-remain" : "replayed");
  });
