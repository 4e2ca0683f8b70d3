import { invalidField } from "../core/errors";
import { processorId } from "../core/ids";
import type { Stored } from "../core/records";
import type { Sandbox } from "../core/sandbox";

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const DUE_IN_SECONDS = 90 * 24 * 60 * 60;
const SAQ_A_TEMPLATE = "cft_sandboxPciSaqA2018v10";

export type Attestation = { name: string; title: string; signed_at: string; ip_address: string; user_agent: string };

/** Every merchant owes a PCI SAQ-A attestation; the processor opens one PENDING form when the merchant is created. */
export function openComplianceForm(sandbox: Sandbox, merchantId: string): Stored<"compliance_form"> {
  const now = sandbox.nowIso();
  const stored = sandbox.store.insert(
    "compliance_form",
    {
      id: processorId("cf_"),
      application_id: sandbox.applicationId,
      type: "PCI_SAQ_A",
      state: "PENDING",
      linked_to: merchantId,
      linked_type: "MERCHANT",
      compliance_form_template: SAQ_A_TEMPLATE,
      version: "2018.10",
      due_at: sandbox.isoIn(DUE_IN_SECONDS),
      valid_from: now,
      valid_until: sandbox.isoIn(YEAR_SECONDS),
      files: { unsigned_file: processorId("FILE_"), signed_file: null },
      pci_saq_a: { name: null, title: null, signed_at: null, ip_address: null, user_agent: null, is_accepted: false },
      tags: {},
      created_at: now,
      updated_at: now,
    },
    {},
  );
  sandbox.emit("compliance_form", "created", stored);
  return stored;
}

/** Attesting completes the form; it is then valid for a year from the attestation. */
export function attestComplianceForm(sandbox: Sandbox, id: string, attestation: Attestation): Stored<"compliance_form"> {
  const stored = sandbox.store.get("compliance_form", id);
  if (stored.record.state !== "PENDING" && stored.record.state !== "INCOMPLETE") {
    throw invalidField("pci_saq_a", `Compliance form ${id} is ${stored.record.state} and cannot be attested again.`);
  }
  const record = {
    ...stored.record,
    state: "COMPLETE" as const,
    pci_saq_a: { ...attestation, is_accepted: true },
    valid_from: sandbox.nowIso(),
    valid_until: sandbox.isoIn(YEAR_SECONDS),
    files: { ...stored.record.files, signed_file: processorId("FILE_") },
    updated_at: sandbox.touch(stored.record.updated_at),
  };
  const saved = sandbox.store.save("compliance_form", { ...stored, record });
  sandbox.emit("compliance_form", "updated", saved);
  return saved;
}

/** The merchant's newest compliance form: the one a renewal or an attestation is about. */
export function currentComplianceForm(sandbox: Sandbox, merchantId: string): Stored<"compliance_form"> {
  const form = sandbox.store.findOne("compliance_form", [{ field: "linked_to", equals: merchantId }]);
  if (!form) throw invalidField("linked_to", `Merchant ${merchantId} has no compliance form.`);
  return form;
}

/** A lapsed attestation: the form becomes INVALID and, as at the processor's yearly renewal, a fresh PENDING form opens. */
export function expireComplianceForm(
  sandbox: Sandbox,
  id: string,
): { expired: Stored<"compliance_form">; renewal: Stored<"compliance_form"> } {
  const stored = sandbox.store.get("compliance_form", id);
  const record = {
    ...stored.record,
    state: "INVALID" as const,
    valid_until: sandbox.nowIso(),
    updated_at: sandbox.touch(stored.record.updated_at),
  };
  const expired = sandbox.store.save("compliance_form", { ...stored, record });
  sandbox.emit("compliance_form", "updated", expired);
  return { expired, renewal: openComplianceForm(sandbox, stored.record.linked_to) };
}
