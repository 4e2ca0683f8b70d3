import type { Kind } from "../core/records";
import type { Sandbox } from "../core/sandbox";

/** The merchant whose identity this is (a seller identity), or null for a buyer's or an unknown identity. */
function merchantOfIdentity(sandbox: Sandbox, identityId: string): string | null {
  return sandbox.store.findOne("merchant", [{ field: "identity", equals: identityId }])?.record.id ?? null;
}

/**
 * The processor merchant a resource belongs to — what a tenant's controls are scoped by — or null when it belongs
 * to none (tokens, webhooks, buyers' identities and instruments) or does not exist.
 */
export function merchantOf(sandbox: Sandbox, kind: Kind, id: string): string | null {
  const { store } = sandbox;
  switch (kind) {
    case "merchant":
      return store.find("merchant", id)?.record.id ?? null;
    case "transfer":
      return store.find("transfer", id)?.record.merchant ?? null;
    case "authorization":
      return store.find("authorization", id)?.record.merchant ?? null;
    case "dispute":
      return store.find("dispute", id)?.record.merchant ?? null;
    case "evidence":
      return store.find("evidence", id)?.record.merchant ?? null;
    case "device":
      return store.find("device", id)?.record.merchant ?? null;
    case "settlement":
      return store.find("settlement", id)?.record.merchant_id ?? null;
    case "compliance_form":
      return store.find("compliance_form", id)?.record.linked_to ?? null;
    case "onboarding_form":
      return store.find("onboarding_form", id)?.internal.merchantId ?? null;
    case "checkout_form":
      return store.find("checkout_form", id)?.record.merchant_id ?? null;
    case "transfer_attempt":
      return store.find("transfer_attempt", id)?.record.merchant_id ?? null;
    case "payment_link":
      return store.find("payment_link", id)?.record.merchant_id ?? null;
    case "delivery_attempt": {
      const attempt = store.find("delivery_attempt", id);
      return attempt ? (store.find("payment_link", attempt.record.entity_id)?.record.merchant_id ?? null) : null;
    }
    case "identity":
      return store.find("identity", id) ? merchantOfIdentity(sandbox, id) : null;
    case "payment_instrument": {
      const instrument = store.find("payment_instrument", id);
      return instrument ? merchantOfIdentity(sandbox, instrument.record.identity) : null;
    }
    case "token":
    case "webhook":
      return null;
  }
}
