import { z } from "zod";

import { createIdentity } from "../../resources/identities";
import { provisionMerchant } from "../../resources/merchants";
import { jsonBody, list, pageRequest, resource, type RestContext } from "./http";
import { Tags } from "./schemas";

const CreateIdentityBody = z.object({
  entity: z.looseObject({}).optional(),
  additional_underwriting_data: z.looseObject({}).nullish(),
  tags: Tags,
});

const CreateMerchantBody = z.object({ processor: z.string().nullish(), tags: Tags });

export async function create(c: RestContext) {
  const { body } = await jsonBody(c, CreateIdentityBody);
  return resource(c, "identity", createIdentity(c.env.sandbox, body), 201);
}

export async function get(c: RestContext) {
  return resource(c, "identity", c.env.sandbox.store.get("identity", c.req.param("identity_id")!));
}

export async function index(c: RestContext) {
  const page = pageRequest(c);
  return list(c, "identity", c.env.sandbox.store.list("identity", [], page), page);
}

export async function createMerchant(c: RestContext) {
  const { body } = await jsonBody(c, CreateMerchantBody);
  return resource(c, "merchant", provisionMerchant(c.env.sandbox, c.req.param("identity_id")!, body), 201);
}

export async function merchants(c: RestContext) {
  const identityId = c.req.param("identity_id")!;
  c.env.sandbox.store.get("identity", identityId);
  const page = pageRequest(c);
  return list(c, "merchant", c.env.sandbox.store.list("merchant", [{ field: "identity", equals: identityId }], page), page);
}
