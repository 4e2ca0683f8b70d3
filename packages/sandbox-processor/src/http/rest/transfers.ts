import { z } from "zod";

import { canonicalJson } from "../../core/canonical-json";
import { createReversal, createTransfer, type TransferAnswer } from "../../resources/transfers";
import { declined, jsonBody, list, pageRequest, queryFilters, resource, type RestContext } from "./http";
import { Tags } from "./schemas";

const CreateTransferBody = z.object({
  merchant: z.string().nullish(),
  source: z.string().nullish(),
  device: z.string().nullish(),
  operation_key: z.string().nullish(),
  amount: z.number().int().positive(),
  currency: z.string().length(3),
  fee: z.number().int().min(0).optional(),
  idempotency_id: z.string().max(255).nullish(),
  statement_descriptor: z.string().max(20).nullish(),
  tags: Tags,
});

const CreateReversalBody = z.object({ refund_amount: z.number().int(), idempotency_id: z.string().max(255).nullish(), tags: Tags });
const UpdateTransferBody = z.object({ tags: Tags });

function answer(c: RestContext, { status, transfer }: TransferAnswer): Response {
  if (status === 402) throw declined(c, "transfer", transfer);
  return resource(c, "transfer", transfer, 201);
}

/** Card-present sales hold the call open until the buyer acts, like the processor (bounded by the configured wait). */
export async function create(c: RestContext) {
  const { body, raw } = await jsonBody(c, CreateTransferBody);
  const sandbox = c.env.sandbox;
  const created = createTransfer(sandbox, body, canonicalJson(raw));
  if (!created.awaitBuyer) return answer(c, created);
  await sandbox.waitForCompletion(created.transfer.record.id, sandbox.config().cardPresentMaxBlockSeconds * 1000);
  return answer(c, { ...created, transfer: sandbox.store.get("transfer", created.transfer.record.id) });
}

export async function get(c: RestContext) {
  return resource(c, "transfer", c.env.sandbox.store.get("transfer", c.req.param("transfer_id")!));
}

export async function update(c: RestContext) {
  const { body } = await jsonBody(c, UpdateTransferBody);
  const sandbox = c.env.sandbox;
  const stored = sandbox.store.get("transfer", c.req.param("transfer_id")!);
  const record = { ...stored.record, tags: body.tags ?? {}, updated_at: sandbox.touch(stored.record.updated_at) };
  return resource(c, "transfer", sandbox.store.save("transfer", { ...stored, record }));
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
  return list(c, "transfer", c.env.sandbox.store.list("transfer", filters, page), page);
}

export async function reverse(c: RestContext) {
  const { body, raw } = await jsonBody(c, CreateReversalBody);
  return answer(c, createReversal(c.env.sandbox, c.req.param("transfer_id")!, body, canonicalJson(raw)));
}

export async function reversals(c: RestContext) {
  const parentId = c.req.param("transfer_id")!;
  c.env.sandbox.store.get("transfer", parentId);
  const page = pageRequest(c);
  const filters = [
    { field: "parent_transfer", equals: parentId },
    { field: "type", equals: "REVERSAL" },
  ];
  return list(c, "transfer", c.env.sandbox.store.list("transfer", filters, page), page);
}
