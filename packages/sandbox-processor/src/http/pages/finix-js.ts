/**
 * The sandbox's stand-in for the processor's browser tokenization library, with the same shape: v2
 * `Finix.PaymentForm(elementId, environment, applicationId, { paymentMethods, onSubmit })` and the v1
 * `Finix.CardTokenForm` / `BankTokenForm` / `TokenForm` whose `submit(environment, applicationId, callback)` tokenizes.
 * Raw card and bank numbers go from the browser straight to the sandbox's token endpoint; the callback gets
 * `{ status, data: token }` with a single-use `TK…` token that expires in 30 minutes.
 */
export const FINIX_JS = String.raw`(function () {
  "use strict";
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src).origin : location.origin;

  function tokenUrl(applicationId) {
    return origin + "/sandbox/processor/applications/" + encodeURIComponent(applicationId) + "/tokens";
  }

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    (children || []).forEach(function (child) { node.appendChild(typeof child === "string" ? document.createTextNode(child) : child); });
    return node;
  }

  var FIELDS = {
    card: [
      { name: "name", label: "Name on card", autocomplete: "cc-name" },
      { name: "number", label: "Card number", autocomplete: "cc-number", inputmode: "numeric" },
      { name: "expiration_date", label: "Expiration (MM/YY)", autocomplete: "cc-exp", placeholder: "MM/YY" },
      { name: "security_code", label: "CVC", autocomplete: "cc-csc", inputmode: "numeric" },
      { name: "postal_code", label: "ZIP code", autocomplete: "postal-code" }
    ],
    bank: [
      { name: "name", label: "Account holder name", autocomplete: "name" },
      { name: "bank_code", label: "Routing number", inputmode: "numeric" },
      { name: "account_number", label: "Account number", inputmode: "numeric" },
      { name: "account_type", label: "Account type", options: ["PERSONAL_CHECKING", "PERSONAL_SAVINGS", "BUSINESS_CHECKING", "BUSINESS_SAVINGS"] }
    ]
  };

  function renderFields(method) {
    var group = el("div", { id: "finix-" + method + "-fields", "data-method": method });
    FIELDS[method].forEach(function (field) {
      var id = "finix-" + method + "-" + field.name;
      var input;
      if (field.options) {
        input = el("select", { id: id, name: field.name }, field.options.map(function (option) { return el("option", { value: option }, [option]); }));
      } else {
        input = el("input", { id: id, name: field.name, type: "text", autocomplete: field.autocomplete || "off" });
        if (field.placeholder) input.setAttribute("placeholder", field.placeholder);
        if (field.inputmode) input.setAttribute("inputmode", field.inputmode);
      }
      group.appendChild(el("label", { for: id, style: "display:block;margin:8px 0 4px;font-size:13px;font-weight:600" }, [field.label]));
      input.setAttribute("style", "width:100%;box-sizing:border-box;padding:8px;border:1px solid #c4cad3;border-radius:4px");
      group.appendChild(input);
    });
    return group;
  }

  function value(method, name) {
    var input = document.getElementById("finix-" + method + "-" + name);
    return input ? String(input.value).trim() : "";
  }

  function payload(method) {
    if (method === "bank") {
      return { type: "BANK_ACCOUNT", name: value("bank", "name") || undefined, bank_code: value("bank", "bank_code"),
        account_number: value("bank", "account_number"), account_type: value("bank", "account_type") };
    }
    var expiry = value("card", "expiration_date").split("/");
    var year = Number((expiry[1] || "").trim());
    return { type: "PAYMENT_CARD", name: value("card", "name") || undefined, number: value("card", "number").replace(/[\s-]/g, ""),
      expiration_month: Number((expiry[0] || "").trim()), expiration_year: year < 100 ? 2000 + year : year,
      security_code: value("card", "security_code") || undefined,
      address: value("card", "postal_code") ? { postal_code: value("card", "postal_code"), country: "USA" } : undefined };
  }

  function tokenize(environment, applicationId, body, callback) {
    if (environment !== "sandbox") {
      callback({ status: 400, message: "This sandbox script tokenizes only in the sandbox environment (got " + environment + ")." }, null);
      return;
    }
    fetch(tokenUrl(applicationId), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then(function (response) {
        return response.json().then(function (json) {
          if (response.ok) { callback(null, { status: response.status, data: json }); return; }
          var errors = (json && json._embedded && json._embedded.errors) || [];
          callback({ status: response.status, message: errors.map(function (e) { return e.message; }).join(" ") || "Tokenization failed.", errors: errors }, null);
        });
      })
      .catch(function (error) { callback({ status: 0, message: String(error) }, null); });
  }

  function mount(elementId, methods, withSubmit, onSubmit) {
    var container = typeof elementId === "string" ? document.getElementById(elementId) : elementId;
    if (!container) throw new Error("Finix: no element " + elementId);
    var state = { method: methods[0] };
    var root = el("div", { class: "finix-form", "data-payment-method": state.method });
    var groups = {};
    if (methods.length > 1) {
      var tabs = el("div", { role: "tablist", style: "display:flex;gap:8px;margin-bottom:8px" });
      methods.forEach(function (method) {
        var tab = el("button", { type: "button", id: "finix-tab-" + method, role: "tab" }, [method === "card" ? "Card" : "Bank account"]);
        tab.addEventListener("click", function () { select(method); });
        tabs.appendChild(tab);
      });
      root.appendChild(tabs);
    }
    methods.forEach(function (method) { groups[method] = renderFields(method); root.appendChild(groups[method]); });
    var error = el("div", { id: "finix-error", role: "alert", style: "color:#b42318;font-size:13px;margin-top:6px" });
    root.appendChild(error);
    function select(method) {
      state.method = method;
      root.setAttribute("data-payment-method", method);
      methods.forEach(function (m) {
        groups[m].style.display = m === method ? "" : "none";
        var tab = document.getElementById("finix-tab-" + m);
        if (tab) tab.setAttribute("aria-selected", String(m === method));
      });
    }
    if (withSubmit) {
      var button = el("button", { type: "button", id: "finix-submit", style: "margin-top:12px" }, ["Submit"]);
      button.addEventListener("click", function () { onSubmit(); });
      root.appendChild(button);
    }
    container.innerHTML = "";
    container.appendChild(root);
    select(state.method);
    return {
      method: function () { return state.method; },
      showError: function (message) { error.textContent = message || ""; }
    };
  }

  function PaymentForm(elementId, environment, applicationId, options) {
    options = options || {};
    var methods = (options.paymentMethods || ["card", "bank"]).filter(function (m) { return m === "card" || m === "bank"; });
    var view;
    function submit(callback) {
      view.showError("");
      tokenize(environment, applicationId, payload(view.method()), function (error, response) {
        if (error) view.showError(error.message);
        if (callback) callback(error, response);
      });
    }
    view = mount(elementId, methods, typeof options.onSubmit === "function", function () { submit(options.onSubmit); });
    if (typeof options.onLoad === "function") options.onLoad();
    return { submit: submit };
  }

  function legacyForm(methods) {
    return function (elementId) {
      var view = mount(elementId, methods, false, null);
      return {
        submit: function (environment, applicationId, callback) {
          view.showError("");
          tokenize(environment, applicationId, payload(view.method()), function (error, response) {
            if (error) view.showError(error.message);
            callback(error, response);
          });
        }
      };
    };
  }

  function Auth(environment, merchantId, callback) {
    var key = "FS" + Math.random().toString(36).slice(2) + Date.now().toString(36);
    if (typeof callback === "function") setTimeout(function () { callback(key); }, 0);
    return { getSessionKey: function () { return key; } };
  }

  window.Finix = {
    PaymentForm: PaymentForm,
    CardTokenForm: legacyForm(["card"]),
    BankTokenForm: legacyForm(["bank"]),
    TokenForm: legacyForm(["card", "bank"]),
    Auth: Auth
  };
})();
`;
