import type { ComplianceForm } from "../processor";

const STYLES = `
  :root { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2433; background: #f5f6f8; }
  main { max-width: 760px; margin: 24px auto; background: #fff; border-radius: 8px; padding: 24px 32px; }
  label { display: block; font-size: 13px; font-weight: 600; margin: 10px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 8px 10px; border: 1px solid #c4cad3; border-radius: 4px; }
  input[type=checkbox] { width: auto; margin-right: 8px; }
  .notice { background: #eef4ff; border: 1px solid #c7d7fe; padding: 10px 14px; border-radius: 6px; font-size: 13px; }
  .error { color: #b42318; font-size: 13px; }
  table { border-collapse: collapse; width: 100%; font-size: 13px; } td, th { border-bottom: 1px solid #eaecf0; padding: 6px 8px; text-align: left; }
  button { background: #2f5bea; color: #fff; border: 0; border-radius: 4px; padding: 10px 18px; font-size: 15px; }
`;

/**
 * The merchant's PCI DSS SAQ-A attestation, hosted by the service: the same page, fields and element ids as the
 * sandbox's own attestation page, so a merchant (or a browser test) finds the same form in both environments.
 */
function PciAttestationPage({ form, error, dashboardUrl }: { form: ComplianceForm; error: string | null; dashboardUrl: string }) {
  const open = form.state === "PENDING" || form.state === "INCOMPLETE";
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>PCI attestation</title>
        <style dangerouslySetInnerHTML={{ __html: STYLES }} />
      </head>
      <body>
        <main>
          <h1 id="page-title">PCI DSS Self-Assessment Questionnaire A</h1>
          <table>
            <tbody>
              <tr>
                <th>Form</th>
                <td id="compliance-form-id">{form.id}</td>
              </tr>
              <tr>
                <th>Merchant</th>
                <td id="compliance-merchant">{form.linked_to}</td>
              </tr>
              <tr>
                <th>State</th>
                <td id="compliance-state">{form.state}</td>
              </tr>
              <tr>
                <th>{open ? "Due" : "Valid until"}</th>
                <td id="compliance-date">{open ? form.due_at : form.valid_until}</td>
              </tr>
            </tbody>
          </table>
          {open ? (
            <form id="compliance-attestation" method="post">
              <p class="notice">
                I attest that this merchant accepts only card-not-present payments, that all cardholder data functions are outsourced to PCI
                DSS compliant service providers, and that the merchant does not electronically store, process or transmit cardholder data on
                its own systems.
              </p>
              <label for="name">Full name</label>
              <input id="name" name="name" required maxlength={200} />
              <label for="title">Title</label>
              <input id="title" name="title" required maxlength={200} />
              <label for="accept">
                <input type="checkbox" id="accept" name="accept" required />I have read and accept the attestation above.
              </label>
              {error ? (
                <p class="error" id="compliance-error">
                  {error}
                </p>
              ) : null}
              <p>
                <button type="submit" id="submit-attestation">
                  Sign attestation
                </button>
              </p>
            </form>
          ) : (
            <p class="notice" id="compliance-done">
              {form.state === "COMPLETE"
                ? `Signed by ${form.pci_saq_a?.name} at ${form.pci_saq_a?.signed_at}.`
                : `This form is ${form.state}.`}
            </p>
          )}
          <p>
            <a id="back-to-dashboard" href={dashboardUrl}>
              {open ? "← Back to the dashboard" : "Back to the dashboard →"}
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}

/** The page, leading back to the dashboard (`dashboardUrl`), where the overview shows the attestation's state. */
export function pciAttestationHtml(form: ComplianceForm, error: string | null, dashboardUrl: string): string {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a synchronous component renders a string, never a Promise
  return `<!doctype html>${(<PciAttestationPage form={form} error={error} dashboardUrl={dashboardUrl} />).toString()}`;
}
