import type { Context } from "hono";
import { z } from "zod";

import { getPayout, listPayoutItems, listPayouts, PAYOUT_STATUSES, payoutItemCounts } from "../payouts";
import { parseFilters } from "./forms";
import type { SignedInBindings } from "./types";
import { PayoutPage, PayoutsPage } from "./views/payouts";

type SignedInContext = Context<SignedInBindings>;

const PAGE_SIZE = 25;
const ITEMS_PAGE_SIZE = 100;

export async function showPayouts(c: SignedInContext) {
  const query = c.req.query();
  const { filters, filterError } = parseFilters(query, { status: z.enum(PAYOUT_STATUSES) });
  const { data, nextCursor } = await listPayouts({
    ctx: c.get("ctx"),
    input: {
      query: { limit: PAGE_SIZE, ...filters, ...(query.cursor ? { cursor: query.cursor } : {}) },
    },
  });
  return c.render(
    <PayoutsPage statuses={PAYOUT_STATUSES} status={filters.status} payouts={data} nextCursor={nextCursor} filterError={filterError} />,
    { title: "Payouts" },
  );
}

export async function showPayout(c: SignedInContext) {
  const ctx = c.get("ctx");
  const payout = await getPayout({ ctx, input: { payoutId: c.req.param("payoutId") ?? "" } });
  const cursor = c.req.query("cursor");
  const [items, itemCounts] = await Promise.all([
    listPayoutItems({ ctx, input: { payoutId: payout.id, limit: ITEMS_PAGE_SIZE, ...(cursor ? { cursor } : {}) } }),
    payoutItemCounts({ ctx, input: { payoutId: payout.id } }),
  ]);
  return c.render(<PayoutPage payout={payout} itemCounts={itemCounts} items={items.data} nextItemsCursor={items.nextCursor} />, {
    title: `Payout ${payout.id}`,
  });
}
