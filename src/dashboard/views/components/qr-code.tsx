import type { FC } from "hono/jsx";
import { encode } from "uqr";

/** The blank margin a reader needs around the code: 4 modules, as the QR standard asks. */
const QUIET_ZONE = 4;

/** The dark modules as one SVG path, a rectangle per run of dark modules in a row. */
function darkModulesPath(rows: boolean[][]): string {
  let path = "";
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      path += `M${start} ${y}h${x - start + 1}v1H${start}z`;
    }
  });
  return path;
}

/** `value` as a QR code drawn on the server: an inline SVG that scales with its box, with a text label for screen readers. */
export const QrCode: FC<{ id: string; value: string; label: string }> = ({ id, value, label }) => {
  const { data } = encode(value, { ecc: "M", border: 0 });
  const side = data.length + 2 * QUIET_ZONE;
  return (
    <svg
      id={id}
      class="qr-code"
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
      role="img"
      aria-label={label}
      shape-rendering="crispEdges"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#fff" />
      <path d={darkModulesPath(data)} fill="#000" />
    </svg>
  );
};
