import type { Child } from "hono/jsx";

/**
 * One column of a `Table`: its header, what a row shows in it, and how its cells are set (`num` right-aligns numbers).
 * `label` names the column in each cell on a phone when the header is not plain text (none: the cell shows no name,
 * as an actions column's buttons need none).
 */
export type Column<Row> = { header: Child; label?: string; cell: (row: Row) => Child; class?: "num" | "mono" | "small" };

/** A column of buttons or links, headed for screen readers only. */
export const ACTIONS_HEADER = <span class="visually-hidden">Actions</span>;

const labelOf = <Row,>(column: Column<Row>) => column.label ?? (typeof column.header === "string" ? column.header : undefined);

/**
 * Every list in the dashboard, one rule for all of them: on a wide screen a table (one header row, one row per item);
 * on a phone each row becomes a card of stacked "name: value" lines — every cell carries its column's name
 * (`data-label`) for the stylesheet to show beside it — so nothing scrolls sideways. The wrapper still scrolls a table
 * that is too wide on a screen between the two. `rowAttributes` names a row for links and scripts.
 */
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
    <div class="table-wrap stacks">
      <table class="stack-on-phone">
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
                <td class={column.class} data-label={labelOf(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
