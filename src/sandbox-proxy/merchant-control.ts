import { publicConfig } from "../lib/config";
import { ApiError } from "../lib/problem";
import { publicUrl, type RootContext } from "../platform/context";
import { SANDBOX_SCOPE_HEADER } from "./control-scope";

/** The built-in sandbox Worker, where PROCESSOR_BASE_URL=builtin binds it; nowhere else is there a sandbox to pass to. */
export const builtinSandbox = (env: Env): Fetcher | undefined => (env.PROCESSOR_BASE_URL === "builtin" ? env.SANDBOX_PROCESSOR : undefined);

/** The sandbox's controls exist for the service's own screens only in the sandbox environment with the built-in sandbox. */
export const sandboxControlsAvailable = (env: Env): boolean =>
  publicConfig(env).processorEnvironment === "sandbox" && builtinSandbox(env) !== undefined;

/**
 * A control action asked by the service itself for one processor merchant: the scope a tenant's own key gets through
 * `/sandbox/control/*`, so the sandbox refuses anything on another merchant's resources. 404 where there is no sandbox.
 */
export async function merchantSandboxControl(
  ctx: RootContext,
  input: { processorMerchantId: string; action: string; body: Record<string, unknown> },
): Promise<unknown> {
  const sandbox = sandboxControlsAvailable(ctx.env) ? builtinSandbox(ctx.env) : undefined;
  if (!sandbox) throw new ApiError("not-found", "There are no sandbox controls in this environment.");
  const answer = await sandbox.fetch(
    new Request(publicUrl(ctx, `/sandbox/control/${input.action}`), {
      method: "POST",
      headers: { "Content-Type": "application/json", [SANDBOX_SCOPE_HEADER]: `merchant ${input.processorMerchantId}` },
      body: JSON.stringify(input.body),
    }),
  );
  if (!answer.ok) throw new Error(`sandbox control ${input.action} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json<{ result: unknown }>()).result;
}
