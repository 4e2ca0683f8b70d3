import { DurableObject } from "cloudflare:workers";
import { Hono, type Context } from "hono";
import { timingSafeEqualStrings } from "../lib/crypto";
import { ProcessorLogic, type Transfer } from "./processor-logic";
import { errorBody, ProcessorFault } from "./resources";
import { SandboxState, type Fault, type Job, type Resource } from "./state";
import { deliverWebhook, registerWebhook, serviceWebhook, subscribes, webhookBody, WEBHOOK_RETRY_DELAYS_MS, type WebhookRegistration } from "./webhooks";

/** Marks a response the in-process transport must turn into a hang (timeout) or a reset connection. */
export const TRANSPORT_FAULT_HEADER = "x-sandbox-transport-fault";

const ID_SEGMENT = /^(?:[A-Z]{2}[A-Za-z0-9]{6,}|obf_[A-Za-z0-9]+|cf_[A-Za-z0-9]+|cft_[A-Za-z0-9]+)$/;

/** "POST /transfers/TRabc/reversals" → "POST /transfers/{id}/reversals", the key fault knobs are set on. */
export function operationKey(method: string, pathname: string): string {
  return `${method} ${pathname
    .split("/")
    .map((segment) => (ID_SEGMENT.test(segment) ? "{id}" : segment))
    .join("/")}`;
}

const FINIX_VERSION = "2022-02-01";

/**
 * The built-in sandbox processor: one Durable Object holds its whole state, so every operation is
 * serialized like a single processor account; delayed outcomes (ACH settlement, approvals, disputes,
 * webhook deliveries) are jobs run by the object's alarm or at once by a control call.
 */
export class SandboxProcessor extends DurableObject<Env> {
  private readonly state: SandboxState;
  private readonly logic: ProcessorLogic;
  private readonly rest: Hono;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.state = new SandboxState(ctx.storage.sql);
    this.logic = new ProcessorLogic(this.state, env.PROCESSOR_APPLICATION_ID, env.BASE_URL);
    this.rest = this.restApp();
  }

  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const fault = this.state.takeFault(operationKey(request.method, url.pathname));
    if (fault?.kind === "latency") await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
    const before = this.beforeFault(fault);
    if (before) return before;
    const response = await this.rest.fetch(request, this.env);
    await this.armAlarm();
    return this.afterFault(fault) ?? response;
  }

  private beforeFault(fault: Fault | null): Response | null {
    if (!fault) return null;
    if (fault.kind === "error") return Response.json(errorBody(500, "SERVER_ERROR", "Sandbox fault: server error."), { status: 500 });
    if (fault.kind === "timeout") return new Response(null, { status: 599, headers: { [TRANSPORT_FAULT_HEADER]: "timeout" } });
    if (fault.kind === "drop") return new Response(null, { status: 599, headers: { [TRANSPORT_FAULT_HEADER]: "drop" } });
    return null;
  }

  /** The "-after" faults lose the answer of a request that was applied — the case idempotency exists for. */
  private afterFault(fault: Fault | null): Response | null {
    if (fault?.kind === "error-after") return Response.json(errorBody(500, "SERVER_ERROR", "Sandbox fault: server error."), { status: 500 });
    if (fault?.kind === "timeout-after") return new Response(null, { status: 599, headers: { [TRANSPORT_FAULT_HEADER]: "timeout" } });
    if (fault?.kind === "drop-after") return new Response(null, { status: 599, headers: { [TRANSPORT_FAULT_HEADER]: "drop" } });
    return null;
  }

  private authorized(c: Context): boolean {
    const expected = `Basic ${btoa(`${this.env.PROCESSOR_USERNAME}:${this.env.PROCESSOR_PASSWORD}`)}`;
    return timingSafeEqualStrings(c.req.header("Authorization") ?? "", expected);
  }

  private restApp(): Hono {
    const app = new Hono();
    const logic = this.logic;
    const state = this.state;
    const page = <T extends Resource>(kind: string, plural: string, c: Context, where?: (r: T) => boolean) => {
      const limit = Math.min(Number(c.req.query("limit") ?? 20) || 20, 100);
      const result = state.list<T>(kind, { limit, afterCursor: c.req.query("after_cursor"), where });
      return c.json({
        _embedded: { [plural]: result.items },
        _links: { self: { href: c.req.path }, ...(result.nextCursor ? { next: { href: `${c.req.path}?after_cursor=${result.nextCursor}` } } : {}) },
        page: { limit, next_cursor: result.nextCursor },
      });
    };
    const notFound = (what: string) => new ProcessorFault(404, "NOT_FOUND", `${what} not found.`);
    const found = <T>(value: T | null, what: string): T => {
      if (!value) throw notFound(what);
      return value;
    };

    app.onError((error, c) => {
      if (error instanceof ProcessorFault) return c.json(errorBody(error.status, error.code, error.message, error.field), error.status as 400);
      return c.json(errorBody(500, "SERVER_ERROR", "Sandbox processor error."), 500);
    });

    // Browser tokenization is authorized by the public application id, as the processor's library is.
    app.post("/applications/:applicationId/tokens", async (c) => {
      if (c.req.param("applicationId") !== this.env.PROCESSOR_APPLICATION_ID) throw notFound("Application");
      return c.json(logic.createToken(await c.req.json()), 201);
    });

    app.use("*", async (c, next) => {
      if (!this.authorized(c)) return c.json(errorBody(401, "UNKNOWN", "Unauthorized"), 401);
      if (c.req.header("Finix-Version") !== FINIX_VERSION) {
        return c.json(errorBody(400, "BAD_REQUEST", `The sandbox speaks Finix-Version ${FINIX_VERSION} only.`), 400);
      }
      await next();
    });

    app.post("/identities", async (c) => c.json(logic.createIdentity(await c.req.json()), 201));
    app.get("/identities/:id", (c) => c.json(found(state.get("identity", c.req.param("id")), "Identity")));
    app.get("/identities/:id/merchants", (c) => page<Resource & { identity: string }>("merchant", "merchants", c, (m) => m.identity === c.req.param("id")));

    app.post("/payment_instruments", async (c) => c.json(logic.createPaymentInstrument(await c.req.json()), 201));
    app.get("/payment_instruments/:id", (c) => c.json(found(state.get("payment_instrument", c.req.param("id")), "Payment instrument")));

    app.post("/transfers", async (c) => {
      const { transfer, declined } = logic.createTransfer(await c.req.json());
      if (!declined) return c.json(transfer, 201);
      const body = errorBody(402, transfer.failure_code ?? "DECLINED", transfer.failure_message ?? "Declined");
      return c.json({ ...body, _embedded: { ...body._embedded, transfers: [transfer] } }, 402);
    });
    app.get("/transfers", (c) => {
      const idempotencyId = c.req.query("idempotency_id");
      return page<Transfer>("transfer", "transfers", c, (t) => !idempotencyId || t.idempotency_id === idempotencyId);
    });
    app.get("/transfers/:id", (c) => c.json(found(state.get("transfer", c.req.param("id")), "Transfer")));
    app.post("/transfers/:id/reversals", async (c) => c.json(logic.reverse(c.req.param("id"), await c.req.json()), 201));
    app.get("/transfers/:id/reversals", (c) => page<Transfer>("transfer", "transfers", c, (t) => t.parent_transfer === c.req.param("id")));

    app.get("/merchants/:id", (c) => c.json(found(state.get("merchant", c.req.param("id")), "Merchant")));
    app.put("/merchants/:id", async (c) => {
      const merchant = found(state.get<Resource>("merchant", c.req.param("id")), "Merchant");
      const body = await c.req.json<Record<string, unknown>>();
      for (const field of ["processing_enabled", "settlement_enabled"] as const) if (typeof body[field] === "boolean") merchant[field] = body[field];
      state.update(merchant);
      logic.emit("merchant", "updated", merchant);
      return c.json(merchant);
    });

    app.post("/onboarding_forms", async (c) => {
      const body = await c.req.json<Record<string, unknown>>();
      return c.json(this.createOnboardingForm(body), 200);
    });
    app.get("/onboarding_forms/:id", (c) => c.json(found(state.get("onboarding_form", c.req.param("id")), "Onboarding form")));
    app.post("/onboarding_forms/:id/links", async (c) => {
      const form = found(state.get<Resource & { onboarding_link: unknown; onboarding_link_details: Record<string, unknown> }>("onboarding_form", c.req.param("id")), "Onboarding form");
      const details = { ...form.onboarding_link_details, ...(await c.req.json<Record<string, unknown>>()) };
      form.onboarding_link = this.onboardingLink(form.id, Number(details.expiration_in_minutes ?? 60));
      form.onboarding_link_details = details;
      state.update(form);
      return c.json(form.onboarding_link, 200);
    });

    app.get("/compliance_forms", (c) => {
      const linkedTo = c.req.query("linked_to");
      const wanted = c.req.query("state");
      return page<Resource & { linked_to: string; state: string }>("compliance_form", "compliance_forms", c, (f) => (!linkedTo || f.linked_to === linkedTo) && (!wanted || f.state === wanted));
    });
    app.get("/compliance_forms/:id", (c) => c.json(found(state.get("compliance_form", c.req.param("id")), "Compliance form")));
    app.put("/compliance_forms/:id", async (c) => c.json(logic.attestComplianceForm(c.req.param("id"), await c.req.json())));

    app.get("/disputes", (c) => page<Resource & { merchant: string }>("dispute", "disputes", c, (d) => !c.req.query("merchant_id") || d.merchant === c.req.query("merchant_id")));
    app.get("/disputes/:id", (c) => c.json(found(state.get("dispute", c.req.param("id")), "Dispute")));

    app.post("/webhooks", async (c) => {
      const webhook = registerWebhook(state, this.env.PROCESSOR_APPLICATION_ID, await c.req.json());
      // The processor's test POST on registration: empty, and it must be answered 2xx.
      webhook.enabled = await deliverWebhook(this.env, webhook, "");
      state.update(webhook);
      return c.json(webhook, 201);
    });
    app.get("/webhooks", (c) => page("webhook", "webhooks", c));
    app.get("/webhooks/:id", (c) => c.json(found(state.get("webhook", c.req.param("id")), "Webhook")));
    app.put("/webhooks/:id", async (c) => {
      const webhook = found(state.get<WebhookRegistration>("webhook", c.req.param("id")), "Webhook");
      const body = await c.req.json<Partial<WebhookRegistration>>();
      Object.assign(webhook, {
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...(body.enabled_events !== undefined ? { enabled_events: body.enabled_events } : {}),
      });
      return c.json(state.update(webhook));
    });

    app.notFound((c) => c.json(errorBody(404, "NOT_FOUND", "Not found."), 404));
    return app;
  }

  private onboardingLink(formId: string, minutes: number) {
    return {
      link_url: `${this.env.BASE_URL.replace(/\/$/, "")}/sandbox/onboarding?formId=${formId}`,
      expires_at: new Date(Date.now() + minutes * 60_000).toISOString(),
    };
  }

  private createOnboardingForm(body: Record<string, unknown>): Resource {
    const details = (body.onboarding_link_details as Record<string, unknown>) ?? {};
    const now = new Date().toISOString();
    const id = `obf_${crypto.randomUUID().replaceAll("-", "").slice(0, 22)}`;
    const form = {
      id,
      created_at: now,
      updated_at: now,
      status: "IN_PROGRESS",
      identity_id: null,
      application_id: this.env.PROCESSOR_APPLICATION_ID,
      onboarding_data: body.onboarding_data ?? {},
      merchant_processors: body.merchant_processors ?? [{ processor: "DUMMY_V1" }],
      onboarding_link_details: details,
      onboarding_link: this.onboardingLink(id, Number(details.expiration_in_minutes ?? 60)),
      tags: (body.tags as Record<string, string>) ?? {},
    };
    return this.state.insert("onboarding_form", form);
  }

  /** Control calls (tests, demos): the same behaviour the alarm would produce, now. */
  async control(action: string, input: Record<string, unknown>): Promise<unknown> {
    const id = String(input.id ?? "");
    let result: unknown;
    switch (action) {
      case "settle-ach":
        result = this.logic.settleAch(id, input.outcome as "succeed" | "fail" | "return" | undefined);
        break;
      case "settle-reversal":
        result = this.logic.settleReversal(id, input.outcome as "succeed" | "fail" | undefined);
        break;
      case "open-dispute":
        result = this.logic.openDispute(id);
        break;
      case "merchant-state":
        result = this.logic.decideMerchant(id, String(input.state));
        break;
      case "create-merchant": {
        const identity = this.logic.createIdentity({ entity: { business_name: String(input.name ?? "Sandbox Merchant") } });
        result = this.logic.createMerchant(identity.id, (input.state as "APPROVED") ?? "APPROVED", String(input.name ?? "Sandbox Merchant"));
        break;
      }
      case "submit-onboarding":
        result = this.logic.submitOnboarding(id, input.fields as never);
        break;
      case "attest-compliance":
        result = this.logic.attestComplianceForm(id, input);
        break;
      case "expire-compliance": {
        const form = this.state.get<Resource>("compliance_form", id);
        if (form) {
          Object.assign(form, { state: "INCOMPLETE", valid_until: new Date(Date.now() - 86_400_000).toISOString() });
          this.state.update(form);
          this.logic.emit("compliance_form", "updated", form);
        }
        result = form;
        break;
      }
      case "fault":
        this.state.setFault({
          operation: String(input.operation),
          kind: input.kind as Fault["kind"],
          remaining: typeof input.times === "number" ? input.times : null,
          latencyMs: Number(input.latencyMs ?? 0),
        });
        break;
      case "clear-faults":
        this.state.clearFaults();
        break;
      case "run-jobs":
        await this.runJobs({ all: input.all === true, kinds: input.kinds as string[] | undefined });
        return { ok: true };
      case "get":
        return this.state.get(String(input.kind), id);
      default:
        throw new ProcessorFault(404, "NOT_FOUND", `Unknown control action ${action}.`);
    }
    await this.runJobs({ all: false });
    return result ?? null;
  }

  override async alarm(): Promise<void> {
    await this.runJobs({ all: false });
  }

  /** Runs the jobs due now (or every job of the given kinds), then the webhooks they caused. */
  async runJobs(options: { all: boolean; kinds?: string[] }): Promise<void> {
    const chosen = options.all || options.kinds ? (options.kinds ?? [undefined]).flatMap((kind) => this.state.takeDueJobs(Infinity, kind)) : [];
    for (const job of [...chosen, ...this.state.takeDueJobs(Date.now())]) await this.runJob(job);
    let due = this.state.takeDueJobs(Date.now());
    while (due.length > 0) {
      for (const job of due) await this.runJob(job);
      due = this.state.takeDueJobs(Date.now());
    }
    await this.armAlarm();
  }

  private async runJob(job: Job): Promise<void> {
    const payload = job.payload as { transferId: string; merchantId: string; outcome: string; entity: string; type: string; resourceId: string; webhookId: string; body: string; attempt: number };
    switch (job.kind) {
      case "ach.settle":
        this.logic.settleAch(payload.transferId);
        break;
      case "ach.return":
        this.logic.settleAch(payload.transferId, "return");
        break;
      case "reversal.settle":
        this.logic.settleReversal(payload.transferId);
        break;
      case "dispute.open":
        this.logic.openDispute(payload.transferId);
        break;
      case "merchant.decide":
        this.logic.decideMerchant(payload.merchantId, payload.outcome);
        break;
      case "webhook.emit":
        await this.emitWebhooks(payload.entity, payload.type, payload.resourceId);
        break;
      case "webhook.retry":
        await this.deliverWithRetry(payload.webhookId, payload.body, payload.attempt);
        break;
    }
  }

  private webhooks(): WebhookRegistration[] {
    const registered = this.state.list<WebhookRegistration>("webhook", { limit: 1000 }).items;
    return registered.some((w) => w.enabled) ? registered : [serviceWebhook(this.env)];
  }

  private async emitWebhooks(entity: string, type: string, resourceId: string): Promise<void> {
    const resource = this.state.get<Resource>(entity, resourceId);
    if (!resource) return;
    const body = webhookBody(entity, type, resource);
    for (const webhook of this.webhooks()) if (subscribes(webhook, entity, type)) await this.deliverWithRetry(webhook.id, body, 0);
  }

  private async deliverWithRetry(webhookId: string, body: string, attempt: number): Promise<void> {
    const webhook = webhookId === serviceWebhook(this.env).id ? serviceWebhook(this.env) : this.state.get<WebhookRegistration>("webhook", webhookId);
    if (!webhook) return;
    if (await deliverWebhook(this.env, webhook, body)) return;
    const delay = WEBHOOK_RETRY_DELAYS_MS[attempt];
    if (delay !== undefined) this.state.schedule(Date.now() + delay, "webhook.retry", { webhookId, body, attempt: attempt + 1 });
  }

  private async armAlarm(): Promise<void> {
    const next = this.state.nextJobAt();
    if (next === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(Math.max(next, Date.now()));
  }
}
