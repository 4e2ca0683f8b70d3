import type { Context } from "hono";
import { z } from "zod";

import {
  createCallbackEndpoint,
  deleteCallbackEndpoint,
  getCallbackEndpoint,
  listSigningSecrets,
  revealSigningSecrets,
  rotateSigningSecret,
  sendTestEvent,
  updateCallbackEndpoint,
} from "../callbacks";
import { ApiError } from "../lib/problem";
import { EVENT_TYPES } from "../outbox/event-types";
import { auditSignedIn } from "./audit-request";
import { renderPage, withPassword } from "./callbacks.handlers";
import { formFields } from "./forms";
import type { SignedInBindings } from "./types";
import { overlapWords } from "./views/audit-format";
import {
  type EndpointFormErrors,
  type EndpointFormValues,
  EndpointPage,
  type EndpointPageProps,
  OVERLAP_CHOICES,
} from "./views/callback-endpoints";

type SignedInContext = Context<SignedInBindings>;

const endpointIdOf = (c: SignedInContext) => c.req.param("endpointId") ?? "";

/** The endpoint named in the path, of the session's tenant only: another tenant's id is the service's 404. */
async function renderEndpoint(
  c: SignedInContext,
  endpointId: string,
  extra: Partial<Omit<EndpointPageProps, "endpoint" | "secrets" | "eventTypes">> = {},
  status: 200 | 201 | 400 | 401 | 409 | 422 | 429 = 200,
) {
  const ctx = c.get("ctx");
  const input = { endpointId };
  const [endpoint, secrets] = await Promise.all([getCallbackEndpoint({ ctx, input }), listSigningSecrets({ ctx, input })]);
  c.status(status);
  return c.render(<EndpointPage endpoint={endpoint} secrets={secrets} eventTypes={EVENT_TYPES} {...extra} />, {
    title: endpoint.description ?? "Callback endpoint",
  });
}

const backTo = (c: SignedInContext, endpointId: string, notice: "endpoint-saved" | "endpoint-test-sent") =>
  c.redirect(`/dashboard/callbacks/endpoints/${endpointId}?notice=${notice}`, 303);

/** The form as the service takes it: event types separated by commas. */
async function endpointForm(c: SignedInContext) {
  const fields = await formFields(c);
  const values: EndpointFormValues = {
    url: (fields.url ?? "").trim(),
    description: (fields.description ?? "").trim(),
    enabledEvents: (fields.enabledEvents ?? "").trim(),
  };
  const changes = {
    url: values.url ?? "",
    description: values.description ? values.description.slice(0, 200) : null,
    enabledEvents: (values.enabledEvents ?? "")
      .split(",")
      .map((type) => type.trim())
      .filter(Boolean),
  };
  return { values, changes, disabled: fields.state === "disabled" };
}

/** A refusal the person can fix (a URL, an event type, the limit), as errors next to the fields; anything else is thrown. */
function formErrors(error: unknown, enabledEvents: string[]): { errors: EndpointFormErrors; message: string } {
  if (!(error instanceof ApiError)) throw error;
  if (error.slug === "unknown-event-type") return { errors: { enabledEvents: error.message }, message: "The endpoint was not saved." };
  if (error.slug === "callback-endpoint-limit-reached") return { errors: {}, message: error.message };
  const field = (error.extensions.errors as { field: string; message: string }[] | undefined)?.[0];
  if (error.slug !== "validation-failed" || !field) throw error;
  return field.field === "url"
    ? { errors: { url: `The URL ${field.message}.` }, message: "The endpoint was not saved." }
    : { errors: enabledEvents.length === 0 ? { enabledEvents: "Name at least one event type, or *." } : {}, message: error.message };
}

export async function createEndpoint(c: SignedInContext) {
  const { values, changes } = await endpointForm(c);
  if (changes.enabledEvents.length === 0)
    return renderPage(c, { endpointValues: values, endpointErrors: { enabledEvents: "Name at least one event type, or *." } }, 400);
  let created;
  try {
    created = await createCallbackEndpoint({ ctx: c.get("ctx"), input: changes });
  } catch (error) {
    const { errors, message } = formErrors(error, changes.enabledEvents);
    return renderPage(
      c,
      { endpointValues: values, endpointErrors: errors, endpointError: message },
      error instanceof ApiError && error.status === 422 ? 422 : 400,
    );
  }
  await auditSignedIn(c, "callback_endpoint.created", `${created.endpoint.id} (${created.endpoint.url})`);
  // The secret is in this response's page only (not a redirect): it never sits in a URL or a page that can be fetched again.
  return renderEndpoint(c, created.endpoint.id, { createdSecret: created.secret }, 201);
}

export const showEndpoint = (c: SignedInContext) => renderEndpoint(c, endpointIdOf(c));

export async function updateEndpoint(c: SignedInContext) {
  const { values, changes, disabled } = await endpointForm(c);
  if (changes.enabledEvents.length === 0)
    return renderEndpoint(c, endpointIdOf(c), { values, errors: { enabledEvents: "Name at least one event type, or *." } }, 400);
  const endpointId = endpointIdOf(c);
  try {
    await updateCallbackEndpoint({
      ctx: c.get("ctx"),
      input: { endpointId, changes: { ...changes, disabled } },
    });
  } catch (error) {
    const { errors, message } = formErrors(error, changes.enabledEvents);
    return renderEndpoint(c, endpointId, { values, errors, error: message }, error instanceof ApiError && error.status === 422 ? 422 : 400);
  }
  await auditSignedIn(c, "callback_endpoint.updated", `${endpointId} (${changes.url}${disabled ? ", disabled" : ""})`);
  return backTo(c, endpointId, "endpoint-saved");
}

export async function deleteEndpoint(c: SignedInContext) {
  const endpointId = endpointIdOf(c);
  await deleteCallbackEndpoint({ ctx: c.get("ctx"), input: { endpointId } });
  await auditSignedIn(c, "callback_endpoint.deleted", endpointId);
  return c.redirect("/dashboard/callbacks?notice=endpoint-deleted#endpoints", 303);
}

/** A wrong password on an endpoint's secret forms is shown on the endpoint's page. */
const onEndpointPage = (c: SignedInContext, endpointId: string) => (secretError: EndpointPageProps["secretError"], status: 401 | 429) =>
  renderEndpoint(c, endpointId, { ...(secretError ? { secretError } : {}) }, status);

export const revealEndpointSecret = (c: SignedInContext) =>
  withPassword(
    c,
    "reveal",
    async () => {
      const endpointId = endpointIdOf(c);
      const revealed = await revealSigningSecrets({ ctx: c.get("ctx"), input: { endpointId } });
      await auditSignedIn(c, "signing_secret.revealed", `${endpointId}: ${revealed.map((secret) => secret.id).join(", ")}`);
      return renderEndpoint(c, endpointId, { revealed });
    },
    onEndpointPage(c, endpointIdOf(c)),
  );

const RotateForm = z.object({
  overlapSeconds: z.coerce.number().refine((seconds) => OVERLAP_CHOICES.some((choice) => choice.seconds === seconds)),
});

export const rotateEndpointSecret = (c: SignedInContext) =>
  withPassword(
    c,
    "rotate",
    async () => {
      const parsed = RotateForm.safeParse(await formFields(c));
      if (!parsed.success)
        return renderEndpoint(
          c,
          endpointIdOf(c),
          { secretError: { action: "rotate", message: "Choose how long the old secret keeps signing." } },
          400,
        );
      const endpointId = endpointIdOf(c);
      const revealed = await rotateSigningSecret({
        ctx: c.get("ctx"),
        input: { endpointId, previousSecretTtlSeconds: parsed.data.overlapSeconds },
      });
      await auditSignedIn(c, "signing_secret.rotated", `${endpointId}: ${revealed[0]?.id} (${overlapWords(parsed.data.overlapSeconds)})`);
      return renderEndpoint(c, endpointId, { revealed });
    },
    onEndpointPage(c, endpointIdOf(c)),
  );

export async function sendEndpointPing(c: SignedInContext) {
  const endpointId = endpointIdOf(c);
  try {
    await sendTestEvent({ ctx: c.get("ctx"), input: { endpointId } });
  } catch (error) {
    if (error instanceof ApiError && error.slug === "conflict") return renderEndpoint(c, endpointId, { error: error.message }, 409);
    throw error;
  }
  await auditSignedIn(c, "test_event.sent", endpointId);
  return backTo(c, endpointId, "endpoint-test-sent");
}
