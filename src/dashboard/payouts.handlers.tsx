import type { Context } from "hono";
import { z } from "zod";
import { getPayout, listPayoutItems, listPayouts, PAYOUT_STATUSES } from "../payouts";
import type { SignedInBindings } from "./types";
import { PayoutPage, PayoutsPage } from "./views/payouts";

type SignedInContext = Context<SignedInBindings>;

const PAGE_SIZE = 25;
const ITEMS_PAGE_SIZE = 100;

export async function showPayouts(c: SignedInContext) {
  const query = c.req.query();
  const status = z.enum(PAYOUT_STATUSES).safeParse(query.status);
  const { data, nextCursor } = await listPayouts({
    ctx: c.get("ctx"),
    input: {
      tenantId: c.get("session").tenantId,
      query: {
        limit: PAGE_SIZE,
        ...(status.success ? { status: status.data } : {}),
        ...(query.cursor ? { cursor: query.cursor } : {}),
      },
    },
  });
  return c.html(
    <PayoutsPage
      session={c.get("session")}
      statuses={PAYOUT_STATUSES}
      status={status.data}
      payouts={data}
      nextCursor={nextCursor}
      filterError={!status.success && query.status ? "Ignored an invalid status." : undefined}
    />,
  );
}

export async function showPayout(c: SignedInContext) {
  const ctx = c.get("ctx");
  const tenantId = c.get("session").tenantId;
  const payout = await getPayout({ ctx, input: { tenantId, payoutId: c.req.param("payoutId") ?? "" } });
  const cursor = c.req.query("cursor");
  const items = await listPayoutItems({
    ctx,
    input: { tenantId, payoutId: payout.id, limit: ITEMS_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  });
  return c.html(<PayoutPage session={c.get("session")} payout={payout} items={items.data} nextItemsCursor={items.nextCursor} />);
}
