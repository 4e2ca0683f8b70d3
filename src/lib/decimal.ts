/**
 * Exact decimal arithmetic for amounts the processor may send as fractions of a cent (a fee of 2.393 cents): the value
 * is `units / 10^scale` in integers, so a sum never passes through a float (0.1 + 0.2 is 0.3 here, not 0.30000000000000004).
 */
export type Decimal = { units: bigint; scale: number };

const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/**
 * The decimal a JSON number was written as: JavaScript prints a parsed number as the shortest text that reads back to
 * it, so 2.393 is exactly 2.393. Null for anything that is not a finite number.
 */
export function decimalOf(value: unknown): Decimal | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  const [, sign = "", whole = "0", fraction = "", exponent = "0"] = NUMBER_TEXT.exec(String(value)) ?? [];
  const scale = fraction.length - Number(exponent);
  const digits = whole + fraction + "0".repeat(Math.max(0, -scale));
  return { units: BigInt(sign + digits), scale: Math.max(0, scale) };
}

const inScale = (value: Decimal, scale: number) => value.units * 10n ** BigInt(scale - value.scale);

export function sumDecimals(values: Decimal[]): Decimal {
  const scale = Math.max(0, ...values.map((value) => value.scale));
  return { units: values.reduce((sum, value) => sum + inScale(value, scale), 0n), scale };
}

/** Plain decimal text without trailing zeros: "102.393", "130", "-0.5". */
export function decimalText({ units, scale }: Decimal): string {
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, "");
  return `${units < 0n ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** To a whole number, half away from zero (102.5 → 103, 102.393 → 102, -0.5 → -1). */
export function roundHalfUp({ units, scale }: Decimal): number {
  const divisor = 10n ** BigInt(scale);
  const magnitude = units < 0n ? -units : units;
  const rounded = magnitude / divisor + (2n * (magnitude % divisor) >= divisor ? 1n : 0n);
  return Number(units < 0n ? -rounded : rounded);
}
