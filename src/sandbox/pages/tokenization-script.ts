/**
 * The sandbox's stand-in for the processor's browser tokenization library: the same entry points
 * (`Finix.PaymentForm`, `Finix.CardTokenForm`, `Finix.BankTokenForm`) and the same token response,
 * posting card or bank fields straight to the sandbox processor — never to the service's own routes.
 */
export const TOKENIZATION_SCRIPT = `(function () {
  var script = document.currentScript;
  var origin = new URL(script ? script.src : location.href).origin;
  function input(form, name, label, placeholder) {
    var wrap = document.createElement("label");
    wrap.textContent = label;
    wrap.style.display = "block";
    var field = document.createElement("input");
    field.name = name; field.id = "finix-" + name; field.placeholder = placeholder || ""; field.autocomplete = "off";
    field.style.display = "block";
    wrap.appendChild(field);
    form.appendChild(wrap);
    return field;
  }
  function mount(element, methods, applicationId, options) {
    var root = typeof element === "string" ? document.getElementById(element) : element;
    var form = document.createElement("div");
    root.appendChild(form);
    var method = methods[0];
    if (methods.length > 1) {
      var select = document.createElement("select");
      select.id = "finix-method";
      methods.forEach(function (m) { var o = document.createElement("option"); o.value = m; o.textContent = m === "card" ? "Card" : "Bank account"; select.appendChild(o); });
      form.appendChild(select);
      select.onchange = function () { method = select.value; render(); };
    }
    var fields = document.createElement("div");
    form.appendChild(fields);
    function render() {
      fields.innerHTML = "";
      input(fields, "name", "Name on account", "Jane Doe");
      if (method === "card") {
        input(fields, "number", "Card number", "4895 1422 3212 0006");
        input(fields, "expiration_date", "Expiry (MM/YYYY)", "12/2030");
        input(fields, "security_code", "CVC", "123");
      } else {
        input(fields, "account_number", "Account number", "123456789");
        input(fields, "bank_code", "Routing number", "122105278");
      }
    }
    render();
    function value(name) { var el = document.getElementById("finix-" + name); return el ? el.value.trim() : ""; }
    function submit(callback) {
      var body;
      if (method === "card") {
        var expiry = value("expiration_date").split("/");
        body = { type: "PAYMENT_CARD", name: value("name"), number: value("number").replace(/\\s+/g, ""), security_code: value("security_code"),
                 expiration_month: Number(expiry[0]), expiration_year: Number(expiry[1]) };
      } else {
        body = { type: "BANK_ACCOUNT", name: value("name"), account_number: value("account_number"), bank_code: value("bank_code"), account_type: "PERSONAL_CHECKING" };
      }
      fetch(origin + "/sandbox/processor/applications/" + encodeURIComponent(applicationId) + "/tokens", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body)
      }).then(function (r) { return r.json().then(function (json) { return { ok: r.ok, json: json }; }); })
        .then(function (result) { result.ok ? callback(null, { data: result.json }) : callback(result.json, null); },
              function (error) { callback(error, null); });
    }
    if (options && options.onSubmit) {
      var button = document.createElement("button");
      button.type = "button"; button.id = "finix-submit"; button.textContent = options.submitLabel || "Pay";
      button.onclick = function () { submit(options.onSubmit); };
      form.appendChild(button);
    }
    return { submit: function (a, b, c) { submit(typeof a === "function" ? a : c); } };
  }
  window.Finix = {
    PaymentForm: function (element, environment, applicationId, options) {
      return mount(element, (options && options.paymentMethods) || ["card", "bank"], applicationId, options || {});
    },
    CardTokenForm: function (element, options) { return mount(element, ["card"], (options && options.applicationId) || "", options); },
    BankTokenForm: function (element, options) { return mount(element, ["bank"], (options && options.applicationId) || "", options); }
  };
})();`;
