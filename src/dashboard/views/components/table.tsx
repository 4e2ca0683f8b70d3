import type { Child } from "hono/jsx";

/** One column of a `Table`: its header, what a row shows in it, and how its cells are set (`num` right-aligns numbers). */
export type Column<Row> = { header: Child; cell: (row: Row) => Child; class?: "num" | "mono" | "small" };

/** A column of buttons or links, headed for screen readers only. */
export const ACTIONS_HEADER = <span class="visually-hidden">Actions</span>;

/** Every list in the dashboard: a scrolling wrapper, one header row, one row per item (`rowAttributes` names a row for links and scripts). */
export function Table<Row>({
  columns,
  rows,
  rowAttributes,
}: {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowAttributes?: ((row: Row) => Record<string, string>) | undefined;
}) {
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" class={column.class === "num" ? "num" : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr {...rowAttributes?.(row)}>
              {columns.map((column) => (
                <td class={column.class}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
