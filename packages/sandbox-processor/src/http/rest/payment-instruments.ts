import { z } from "zod";

import {
  bankDraft,
  cardDraft,
  createInstrument,
  createInstrumentFromToken,
  createToken,
  updateInstrument,
} from "../../resources/instruments";
import { jsonBody, list, pageRequest, queryFilters, resource, type RestContext } from "./http";
import { BankFields, CardFields, Tags } from "./schemas";

const CreateInstrumentBody = z.discriminatedUnion("type", [
  z.object({ type: z.literal("TOKEN"), token: z.string().min(1), identity: z.string().min(1), tags: Tags }),
  BankFields.extend({ type: z.literal("BANK_ACCOUNT"), identity: z.string().min(1), tags: Tags }),
  CardFields.extend({ type: z.literal("PAYMENT_CARD"), identity: z.string().min(1), tags: Tags }),
]);

const UpdateInstrumentBody = z.object({ enabled: z.boolean().optional(), name: z.string().optional(), tags: Tags });

const CreateTokenBody = z.discriminatedUnion("type", [
  CardFields.extend({ type: z.literal("PAYMENT_CARD") }),
  BankFields.extend({ type: z.literal("BANK_ACCOUNT") }),
]);

export async function create(c: RestContext) {
  const { body } = await jsonBody(c, CreateInstrumentBody);
  const sandbox = c.env.sandbox;
  if (body.type === "TOKEN") return resource(c, "payment_instrument", await createInstrumentFromToken(sandbox, body), 201);
  const draft = body.type === "BANK_ACCOUNT" ? await bankDraft(body) : await cardDraft(body, sandbox.nowMs());
  return resource(c, "payment_instrument", createInstrument(sandbox, body.identity, draft, body.tags), 201);
}

export async function get(c: RestContext) {
  return resource(c, "payment_instrument", c.env.sandbox.store.get("payment_instrument", c.req.param("payment_instrument_id")!));
}

export async function update(c: RestContext) {
  const { body } = await jsonBody(c, UpdateInstrumentBody);
  return resource(c, "payment_instrument", updateInstrument(c.env.sandbox, c.req.param("payment_instrument_id")!, body));
}

export async function index(c: RestContext) {
  const page = pageRequest(c);
  const filters = queryFilters(c, { owner_identity_id: "identity", type: "type" });
  return list(c, "payment_instrument", c.env.sandbox.store.list("payment_instrument", filters, page), page);
}

/** The browser tokenization endpoint (what the tokenization script posts to); public, like the processor's. */
export async function tokenize(c: RestContext) {
  const { body } = await jsonBody(c, CreateTokenBody);
  const sandbox = c.env.sandbox;
  const draft = body.type === "BANK_ACCOUNT" ? await bankDraft(body) : await cardDraft(body, sandbox.nowMs());
  return resource(c, "token", createToken(sandbox, c.req.param("application_id")!, draft), 201);
}
