import type { FC } from "hono/jsx";
import type { Readiness } from "../../onboarding";
import { Badge, type Tone } from "./components/display";
import { PostButton } from "./components/forms";
import { words } from "./format";

const STATUS_TEXT: Record<Readiness["onboardingStatus"], { label: string; tone: Tone }> = {
  not_started: { label: "Not started", tone: "neutral" },
  pending: { label: "Under review", tone: "warn" },
  enabled: { label: "Enabled", tone: "good" },
  restricted: { label: "Restricted", tone: "bad" },
};

const YesNo: FC<{ value: boolean }> = ({ value }) => (value ? <Badge tone="good">Yes</Badge> : <Badge tone="neutral">Not yet</Badge>);

export const OverviewPage: FC<{ readiness: Readiness; tenantName: string }> = ({ readiness, tenantName }) => {
  const status = STATUS_TEXT[readiness.onboardingStatus];
  const canStart = readiness.onboardingStatus === "not_started" && !readiness.onboardingUrl;
  return (
    <>
      <p class="lead">{tenantName}</p>
      <section class="card" aria-labelledby="readiness-heading">
        <h2 id="readiness-heading">Readiness to take payments</h2>
        <dl class="facts">
          <dt>Onboarding</dt>
          <dd>
            <Badge tone={status.tone}>{status.label}</Badge>
          </dd>
          <dt>Charges enabled</dt>
          <dd>
            <YesNo value={readiness.chargesEnabled} />
          </dd>
          <dt>Payouts enabled</dt>
          <dd>
            <YesNo value={readiness.payoutsEnabled} />
          </dd>
          <dt>PCI (SAQ-A)</dt>
          <dd>
            <Badge tone={readiness.pci.status === "valid" ? "good" : readiness.pci.status === "expired" ? "bad" : "neutral"}>
              {words(readiness.pci.status)}
            </Badge>
            {readiness.pci.validUntil ? <span class="muted small"> until {readiness.pci.validUntil}</span> : null}
            {readiness.pci.actionUrl ? (
              <>
                {" "}
                <a href={readiness.pci.actionUrl}>Attest PCI compliance</a>
              </>
            ) : null}
          </dd>
          {readiness.processorMerchantId ? (
            <>
              <dt>Processor merchant</dt>
              <dd class="mono">{readiness.processorMerchantId}</dd>
            </>
          ) : null}
        </dl>
        {readiness.reasons.length > 0 ? (
          <ul class="reasons">
            {readiness.reasons.map((reason) => (
              <li>{reason.message}</li>
            ))}
          </ul>
        ) : null}
        <div class="actions">
          {readiness.onboardingUrl ? (
            <a class="button" href={readiness.onboardingUrl}>
              Continue onboarding
            </a>
          ) : null}
          {canStart ? (
            <PostButton action="/dashboard/onboarding" class="button">
              Start onboarding
            </PostButton>
          ) : null}
          <a class="button secondary" href="/dashboard?refresh=true">
            Check with the processor again
          </a>
        </div>
      </section>
      <section class="grid-2">
        <div class="card">
          <h2>Integrate</h2>
          <p>
            Create an API key for your server, then charge with <code>POST /v1/payments</code>.
          </p>
          <a href="/dashboard/keys">Manage API keys</a>
        </div>
        <div class="card">
          <h2>Hear about changes</h2>
          <p>Register a callback URL to receive signed events when payments settle, disputes open or your readiness changes.</p>
          <a href="/dashboard/callbacks">Set up callbacks</a>
        </div>
      </section>
    </>
  );
};
