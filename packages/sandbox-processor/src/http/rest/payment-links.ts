import { z } from "zod";

import { view } from "../../core/views";
import { createPaymentLink, currentPaymentLink, sendPaymentLink, updatePaymentLink } from "../../resources/payment-links";
import { hal, jsonBody, list, pageRequest, queryFilters, resource, type RestContext } from "./http";
import { HostedPageBody, Tags } from "./schemas";

const CreatePaymentLinkBody = HostedPageBody.extend({ application_id: z.string().nullish() });

const UpdatePaymentLinkBody = z.object({ state: z.string().nullish(), nickname: z.string().max(255).nullish(), tags: Tags });

const DeliveryBody = z.object({
  requested_delivery_methods: z.array(z.object({ type: z.string().nullish(), destinations: z.array(z.string()).nullish() })).nullish(),
});

export async function create(c: RestContext) {
  const { body } = await jsonBody(c, CreatePaymentLinkBody);
  return resource(c, "payment_link", createPaymentLink(c.env.sandbox, body), 201);
}

export async function get(c: RestContext) {
  return resource(c, "payment_link", currentPaymentLink(c.env.sandbox, c.req.param("payment_link_id")!));
}

export async function update(c: RestContext) {
  const { body } = await jsonBody(c, UpdatePaymentLinkBody);
  return resource(c, "payment_link", updatePaymentLink(c.env.sandbox, c.req.param("payment_link_id")!, body));
}

export async function index(c: RestContext) {
  const page = pageRequest(c);
  const filters = queryFilters(c, { state: "state" });
  return list(c, "payment_link", c.env.sandbox.store.list("payment_link", filters, page), page);
}

/** Sends the link; the reference's stored copy shows no success body, so the attempts made answer as the list does. */
export async function send(c: RestContext) {
  const { body } = await jsonBody(c, DeliveryBody);
  const linkId = c.req.param("payment_link_id")!;
  const sent = sendPaymentLink(c.env.sandbox, linkId, body);
  const standIn = c.env.sandbox.config().standIn;
  return hal(c, 201, {
    _embedded: { delivery_attempts: sent.map((attempt) => view("delivery_attempt", attempt, c.var.publicBase, { standIn })) },
  });
}

export async function deliveries(c: RestContext) {
  const linkId = c.req.param("payment_link_id")!;
  c.env.sandbox.store.get("payment_link", linkId);
  const page = pageRequest(c);
  const filters = [{ field: "entity_id", equals: linkId }, ...queryFilters(c, { created_at: "created_at" })];
  return list(c, "delivery_attempt", c.env.sandbox.store.list("delivery_attempt", filters, page), page);
}
