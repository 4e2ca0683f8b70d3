import { z } from "zod";

import { updateMerchant } from "../../resources/merchants";
import { jsonBody, list, pageRequest, queryFilters, resource, type RestContext } from "./http";
import { Tags } from "./schemas";

const UpdateMerchantBody = z.object({
  processing_enabled: z.boolean().optional(),
  settlement_enabled: z.boolean().optional(),
  merchant_name: z.string().optional(),
  card_cvv_required: z.boolean().optional(),
  card_expiration_date_required: z.boolean().optional(),
  convenience_charges_enabled: z.boolean().optional(),
  level_two_level_three_data_enabled: z.boolean().optional(),
  rent_surcharges_enabled: z.boolean().optional(),
  gross_settlement_enabled: z.boolean().optional(),
  ready_to_settle_upon: z.string().optional(),
  fee_ready_to_settle_upon: z.string().optional(),
  settlement_funding_identifier: z.enum(["UNSET", "MID_AND_DATE", "MID_AND_MERCHANT_NAME"]).optional(),
  tags: Tags,
});

export async function get(c: RestContext) {
  return resource(c, "merchant", c.env.sandbox.store.get("merchant", c.req.param("merchant_id")!));
}

export async function index(c: RestContext) {
  const page = pageRequest(c);
  const filters = queryFilters(c, { created_at: "created_at", updated_at: "updated_at" });
  return list(c, "merchant", c.env.sandbox.store.list("merchant", filters, page), page);
}

export async function update(c: RestContext) {
  const { body } = await jsonBody(c, UpdateMerchantBody);
  return resource(c, "merchant", updateMerchant(c.env.sandbox, c.req.param("merchant_id")!, body));
}
