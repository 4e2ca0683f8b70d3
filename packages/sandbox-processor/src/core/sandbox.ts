import { type ConfigUpdate, DEFAULT_CONFIG, mergeConfig, type SandboxConfig } from "./config";
import { enqueueEvent, type EventKind, nextDeliveryDue, serviceWebhook } from "./outbox";
import type { Stored } from "./records";
import { createSchema, ResourceStore } from "./store";

export const TIMER_ACTIONS = [
  "ach.settle",
  "ach.return",
  "reversal.settle",
  "card_present.complete",
  "authorization.expire",
  "checkout_form.expire",
  "payment_link.expire",
  "merchant.decide",
  "dispute.open",
  "evidence.review",
  "settlement.close",
  "settlement.approve",
  "funding.settle",
] as const;
export type TimerAction = (typeof TIMER_ACTIONS)[number];

export type TimerRow = { id: number; due_at: number; action: TimerAction; subject: string };

export type { EventKind } from "./outbox";

/** Not in wrangler.toml: the service's public origin, for a sandbox that has not been called by the service yet. */
type OptionalVars = { BASE_URL?: string };

declare global {
  interface SandboxEnv extends OptionalVars {}
  // The same bindings, as `env` from "cloudflare:workers" (the tests) types them.
  namespace Cloudflare {
    interface Env extends OptionalVars {}
  }
}

/** Kept apart from the sandbox's state, so a reset does not forget it. */
const SERVICE_ORIGIN_KEY = "service_origin";

/**
 * The sandbox's world for one Durable Object: its store, a clock that tests can move forward, the configured
 * delays, timers (run by the object's alarm) and the webhook outbox. Services receive it as their first argument.
 */
export class Sandbox {
  readonly store: ResourceStore;
  private readonly completionWaiters = new Map<string, Set<() => void>>();

  constructor(
    private readonly ctx: DurableObjectState,
    readonly env: SandboxEnv,
  ) {
    createSchema(ctx.storage.sql);
    this.store = new ResourceStore(ctx.storage.sql);
  }

  get sql(): SqlStorage {
    return this.ctx.storage.sql;
  }

  get applicationId(): string {
    return this.env.PROCESSOR_APPLICATION_ID;
  }

  /**
   * Links inside webhook bodies and hosted-page URLs point at the service's public origin: the one its latest call
   * told (webhooks are sent later, with no call in hand), else BASE_URL.
   */
  get publicOrigin(): string {
    const origin = this.ctx.storage.kv.get<string>(SERVICE_ORIGIN_KEY) ?? this.env.BASE_URL;
    if (!origin) throw new Error("The service's public origin is unknown: no call from the service yet, and no BASE_URL.");
    return origin.replace(/\/+$/, "");
  }

  noteServiceOrigin(origin: string): void {
    if (this.ctx.storage.kv.get<string>(SERVICE_ORIGIN_KEY) !== origin) this.ctx.storage.kv.put(SERVICE_ORIGIN_KEY, origin);
  }

  get webhookLinkBase(): string {
    return `${this.publicOrigin}/sandbox/processor`;
  }

  /** The sandbox worker's own fetch handler: its `/sandbox` pages (the request bin) without leaving the process. */
  selfFetch(request: Request): Promise<Response> {
    return (this.ctx.exports as { default: Fetcher }).default.fetch(request);
  }

  /** The service, through the sandbox worker's SERVICE binding; null where it is not bound. */
  get service(): Fetcher | null {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- undefined where the binding is not configured
    return this.env.SERVICE ?? null;
  }

  /** The default webhook: the service's inbound route with the credentials it is configured with. */
  serviceWebhook(): Stored<"webhook"> {
    return serviceWebhook({
      applicationId: this.applicationId,
      signingKeys: this.env.PROCESSOR_WEBHOOK_SIGNING_KEY,
      username: this.env.PROCESSOR_WEBHOOK_USERNAME,
      password: this.env.PROCESSOR_WEBHOOK_PASSWORD,
    });
  }

  config(): SandboxConfig {
    const stored = this.setting("config");
    return stored ? mergeConfig(DEFAULT_CONFIG, JSON.parse(stored) as ConfigUpdate) : DEFAULT_CONFIG;
  }

  updateConfig(update: ConfigUpdate): SandboxConfig {
    const next = mergeConfig(this.config(), update);
    this.setSetting("config", JSON.stringify(next));
    return next;
  }

  nowMs(): number {
    return Date.now() + Number(this.setting("clock_offset_ms") ?? 0);
  }

  nowIso(): string {
    return new Date(this.nowMs()).toISOString();
  }

  isoIn(seconds: number): string {
    return new Date(this.nowMs() + seconds * 1000).toISOString();
  }

  /** Every change gets a strictly later `updated_at`: receivers order updates by it and drop what is not newer. */
  touch(previousUpdatedAt: string): string {
    const now = this.nowMs();
    const previous = Date.parse(previousUpdatedAt);
    return new Date(now > previous ? now : previous + 1).toISOString();
  }

  advanceClock(seconds: number): number {
    const offset = Number(this.setting("clock_offset_ms") ?? 0) + seconds * 1000;
    this.setSetting("clock_offset_ms", String(offset));
    return offset;
  }

  schedule(action: TimerAction, subject: string, delaySeconds: number): void {
    this.sql.exec("INSERT INTO timers (due_at, action, subject) VALUES (?, ?, ?)", this.nowMs() + delaySeconds * 1000, action, subject);
    this.rescheduleAlarm();
  }

  hasTimer(action: TimerAction, subject: string): boolean {
    return this.sql.exec("SELECT 1 FROM timers WHERE action = ? AND subject = ?", action, subject).toArray().length > 0;
  }

  /**
   * Removes and returns the earliest timer due by `horizon` (or of a `forced` action, due or not); one at a time,
   * so each action sees the others' effects.
   */
  takeDueTimer(horizon: number, forced: readonly TimerAction[] = []): TimerRow | null {
    const row = this.sql
      .exec<TimerRow>(
        "SELECT id, due_at, action, subject FROM timers WHERE due_at <= ? OR action IN (SELECT value FROM json_each(?)) ORDER BY due_at, id LIMIT 1",
        horizon,
        JSON.stringify(forced),
      )
      .toArray()[0];
    if (row) this.sql.exec("DELETE FROM timers WHERE id = ?", row.id);
    return row ?? null;
  }

  emit<K extends EventKind>(kind: K, type: string, stored: Stored<K>): void {
    const outbox = {
      sql: this.sql,
      store: this.store,
      service: this.serviceWebhook(),
      nowMs: this.nowMs(),
      linkBase: this.webhookLinkBase,
      standIn: this.config().standIn,
    };
    if (enqueueEvent(outbox, kind, type, stored) > 0) this.rescheduleAlarm();
  }

  /**
   * The alarm fires at the earliest timer or delivery. Its moment is remembered so that running the alarm early
   * (`runDurableObjectAlarm` in tests) acts as if the clock had reached it.
   */
  rescheduleAlarm(): void {
    const nextTimer = this.sql.exec<{ at: number | null }>("SELECT MIN(due_at) AS at FROM timers").one().at;
    const candidates = [nextTimer, nextDeliveryDue(this.sql)].filter((at): at is number => at !== null);
    if (candidates.length === 0) {
      this.sql.exec("DELETE FROM settings WHERE key = 'alarm_at'");
      void this.ctx.storage.deleteAlarm();
      return;
    }
    const at = Math.min(...candidates);
    this.setSetting("alarm_at", String(at));
    void this.ctx.storage.setAlarm(at - (this.nowMs() - Date.now()));
  }

  alarmHorizon(): number {
    return Math.max(this.nowMs(), Number(this.setting("alarm_at") ?? 0));
  }

  /** Resolves when `notifyCompleted(id)` is called or after `timeoutMs`, whichever comes first. */
  waitForCompletion(id: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.completionWaiters.get(id) ?? new Set();
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(done);
      this.completionWaiters.set(id, waiters);
    });
  }

  notifyCompleted(id: string): void {
    for (const waiter of this.completionWaiters.get(id) ?? []) waiter();
    this.completionWaiters.delete(id);
  }

  private setting(key: string): string | null {
    return this.sql.exec<{ value: string }>("SELECT value FROM settings WHERE key = ?", key).toArray()[0]?.value ?? null;
  }

  private setSetting(key: string, value: string): void {
    this.sql.exec("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }
}
