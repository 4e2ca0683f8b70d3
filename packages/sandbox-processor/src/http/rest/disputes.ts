import { invalidField, notFound } from "../../core/errors";
import { acceptDispute, addEvidence, adjustmentTransfers, submitDispute } from "../../resources/disputes";
import { jsonBody, list, pageOf, pageRequest, queryFilters, resource, type RestContext } from "./http";
import { Note } from "./schemas";

export async function index(c: RestContext) {
  const page = pageRequest(c);
  const filters = queryFilters(c, {
    state: "state",
    response_state: "response_state",
    merchant_id: "merchant",
    transfer_id: "transfer",
    respond_by: "respond_by",
    created_at: "created_at",
    updated_at: "updated_at",
  });
  return list(c, "dispute", c.env.sandbox.store.list("dispute", filters, page), page);
}

export async function get(c: RestContext) {
  return resource(c, "dispute", c.env.sandbox.store.get("dispute", c.req.param("dispute_id")!));
}

/** multipart/form-data with the file in part `file`, as the processor takes it. */
export async function uploadEvidence(c: RestContext) {
  let file: unknown;
  try {
    file = (await c.req.formData()).get("file");
  } catch {
    throw invalidField("file", "Send multipart/form-data with the evidence in part `file`.");
  }
  if (!(file instanceof File)) throw invalidField("file", "Send multipart/form-data with the evidence in part `file`.");
  const evidence = addEvidence(c.env.sandbox, c.req.param("dispute_id")!, { name: file.name, type: file.type, size: file.size });
  return resource(c, "evidence", evidence, 201);
}

export async function evidence(c: RestContext) {
  const disputeId = c.req.param("dispute_id")!;
  c.env.sandbox.store.get("dispute", disputeId);
  const page = pageRequest(c);
  return list(c, "evidence", c.env.sandbox.store.list("evidence", [{ field: "dispute", equals: disputeId }], page), page);
}

export async function evidenceItem(c: RestContext) {
  const evidenceId = c.req.param("evidence_id")!;
  const evidence = c.env.sandbox.store.find("evidence", evidenceId);
  if (!evidence || evidence.record.dispute !== c.req.param("dispute_id")) throw notFound("Dispute evidence", evidenceId);
  return resource(c, "evidence", evidence);
}

export async function adjustments(c: RestContext) {
  const page = pageRequest(c);
  return list(c, "transfer", pageOf(adjustmentTransfers(c.env.sandbox, c.req.param("dispute_id")!), page), page);
}

export async function submit(c: RestContext) {
  const { body } = await jsonBody(c, Note);
  return resource(c, "dispute", submitDispute(c.env.sandbox, c.req.param("dispute_id")!, body.note));
}

export async function accept(c: RestContext) {
  const { body } = await jsonBody(c, Note);
  return resource(c, "dispute", acceptDispute(c.env.sandbox, c.req.param("dispute_id")!, body.note));
}
