import { z } from "zod";

import { createOnboardingForm, createOnboardingLink } from "../../resources/onboarding-forms";
import { hal, jsonBody, resource, type RestContext } from "./http";
import { Tags } from "./schemas";

const LinkDetails = z.object({
  return_url: z.string().optional(),
  expired_session_url: z.string().optional(),
  fee_details_url: z.string().optional(),
  terms_of_service_url: z.string().optional(),
  expiration_in_minutes: z.union([z.string(), z.number()]).optional(),
});

const CreateOnboardingFormBody = z.object({
  onboarding_data: z.looseObject({}).optional(),
  merchant_processors: z.array(z.object({ processor: z.string() })).optional(),
  onboarding_link_details: LinkDetails.optional(),
  tags: Tags,
});

/** The processor answers 200 (not 201) to onboarding form creation. */
export async function create(c: RestContext) {
  const { body } = await jsonBody(c, CreateOnboardingFormBody);
  return resource(c, "onboarding_form", createOnboardingForm(c.env.sandbox, body), 200);
}

export async function get(c: RestContext) {
  return resource(c, "onboarding_form", c.env.sandbox.store.get("onboarding_form", c.req.param("onboarding_form_id")!));
}

export async function createLink(c: RestContext) {
  const { body } = await jsonBody(c, LinkDetails);
  return hal(c, 200, createOnboardingLink(c.env.sandbox, c.req.param("onboarding_form_id")!, body));
}
