import { TEST_SELLER } from "../../core/test-data";
import { Layout } from "./layout";
import { type FieldSpec, ONBOARDING_SECTIONS } from "./onboarding-fields";

type Props = {
  formId: string;
  bearerToken: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  updateRequested: boolean;
  termsOfServiceUrl: string | null;
  feeDetailsUrl: string | null;
};

function Field({ field, value, error }: { field: FieldSpec; value: string; error: string | undefined }) {
  return (
    <div>
      <label for={field.name}>
        {field.label}
        {field.required ? " *" : ""}
      </label>
      {field.options ? (
        <select id={field.name} name={field.name} required={field.required}>
          <option value="">Choose…</option>
          {field.options.map((option) => (
            <option value={option} selected={option === value}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input id={field.name} name={field.name} type={field.type ?? "text"} value={value} required={field.required} />
      )}
      {field.hint ? <div class="notice">{field.hint}</div> : null}
      {error ? (
        <div class="error" id={`error-${field.name}`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

const FILL_SCRIPT = `document.getElementById("fill-test-data").addEventListener("click", function () {
  var values = ${JSON.stringify(TEST_SELLER)};
  Object.keys(values).forEach(function (name) { var input = document.getElementById(name); if (input) input.value = values[name]; });
  document.getElementById("accept_terms").checked = true;
});`;

/** The seller-facing onboarding form at the onboarding link; field names and ids are stable for browser tests. */
export function OnboardingPage({ formId, bearerToken, values, errors, updateRequested, termsOfServiceUrl, feeDetailsUrl }: Props) {
  const errorCount = Object.keys(errors).length;
  return (
    <Layout title="Merchant onboarding">
      <h1 id="page-title">Set up payments</h1>
      {updateRequested ? (
        <p class="alert" id="update-requested">
          Underwriting asked for an update. Correct the details below and submit again.
        </p>
      ) : null}
      {errorCount > 0 ? (
        <p class="alert" id="form-errors">
          {errorCount} field(s) need attention.
        </p>
      ) : null}
      <form id="onboarding-form" method="post" action="/sandbox/onboarding">
        <input type="hidden" name="formId" value={formId} />
        <input type="hidden" name="bearerToken" value={bearerToken} />
        {ONBOARDING_SECTIONS.map((section) => (
          <fieldset>
            <legend>{section.legend}</legend>
            {section.fields.map((row) => (
              <div class="row">
                {row.map((field) => (
                  <Field field={field} value={values[field.name] ?? ""} error={errors[field.name]} />
                ))}
              </div>
            ))}
          </fieldset>
        ))}
        <label for="accept_terms">
          <input type="checkbox" id="accept_terms" name="accept_terms" checked={values.accept_terms === "on"} />I accept the{" "}
          {termsOfServiceUrl ? <a href={termsOfServiceUrl}>terms of service</a> : "terms of service"}
          {feeDetailsUrl ? (
            <>
              {" "}
              and the <a href={feeDetailsUrl}>fees</a>
            </>
          ) : null}
          .
        </label>
        {errors.accept_terms ? (
          <div class="error" id="error-accept_terms">
            {errors.accept_terms}
          </div>
        ) : null}
        <p class="row">
          <button type="button" class="secondary" id="fill-test-data">
            Fill with test data
          </button>
          <button type="submit" id="submit-onboarding">
            Submit
          </button>
        </p>
      </form>
      <script dangerouslySetInnerHTML={{ __html: FILL_SCRIPT }} />
    </Layout>
  );
}
