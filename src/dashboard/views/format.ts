/** Minor units as money, e.g. 2500 USD → "$25.00". */
export function formatMoney(amountMinor: number, currency: string): string {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** An ISO timestamp as people read it, in UTC (the API's zone), e.g. "2026-11-01 14:05 UTC". */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** An identifier as words: "partially_refunded" → "partially refunded". */
export const words = (value: string) => value.replaceAll("_", " ");
