import { escapeHtml, page } from "./layout";

type Form = { id: string; status: string; onboarding_data?: { entity?: Record<string, string> } };

export function onboardingFormPage(form: Form): string {
  const entity = form.onboarding_data?.entity ?? {};
  const field = (name: string, label: string, value = "", type = "text") =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}" required>`;
  return page(
    "Merchant onboarding",
    `<h1>Merchant onboarding</h1>
<form method="post" action="/sandbox/onboarding?formId=${encodeURIComponent(form.id)}">
<h2>Business</h2>
${field("businessName", "Legal business name", entity.business_name ?? "")}
<label for="businessType">Business type</label>
<select id="businessType" name="businessType"><option>LIMITED_LIABILITY_COMPANY</option><option>CORPORATION</option><option>INDIVIDUAL_SOLE_PROPRIETORSHIP</option><option>PARTNERSHIP</option></select>
${field("phone", "Business phone", entity.phone ?? "4155550100", "tel")}
<h2>Owner</h2>
${field("firstName", "First name", entity.first_name ?? "")}
${field("lastName", "Last name", entity.last_name ?? "")}
${field("email", "E-mail", entity.email ?? "", "email")}
<h2>Bank account for payouts</h2>
${field("bankCode", "Routing number", "122105278")}
${field("accountNumber", "Account number", "")}
<button id="submit" type="submit">Submit application</button>
</form>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p id="message">${escapeHtml(message)}</p>${link ? `<p><a id="continue" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ""}`);
}

export function compliancePage(form: { id: string; state: string }, returnTo: string | null): string {
  if (form.state === "COMPLETE") return messagePage("PCI SAQ-A", "This attestation is complete.");
  const action = `/sandbox/compliance/${encodeURIComponent(form.id)}${returnTo ? `?return=${encodeURIComponent(returnTo)}` : ""}`;
  return page(
    "PCI SAQ-A attestation",
    `<h1>PCI DSS SAQ-A attestation</h1>
<p>Card data is collected only by the processor's hosted fields; this business does not store, process or transmit cardholder data.</p>
<form method="post" action="${escapeHtml(action)}">
<label for="name">Your name</label><input id="name" name="name" required>
<label for="title">Title</label><input id="title" name="title" required>
<label><input id="accept" name="accept" type="checkbox" required style="width:auto"> I attest that the statements above are true.</label>
<button id="attest" type="submit">Sign attestation</button>
</form>`,
  );
}
