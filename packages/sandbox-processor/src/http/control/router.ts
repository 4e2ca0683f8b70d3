import { type Context, Hono } from "hono";
import { z } from "zod";

import type { Kind } from "../../core/records";
import { TIMER_ACTIONS } from "../../core/sandbox";
import { FAULT_KINDS } from "../../resources/faults";
import { type SandboxControl, SandboxControlError } from "../edge";
import { readOnboardingSubmission } from "../pages/onboarding-fields";
import { Problem, type ProblemSlug } from "../problem";
import type { HttpEnv } from "../types";
import { type ControlScope, operatorOnly, scopeOf } from "./scope";

type ControlContext = Context<HttpEnv>;

const SLUGS: Record<number, ProblemSlug> = { 400: "validation-failed", 404: "not-found", 409: "conflict", 422: "validation-failed" };

function toProblem(error: SandboxControlError): Problem {
  const slug = SLUGS[error.status] ?? "internal-error";
  return new Problem(
    slug,
    error.message,
    slug === "validation-failed" ? { errors: [{ field: error.field ?? "(body)", message: error.message }] } : {},
  );
}

function validationError(issues: { field: string; message: string }[]): Problem {
  return new Problem("validation-failed", `${issues.length} field(s) failed validation.`, { errors: issues });
}

async function readBody<T extends z.ZodType>(c: ControlContext, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new Problem("malformed-json", "The body is not valid JSON.");
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw validationError(result.error.issues.map((issue) => ({ field: issue.path.join(".") || "(body)", message: issue.message })));
}

const Id = z.string().min(1);
const Seconds = z.number().int().min(0);
const KINDS = [
  "identity",
  "payment_instrument",
  "token",
  "transfer",
  "authorization",
  "merchant",
  "onboarding_form",
  "compliance_form",
  "device",
  "dispute",
  "evidence",
  "settlement",
  "webhook",
] as const;
const MerchantState = z.enum(["PROVISIONING", "APPROVED", "REJECTED", "UPDATE_REQUESTED"]);
const CardPresentOutcome = z.enum(["approve", "decline", "cancel"]);

/** The resource an action drives, when a tenant may call it on its own merchant's resources; none: operator only. */
type Subject = { kind: Kind; id: string };
const transfer = ({ id }: { id: string }): Subject => ({ kind: "transfer", id });
const merchant = ({ id }: { id: string }): Subject => ({ kind: "merchant", id });
const complianceForm = ({ id }: { id: string }): Subject => ({ kind: "compliance_form", id });

type Action<T extends z.ZodType> = {
  input: T;
  run: (control: SandboxControl, input: z.infer<T>) => Promise<unknown>;
  subject?: (input: z.infer<T>) => Subject;
};
const action = <T extends z.ZodType>(input: T, run: Action<T>["run"], subject?: Action<T>["subject"]): Action<T> => ({
  input,
  run,
  ...(subject ? { subject } : {}),
});

/**
 * `POST /sandbox/control/{action}` with a JSON body answers `{ result }`: the sandbox's delayed outcomes made to happen
 * now, disputes opened, merchants decided, and fault knobs set. Every call also runs whatever it made due — its
 * webhooks included — before answering. Actions with a subject may be called with a tenant's scope, on its own
 * merchant's resources; the others (the clock, configuration, faults, reset, new merchants…) only by the operator.
 */
export const CONTROL_ACTIONS = {
  get: action(
    z.object({ kind: z.enum(KINDS), id: Id }),
    (control, { kind, id }) => control.getResource(kind, id),
    (input) => input,
  ),
  config: action(
    z.object({
      delaysSeconds: z
        .object({
          achSettlement: Seconds,
          achReturn: Seconds,
          reversal: Seconds,
          merchantApproval: Seconds,
          dispute: Seconds,
          cardPresent: Seconds,
          settlement: Seconds,
          settlementApproval: Seconds,
          funding: Seconds,
          evidenceReview: Seconds,
        })
        .partial()
        .optional(),
      cardPresentMaxBlockSeconds: Seconds.optional(),
      rateLimit: z
        .object({ readsPerSecond: z.number().int().positive().nullable(), writesPerSecond: z.number().int().positive().nullable() })
        .partial()
        .optional(),
      standIn: z.boolean().optional(),
    }),
    (control, input) => control.configure(input),
  ),
  "advance-clock": action(z.object({ seconds: z.number().int().positive() }), (control, { seconds }) => control.advanceClock(seconds)),
  "run-jobs": action(
    z.object({ kinds: z.array(z.enum(TIMER_ACTIONS)).optional(), all: z.boolean().optional() }),
    (control, { kinds, all }) => control.runJobs(all ? TIMER_ACTIONS : (kinds ?? [])),
  ),
  "settle-ach": action(
    z.object({
      id: Id,
      outcome: z.enum(["succeed", "fail", "return", "return-as-reversal"]).optional(),
      failureCode: z.string().optional(),
      failureMessage: z.string().optional(),
    }),
    (control, { id, outcome, failureCode, failureMessage }) =>
      control.settleAch(id, outcome, failureCode ? { code: failureCode, message: failureMessage ?? failureCode } : undefined),
    transfer,
  ),
  "settle-reversal": action(
    z.object({ id: Id, outcome: z.enum(["succeed", "fail"]).optional() }),
    (control, { id, outcome }) => control.settleReversal(id, outcome),
    transfer,
  ),
  "expire-authorization": action(
    z.object({ authorizationId: Id }),
    (control, { authorizationId }) => control.expireAuthorization(authorizationId),
    ({ authorizationId }) => ({ kind: "authorization", id: authorizationId }),
  ),
  "card-present": action(
    z.union([z.object({ id: Id, outcome: CardPresentOutcome }), z.object({ device: Id, outcome: CardPresentOutcome })]),
    (control, input) =>
      "id" in input ? control.completeCardPresent(input.id, input.outcome) : control.presentAtDevice(input.device, input.outcome),
    (input) => ("id" in input ? { kind: "transfer", id: input.id } : { kind: "device", id: input.device }),
  ),
  "device-connection": action(
    z.object({ id: Id, connection: z.enum(["OPEN", "CLOSED"]) }),
    (control, { id, connection }) => control.setDeviceConnection(id, connection),
    ({ id }) => ({ kind: "device", id }),
  ),
  "tap-on-cancel": action(
    z.object({ device: Id }),
    (control, { device }) => control.tapOnCancel(device),
    ({ device }) => ({ kind: "device", id: device }),
  ),
  "open-dispute": action(
    z.object({
      id: Id,
      reason: z.enum(["CLERICAL", "FRAUD", "INQUIRY", "QUALITY", "TECHNICAL"]).optional(),
      amount: z.number().int().positive().optional(),
    }),
    (control, { id, ...input }) => control.openDispute(id, input),
    transfer,
  ),
  "resolve-dispute": action(
    z.object({ id: Id, outcome: z.enum(["WON", "LOST"]) }),
    (control, { id, outcome }) => control.resolveDispute(id, outcome),
    ({ id }) => ({ kind: "dispute", id }),
  ),
  "review-evidence": action(
    z.object({ id: Id, outcome: z.enum(["succeed", "fail"]).optional() }),
    (control, { id, outcome }) => control.reviewEvidence(id, outcome),
    ({ id }) => ({ kind: "evidence", id }),
  ),
  "create-merchant": action(
    z.object({ name: z.string().min(1).default("Sandbox Merchant"), state: MerchantState.default("APPROVED") }),
    (control, input) => control.createMerchant(input),
  ),
  "quiet-sales": action(
    z.object({ merchant: Id, count: z.number().int().min(1).max(10_000), amount: z.number().int().positive().default(1_000) }),
    (control, { merchant, count, amount }) => control.recordQuietSales(merchant, count, amount),
  ),
  "merchant-state": action(
    z.object({ id: Id, state: MerchantState }),
    (control, { id, state }) => control.setMerchantState(id, state),
    merchant,
  ),
  "merchant-processing": action(
    z.object({ id: Id, enabled: z.boolean() }),
    (control, { id, enabled }) => control.setMerchantProcessing(id, enabled),
    merchant,
  ),
  "submit-onboarding": action(
    z.object({ id: Id, fields: z.record(z.string(), z.string()) }),
    async (control, { id, fields }) => {
      const submission = readOnboardingSubmission({ accept_terms: "on", ...fields });
      if ("errors" in submission)
        throw validationError(Object.entries(submission.errors).map(([field, message]) => ({ field: `fields.${field}`, message })));
      return control.submitOnboarding(id, null, { ...submission, client: { ipAddress: "127.0.0.1", userAgent: "sandbox-control" } });
    },
    ({ id }) => ({ kind: "onboarding_form", id }),
  ),
  "attest-compliance": action(
    z.object({ id: Id, name: z.string().default("Sandbox Signer"), title: z.string().default("Owner") }),
    (control, { id, name, title }) =>
      control.attestComplianceForm(id, {
        name,
        title,
        signed_at: new Date().toISOString(),
        ip_address: "127.0.0.1",
        user_agent: "sandbox-control",
      }),
    complianceForm,
  ),
  "expire-compliance": action(
    z.union([z.object({ id: Id }), z.object({ merchant: Id })]),
    (control, input) => control.expireComplianceForm(input),
    (input) => ("id" in input ? complianceForm(input) : merchant({ id: input.merchant })),
  ),
  "fee-profile": action(
    z.object({ id: Id, basisPoints: z.number().int().min(0).max(10_000), fixedFee: z.number().int().min(0) }),
    (control, { id, ...profile }) => control.setFeeProfile(id, profile),
    merchant,
  ),
  "close-settlement": action(
    z.object({ id: Id, through: z.enum(["closed", "approved", "funded"]).default("funded") }),
    (control, { id, through }) => control.closeSettlement(id, through),
    merchant,
  ),
  "webhook-secret": action(z.object({ id: Id, secretSigningKey: z.string() }), (control, { id, secretSigningKey }) =>
    control.setWebhookSecret(id, secretSigningKey),
  ),
  fault: action(
    z.object({
      operation: z.string().min(1),
      kind: z.enum(FAULT_KINDS),
      status: z.number().int().min(400).max(599).optional(),
      code: z
        .string()
        .regex(/^[A-Z][A-Z0-9_]{1,63}$/)
        .optional(),
      latencyMs: z.number().int().min(0).max(300_000).optional(),
      delayMs: z.number().int().min(0).max(300_000).optional(),
      times: z.number().int().positive().optional(),
    }),
    (control, spec) => control.addFault(spec),
  ),
  "remove-fault": action(z.object({ id: Id }), (control, { id }) => control.removeFault(id)),
  "clear-faults": action(z.object({}), (control) => control.clearFaults()),
  reset: action(z.object({}), (control) => control.reset()),
};

type ActionName = keyof typeof CONTROL_ACTIONS;

/** A tenant acts only on its own merchant's resources; anything else reads as not there (nothing is revealed). */
async function authorize(control: SandboxControl, scope: ControlScope, subject: Subject): Promise<void> {
  if (scope.operator) return;
  const owner = await control.merchantOf(subject.kind, subject.id);
  if (owner === null || owner !== scope.merchantId) throw new Problem("not-found", `No ${subject.kind} ${subject.id} for this merchant.`);
}

async function handleAction(c: ControlContext, control: SandboxControl, scope: ControlScope): Promise<Response> {
  const name = c.req.param("action") as ActionName;
  const chosen = CONTROL_ACTIONS[name] as Action<z.ZodType> | undefined;
  if (!chosen)
    throw new Problem("not-found", `No sandbox control action "${name}"; see "Controls" in packages/sandbox-processor/README.md.`);
  if (!scope.operator && !chosen.subject) throw operatorOnly(`The "${name}" control`);
  const input = await readBody(c, chosen.input);
  if (chosen.subject) await authorize(control, scope, chosen.subject(input));
  return c.json({ result: await chosen.run(control, input) });
}

const READS: { path: string; handler: (c: ControlContext, control: SandboxControl) => Promise<Response> }[] = [
  { path: "/config", handler: async (c, control) => c.json({ result: await control.configure({}) }) },
  { path: "/faults", handler: async (c, control) => c.json({ result: await control.listFaults() }) },
  {
    path: "/webhook-deliveries",
    handler: async (c, control) => c.json({ result: await control.listDeliveries(c.req.query("webhookId")) }),
  },
  { path: "/inbox/:name", handler: async (c, control) => c.json({ result: await control.readInbox(c.req.param("name")!) }) },
  { path: "/calls", handler: async (c, control) => c.json({ result: await control.listCalls() }) },
];

/** `/sandbox/control/*`: the actions above, and reads of the sandbox's global state (operator only). */
export function createControlRouter() {
  const router = new Hono<HttpEnv>();
  const withControl =
    (handler: (c: ControlContext, control: SandboxControl, scope: ControlScope) => Promise<Response>) => async (c: ControlContext) => {
      const scope = scopeOf(c.req.raw.headers);
      try {
        return await handler(c, c.var.control, scope);
      } catch (error) {
        throw error instanceof SandboxControlError ? toProblem(error) : error;
      }
    };
  for (const read of READS)
    router.get(
      read.path,
      withControl((c, control, scope) => {
        if (!scope.operator) throw operatorOnly(`Reading ${read.path}`);
        return read.handler(c, control);
      }),
    );
  router.post("/:action", withControl(handleAction));
  return router;
}

/**
 * The request bin: `POST /sandbox/inbox/{name}[?status=…]` records a request exactly as it arrived (point a webhook
 * URL at it) and answers that status (default 200). It is a receiver, not a control: anyone may post to it; reading
 * it back (`GET /sandbox/control/inbox/{name}`) is the operator's.
 */
export async function recordInbox(c: ControlContext): Promise<Response> {
  await c.var.control.recordInboxRequest(c.req.param("name")!, {
    method: c.req.method,
    url: c.req.url,
    headers: Object.fromEntries(c.req.raw.headers),
    body: await c.req.text(),
  });
  const status = Number(c.req.query("status") ?? 200);
  return c.json({ received: true }, (status >= 200 && status <= 599 ? status : 200) as 200);
}
