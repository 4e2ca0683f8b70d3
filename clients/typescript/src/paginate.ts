/**
 * `client.paginate(path, params)`: every item of a list route, page after page through `nextCursor`. A list route is
 * any GET whose 200 body is the API's list envelope `{ data, hasMore, nextCursor }` and whose query takes `cursor`, so a
 * route added to the schema is covered the day `npm run openapi:generate` adds it.
 */
import type { Client } from "openapi-fetch";

import type { components, paths } from "./schema.js";

type Problem = components["schemas"]["Problem"];

interface ListOperation {
  parameters: { query?: { cursor?: string } };
  responses: { 200: { content: { "application/json": { data: unknown[]; hasMore: boolean; nextCursor: string } } } };
}

type GetOperation<P extends keyof paths> = NonNullable<paths[P]["get"]>;

/** The paths of every list route (`"/v1/payments"`, `"/v1/events"`, …). */
export type ListPath = {
  [P in keyof paths]: [GetOperation<P>] extends [never] ? never : GetOperation<P> extends ListOperation ? P : never;
}[keyof paths];

type ListOf<P extends ListPath> = GetOperation<P> & ListOperation;

/** One item of a list route's `data`. */
export type ListItem<P extends ListPath> = ListOf<P>["responses"][200]["content"]["application/json"]["data"][number];

/** The route's parameters, its query without `cursor` (the iterator sets it). */
export type ListParams<P extends ListPath> = Omit<ListOf<P>["parameters"], "query" | "cookie"> & {
  query?: Omit<NonNullable<ListOf<P>["parameters"]["query"]>, "cursor">;
};

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** `params` may be left out unless the route has a path parameter (`/admin/tenants/{tenantId}/…`). */
export type ListArguments<P extends ListPath> = [RequiredKeys<ListParams<P>>] extends [never]
  ? [params?: ListParams<P>]
  : [params: ListParams<P>];

/** A request the API answered with a problem (`application/problem+json`), thrown where no `{ error }` can be returned. */
export class PaymentConnectError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;

  constructor(response: Response, problem: Problem | undefined) {
    super(problem ? `${response.status} ${problem.type}: ${problem.detail}` : `${response.status} ${response.statusText}`);
    this.name = "PaymentConnectError";
    this.status = response.status;
    this.problem = problem;
  }
}

interface Page {
  data?: { data: unknown[]; hasMore: boolean; nextCursor: string };
  error?: Problem;
  response: Response;
}
type UntypedGet = (path: string, init: { params: { query?: Record<string, unknown> } }) => Promise<Page>;

export function paginator(client: Client<paths>) {
  // openapi-fetch types GET per path; the envelope is what every list shares, so one untyped call serves them all.
  const get = client.GET as unknown as UntypedGet;
  return async function* paginate<P extends ListPath>(path: P, ...[params]: ListArguments<P>): AsyncGenerator<ListItem<P>, void> {
    const { query, ...rest } = (params ?? {}) as { query?: Record<string, unknown> };
    let cursor: string | undefined;
    do {
      const { data, error, response } = await get(path, { params: { ...rest, query: { ...query, ...(cursor ? { cursor } : {}) } } });
      if (!data) throw new PaymentConnectError(response, error);
      yield* data.data as ListItem<P>[];
      // An archived stretch may give an empty page while hasMore is true: the cursor goes on regardless.
      cursor = data.hasMore ? data.nextCursor : undefined;
    } while (cursor);
  };
}

export type Paginate = ReturnType<typeof paginator>;
