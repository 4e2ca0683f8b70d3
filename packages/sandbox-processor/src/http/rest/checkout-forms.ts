import { z } from "zod";

import { createCheckoutForm, currentCheckoutForm } from "../../resources/checkout-forms";
import { jsonBody, list, pageRequest, queryFilters, resource, type RestContext } from "./http";
import { HostedPageBody } from "./schemas";

const CreateCheckoutFormBody = HostedPageBody.extend({ is_authorization: z.boolean().nullish() });

export async function create(c: RestContext) {
  const { body } = await jsonBody(c, CreateCheckoutFormBody);
  return resource(c, "checkout_form", createCheckoutForm(c.env.sandbox, body), 201);
}

export async function get(c: RestContext) {
  return resource(c, "checkout_form", currentCheckoutForm(c.env.sandbox, c.req.param("checkout_form_id")!));
}

export async function index(c: RestContext) {
  const page = pageRequest(c);
  return list(c, "checkout_form", c.env.sandbox.store.list("checkout_form", [], page), page);
}

export async function attempt(c: RestContext) {
  return resource(c, "transfer_attempt", c.env.sandbox.store.get("transfer_attempt", c.req.param("transfer_attempt_id")!));
}

/** The documented way to learn a hosted page's payments: its attempts, by the form they were made on (`entity_id`). */
export async function attempts(c: RestContext) {
  const page = pageRequest(c);
  const filters = queryFilters(c, {
    entity_id: "entity_id",
    entity_type: "entity_type",
    merchant_id: "merchant_id",
    state: "state",
    created_at: "created_at",
  });
  return list(c, "transfer_attempt", c.env.sandbox.store.list("transfer_attempt", filters, page), page);
}
