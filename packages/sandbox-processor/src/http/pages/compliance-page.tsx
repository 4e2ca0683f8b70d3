import { Layout } from "./layout";

type ComplianceView = {
  id: string;
  state: string;
  linked_to: string;
  due_at: string;
  valid_until: string;
  pci_saq_a: { name: string | null; signed_at: string | null };
};

/** The PCI SAQ-A attestation: a person reads the statement and signs with name and title. */
export function CompliancePage({ form, error, returnUrl }: { form: ComplianceView; error: string | null; returnUrl: string | null }) {
  const open = form.state === "PENDING" || form.state === "INCOMPLETE";
  return (
    <Layout title="PCI attestation">
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
            I attest that this merchant accepts only card-not-present payments, that all cardholder data functions are outsourced to PCI DSS
            compliant service providers, and that the merchant does not electronically store, process or transmit cardholder data on its own
            systems.
          </p>
          {returnUrl ? <input type="hidden" name="return_url" value={returnUrl} /> : null}
          <label for="name">Full name</label>
          <input id="name" name="name" required />
          <label for="title">Title</label>
          <input id="title" name="title" required />
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
          {form.state === "COMPLETE" ? `Signed by ${form.pci_saq_a.name} at ${form.pci_saq_a.signed_at}.` : `This form is ${form.state}.`}
        </p>
      )}
    </Layout>
  );
}
