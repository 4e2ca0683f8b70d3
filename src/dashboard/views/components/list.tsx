import type { Child, FC } from "hono/jsx";

import { EmptyState } from "./display";
import { ErrorSummary } from "./forms";
import { type Column, Table } from "./table";

/** The link to a list's next page: its filters kept, the cursor added; none on the last page (cursor ""). */
export const NextPageLink: FC<{ path: string; query?: URLSearchParams; cursor: string; children: Child }> = ({
  path,
  query = new URLSearchParams(),
  cursor,
  children,
}) =>
  cursor ? (
    <p>
      <a href={`${path}?${new URLSearchParams([...query, ["cursor", cursor]]).toString()}`}>{children}</a>
    </p>
  ) : null;

/** A list's filters as its links' query: the ones that are set. */
export const filterQuery = (filters: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => !!entry[1]));

/** What an empty list says, unfiltered and filtered: a title and a line of what to do. */
export type EmptyText = { title: string; text: string };

/**
 * A list page's body: its filter form (the fields are the children), a note on filters it ignored, the rows or what
 * an empty list says, and the link to the next page with the same filters.
 */
export function FilteredList<Row>({
  path,
  filters,
  filterError,
  rows,
  columns,
  rowAttributes,
  empty,
  emptyFiltered,
  cursor,
  more,
  children,
}: {
  path: string;
  filters: Record<string, string | undefined>;
  filterError?: string | undefined;
  rows: readonly Row[];
  columns: Column<Row>[];
  rowAttributes?: (row: Row) => Record<string, string>;
  empty: EmptyText;
  emptyFiltered: EmptyText;
  cursor: string;
  more: string;
  children: Child;
}) {
  const query = filterQuery(filters);
  const filtered = query.size > 0;
  const { title, text } = filtered ? emptyFiltered : empty;
  return (
    <>
      <form method="get" action={path} class="filters">
        {children}
        <button type="submit" class="button secondary">
          Filter
        </button>
        {filtered ? <a href={path}>Clear</a> : null}
      </form>
      <ErrorSummary message={filterError} />
      {rows.length === 0 ? (
        <EmptyState title={title}>{text}</EmptyState>
      ) : (
        <Table rows={rows} columns={columns} rowAttributes={rowAttributes} />
      )}
      <NextPageLink path={path} query={query} cursor={cursor}>
        {more}
      </NextPageLink>
    </>
  );
}
