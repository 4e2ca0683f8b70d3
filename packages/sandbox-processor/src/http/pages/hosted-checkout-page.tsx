import { ACH_TEST_BANK_CODE, SUCCESS_CARDS } from "../../core/test-data";
import { Layout } from "./layout";

export type HostedCheckout = {
  id: string;
  state: string;
  nickname: string;
  amount: number;
  currency: string;
  items: Record<string, unknown>[];
  methods: string[];
  details: { collect_email?: boolean; terms_of_service_url: string };
};

const money = (amount: number, currency: string) => new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount / 100);

/**
 * The processor's hosted checkout page for one form, as the sandbox serves it at the form's `link_url`: the amount,
 * what it pays for, and card or bank account fields taking the sandbox's test cards and accounts.
 */
export function HostedCheckoutPage({
  form,
  values,
  error,
}: {
  form: HostedCheckout;
  values: Record<string, string>;
  error: string | null;
}) {
  const takesCard = form.methods.includes("PAYMENT_CARD");
  const takesBank = form.methods.includes("BANK_ACCOUNT");
  const method = values.method ?? (takesCard ? "card" : "bank");
  return (
    <Layout title={`Pay ${form.nickname}`}>
      <h1 id="page-title">{form.nickname}</h1>
      <p>
        Amount due: <strong id="checkout-amount">{money(form.amount, form.currency)}</strong>
      </p>
      {form.items.length > 0 ? (
        <ul id="checkout-items">
          {form.items.map((item) => (
            <li>{typeof item.name === "string" ? item.name : "Item"}</li>
          ))}
        </ul>
      ) : null}
      <p class="notice">
        Sandbox: card <code>{SUCCESS_CARDS[0].number}</code> with any future expiry and CVC is approved; bank account routing{" "}
        <code>{ACH_TEST_BANK_CODE}</code> settles.
      </p>
      {error ? (
        <p class="alert" id="checkout-error" role="alert">
          {error}
        </p>
      ) : null}
      <form id="hosted-checkout" method="post">
        <fieldset>
          <legend>Your details</legend>
          <div class="row">
            <div>
              <label for="first_name">First name</label>
              <input id="first_name" name="first_name" autocomplete="given-name" value={values.first_name} required />
            </div>
            <div>
              <label for="last_name">Last name</label>
              <input id="last_name" name="last_name" autocomplete="family-name" value={values.last_name} required />
            </div>
          </div>
          {form.details.collect_email ? (
            <>
              <label for="email">E-mail</label>
              <input id="email" name="email" type="email" autocomplete="email" value={values.email} required />
            </>
          ) : null}
        </fieldset>
        <fieldset>
          <legend>Payment</legend>
          {takesCard && takesBank ? (
            <>
              <label for="method">Pay with</label>
              <select id="method" name="method">
                <option value="card" selected={method === "card"}>
                  Card
                </option>
                <option value="bank" selected={method === "bank"}>
                  Bank account
                </option>
              </select>
            </>
          ) : (
            <input type="hidden" name="method" value={method} />
          )}
          {takesCard ? (
            <div id="card-fields">
              <label for="number">Card number</label>
              <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" value={values.number} />
              <div class="row">
                <div>
                  <label for="expiry">Expiry (MM/YY)</label>
                  <input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/31" value={values.expiry} />
                </div>
                <div>
                  <label for="security_code">CVC</label>
                  <input id="security_code" name="security_code" inputmode="numeric" autocomplete="cc-csc" />
                </div>
              </div>
            </div>
          ) : null}
          {takesBank ? (
            <div id="bank-fields">
              <label for="bank_code">Routing number</label>
              <input id="bank_code" name="bank_code" inputmode="numeric" value={values.bank_code} />
              <label for="account_number">Account number</label>
              <input id="account_number" name="account_number" inputmode="numeric" value={values.account_number} />
            </div>
          ) : null}
        </fieldset>
        <p class="notice">
          By paying you accept the seller's <a href={form.details.terms_of_service_url}>terms of service</a>.
        </p>
        <p>
          <button type="submit" id="pay">
            Pay {money(form.amount, form.currency)}
          </button>
        </p>
      </form>
    </Layout>
  );
}
