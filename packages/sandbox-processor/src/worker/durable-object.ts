import { DurableObject } from "cloudflare:workers";

import { ProcessorError } from "../core/errors";
import { Sandbox } from "../core/sandbox";
import { createRestApp } from "../http/rest/app";
import { CONTROL_NAMES, type ControlName, type ControlResult, READ_ONLY_CONTROLS, SandboxControls } from "../resources/controls";
import { deliverDue } from "../resources/deliveries";
import { ensurePlatformFunding } from "../resources/instruments";
import { runDueTimers } from "../resources/scheduled";

/**
 * The sandbox processor: all of its state in one SQLite-backed object. REST requests arrive through `fetch`;
 * control and hosted-page calls through the `control` RPC method; delayed transitions and webhook retries run on
 * the alarm.
 */
export class SandboxProcessor extends DurableObject<SandboxEnv> {
  private readonly sandbox: Sandbox;
  private readonly controls: SandboxControls;
  private readonly rest = createRestApp();
  private delivering: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: SandboxEnv) {
    super(ctx, env);
    this.sandbox = new Sandbox(ctx, env);
    ensurePlatformFunding(this.sandbox);
    this.controls = new SandboxControls(this.sandbox);
  }

  override fetch(request: Request): Promise<Response> {
    return Promise.resolve(this.rest.fetch(request, { sandbox: this.sandbox }));
  }

  override async alarm(): Promise<void> {
    await this.runUntil(this.sandbox.alarmHorizon());
  }

  private async runUntil(horizon: number): Promise<void> {
    runDueTimers(this.sandbox, horizon);
    await this.deliver(horizon);
    this.sandbox.rescheduleAlarm();
  }

  /** One delivery loop at a time, so nothing is sent twice; a second caller waits, then sends what came due meanwhile. */
  private async deliver(horizon: number): Promise<void> {
    while (this.delivering) await this.delivering;
    this.delivering = deliverDue(this.sandbox, horizon).finally(() => {
      this.delivering = null;
    });
    await this.delivering;
  }

  /**
   * Runs one control or page call, then — for calls that change something — everything it made due, webhooks
   * included, so that when the call returns its consequences have reached the service. Reads never wait for
   * deliveries: a webhook receiver (the request bin) calls back into this object while a delivery is in flight.
   */
  async control(name: ControlName, args: unknown[], serviceOrigin?: string): Promise<ControlResult<unknown>> {
    if (!CONTROL_NAMES.has(name)) throw new TypeError(`No sandbox control ${name}.`);
    if (serviceOrigin) this.sandbox.noteServiceOrigin(serviceOrigin);
    // eslint-disable-next-line @typescript-eslint/unbound-method -- applied to this.controls below
    const method = this.controls[name] as (...args: unknown[]) => unknown;
    try {
      const value = await method.apply(this.controls, args);
      if (!READ_ONLY_CONTROLS.has(name)) await this.runUntil(this.sandbox.nowMs());
      return { ok: true, value };
    } catch (error) {
      if (!(error instanceof ProcessorError)) throw error;
      const [first] = error.items;
      return {
        ok: false,
        status: error.status,
        code: first?.code ?? "UNKNOWN",
        message: error.message,
        ...(first?.field ? { field: first.field } : {}),
      };
    }
  }
}
