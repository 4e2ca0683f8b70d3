import type { FC } from "hono/jsx";
import { useRequestContext } from "hono/jsx-renderer";

import { publicConfig } from "../../../lib/config";
import type { DashboardBindings } from "../../types";

/**
 * Above every page, signed in or not, while the processor is the sandbox: nothing here moves real money. The same rule
 * as /docs' banner and `GET /v1/meta` (`publicConfig`'s `processorEnvironment`); a live dashboard shows none.
 */
export const SandboxBanner: FC = () => {
  const { processorEnvironment } = publicConfig(useRequestContext<DashboardBindings>().get("ctx").env);
  return processorEnvironment === "sandbox" ? (
    <aside class="sandbox-banner" aria-label="Environment">
      <strong>Sandbox</strong> — no real money moves: payments, refunds and payouts here go to the sandbox processor.
    </aside>
  ) : null;
};
