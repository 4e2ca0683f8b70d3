import { z } from "zod";

import { canonicalJson } from "../../core/canonical-json";
import { changeAuthorization, createAuthorization } from "../../resources/authorizations";
import { declined, jsonBody, list, pageRequest, queryFilters, resource, type RestContext } from "./http";
import { Tags } from "./schemas";

const CreateAuthorizationBody = z.object({
  merchant: z.string().nullish(),
  source: z.string().nullish(),
  device: z.string().nullish(),
  operation_key: z.string().nullish(),
  amount: z.number().int().positive(),
  currency: z.string().length(3),
  idempotency_id: z.string().max(255).nullish(),
  tags: Tags,
});

const UpdateAuthorizationBody = z.object({
  capture_amount: z.number().int().nullish(),
  fee: z.number().int().min(0).nullish(),
  void_me: z.boolean().nullish(),
});

/** A card-present hold holds the call open until the buyer acts, as a card-present sale does (bounded by the configured wait). */
export async function create(c: RestContext) {
  const { body, raw } = await jsonBody(c, CreateAuthorizationBody);
  const sandbox = c.env.sandbox;
  const { status, authorization, awaitBuyer } = createAuthorization(sandbox, body, canonicalJson(raw));
  if (status === 402) throw declined(c, "authorization", authorization);
  if (!awaitBuyer) return resource(c, "authorization", authorization, 201);
  await sandbox.waitForCompletion(authorization.record.id, sandbox.config().cardPresentMaxBlockSeconds * 1000);
  return resource(c, "authorization", sandbox.store.get("authorization", authorization.record.id), 201);
}

export async function get(c: RestContext) {
  return resource(c, "authorization", c.env.sandbox.store.get("authorization", c.req.param("authorization_id")!));
}

/** Capture or void: the processor's two operations on this one path. */
export async function update(c: RestContext) {
  const { body } = await jsonBody(c, UpdateAuthorizationBody);
  return resource(c, "authorization", changeAuthorization(c.env.sandbox, c.req.param("authorization_id")!, body));
}

export async function index(c: RestContext) {
  const page = pageRequest(c);
  const filters = queryFilters(c, {
    idempotency_id: "idempotency_id",
    merchant_id: "merchant",
    state: "state",
    created_at: "created_at",
    updated_at: "updated_at",
  });
  return list(c, "authorization", c.env.sandbox.store.list("authorization", filters, page), page);
}
