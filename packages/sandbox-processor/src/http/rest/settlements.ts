import { settlementTransfers } from "../../resources/settlements";
import { list, pageOf, pageRequest, queryFilters, resource, type RestContext } from "./http";

export async function index(c: RestContext) {
  const page = pageRequest(c);
  const filters = queryFilters(c, { merchant_id: "merchant_id", status: "status", created_at: "created_at" });
  return list(c, "settlement", c.env.sandbox.store.list("settlement", filters, page), page);
}

export async function get(c: RestContext) {
  return resource(c, "settlement", c.env.sandbox.store.get("settlement", c.req.param("settlement_id")!));
}

export async function fundingTransfers(c: RestContext) {
  const page = pageRequest(c);
  return list(c, "transfer", pageOf(settlementTransfers(c.env.sandbox, c.req.param("settlement_id")!, "fundingTransferIds"), page), page);
}

export async function transfers(c: RestContext) {
  const page = pageRequest(c);
  return list(c, "transfer", pageOf(settlementTransfers(c.env.sandbox, c.req.param("settlement_id")!, "transferIds"), page), page);
}
