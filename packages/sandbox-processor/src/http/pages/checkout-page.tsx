import { SUCCESS_CARDS } from "../../core/test-data";
import { Layout } from "./layout";

const CHECKOUT_SCRIPT = `(function () {
  var metaOutput = document.getElementById("meta-output");
  var tokenOutput = document.getElementById("token-output");
  fetch("/v1/meta").then(function (r) { return r.json(); }).then(function (meta) {
    metaOutput.textContent = JSON.stringify(meta, null, 2);
    var environment = meta.processorEnvironment === "live" ? "prod" : "sandbox";
    window.Finix.PaymentForm("payment-form", environment, meta.processorApplicationId, {
      paymentMethods: ["card", "bank"],
      onSubmit: function (error, response) {
        if (error) { tokenOutput.textContent = "Error: " + JSON.stringify(error, null, 2); tokenOutput.dataset.state = "error"; return; }
        var token = response.data;
        document.getElementById("token-id").textContent = token.id;
        tokenOutput.dataset.state = "ready";
        tokenOutput.textContent = JSON.stringify(response, null, 2);
        document.getElementById("charge-example").textContent =
          "curl -X POST " + location.origin + "/v1/payments \\\\\\n" +
          "  -H 'X-Api-Key: lc_live_…' -H 'Idempotency-Key: order-1001' -H 'Content-Type: application/json' \\\\\\n" +
          "  -d '" + JSON.stringify({ amountCents: 2500, currency: meta.currency, processorToken: token.id, orderRef: "order-1001",
            buyer: { firstName: "Pat", lastName: "Buyer", email: "pat@example.com" } }) + "'";
      }
    });
  }).catch(function (error) { metaOutput.textContent = "Could not load /v1/meta: " + error; });
})();`;

/** An example checkout: public config from /v1/meta, tokenization in the browser, a token ready for POST /v1/payments. */
export function CheckoutPage() {
  return (
    <Layout title="Example checkout">
      <h1 id="page-title">Example checkout</h1>
      <p class="notice">
        Card details go only to the sandbox's tokenization endpoint, never to <code>/v1</code>. Try card{" "}
        <code>{SUCCESS_CARDS[0].number}</code>, any future expiry, any CVC.
      </p>
      <h2>Public config</h2>
      <pre id="meta-output">Loading /v1/meta…</pre>
      <h2>Payment details</h2>
      <div id="payment-form" />
      <h2>Token</h2>
      <p>
        Token id: <code id="token-id">—</code>
      </p>
      <pre id="token-output" data-state="empty">
        No token yet.
      </pre>
      <h2>Charge it</h2>
      <pre id="charge-example">Tokenize first.</pre>
      <script src="/sandbox/finix.js" />
      <script dangerouslySetInnerHTML={{ __html: CHECKOUT_SCRIPT }} />
    </Layout>
  );
}
