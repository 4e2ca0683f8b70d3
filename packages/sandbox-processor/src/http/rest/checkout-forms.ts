import { z } from "zod";

import { createCheckoutForm, currentCheckoutForm } from "../../resources/checkout-forms";
import { jsonBody, list, pageRequest, queryFilters, resource, type RestContext } from "./http";
import { Tags } from "./schemas";

const CreateCheckoutFormBody = z.object({
  merchant_id: z.string().nullish(),
  payment_frequency: z.string().nullish(),
  is_multiple_use: z.boolean().nullish(),
  is_authorization: z.boolean().nullish(),
  allowed_payment_methods: z.array(z.string()).nullish(),
  nickname: z.string().max(255).nullish(),
  amount_details: z
    .object({ amount_type: z.string().nullish(), total_amount: z.number().int().nullish(), currency: z.string().nullish() })
    .nullish(),
  items: z.array(z.looseObject({})).nullish(),
  buyer_details: z.looseObject({}).nullish(),
  additional_details: z
    .object({
      collect_name: z.boolean().optional(),
      collect_email: z.boolean().optional(),
      success_return_url: z.string().optional(),
      cart_return_url: z.string().optional(),
      expired_session_url: z.string().optional(),
      terms_of_service_url: z.string().optional(),
      expiration_in_minutes: z.number().nullish(),
    })
    .nullish(),
  branding: z.looseObject({}).nullish(),
  tags: Tags,
});

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
