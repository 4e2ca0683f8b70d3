import { z } from "zod";

import { attestComplianceForm } from "../../resources/compliance-forms";
import { jsonBody, list, pageRequest, queryFilters, resource, type RestContext } from "./http";

const AttestBody = z.object({
  pci_saq_a: z.object({
    name: z.string().trim().min(1),
    title: z.string().trim().min(1),
    signed_at: z.string().min(1),
    ip_address: z.string().min(1),
    user_agent: z.string().min(1),
  }),
});

export async function index(c: RestContext) {
  const page = pageRequest(c);
  const filters = queryFilters(c, { linked_to: "linked_to", state: "state" });
  return list(c, "compliance_form", c.env.sandbox.store.list("compliance_form", filters, page), page);
}

export async function get(c: RestContext) {
  return resource(c, "compliance_form", c.env.sandbox.store.get("compliance_form", c.req.param("compliance_form_id")!));
}

export async function attest(c: RestContext) {
  const { body } = await jsonBody(c, AttestBody);
  return resource(c, "compliance_form", attestComplianceForm(c.env.sandbox, c.req.param("compliance_form_id")!, body.pci_saq_a));
}
