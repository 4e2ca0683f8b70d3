import { page } from "./layout";

/** An example merchant checkout: reads /v1/meta, tokenizes in the browser, shows the token for a charge. */
export const CHECKOUT_PAGE = page(
  "Example checkout",
  `<h1>Example checkout</h1>
<p id="config">Loading configuration…</p>
<div id="payment-form"></div>
<h2>Token</h2>
<pre id="token">(none yet)</pre>
<p>Charge it from your server: <code>POST /v1/payments</code> with <code>processorToken</code>, a <code>buyer</code> and an <code>Idempotency-Key</code>.</p>
<script src="/sandbox/finix.js"></script>
<script>
fetch("/v1/meta").then(function (r) { return r.json(); }).then(function (meta) {
  document.getElementById("config").textContent = meta.processor + " " + meta.processorEnvironment + " · " + meta.processorApplicationId + " · " + meta.currency;
  Finix.PaymentForm("payment-form", meta.processorEnvironment, meta.processorApplicationId, {
    paymentMethods: ["card", "bank"],
    submitLabel: "Tokenize",
    onSubmit: function (error, response) {
      document.getElementById("token").textContent = error ? "Error: " + JSON.stringify(error) : JSON.stringify(response.data, null, 2);
    }
  });
});
</script>`,
);
