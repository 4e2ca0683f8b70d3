import { invalidField } from "../core/errors";
import { processorId } from "../core/ids";
import type { CheckoutAdditionalDetails, DeliveryAttemptRecord, PaymentLinkState, Stored, Tags } from "../core/records";
import type { Sandbox } from "../core/sandbox";
import { checkHostedPage, type HostedOutcome, type HostedPageInput, type HostedSubmission, payOnPage } from "./hosted-pages";
import { processingMerchant } from "./merchants";

/**
 * The processor documents neither a payment link's default lifetime nor its longest: its quickstart's link, created
 * without one, answers seven days (10,080 minutes), and its list example shows about three years (1,576,800).
 */
export const DEFAULT_LINK_MINUTES = 7 * 24 * 60;
export const MAX_LINK_MINUTES = 1_576_800;
/** "At most 15 unique destinations per payment link", counting those it was already sent to. */
export const MAX_LINK_DESTINATIONS = 15;

export type CreatePaymentLinkInput = HostedPageInput & {
  merchant_id?: string | null;
  is_multiple_use?: boolean | null;
  nickname?: string | null;
  additional_details?:
    | (Partial<Omit<CheckoutAdditionalDetails, "expiration_in_minutes" | "cart_return_url">> & {
        unsuccessful_return_url?: string;
        expiration_in_minutes?: number | null;
      })
    | null;
};

function linkMinutes(value: number | null | undefined): number {
  if (value === undefined || value === null) return DEFAULT_LINK_MINUTES;
  if (!Number.isInteger(value) || value < 1 || value > MAX_LINK_MINUTES) {
    throw invalidField("additional_details.expiration_in_minutes", `expiration_in_minutes must be 1 to ${MAX_LINK_MINUTES}.`);
  }
  return value;
}

/** A hosted page for one fixed amount, paid once (`COMPLETED` after) or, with `is_multiple_use`, by any number of buyers. */
export function createPaymentLink(sandbox: Sandbox, input: CreatePaymentLinkInput): Stored<"payment_link"> {
  if (!input.merchant_id) throw invalidField("merchant_id", "merchant_id is required.");
  const merchant = processingMerchant(sandbox, input.merchant_id, "merchant_id");
  const { fields, termsOfServiceUrl } = checkHostedPage(input);
  const details = input.additional_details ?? {};
  const minutes = linkMinutes(details.expiration_in_minutes);
  const id = processorId("payment_link_");
  const now = sandbox.nowIso();
  const stored = sandbox.store.insert(
    "payment_link",
    {
      id,
      application_id: sandbox.applicationId,
      merchant_id: merchant.record.id,
      ...fields,
      nickname: input.nickname?.trim() || null,
      is_multiple_use: input.is_multiple_use === true,
      additional_details: { ...details, terms_of_service_url: termsOfServiceUrl, expiration_in_minutes: minutes },
      link_url: `${sandbox.publicOrigin}/sandbox/payment-links/${id}`,
      created_at: now,
      updated_at: now,
    },
    { expiresAt: sandbox.isoIn(minutes * 60) },
  );
  sandbox.schedule("payment_link.expire", id, minutes * 60);
  sandbox.emit("payment_link", "created", stored);
  return stored;
}

function changeLink(
  sandbox: Sandbox,
  link: Stored<"payment_link">,
  changes: { state?: PaymentLinkState; nickname?: string | null; tags?: Tags },
): Stored<"payment_link"> {
  const saved = sandbox.store.save("payment_link", {
    ...link,
    record: { ...link.record, ...changes, updated_at: sandbox.touch(link.record.updated_at) },
  });
  sandbox.emit("payment_link", "updated", saved);
  return saved;
}

/** The link as a buyer finds it: `ACTIVE` only before its expiry (the timer may not have run yet). */
export function currentPaymentLink(sandbox: Sandbox, linkId: string): Stored<"payment_link"> {
  const link = sandbox.store.get("payment_link", linkId);
  const lapsed = link.record.state === "ACTIVE" && Date.parse(link.internal.expiresAt) <= sandbox.nowMs();
  return lapsed ? changeLink(sandbox, link, { state: "EXPIRED" }) : link;
}

export function expirePaymentLinkOnSchedule(sandbox: Sandbox, linkId: string): void {
  currentPaymentLink(sandbox, linkId);
}

export type UpdatePaymentLinkInput = { state?: string | null; nickname?: string | null; tags?: Tags | null };

/**
 * `PUT /payment_links/{id}`: the reference lists the call but its body was not captured; the sandbox takes what the
 * processor's Payout Link update documents — `state`, `nickname`, `tags`, and only while the link is `ACTIVE` — with
 * `DEACTIVATED` the one state a caller may set (turning a link off by hand, as the dashboard guide describes).
 */
export function updatePaymentLink(sandbox: Sandbox, linkId: string, input: UpdatePaymentLinkInput): Stored<"payment_link"> {
  const link = currentPaymentLink(sandbox, linkId);
  if (link.record.state !== "ACTIVE")
    throw invalidField("state", `Payment link ${linkId} is ${link.record.state}; only an ACTIVE link can change.`);
  if (input.state !== undefined && input.state !== null && input.state !== "DEACTIVATED") {
    throw invalidField("state", "state can only be set to DEACTIVATED.");
  }
  return changeLink(sandbox, link, {
    ...(input.state ? { state: "DEACTIVATED" as const } : {}),
    ...(input.nickname !== undefined ? { nickname: input.nickname?.trim() || null } : {}),
    ...(input.tags ? { tags: input.tags } : {}),
  });
}

/** A buyer pays on the link's page: a single-use link is `COMPLETED` by its first sale; a multiple-use one stays open. */
export async function payPaymentLink(sandbox: Sandbox, linkId: string, submission: HostedSubmission): Promise<HostedOutcome> {
  const link = currentPaymentLink(sandbox, linkId);
  return payOnPage(sandbox, link.record, "PAYMENT_LINK", submission, () => {
    if (!link.record.is_multiple_use) changeLink(sandbox, link, { state: "COMPLETED" });
  });
}

export type DeliveryRequest = { requested_delivery_methods?: { type?: string | null; destinations?: string[] | null }[] | null };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

/**
 * Sends the link to each destination, one delivery attempt apiece (the sandbox sends nothing: each is recorded as
 * delivered). Only EMAIL and SMS are supported, and a link reaches at most 15 different destinations in all.
 */
export function sendPaymentLink(sandbox: Sandbox, linkId: string, request: DeliveryRequest): Stored<"delivery_attempt">[] {
  const link = currentPaymentLink(sandbox, linkId);
  if (link.record.state !== "ACTIVE") throw invalidField("payment_link_id", `Payment link ${linkId} is ${link.record.state}.`);
  const methods = request.requested_delivery_methods ?? [];
  if (methods.length === 0) throw invalidField("requested_delivery_methods", "requested_delivery_methods is required.");
  const wanted: { type: DeliveryAttemptRecord["type"]; destination: string }[] = [];
  for (const method of methods) {
    if (method.type !== "EMAIL" && method.type !== "SMS") throw invalidField("type", "Only EMAIL and SMS are supported.");
    const destinations = method.destinations ?? [];
    if (destinations.length === 0) throw invalidField("destinations", "destinations is required.");
    for (const destination of destinations) {
      if (!(method.type === "EMAIL" ? EMAIL : PHONE).test(destination)) {
        throw invalidField("destinations", `${destination} is not a valid ${method.type === "EMAIL" ? "e-mail address" : "phone number"}.`);
      }
      wanted.push({ type: method.type, destination });
    }
  }
  const earlier = sandbox.store.all("delivery_attempt", [{ field: "entity_id", equals: linkId }]);
  const destinations = new Set([...earlier.map(({ record }) => record.destination), ...wanted.map(({ destination }) => destination)]);
  if (destinations.size > MAX_LINK_DESTINATIONS) {
    throw invalidField("destinations", `A payment link can be sent to at most ${MAX_LINK_DESTINATIONS} different destinations.`);
  }
  const now = sandbox.nowIso();
  return wanted.map(({ type, destination }) =>
    sandbox.store.insert(
      "delivery_attempt",
      {
        id: processorId("delivery_attempt_"),
        entity_id: linkId,
        entity_type: "PAYMENT_LINK",
        type,
        destination,
        state: "SUCCEEDED",
        created_at: now,
        updated_at: now,
      },
      {},
    ),
  );
}
