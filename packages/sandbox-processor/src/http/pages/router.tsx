import { type Context, Hono } from "hono";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";

import { SandboxControlError } from "../edge";
import type { HttpEnv } from "../types";
import { CheckoutPage } from "./checkout-page";
import { CompliancePage } from "./compliance-page";
import { FINIX_JS } from "./finix-js";
import { HomePage } from "./home-page";
import { type HostedCheckout, HostedCheckoutPage } from "./hosted-checkout-page";
import { Message } from "./layout";
import { prefillValues, readOnboardingSubmission } from "./onboarding-fields";
import { OnboardingPage } from "./onboarding-page";

type PageContext = Context<HttpEnv>;
type Page = HtmlEscapedString | Promise<HtmlEscapedString>;

/** Pages are never cached and never framed by other sites. */
function page(c: PageContext, body: Page, status: 200 | 404 | 410 | 422 = 200) {
  c.header("Cache-Control", "no-store");
  c.header("X-Frame-Options", "DENY");
  return c.html(html`<!DOCTYPE html>${body}`, status);
}

function clientOf(c: PageContext) {
  return {
    ipAddress: c.req.header("CF-Connecting-IP") ?? c.req.header("X-Forwarded-For")?.split(",")[0]?.trim() ?? "127.0.0.1",
    userAgent: c.req.header("User-Agent") ?? "unknown",
  };
}

/** Only http(s) URLs are followed, so a crafted link cannot send the browser to a script URL. */
function safeRedirect(url: string | null): string | null {
  if (!url) return null;
  try {
    return ["http:", "https:"].includes(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}

async function formValues(c: PageContext): Promise<Record<string, string>> {
  const form = await c.req.formData();
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") values[name] = value.trim();
  return values;
}

function finishedLink(c: PageContext, kind: "invalid" | "expired" | "completed", redirect: string | null) {
  const target = safeRedirect(redirect);
  if (target) return c.redirect(target, 303);
  if (kind === "invalid") return page(c, <Message title="Link not valid">This onboarding link is not valid.</Message>, 404);
  if (kind === "expired")
    return page(c, <Message title="Link expired">This onboarding link has expired. Ask the platform for a new one.</Message>, 410);
  return page(c, <Message title="Submitted">Thank you — your details were submitted.</Message>);
}

async function showOnboarding(c: PageContext) {
  const formId = c.req.query("formId") ?? "";
  const bearerToken = c.req.query("bearerToken") ?? "";
  const form = await c.var.control.onboardingPage(formId, bearerToken);
  if (form.kind !== "open") return finishedLink(c, form.kind, form.kind === "invalid" ? null : form.redirect);
  return page(
    c,
    <OnboardingPage
      formId={formId}
      bearerToken={bearerToken}
      values={prefillValues(form.prefill)}
      errors={{}}
      updateRequested={form.updateRequested}
      termsOfServiceUrl={safeRedirect(form.termsOfServiceUrl)}
      feeDetailsUrl={safeRedirect(form.feeDetailsUrl)}
    />,
  );
}

async function submitOnboarding(c: PageContext) {
  const values = await formValues(c);
  const formId = values.formId ?? "";
  const bearerToken = values.bearerToken ?? "";
  const sandbox = c.var.control;
  const current = await sandbox.onboardingPage(formId, bearerToken);
  if (current.kind !== "open") return finishedLink(c, current.kind, current.kind === "invalid" ? null : current.redirect);
  const rerender = (errors: Record<string, string>) =>
    page(
      c,
      <OnboardingPage
        formId={formId}
        bearerToken={bearerToken}
        values={values}
        errors={errors}
        updateRequested={current.updateRequested}
        termsOfServiceUrl={safeRedirect(current.termsOfServiceUrl)}
        feeDetailsUrl={safeRedirect(current.feeDetailsUrl)}
      />,
      422,
    );
  const submission = readOnboardingSubmission(values);
  if ("errors" in submission) return rerender(submission.errors);
  let done;
  try {
    done = await sandbox.submitOnboarding(formId, bearerToken, { ...submission, client: clientOf(c) });
  } catch (error) {
    if (error instanceof SandboxControlError) return rerender({ [error.field ?? "business_name"]: error.message });
    throw error;
  }
  return finishedLink(
    c,
    done.kind === "open" ? "completed" : done.kind,
    done.kind === "open" || done.kind === "invalid" ? null : done.redirect,
  );
}

async function showCompliance(c: PageContext, error: string | null = null, status: 200 | 422 = 200) {
  let form;
  try {
    form = (await c.var.control.complianceForm(c.req.param("id")!)) as Parameters<typeof CompliancePage>[0]["form"];
  } catch (error) {
    if (error instanceof SandboxControlError)
      return page(c, <Message title="Not found">No compliance form {c.req.param("id")}.</Message>, 404);
    throw error;
  }
  return page(c, <CompliancePage form={form} error={error} returnUrl={safeRedirect(c.req.query("return_url") ?? null)} />, status);
}

async function submitCompliance(c: PageContext) {
  const values = await formValues(c);
  if (!values.name || !values.title || values.accept !== "on")
    return showCompliance(c, "Enter your name and title and accept the attestation.", 422);
  const client = clientOf(c);
  try {
    await c.var.control.attestComplianceForm(c.req.param("id")!, {
      name: values.name,
      title: values.title,
      signed_at: new Date().toISOString(),
      ip_address: client.ipAddress,
      user_agent: client.userAgent,
    });
  } catch (error) {
    if (error instanceof SandboxControlError) return showCompliance(c, error.message, 422);
    throw error;
  }
  const target = safeRedirect(values.return_url ?? null);
  return target ? c.redirect(target, 303) : showCompliance(c);
}

type HostedKind = Parameters<HttpEnv["Variables"]["control"]["hostedPage"]>[0];
type HostedPayment = Parameters<HttpEnv["Variables"]["control"]["payHosted"]>[2];
type HostedPageView = HostedCheckout & {
  details: HostedCheckout["details"] & { success_return_url?: string; expired_session_url?: string };
};

/** The buyer's fields as the processor's page takes them; a message for the first one that is missing or malformed. */
function readHostedSubmission(values: Record<string, string>, collectEmail: boolean): HostedPayment | { error: string } {
  const firstName = values.first_name ?? "";
  const lastName = values.last_name ?? "";
  if (!firstName || !lastName) return { error: "Enter your first and last name." };
  const email = values.email || null;
  if (collectEmail && !email?.includes("@")) return { error: "Enter your e-mail address." };
  if (values.method === "bank") {
    if (!values.bank_code || !values.account_number) return { error: "Enter the routing and account numbers." };
    const bank = { bank_code: values.bank_code, account_number: values.account_number, account_type: "PERSONAL_CHECKING" as const };
    return { firstName, lastName, email, method: { bank: { ...bank, name: `${firstName} ${lastName}` } } };
  }
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(values.expiry ?? "");
  if (!values.number || !expiry) return { error: "Enter the card number and its expiry as MM/YY." };
  const card = {
    number: values.number,
    expiration_month: Number(expiry[1]),
    expiration_year: 2000 + Number(expiry[2]),
    ...(values.security_code ? { security_code: values.security_code } : {}),
    name: `${firstName} ${lastName}`,
  };
  return { firstName, lastName, email, method: { card } };
}

async function hostedPage(c: PageContext, kind: HostedKind): Promise<HostedPageView | null> {
  try {
    return await c.var.control.hostedPage(kind, c.req.param("id")!);
  } catch (error) {
    if (error instanceof SandboxControlError && error.status === 404) return null;
    throw error;
  }
}

/** A page that can no longer be paid: its redirect if it names one, else what happened to it. */
function closedPage(c: PageContext, form: HostedPageView) {
  if (form.state === "EXPIRED") {
    const target = safeRedirect(form.details.expired_session_url ?? null);
    if (target) return c.redirect(target, 303);
    return page(c, <Message title="Link expired">This payment page has expired. Ask the seller for a new link.</Message>, 410);
  }
  if (form.state === "DEACTIVATED") {
    return page(c, <Message title="Link turned off">The seller has turned this payment link off.</Message>, 410);
  }
  return page(c, <Message title="Already paid">You have already paid: this page takes one payment.</Message>);
}

function openPage(c: PageContext, form: HostedPageView, values: Record<string, string> = {}, error: string | null = null) {
  const details = { ...form.details, terms_of_service_url: safeRedirect(form.details.terms_of_service_url) ?? "#" };
  return page(c, <HostedCheckoutPage form={{ ...form, details }} values={values} error={error} />, error ? 422 : 200);
}

const showHosted = (kind: HostedKind) => async (c: PageContext) => {
  const form = await hostedPage(c, kind);
  if (!form) return page(c, <Message title="Not found">No such payment page.</Message>, 404);
  return form.state === "ACTIVE" ? openPage(c, form) : closedPage(c, form);
};

const submitHosted = (kind: HostedKind) => async (c: PageContext) => {
  const form = await hostedPage(c, kind);
  if (!form) return page(c, <Message title="Not found">No such payment page.</Message>, 404);
  if (form.state !== "ACTIVE") return closedPage(c, form);
  const values = await formValues(c);
  const { number: _number, security_code: _code, account_number: _account, ...kept } = values;
  const submission = readHostedSubmission(values, form.details.collect_email === true);
  if ("error" in submission) return openPage(c, form, kept, submission.error);
  let outcome;
  try {
    outcome = await c.var.control.payHosted(kind, form.id, submission);
  } catch (error) {
    if (error instanceof SandboxControlError && error.status === 422) return openPage(c, form, kept, error.message);
    throw error;
  }
  if (outcome.kind === "declined") return openPage(c, form, kept, `Declined: ${outcome.message}`);
  if (outcome.kind === "closed") return closedPage(c, { ...form, state: outcome.state });
  const target = safeRedirect(form.details.success_return_url ?? null);
  if (target) return c.redirect(target, 303);
  return page(c, <Message title="Paid">Thank you — your payment went through.</Message>);
};

/** The sandbox's browser pages: onboarding form, PCI attestation, hosted checkout and payment link pages, tokenization script and an example checkout. */
export function createPagesRouter() {
  const router = new Hono<HttpEnv>();
  router.get("/", (c) => page(c, <HomePage />));
  router.get("/finix.js", (c) => c.body(FINIX_JS, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" }));
  router.get("/checkout", (c) => page(c, <CheckoutPage />));
  router.get("/checkout-forms/:id", showHosted("checkout_form"));
  router.post("/checkout-forms/:id", submitHosted("checkout_form"));
  router.get("/payment-links/:id", showHosted("payment_link"));
  router.post("/payment-links/:id", submitHosted("payment_link"));
  router.get("/onboarding", showOnboarding);
  router.post("/onboarding", submitOnboarding);
  router.get("/compliance/:id", (c) => showCompliance(c));
  router.post("/compliance/:id", submitCompliance);
  return router;
}
