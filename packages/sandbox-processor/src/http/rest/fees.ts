import { ProcessorError } from "../../core/errors";
import { hal, type RestContext } from "./http";

/**
 * `GET /fees?linked_to=TR…`: the fees the processor charged for one transfer, in one page. The processor's reference
 * filters fees by the entity that generated them with `linked_to` (each fee names it in its own `linked_id`); listing
 * every fee is not something the sandbox implements, so the filter is required.
 */
export async function index(c: RestContext) {
  const { publicBase } = c.var;
  const linkedTo = c.req.query("linked_to");
  if (!linkedTo) throw new ProcessorError(400, [{ code: "BAD_REQUEST", field: "linked_to", message: "linked_to is required." }]);
  const fees = c.env.sandbox.store.find("transfer", linkedTo)?.internal.fees ?? [];
  const items = fees.map((fee) => ({
    ...fee,
    _links: {
      self: { href: `${publicBase}/fees/${fee.id}` },
      merchant: { href: `${publicBase}/merchants/${fee.merchant}` },
      transfer: { href: `${publicBase}/transfers/${fee.linked_id}` },
    },
  }));
  return hal(c, 200, {
    _embedded: { fees: items },
    _links: { self: { href: `${publicBase}/fees?linked_to=${encodeURIComponent(linkedTo)}` } },
    page: { limit: 100, next_cursor: null },
  });
}
