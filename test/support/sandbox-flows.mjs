// Node-side counterparts of the workerd test helpers: drive a running service and its sandbox over HTTP.

async function json(response, what) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * A sandbox control action. `auth` is the caller's credentials: the operator's `{ Authorization: "Bearer <ADMIN_SECRET>" }`
 * for anything, or a tenant's `{ "X-Api-Key": key }` for its own processor merchant's resources.
 */
export async function control(baseUrl, action, body, auth) {
  const response = await fetch(`${baseUrl}/sandbox/control/${action}`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await json(response, `control ${action}`)).result;
}

export async function cardToken(baseUrl, number = "4895142232120006") {
  const meta = await json(await fetch(`${baseUrl}/v1/meta`), "meta");
  const response = await fetch(`${baseUrl}/sandbox/processor/applications/${meta.processorApplicationId}/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      type: "PAYMENT_CARD",
      number,
      expiration_month: 12,
      expiration_year: 2030,
      security_code: "123",
      name: "Bench Mark",
    }),
  });
  return (await json(response, "token")).id;
}

/**
 * Waits for a GET to answer, once more if the first meets a pooled keep-alive connection the dev server closed while it
 * sat idle (`UND_ERR_SOCKET`, "other side closed"): that connection is then gone, and the POSTs after it, which are not
 * safe to send twice, go out on a fresh one.
 */
async function reachable(baseUrl) {
  try {
    await (await fetch(`${baseUrl}/health`)).arrayBuffer();
  } catch (error) {
    if (error?.cause?.code !== "UND_ERR_SOCKET") throw error;
    await (await fetch(`${baseUrl}/health`)).arrayBuffer();
  }
}

/**
 * A tenant with an approved sandbox merchant attached through the operator API, and a key: `key` names it, or is false
 * for none (the dashboard's tests make theirs on its page).
 *
 * @param {string} baseUrl
 * @param {Record<string, string>} adminHeaders
 * @param {string} [name]
 * @param {{ key?: string | boolean }} [options]
 */
export async function chargeableTenant(baseUrl, adminHeaders, name = "Bench Coffee", { key: keyName = true } = {}) {
  const headers = { ...adminHeaders, "Content-Type": "application/json" };
  await reachable(baseUrl);
  const tenant = await json(await fetch(`${baseUrl}/admin/tenants`, { method: "POST", headers, body: JSON.stringify({ name }) }), "tenant");
  const issued =
    keyName === false
      ? {}
      : await json(
          await fetch(`${baseUrl}/admin/tenants/${tenant.id}/keys`, {
            method: "POST",
            ...(typeof keyName === "string" ? { headers, body: JSON.stringify({ name: keyName }) } : { headers: adminHeaders }),
          }),
          "key",
        );
  const merchant = await control(baseUrl, "create-merchant", { name, state: "APPROVED" }, adminHeaders);
  await json(
    await fetch(`${baseUrl}/admin/tenants/${tenant.id}/processor-merchant`, {
      method: "POST",
      headers,
      body: JSON.stringify({ processorMerchantId: merchant.id }),
    }),
    "link merchant",
  );
  return { tenantId: tenant.id, key: issued.key, keyId: issued.id, merchantId: merchant.id };
}
