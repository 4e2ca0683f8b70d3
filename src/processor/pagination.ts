import { repeatedCursorError } from "./errors";
import type { Page } from "./types";

/** Reads a cursor-paginated list: items under `_embedded.<plural>`, the next cursor under `page.next_cursor`. */
export function readPage<T>(body: unknown, plural: string): Page<T> {
  const list = body as { _embedded?: Record<string, T[] | undefined>; page?: { next_cursor?: string | null } } | null;
  return { items: list?._embedded?.[plural] ?? [], nextCursor: list?.page?.next_cursor ?? null };
}

/**
 * Every item of a cursor-paginated list, fetching page after page (`after_cursor` = the previous page's
 * `next_cursor`) until the cursor runs out.
 *
 * @example
 * for await (const dispute of paginate((after_cursor) => client.listMerchantDisputes("MU…", { after_cursor }))) { … }
 */
export async function* paginate<T>(fetchPage: (afterCursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.items;
    // A cursor that does not move would loop forever.
    if (page.nextCursor !== null && page.nextCursor === cursor) {
      throw repeatedCursorError(page.nextCursor);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
