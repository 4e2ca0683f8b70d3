import { describe, expect, it } from "vitest";

import { expectedArrivalDate, payoutStatus } from "../../../src/payouts/payout-schedule";

describe("expected arrival: one business day after the approval day, 4 PM Pacific cut-off", () => {
  it.each([
    ["Monday morning (PDT)", "2026-06-01T16:00:00Z", "2026-06-02"],
    ["Monday 3:59 PM PDT", "2026-06-01T22:59:59Z", "2026-06-02"],
    ["Monday 4:00 PM PDT: counts from Tuesday", "2026-06-01T23:00:00Z", "2026-06-03"],
    ["Friday before the cut-off: Monday", "2026-06-05T18:00:00Z", "2026-06-08"],
    ["Friday after the cut-off: Tuesday", "2026-06-05T23:30:00Z", "2026-06-09"],
    ["Saturday: Tuesday", "2026-06-06T18:00:00Z", "2026-06-09"],
    ["Sunday: Tuesday", "2026-06-07T18:00:00Z", "2026-06-09"],
    ["Sunday 11 PM UTC is still Sunday in Los Angeles", "2026-06-07T23:00:00Z", "2026-06-09"],
    ["Monday 1 AM UTC is Sunday evening in Los Angeles", "2026-06-08T01:00:00Z", "2026-06-09"],
    ["winter (PST, UTC−8): 3:30 PM is before the cut-off", "2026-01-13T23:30:00Z", "2026-01-14"],
    ["winter (PST, UTC−8): 4:30 PM is after it", "2026-01-14T00:30:00Z", "2026-01-15"],
    ["Thursday after the cut-off: Monday", "2026-06-04T23:30:00Z", "2026-06-08"],
  ])("%s", (_, initiatedAt, expected) => {
    expect(expectedArrivalDate(initiatedAt)).toBe(expected);
  });
});

describe("payout status from the settlement and its funding transfer", () => {
  const funding = (state: string) => ({ id: "TR1", amount: 1, currency: "USD", state, created_at: "", updated_at: "" }) as never;
  it.each([
    [{ status: "PENDING", net_amount: 5 }, null, "accruing"],
    [{ status: "AWAITING_APPROVAL", net_amount: 5 }, null, "awaiting_approval"],
    [{ status: "APPROVED", net_amount: 5 }, null, "approved"],
    [{ status: "APPROVED", net_amount: 0 }, null, "paid"],
    [{ status: "APPROVED", net_amount: 5 }, funding("PENDING"), "approved"],
    [{ status: "APPROVED", net_amount: 5 }, funding("SUCCEEDED"), "paid"],
    [{ status: "APPROVED", net_amount: 5 }, funding("FAILED"), "failed"],
    [{ status: "APPROVED", net_amount: 5 }, funding("CANCELED"), "failed"],
  ] as const)("%o with %o is %s", (settlement, transfer, expected) => {
    expect(payoutStatus(settlement as never, transfer)).toBe(expected);
  });
});
