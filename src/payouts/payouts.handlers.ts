import type { TenantRouteHandler } from "../platform/types";
import { getPayout as findPayout, listPayoutItems, listPayouts as queryPayouts } from "./payouts.queries";
import type * as routes from "./payouts.routes";
import { toPayout, toPayoutItem } from "./payouts.view";

export const listPayouts: TenantRouteHandler<typeof routes.listPayouts> = async (c) => {
  const page = await queryPayouts({
    ctx: c.get("ctx"),
    input: { query: c.req.valid("query") },
  });
  return c.json({ ...page, data: page.data.map(toPayout) }, 200);
};

export const getPayout: TenantRouteHandler<typeof routes.getPayout> = async (c) => {
  const ctx = c.get("ctx");
  const payout = await findPayout({ ctx, input: { payoutId: c.req.valid("param").id } });
  const items = await listPayoutItems({ ctx, input: { payoutId: payout.id, ...c.req.valid("query") } });
  return c.json(
    {
      ...toPayout(payout),
      otherFeesCents: payout.otherFeesCents,
      items: { ...items, data: items.data.map(toPayoutItem) },
    },
    200,
  );
};
