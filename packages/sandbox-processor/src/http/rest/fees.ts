import { ProcessorError } from "../../core/errors";
import { hal, type RestContext } from "./http";

/**
 * `GET /fees?linked_id=TR…`: the fees the processor charged for one transfer, in one page. The processor's reference
 * requires `linked_id`; listing every fee is not something the sandbox implements.
 */
export async function index(c: RestContext) {
  const { publicBase } = c.var;
  const linkedId = c.req.query("linked_id");
  if (!linkedId) throw new ProcessorError(400, [{ code: "BAD_REQUEST", field: "linked_id", message: "linked_id is required." }]);
  const fees = c.env.sandbox.store.find("transfer", linkedId)?.internal.fees ?? [];
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
    _links: { self: { href: `${publicBase}/fees?linked_id=${encodeURIComponent(linkedId)}` } },
    page: { limit: 100, next_cursor: null },
  });
}
