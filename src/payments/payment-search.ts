import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";

import { afterCursor, cursorScope, decodeCursor, type Page, pageOf } from "../lib/pagination";
import type { ShardContext, TenantContext } from "../platform/context";
import { buyerEmail } from "./charge.service";
import { MAX_AMOUNT_CENTS } from "./payments.routes";
import { type PaymentRecord, payments } from "./payments.schema";

/**
 * What one search box's text is read as: a payment id, a buyer's e-mail, a card's (or bank account's) last four, an
 * amount, an order reference — exactly, or as the start of one.
 */
export const PAYMENT_SEARCH_KINDS = ["id", "email", "lastFour", "amount", "orderRef", "orderRefPrefix"] as const;
export type PaymentSearchKind = (typeof PAYMENT_SEARCH_KINDS)[number];

/** A reading of the text: its kind and the value the query compares (an e-mail in lower case, an amount in cents). */
export type PaymentSearchTerm =
  { kind: "id" | "email" | "lastFour" | "orderRef" | "orderRefPrefix"; value: string } | { kind: "amount"; value: number };

export const MAX_SEARCH_LENGTH = 254;

const PAYMENT_ID = /^lcpay_[A-Za-z0-9]{1,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LAST_FOUR = /^\d{4}$/;
// 25, 25.5, 25.00, $25, $1,250.00 — dollars and at most two decimals.
const AMOUNT = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** Cents of an amount as people type it ("25.00", "$1,250", "12.5"), or null when it is not one the API could charge. */
export function amountCentsOf(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]!.replaceAll(",", "")) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > 0 && cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/**
 * Every way the text can be read, the one searched when none is asked for first: a payment id, an e-mail and four
 * digits are what they look like; an amount needs its decimal point or dollar sign ("25.00", "$25"), since bare numbers
 * are as often order references; anything else is an order reference, exactly or else as its start.
 */
export function searchTermsOf(text: string): PaymentSearchTerm[] {
  const q = text.trim();
  if (q === "" || q.length > MAX_SEARCH_LENGTH) return [];
  const terms: PaymentSearchTerm[] = [];
  if (PAYMENT_ID.test(q)) terms.push({ kind: "id", value: q });
  if (EMAIL.test(q)) terms.push({ kind: "email", value: buyerEmail(q) });
  if (LAST_FOUR.test(q)) terms.push({ kind: "lastFour", value: q });
  const cents = amountCentsOf(q);
  const looksLikeMoney = /[.$]/.test(q);
  if (cents !== null && looksLikeMoney) terms.push({ kind: "amount", value: cents });
  terms.push({ kind: "orderRef", value: q }, { kind: "orderRefPrefix", value: q });
  if (cents !== null && !looksLikeMoney) terms.push({ kind: "amount", value: cents });
  return terms;
}

export type PaymentSearchResult = { term: PaymentSearchTerm; page: Page<PaymentRecord> };

/** The largest code point: every string that starts with a prefix sorts before the prefix followed by it. */
const AFTER_PREFIX = String.fromCodePoint(0x10ffff);

/**
 * A tenant's payments matching one reading of the text, newest first and keyset-paginated with the lists' signed
 * cursors; each kind is one range of an index that starts with the tenant (the query-plan test holds them to it). Order
 * references starting with the text are newest reference first — (order_ref, created_at, id) descending, the cursor's
 * row giving its reference — so the range stays on `payments_tenant_order_ref`.
 */
async function findPayments(
  ctx: ShardContext,
  tenantId: string,
  term: PaymentSearchTerm,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<PaymentRecord>> {
  const scope = cursorScope(ctx, "payment-search-cursor", { tenantId, filters: [term.kind, term.value] });
  const tenant = eq(payments.tenantId, tenantId);
  if (term.kind === "id") {
    // One payment at most: a page with no next one.
    const rows = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, term.value), tenant))
      .all();
    return { data: rows, hasMore: false, nextCursor: "" };
  }
  if (term.kind === "orderRefPrefix") {
    const position = query.cursor ? await decodeCursor(query.cursor, scope) : null;
    // The range's top is the prefix's end, or after a cursor its row (inside the range): one bound per side keeps the
    // row-value comparison on the index instead of filtering every row above the cursor.
    const below = position
      ? sql`(${payments.orderRef}, ${payments.createdAt}, ${payments.id}) < ((SELECT p.order_ref FROM payments AS p WHERE p.id = ${position.id} AND p.tenant_id = ${tenantId}), ${position.createdAt}, ${position.id})`
      : lt(payments.orderRef, `${term.value}${AFTER_PREFIX}`);
    const rows = await ctx.db
      .select()
      .from(payments)
      .where(and(tenant, gte(payments.orderRef, term.value), below))
      .orderBy(desc(payments.orderRef), desc(payments.createdAt), desc(payments.id))
      .limit(query.limit + 1)
      .all();
    return pageOf(rows, query.limit, scope);
  }
  const matches: Record<Exclude<PaymentSearchKind, "id" | "orderRefPrefix">, SQL> = {
    email: eq(payments.buyerEmail, String(term.value)),
    lastFour: eq(payments.lastFour, String(term.value)),
    amount: eq(payments.amountCents, Number(term.value)),
    orderRef: eq(payments.orderRef, String(term.value)),
  };
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(and(tenant, matches[term.kind], await afterCursor(payments, query.cursor, scope)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.limit + 1)
    .all();
  return pageOf(rows, query.limit, scope);
}

/**
 * Searches a tenant's payments with one box: the text is read as its first kind (`searchTermsOf`) unless `as` names
 * another it can be read as. An order reference nobody has exactly, on a first page, is looked up as the start of one.
 * Null when the text cannot be read as that kind (or at all).
 */
export async function searchPayments({
  ctx,
  input: { q, as, limit, cursor },
}: {
  ctx: TenantContext;
  input: { q: string; as?: PaymentSearchKind | undefined; limit: number; cursor?: string | undefined };
}): Promise<PaymentSearchResult | null> {
  const tenantId = ctx.tenant.id;
  const terms = searchTermsOf(q);
  const term = as ? terms.find((candidate) => candidate.kind === as) : terms[0];
  if (!term) return null;
  const page = await findPayments(ctx, tenantId, term, { limit, cursor });
  if (term.kind === "orderRef" && !as && !cursor && page.data.length === 0) {
    const prefix: PaymentSearchTerm = { kind: "orderRefPrefix", value: term.value };
    return { term: prefix, page: await findPayments(ctx, tenantId, prefix, { limit }) };
  }
  return { term, page };
}
