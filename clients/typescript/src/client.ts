/** The client: openapi-fetch over the generated `paths`, authenticated by the key, with `paginate`. */
import createClient, { type Client, type ClientOptions, type Middleware } from "openapi-fetch";

import { type Paginate, paginator } from "./paginate.js";
import type { components, paths } from "./schema.js";

/**
 * A client for every route of the API, typed by its OpenAPI document, with `paginate(path, params)`: every item of a
 * list route, following `nextCursor` (it throws a `PaymentConnectError` for a page answered with a problem).
 */
export type PaymentConnectClient = Client<paths> & { paginate: Paginate };

/** The problem body (`application/problem+json`) of every failure: `type`, `title`, `status`, `detail`, `traceId`. */
export type Problem = components["schemas"]["Problem"];

export interface PaymentConnectClientOptions extends Omit<ClientOptions, "baseUrl"> {
  /** The service's base URL, e.g. `https://payments.example.com` (no `/v1`: the paths carry it). */
  baseUrl: string;
  /**
   * The tenant's secret key (`lc_live_…`), sent as `Authorization: Bearer …` (the API accepts it there as well as in
   * `X-Api-Key`). An operator passes the ADMIN_SECRET instead, for the /admin routes.
   */
  apiKey: string;
}

/** A client that authenticates every request with `apiKey`. Any other openapi-fetch option (`fetch`, `headers`…) passes through. */
export function createPaymentConnectClient({ baseUrl, apiKey, ...options }: PaymentConnectClientOptions): PaymentConnectClient {
  if (!apiKey) throw new TypeError("createPaymentConnectClient needs an apiKey.");
  const client = createClient<paths>({ ...options, baseUrl: baseUrl.replace(/\/+$/, "") });
  const authenticate: Middleware = {
    onRequest({ request }) {
      request.headers.set("Authorization", `Bearer ${apiKey}`);
      return request;
    },
  };
  client.use(authenticate);
  return Object.assign(client, { paginate: paginator(client) });
}
