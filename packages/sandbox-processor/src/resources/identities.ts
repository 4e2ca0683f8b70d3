import { processorId } from "../core/ids";
import type { Stored, Tags } from "../core/records";
import type { Sandbox } from "../core/sandbox";

/** The processor never echoes tax ids; it answers whether one was provided. */
export function maskEntity(entity: Record<string, unknown>): Record<string, unknown> {
  const { tax_id, business_tax_id, ...rest } = entity;
  return {
    ...rest,
    tax_id_provided: typeof tax_id === "string" && tax_id.length > 0,
    business_tax_id_provided: typeof business_tax_id === "string" && business_tax_id.length > 0,
    has_accepted_credit_cards_previously: rest.has_accepted_credit_cards_previously === true,
  };
}

export function createIdentity(
  sandbox: Sandbox,
  input: { entity?: Record<string, unknown>; additional_underwriting_data?: Record<string, unknown> | null; tags?: Tags | null },
): Stored<"identity"> {
  const now = sandbox.nowIso();
  return sandbox.store.insert(
    "identity",
    {
      id: processorId("ID"),
      application: sandbox.applicationId,
      entity: maskEntity(input.entity ?? {}),
      ...(input.additional_underwriting_data ? { additional_underwriting_data: input.additional_underwriting_data } : {}),
      tags: input.tags ?? {},
      created_at: now,
      updated_at: now,
    },
    {},
  );
}

export function updateIdentityEntity(sandbox: Sandbox, id: string, entity: Record<string, unknown>): Stored<"identity"> {
  const stored = sandbox.store.get("identity", id);
  return sandbox.store.save("identity", {
    ...stored,
    record: { ...stored.record, entity: maskEntity(entity), updated_at: sandbox.touch(stored.record.updated_at) },
  });
}
