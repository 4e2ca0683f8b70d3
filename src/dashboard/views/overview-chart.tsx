import type { FC } from "hono/jsx";

import type { DayMoney } from "../../payments";
import { formatMoney } from "./format";

// The drawing's own units (its viewBox); CSS scales it to the card's width.
const WIDTH = 640;
const HEIGHT = 240;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 28;

const SHORT_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
/** "2026-11-03" → "Nov 3" (the day is UTC, as every day on the chart). */
export const shortDay = (day: string) => SHORT_DAY.format(new Date(`${day}T00:00:00Z`));

const at = (value: number) => value.toFixed(1);
/** Room for the value labels left of the plot: about 11 units a character at the largest size they are drawn (on a phone). */
const leftMargin = (labels: string[]) => 12 + 11 * Math.max(...labels.map((label) => label.length));

/** One day's figures in words: each bar's tooltip, and the chart's description. */
export const dayInWords = (day: DayMoney, currency: string) =>
  `${day.day}: gross ${formatMoney(day.grossCents, currency)}, refunds ${formatMoney(day.refundsCents, currency)}, net ${formatMoney(day.netCents, currency)}`;

/**
 * Gross, refunds and net per day as an inline SVG, drawn on the server: gross a bar above the zero line, refunds a bar
 * below it, net a line. Each day is a group with a `<title>` (its tooltip); the same numbers are in the table beside it.
 */
export const MoneyChart: FC<{ days: DayMoney[]; currency: string; titleId: string; descriptionId: string }> = ({
  days,
  currency,
  titleId,
  descriptionId,
}) => {
  const highest = Math.max(0, ...days.map((day) => Math.max(day.grossCents, day.netCents)));
  const below = Math.max(0, ...days.map((day) => Math.max(day.refundsCents, -day.netCents)));
  // A month of refunds alone still has a line to draw from.
  const above = Math.max(1, highest);
  const labels = {
    top: formatMoney(highest, currency),
    zero: formatMoney(0, currency),
    bottom: formatMoney(-below, currency),
  };
  const LEFT = leftMargin(below > 0 ? [labels.top, labels.bottom] : [labels.top]);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const scale = plotHeight / (above + below);
  const zero = TOP + above * scale;
  const y = (cents: number) => zero - cents * scale;
  const slot = (WIDTH - LEFT - RIGHT) / days.length;
  const barWidth = Math.max(2, slot * 0.62);
  const centre = (index: number) => LEFT + slot * index + slot / 2;
  const labelled = [0, Math.floor((days.length - 1) / 2), days.length - 1];
  return (
    <svg class="ov-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descriptionId}`}>
      <title id={titleId}>Gross, refunds and net per day, the last {days.length} days (UTC)</title>
      <desc id={descriptionId}>
        Bars above the line are each day's gross, bars below it its refunds; the line is its net. The numbers by day are in the table below
        the chart.
      </desc>
      <g class="ov-axis" aria-hidden="true">
        <line x1={LEFT} x2={WIDTH - RIGHT} y1={at(TOP)} y2={at(TOP)} class="ov-grid" />
        <text x={LEFT - 8} y={at(TOP)} text-anchor="end" dominant-baseline="middle">
          {labels.top}
        </text>
        <text x={LEFT - 8} y={at(zero)} text-anchor="end" dominant-baseline="middle">
          {labels.zero}
        </text>
        {below > 0 ? (
          <>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={at(HEIGHT - BOTTOM)} y2={at(HEIGHT - BOTTOM)} class="ov-grid" />
            <text x={LEFT - 8} y={at(HEIGHT - BOTTOM)} text-anchor="end" dominant-baseline="middle">
              {labels.bottom}
            </text>
          </>
        ) : null}
        {labelled.map((index, n) => (
          <text x={at(n === 0 ? LEFT : n === 2 ? WIDTH - RIGHT : centre(index))} y={HEIGHT - 6} text-anchor={["start", "middle", "end"][n]}>
            {shortDay(days[index]!.day)}
          </text>
        ))}
      </g>
      {days.map((day, index) => (
        <g class="ov-day">
          <title>{dayInWords(day, currency)}</title>
          <rect class="ov-hit" x={at(LEFT + slot * index)} y={TOP} width={at(slot)} height={plotHeight} />
          {day.grossCents > 0 ? (
            <rect
              class="ov-gross"
              x={at(centre(index) - barWidth / 2)}
              y={at(y(day.grossCents))}
              width={at(barWidth)}
              height={at(Math.max(1, day.grossCents * scale))}
            />
          ) : null}
          {day.refundsCents > 0 ? (
            <rect
              class="ov-refunds"
              x={at(centre(index) - barWidth / 2)}
              y={at(zero)}
              width={at(barWidth)}
              height={at(Math.max(1, day.refundsCents * scale))}
            />
          ) : null}
        </g>
      ))}
      <line class="ov-zero" x1={LEFT} x2={WIDTH - RIGHT} y1={at(zero)} y2={at(zero)} />
      <polyline class="ov-net" points={days.map((day, index) => `${at(centre(index))},${at(y(day.netCents))}`).join(" ")} />
      {days.map((day, index) => (
        <circle class="ov-net-point" cx={at(centre(index))} cy={at(y(day.netCents))} r="2.5">
          <title>{dayInWords(day, currency)}</title>
        </circle>
      ))}
    </svg>
  );
};
