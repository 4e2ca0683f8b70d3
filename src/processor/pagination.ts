import { z } from "zod";

import { repeatedCursorError } from "./errors";
import type { Page } from "./resources";

/**
 * A cursor-paginated list as the processor answers it: items under `_embedded.<plural>` (absent on an empty page), the
 * next cursor under `page.next_cursor`; each item read as `item`.
 */
export function listSchema<T extends z.ZodType>(plural: string, item: T) {
  return z.object({
    _embedded: z.object({ [plural]: z.array(item).nullish() }).nullish(),
    page: z.object({ next_cursor: z.string().nullish() }).nullish(),
  });
}

/** The page a list answer read by `listSchema(plural, …)` holds. */
export function readPage<T>(
  body: { _embedded?: Record<string, T[] | null | undefined> | null; page?: { next_cursor?: string | null } | null },
  plural: string,
): Page<T> {
  return { items: body._embedded?.[plural] ?? [], nextCursor: body.page?.next_cursor ?? null };
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
