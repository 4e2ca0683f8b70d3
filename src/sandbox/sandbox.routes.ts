import { Hono } from "hono";
import { cors } from "hono/cors";
import type { AppBindings } from "../lib/types";
import { CHECKOUT_PAGE } from "./pages/checkout-page";
import { compliancePage, messagePage, onboardingFormPage } from "./pages/onboarding-page";
import { TOKENIZATION_SCRIPT } from "./pages/tokenization-script";
import { ProcessorFault, errorBody } from "./resources";
import { sandboxProcessor, sandboxProcessorFetch } from "./transport";

type OnboardingForm = {
  id: string;
  status: string;
  onboarding_link?: { expires_at: string };
  onboarding_link_details?: { return_url?: string; expired_session_url?: string };
};

/** The sandbox over HTTP (built-in sandbox mode only): REST, control knobs, hosted pages, tokenization. */
const router = new Hono<AppBindings>();

router.use("/sandbox/processor/applications/*", cors({ origin: "*", allowMethods: ["POST", "OPTIONS"] }));
router.all("/sandbox/processor/*", (c) => {
  const url = new URL(c.req.url);
  url.pathname = url.pathname.replace(/^\/sandbox\/processor/, "");
  return sandboxProcessorFetch(c.env)(new Request(url, c.req.raw));
});

router.post("/sandbox/control/:action", async (c) => {
  const text = await c.req.text();
  try {
    const result = await sandboxProcessor(c.env).control(c.req.param("action"), text ? JSON.parse(text) : {});
    return c.json({ result });
  } catch (error) {
    const status = error instanceof ProcessorFault ? error.status : 400;
    return c.json(errorBody(status, "CONTROL_FAILED", error instanceof Error ? error.message : String(error)), status as 400);
  }
});

router.get("/sandbox/finix.js", (c) => c.body(TOKENIZATION_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" }));
router.get("/sandbox/checkout", (c) => c.html(CHECKOUT_PAGE));

router.get("/sandbox/onboarding", async (c) => {
  const form = (await sandboxProcessor(c.env).control("get", { kind: "onboarding_form", id: c.req.query("formId") ?? "" })) as OnboardingForm | null;
  if (!form) return c.html(messagePage("Onboarding", "This onboarding link is not valid."), 404);
  const details = form.onboarding_link_details ?? {};
  if (form.status === "COMPLETED") {
    return c.html(messagePage("Onboarding", "This application was already submitted.", details.return_url ? { href: details.return_url, text: "Continue" } : undefined));
  }
  if (form.onboarding_link && Date.parse(form.onboarding_link.expires_at) < Date.now()) {
    return details.expired_session_url ? c.redirect(details.expired_session_url, 303) : c.html(messagePage("Onboarding", "This onboarding link has expired."), 410);
  }
  return c.html(onboardingFormPage(form as never));
});

router.post("/sandbox/onboarding", async (c) => {
  const formId = c.req.query("formId") ?? "";
  const fields = Object.fromEntries([...(await c.req.formData()).entries()].map(([k, v]) => [k, String(v)]));
  try {
    const { form } = (await sandboxProcessor(c.env).control("submit-onboarding", { id: formId, fields })) as { form: OnboardingForm };
    const returnUrl = form.onboarding_link_details?.return_url;
    return returnUrl ? c.redirect(returnUrl, 303) : c.html(messagePage("Onboarding", "Application submitted."));
  } catch (error) {
    return c.html(messagePage("Onboarding", error instanceof Error ? error.message : "The application could not be submitted."), 422);
  }
});

router.get("/sandbox/compliance/:id", async (c) => {
  const form = (await sandboxProcessor(c.env).control("get", { kind: "compliance_form", id: c.req.param("id") })) as { id: string; state: string } | null;
  if (!form) return c.html(messagePage("PCI SAQ-A", "No such compliance form."), 404);
  return c.html(compliancePage(form, c.req.query("return") ?? null));
});

router.post("/sandbox/compliance/:id", async (c) => {
  const fields = await c.req.formData();
  await sandboxProcessor(c.env).control("attest-compliance", {
    id: c.req.param("id"),
    pci_saq_a: {
      name: String(fields.get("name") ?? ""),
      title: String(fields.get("title") ?? ""),
      signed_at: new Date().toISOString(),
      ip_address: c.req.header("CF-Connecting-IP") ?? "127.0.0.1",
      user_agent: c.req.header("User-Agent") ?? "unknown",
    },
  });
  const returnTo = c.req.query("return");
  return returnTo ? c.redirect(returnTo, 303) : c.html(messagePage("PCI SAQ-A", "Attestation signed."));
});

export default router;
