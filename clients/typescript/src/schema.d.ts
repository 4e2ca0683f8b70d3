// Generated from openapi/v1.json by `npm run openapi:generate` (openapi-typescript). Do not edit: regenerate.
export interface paths {
  "/admin/payments/fee-credits": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Application-fee credits by state (given-up ones by default), most recently changed first */
    get: {
      parameters: {
        query?: {
          status?: "pending" | "succeeded" | "failed";
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Fee credits. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["FeeCreditList"];
          };
        };
        /** @description Invalid query. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/payments/fee-credits/{refundId}/retry": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a given-up fee credit again (same idempotency_id at the processor, fresh attempts) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          refundId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The fee credit after one new attempt; a pending or succeeded one is left as it is. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["FeeCredit"];
          };
        };
        /** @description Malformed id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No fee credit for this refund. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/payments/reconciliation": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What the reconciliation sweep still has to look at: counts, due rows, oldest, next check
     * @description Each row carries its next check time; a run takes up to `checksPerRun` due rows per queue, oldest due first, and a row the processor has not settled waits twice as long after each look (1 minute doubling to at most 1 hour).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The backlog. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ReconciliationBacklog"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/processor/webhook": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Register this service's webhook with the processor (for the processor's real sandbox or live)
     * @description Creates the processor webhook pointing at `${BASE_URL}/webhooks/processor` with the configured Basic credentials and the events the service consumes. Store the returned `secretSigningKey` as the `PROCESSOR_WEBHOOK_SIGNING_KEY` secret (comma-separate old and new during a rotation).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The processor's webhook. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["RegisteredProcessorWebhook"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description The processor refused it (e.g. the URL did not answer its test POST). */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description The processor failed. */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List tenants */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Every tenant, newest first. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              data: components["schemas"]["Tenant"][];
            };
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    /** Create a tenant */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description JSON request body */
      requestBody: {
        content: {
          "application/json": {
            name: string;
          };
        };
      };
      responses: {
        /** @description The new tenant. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Tenant"];
          };
        };
        /** @description Invalid body. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body is not JSON. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Rename a tenant or set its application fee schedule (null restores the platform default) */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          tenantId: string;
        };
        cookie?: never;
      };
      /** @description JSON request body */
      requestBody: {
        content: {
          "application/json": {
            feeBasisPoints?: number | null;
            feeFixedCents?: number | null;
            name?: string;
          };
        };
      };
      responses: {
        /** @description The updated tenant. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Tenant"];
          };
        };
        /** @description Invalid body. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body is not JSON. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    trace?: never;
  };
  "/admin/tenants/{tenantId}/callbacks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A tenant's callback URL and signing secret metadata */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          tenantId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The settings; a tenant that never saved a URL reads as off. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CallbackSettings"];
          };
        };
        /** @description Malformed tenant id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    /**
     * Set the callback URL, or turn callbacks off with an empty URL
     * @description The first save generates the signing secret (reveal it with GET …/callbacks/secrets). Outside the local sandbox the URL must be https on a public host: loopback, private, link-local, shared (CGNAT) and metadata addresses are refused. An empty URL turns callbacks off and cancels deliveries not yet made; events keep being recorded.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          tenantId: string;
        };
        cookie?: never;
      };
      /** @description JSON request body */
      requestBody: {
        content: {
          "application/json": {
            /** @example https://shop.example.com/payment-connect/callbacks */
            url: string;
          };
        };
      };
      responses: {
        /** @description The saved settings. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CallbackSettings"];
          };
        };
        /** @description Invalid body, or a URL that is refused (`errors` names `url`). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body is not JSON. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/callbacks/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a tenant's callback deliveries with their attempts, newest first
     * @description Up to 9 attempts per delivery; retries after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 12 h, 12 h, then the delivery is dead-lettered (`failed`).
     */
    get: {
      parameters: {
        query?: {
          /** @description Page size, 1–50; default 20. */
          limit?: number;
          /** @description The nextCursor of the previous page. */
          cursor?: string;
          status?: "pending" | "delivered" | "failed" | "canceled";
          eventId?: string;
        };
        header?: never;
        path: {
          tenantId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of deliveries. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CallbackDeliveryList"];
          };
        };
        /** @description Invalid query, or `invalid-cursor`. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/callbacks/deliveries/replay-failed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deliver again every event whose delivery failed since a time
     * @description Each event once, oldest first, skipping events delivered or being delivered meanwhile. At most `limit` per call; while `hasMore` is true, call again.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          tenantId: string;
        };
        cookie?: never;
      };
      /** @description JSON request body */
      requestBody: {
        content: {
          "application/json": {
            /** @default 50 */
            limit?: number;
            /**
             * Format: date-time
             * @description Deliveries created at or after this time (UTC).
             * @example 2026-11-01T00:00:00Z
             */
            since: string;
          };
        };
      };
      responses: {
        /** @description The new deliveries, queued. */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CallbackReplayResult"];
          };
        };
        /** @description Invalid body. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Callbacks are off for this tenant. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body is not JSON. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/callbacks/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a tenant's events, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Page size, 1–50; default 20. */
          limit?: number;
          /** @description The nextCursor of the previous page. */
          cursor?: string;
          type?: string;
        };
        header?: never;
        path: {
          tenantId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of events. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CallbackEventList"];
          };
        };
        /** @description Invalid query, or `invalid-cursor`. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/callbacks/events/{eventId}/replay": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Deliver one event again (same LC-Event-Id, same body) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          tenantId: string;
          eventId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The new delivery, queued. */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CallbackDelivery"];
          };
        };
        /** @description Malformed id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such tenant, or no such event for this tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Callbacks are off for this tenant. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/callbacks/secrets": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Reveal the active signing secrets (the one deliberate exception to secrets never being returned)
     * @description Every callback carries one `v1=` per active secret in `LC-Signature`. The response is `Cache-Control: no-store`.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          tenantId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The active secrets, current first. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CallbackSigningSecrets"];
          };
        };
        /** @description Malformed tenant id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such tenant, or it never saved a callback URL. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/callbacks/secrets/rotate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate the signing secret; the previous one keeps signing for a window
     * @description Previous secrets stop signing after `previousSecretTtlSeconds` (default 86400, i.e. 24 h); until then each callback carries a `v1=` for every active secret. 0 retires them at once (a leaked secret).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          tenantId: string;
        };
        cookie?: never;
      };
      /** @description JSON request body */
      requestBody?: {
        content: {
          "application/json": {
            /** @example 86400 */
            previousSecretTtlSeconds?: number;
          };
        };
      };
      responses: {
        /** @description The active secrets after rotation, the new one first. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CallbackSigningSecrets"];
          };
        };
        /** @description Invalid body. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such tenant, or it never saved a callback URL. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body is not JSON. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/dashboard/invites": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Invite a tenant's dashboard owner (a one-time link, valid 72 hours)
     * @description How a tenant's first dashboard user is made: the link lets its holder set a password and sign in at `/dashboard` as an owner, who can then invite teammates. The token in the link is stored only as a hash.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          tenantId: string;
        };
        cookie?: never;
      };
      /** @description JSON request body */
      requestBody: {
        content: {
          "application/json": components["schemas"]["DashboardInviteRequest"];
        };
      };
      responses: {
        /** @description The invitation, with its one-time link. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["DashboardInvite"];
          };
        };
        /** @description Invalid e-mail or tenant id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body is not JSON. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/keys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a tenant's API keys (never their secrets) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          tenantId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The tenant's keys, newest first. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              data: components["schemas"]["ApiKey"][];
            };
          };
        };
        /** @description Malformed tenant id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    /** Issue an API key for a tenant (the key is shown once) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          tenantId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The new key, including its secret. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["IssuedApiKey"];
          };
        };
        /** @description Malformed tenant id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/keys/{keyId}/revoke": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke an API key (idempotent) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          tenantId: string;
          keyId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The revoked key. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ApiKey"];
          };
        };
        /** @description Malformed id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such key for this tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/processor-merchant": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Attach an existing processor merchant (MU…) to a tenant
     * @description For merchants onboarded outside the hosted form. The merchant is read from the processor and the tenant's chargesEnabled follows the processor's word (APPROVED and processing_enabled), never this request.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          tenantId: string;
        };
        cookie?: never;
      };
      /** @description JSON request body */
      requestBody: {
        content: {
          "application/json": {
            processorMerchantId: string;
          };
        };
      };
      responses: {
        /** @description The tenant with its merchant and readiness. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Tenant"];
          };
        };
        /** @description Invalid body. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing or wrong admin secret. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description The merchant already belongs to another tenant. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description The processor does not know the merchant. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description The processor failed. */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/docs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Human-readable API reference (works offline) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description HTML page rendering /openapi.json. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/html": string;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/health": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Health */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The service is up. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["HealthStatus"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/health/live": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness: the process is up */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The process is up. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["HealthStatus"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/health/ready": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: the datastore is reachable */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description D1 answered a probe query. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ReadinessStatus"];
          };
        };
        /** @description D1 is unreachable. */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/onboarding/expired/{token}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The processor's expired-session link: renews the form link and redirects to it (anonymous) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Redirects to a fresh onboarding link. */
        303: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Unknown link. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/onboarding/pci/{formId}/{token}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The merchant's PCI SAQ-A attestation page (anonymous; the link is `pci.actionUrl` outside the built-in sandbox)
     * @description The processor expects the platform to collect the SAQ-A attestation. This page shows the merchant's current PCI form and, while it awaits attestation, a form for name, title and acceptance. The link names one tenant's one form.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          formId: string;
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The attestation page. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/html": string;
          };
        };
        /** @description Malformed link. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unknown link, or the form is no longer the merchant's current one. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description The processor failed. */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    /** Submit the merchant's PCI SAQ-A attestation to the processor (anonymous; the page's form) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          formId: string;
          token: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/x-www-form-urlencoded": components["schemas"]["PciAttestationForm"];
        };
      };
      responses: {
        /** @description Attested: the page shows the signed form. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/html": string;
          };
        };
        /** @description Malformed link. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unknown link. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Name, title or acceptance missing, or the processor refused it: the page again, with the reason. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/html": string;
          };
        };
        /** @description The processor failed. */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/onboarding/return/{token}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where the processor's hosted form sends the merchant's browser back (anonymous) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Finalized; no returnUrl was given. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/html": string;
          };
        };
        /** @description Finalized; redirects to the tenant's returnUrl. */
        303: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Unknown link. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/disputes": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List disputes (chargebacks and inquiries), newest first
     * @description Each dispute with its payment, amount, reason, state, response state, `respondBy` and evidence files. The same keyset pagination and signed cursors as `GET /v1/payments`; filter by `state` (e.g. `open`) or `responseState` (e.g. `needs_response`).
     */
    get: {
      parameters: {
        query?: {
          /** @description Inclusive lower bound on createdAtUtc (UTC ISO 8601). */
          from?: string;
          /** @description Exclusive upper bound on createdAtUtc (UTC ISO 8601). */
          to?: string;
          /** @description The processor's state: `inquiry` (INQUIRY: the issuer asks for information), `open` (PENDING: a chargeback under way; the amount is held from the merchant), `won` (WON: the money comes back), `lost` (LOST). */
          state?: components["schemas"]["DisputeState"];
          /** @description The processor's response_state: `needs_response` (answer by respondBy), `responded`, `accepted`, `no_response_allowed`, `unknown` (the processor's sandbox). */
          responseState?: components["schemas"]["DisputeResponseState"];
          /** @description Page size, 1–200; default 50. */
          limit?: number;
          /** @description The nextCursor of the previous page. */
          cursor?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of disputes. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["DisputeList"];
          };
        };
        /** @description Invalid query, or `invalid-cursor`. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/disputes/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One dispute with its evidence
     * @description The dispute, its evidence files with their state, whether it takes a response now (`acceptsResponse`) and its submission. Another tenant's id answers 404, as a missing one does.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The dispute. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Dispute"];
          };
        };
        /** @description Malformed id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such dispute for this tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/disputes/{id}/evidence": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload one evidence file
     * @description `multipart/form-data` with the file in the part named **`file`** (one file per request). The processor's limits are checked on the content before anything is stored: JPG, PNG, PDF or TIFF (by content, not by name); JPG and PNG up to 50 KB each, PDF and TIFF up to 1 MB each; at most 8 files per dispute (rejected files do not count), which keeps every dispute within the processor's 10 MB; the request body at most 1114112 bytes (one file and its multipart framing). The file is stored (R2) before the processor is called; if the processor fails, the evidence is `pending` and uploaded by the sweep. The same content again answers 200 with the same evidence (a rejected one is sent again). The processor may still reject a file after accepting it: its `state` then turns `failed` and an `evidence.updated` callback is sent. Taken only while `acceptsResponse` is true.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      /** @description The evidence file in part `file`. */
      requestBody: {
        content: {
          "multipart/form-data": components["schemas"]["EvidenceUpload"];
        };
      };
      responses: {
        /** @description The same content was uploaded to this dispute before: that evidence. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["DisputeEvidence"];
          };
        };
        /** @description Stored; uploaded to the processor (`processing`) or waiting to be (`pending`). */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["DisputeEvidence"];
          };
        };
        /** @description The part `file` is missing, empty, not a file, or given twice; or the body is not valid multipart. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such dispute for this tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description The dispute was submitted, is decided, takes no response, or is past respondBy. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description The file is over its type's limit, or the body is over the route's limit. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description The body is not multipart/form-data, or the file's content is not JPG, PNG, PDF or TIFF. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description The dispute already holds 8 files, or the processor refused the file (`processor-rejected`, the evidence is `failed`). */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/disputes/{id}/submit": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Submit the evidence for review (once)
     * @description Tells the issuer the evidence is complete. One-shot: a second submit answers 409, and no evidence is taken afterwards. Needs at least one evidence file; files still `pending` are sent to the processor first. Taken only while `acceptsResponse` is true. `Idempotency-Key` is optional: a retry with the same key replays the first answer instead of the 409.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Optional; makes a retried submit safe to replay. */
          "Idempotency-Key"?: string;
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      /** @description JSON request body */
      requestBody?: {
        content: {
          "application/json": components["schemas"]["SubmitDisputeRequest"];
        };
      };
      responses: {
        /** @description The dispute, submitted. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Dispute"];
          };
        };
        /** @description Malformed id or body. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such dispute for this tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Already submitted, decided, takes no response, past respondBy, or no evidence uploaded. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body is not JSON. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-rejected`: the processor refused the submission; nothing was submitted. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-error`: evidence still waiting for the processor, or the processor failed; retry. */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-timeout`: the outcome is unknown; the submission shows `pending` until the sweep settles it. */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/meta": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Public configuration for frontends (anonymous, cacheable, CORS-open) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Public config; contains no secrets. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PublicConfig"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/onboarding": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a hosted onboarding form
     * @description The merchant fills it in at `onboardingUrl`; the processor sends the browser back to the service, which finalizes and then redirects to `returnUrl`.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description JSON request body */
      requestBody?: {
        content: {
          "application/json": components["schemas"]["StartOnboardingRequest"];
        };
      };
      responses: {
        /** @description The hosted form. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["OnboardingForm"];
          };
        };
        /** @description Invalid body. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Already onboarded. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body is not JSON. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description The processor failed. */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/onboarding/form/{formId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read the form's status; finalizes the onboarding once the form is complete */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          formId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The form, and the merchant once attached. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["OnboardingFormStatus"];
          };
        };
        /** @description Malformed id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such form for this tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description The processor failed. */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/onboarding/status": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: can this merchant charge and be paid out? */
    get: {
      parameters: {
        query?: {
          /** @description `true` re-pulls the state from the processor. */
          refresh?: "true" | "false";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Readiness, kept fresh by the processor's webhooks. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Readiness"];
          };
        };
        /** @description Invalid query. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description The processor failed (refresh only). */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List or search payments, newest first */
    get: {
      parameters: {
        query?: {
          /** @description Inclusive lower bound on createdAtUtc: an ISO 8601 instant with `Z` or an offset (`2026-11-01T02:00:00+02:00`). */
          from?: string;
          /** @description Exclusive upper bound on createdAtUtc (payments created before it): an ISO 8601 instant with `Z` or an offset. */
          to?: string;
          status?: components["schemas"]["PaymentStatus"];
          /** @description Page size, 1–200; default 50. */
          limit?: number;
          /** @description The nextCursor of the previous page. */
          cursor?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of payments. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentList"];
          };
        };
        /** @description Invalid query, or `invalid-cursor`. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    /**
     * Create a charge
     * @description Card charges return their final result; ACH returns `processing` and settles later (a `transfer.updated` callback). `Idempotency-Key` is required; a replay returns the original status and body byte for byte with `Idempotent-Replayed: true`.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Required on charges, optional on refunds: derive it from your order key. A replay returns the original result. 1–255 printable ASCII characters; kept 24 hours. */
          "Idempotency-Key"?: string;
        };
        path?: never;
        cookie?: never;
      };
      /** @description JSON request body */
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreatePaymentRequest"];
        };
      };
      responses: {
        /** @description The payment was created (card: final result; ACH: `processing`). */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CreatePaymentResponse"];
          };
        };
        /** @description Validation failed, or `Idempotency-Key` missing (`idempotency-key-required`). */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Declined by the processor (`payment-declined`; `code` is the processor's failure code). The payment is recorded `failed`. */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `merchant-not-ready`: the tenant's chargesEnabled is false. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `idempotency-key-reused` (different body) or `idempotency-key-in-flight` (with `Retry-After`: seconds until a crashed request's lease ends). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body is not JSON. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-rejected`: the processor refused the request (e.g. a used or expired token). */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-error`: outcome unknown; retry with the same Idempotency-Key. */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-timeout`: outcome unknown; retry with the same Idempotency-Key. */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payments/terminal": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start an in-person sale on a reader
     * @description Records the payment (`card_present`, `processing`) and answers **202** at once; the reader then waits for the buyer's card. The outcome — `succeeded`, `failed` (a decline, with the processor's `failureCode`) or `canceled` — lands on the payment (`GET /v1/payments/{id}`) and arrives as a signed `transfer.updated` callback. One sale at a time per reader: another sale while one is unresolved is 409 `reader-busy`. `Idempotency-Key` is required; a replay answers the original 202 and never starts a second sale.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Required: derive it from your order key. A replay returns the original answer; one key never starts a second sale. 1–255 printable ASCII characters; kept 24 hours. */
          "Idempotency-Key"?: string;
        };
        path?: never;
        cookie?: never;
      };
      /** @description JSON request body */
      requestBody: {
        content: {
          "application/json": components["schemas"]["TerminalSaleRequest"];
        };
      };
      responses: {
        /** @description The sale started; its payment is `processing` until the outcome is known. */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "amountCents": 1250,
             *       "amountRefundedCents": 0,
             *       "applicationFeeCents": 43,
             *       "createdAtUtc": "2026-11-01T09:05:00.000Z",
             *       "currency": "USD",
             *       "failureCode": null,
             *       "failureMessage": null,
             *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
             *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
             *       "method": "card_present",
             *       "orderRef": "order-20001",
             *       "processorState": null,
             *       "processorTransferId": null,
             *       "status": "processing",
             *       "updatedAtUtc": "2026-11-01T09:05:00.000Z"
             *     }
             */
            "application/json": components["schemas"]["TerminalSale"];
          };
        };
        /** @description Validation failed (an unknown reader is a field error on `readerId`), or `Idempotency-Key` missing. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `merchant-not-ready`: the tenant's chargesEnabled is false. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `reader-busy` (another sale is unresolved on the reader), `reader-not-active`, `idempotency-key-reused` or `idempotency-key-in-flight`. `reader-busy` and `reader-not-active` are not stored under the key: retry it once the reader is free. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body is not JSON. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payments/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Look up one payment */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The ledger record. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentResponse"];
          };
        };
        /** @description Malformed id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such payment for this tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payments/{id}/refund": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Refund a payment in full or in part
     * @description With `Idempotency-Key`, a retry after any failure (a 502/504, a crash) resumes the same refund and ends in its one final answer: 200 with the payment once the reversal exists (at most one reversal at the processor), or 422 `processor-rejected` (with `lcRefundId`) when the refund failed. An ACH payment is refundable once `succeeded` (the processor submitted the debit); it can still be returned by the buyer's bank afterwards (see `transfer.updated`).
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Required on charges, optional on refunds: derive it from your order key. A replay returns the original result. 1–255 printable ASCII characters; kept 24 hours. */
          "Idempotency-Key"?: string;
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      /** @description JSON request body */
      requestBody?: {
        content: {
          "application/json": components["schemas"]["RefundRequest"];
        };
      };
      responses: {
        /** @description The payment after the refund. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PaymentResponse"];
          };
        };
        /** @description Validation failed. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such payment for this tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `invalid-payment-state` (not succeeded or partially_refunded), `refund-exceeds-balance`, `idempotency-key-reused`, or `idempotency-key-in-flight` (with `Retry-After`). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body is not JSON. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-rejected`: the processor refused the refund, or the refund under this Idempotency-Key failed (`code`, `lcRefundId`). */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-error`: outcome unknown; the amount stays reserved until reconciled. */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-timeout`: outcome unknown; the amount stays reserved until reconciled. */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payouts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payouts to the merchant's bank, newest first
     * @description Each payout is one processor settlement and its funding transfer: gross, fees and net, its status, when the money started moving and when it is expected in the bank. Served from the service's ledger (kept by the processor's settlement and funding-transfer webhooks, and re-read by a sweep); the same keyset pagination and signed cursors as `GET /v1/payments`.
     */
    get: {
      parameters: {
        query?: {
          /** @description Inclusive lower bound on createdAtUtc (UTC ISO 8601). */
          from?: string;
          /** @description Exclusive upper bound on createdAtUtc (UTC ISO 8601). */
          to?: string;
          /** @description `accruing`: the settlement is still collecting (totals change until it closes); `awaiting_approval`: closed, not yet approved; `approved`: the funding transfer to the bank is under way; `paid`: it succeeded (money in the account on `expectedArrivalDate`); `failed`: the bank transfer failed (`failureCode`). */
          status?: components["schemas"]["PayoutStatus"];
          /** @description Page size, 1–200; default 50. */
          limit?: number;
          /** @description The nextCursor of the previous page. */
          cursor?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of payouts. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PayoutList"];
          };
        };
        /** @description Invalid query, or `invalid-cursor`. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payouts/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One payout with the payments and refunds it contains
     * @description The payout and its items — each payment with its fee and net, each refund, fee refund and chargeback — so a bank line can be matched to orders. The items' `amountCents` add up to `grossCents`; their `netCents`, less `otherFeesCents`, to `netCents`. Items are read from the processor once the settlement closes; while `accruing` the list is empty. `limit` and `cursor` page through the items.
     */
    get: {
      parameters: {
        query?: {
          /** @description Items per page, 1–200; default 100. */
          limit?: number;
          /** @description The items.nextCursor of the previous answer. */
          cursor?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The payout and (a page of) its items. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PayoutDetail"];
          };
        };
        /** @description Malformed id or query, or `invalid-cursor`. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such payout for this tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/terminal/readers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the merchant's readers, newest first
     * @description Keyset-paginated: pass `nextCursor` back as `cursor` while `hasMore` is true. The cursor is signed for this tenant and these filters; another tenant's, a tampered one, or one from other filters is 400 `invalid-cursor`. Connection states are not listed: ask one reader with `?connection=true`.
     */
    get: {
      parameters: {
        query?: {
          status?: "registered" | "active" | "deactivated";
          /** @description Page size, 1–200; default 50. */
          limit?: number;
          /** @description The nextCursor of the previous page. */
          cursor?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of readers. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "data": [
             *         {
             *           "action": null,
             *           "createdAtUtc": "2026-11-01T09:00:00.000Z",
             *           "label": "Front counter",
             *           "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
             *           "model": "PAX_A920PRO",
             *           "processorDeviceId": "DVsEanpBtsAVvCHbNXkFaH6f",
             *           "serialNumber": "1850123456",
             *           "status": "active",
             *           "updatedAtUtc": "2026-11-01T09:01:00.000Z"
             *         }
             *       ],
             *       "hasMore": false,
             *       "nextCursor": null
             *     }
             */
            "application/json": components["schemas"]["TerminalReaderList"];
          };
        };
        /** @description Invalid query, or `invalid-cursor`. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    /**
     * Register a PAX reader to the merchant
     * @description Creates the device at the processor under the tenant's merchant, `registered` until activated. A serial number belongs to one registration only: registering it again — by anyone — is 409 `reader-already-registered` (for your own reader the problem names its `lcReaderId`). A registration whose answer was lost (502/504) is completed by sending the same request again.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description JSON request body */
      requestBody: {
        content: {
          "application/json": components["schemas"]["RegisterReaderRequest"];
        };
      };
      responses: {
        /** @description The reader, `registered`. */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "action": null,
             *       "createdAtUtc": "2026-11-01T09:00:00.000Z",
             *       "label": "Front counter",
             *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
             *       "model": "PAX_A920PRO",
             *       "processorDeviceId": "DVsEanpBtsAVvCHbNXkFaH6f",
             *       "serialNumber": "1850123456",
             *       "status": "registered",
             *       "updatedAtUtc": "2026-11-01T09:01:00.000Z"
             *     }
             */
            "application/json": components["schemas"]["TerminalReader"];
          };
        };
        /** @description Validation failed. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `merchant-not-ready`: the tenant cannot take charges yet, so it cannot register readers either. */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `reader-already-registered`: the serial number is registered already. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body too large. */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Body is not JSON. */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-rejected`: the processor refused the device. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-error`: the processor failed; nothing is recorded as changed. Retry. */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-timeout`: the processor did not answer in time. Retry. */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/terminal/readers/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One reader; `?connection=true` adds its live connection state
     * @description With `connection=true` the service asks the processor whether the reader is online (`Open`) or not (`Closed`) — the processor sends no device events, so this is read at request time; a deactivated reader reads `Closed`.
     */
    get: {
      parameters: {
        query?: {
          /** @description `true` adds `connection` (Open or Closed). */
          connection?: "true" | "false";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The reader. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "action": null,
             *       "connection": "Open",
             *       "createdAtUtc": "2026-11-01T09:00:00.000Z",
             *       "label": "Front counter",
             *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
             *       "model": "PAX_A920PRO",
             *       "processorDeviceId": "DVsEanpBtsAVvCHbNXkFaH6f",
             *       "serialNumber": "1850123456",
             *       "status": "active",
             *       "updatedAtUtc": "2026-11-01T09:01:00.000Z"
             *     }
             */
            "application/json": components["schemas"]["TerminalReader"];
          };
        };
        /** @description Malformed id or query. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such reader for this tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-error`: the processor failed; nothing is recorded as changed. Retry. */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-timeout`: the processor did not answer in time. Retry. */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/terminal/readers/{id}/activate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Activate a reader
     * @description Activates the device at the processor (PAX readers need no activation code); the reader is then `active` and takes sales.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The reader, `active`. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "action": null,
             *       "createdAtUtc": "2026-11-01T09:00:00.000Z",
             *       "label": "Front counter",
             *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
             *       "model": "PAX_A920PRO",
             *       "processorDeviceId": "DVsEanpBtsAVvCHbNXkFaH6f",
             *       "serialNumber": "1850123456",
             *       "status": "active",
             *       "updatedAtUtc": "2026-11-01T09:01:00.000Z"
             *     }
             */
            "application/json": components["schemas"]["TerminalReader"];
          };
        };
        /** @description Malformed id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such reader for this tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-rejected`: the processor refused the action. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-error`: the processor failed; nothing is recorded as changed. Retry. */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-timeout`: the processor did not answer in time. Retry. */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/terminal/readers/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel the sale in progress on a reader
     * @description Asks the reader to stop waiting for the card and answers the sale's payment as the processor reports it afterwards: `canceled` (`failureCode` CANCELLATION_VIA_API) — or `succeeded` when the buyer tapped before the cancel arrived: the sale then stands, and is refunded like any other. `processing` means the outcome is not known yet; it follows as a `transfer.updated` callback.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The sale's payment after the cancel. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "amountCents": 1250,
             *       "amountRefundedCents": 0,
             *       "applicationFeeCents": 43,
             *       "createdAtUtc": "2026-11-01T09:05:00.000Z",
             *       "currency": "USD",
             *       "failureCode": "CANCELLATION_VIA_API",
             *       "failureMessage": "The transaction was canceled through the API.",
             *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
             *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
             *       "method": "card_present",
             *       "orderRef": "order-20001",
             *       "processorState": "CANCELED",
             *       "processorTransferId": "TRv3Qm8xZ1LwK2",
             *       "status": "canceled",
             *       "updatedAtUtc": "2026-11-01T09:05:00.000Z"
             *     }
             */
            "application/json": components["schemas"]["TerminalSale"];
          };
        };
        /** @description Malformed id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such reader for this tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `no-sale-in-progress`: the reader is idle (a sale that just ended reports its outcome on its payment). */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/terminal/readers/{id}/deactivate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deactivate a reader
     * @description The reader takes no sales until activated again. Refused with 409 `reader-busy` while it is taking a sale.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The reader, `deactivated`. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            /**
             * @example {
             *       "action": null,
             *       "createdAtUtc": "2026-11-01T09:00:00.000Z",
             *       "label": "Front counter",
             *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
             *       "model": "PAX_A920PRO",
             *       "processorDeviceId": "DVsEanpBtsAVvCHbNXkFaH6f",
             *       "serialNumber": "1850123456",
             *       "status": "deactivated",
             *       "updatedAtUtc": "2026-11-01T09:01:00.000Z"
             *     }
             */
            "application/json": components["schemas"]["TerminalReader"];
          };
        };
        /** @description Malformed id. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Missing, malformed, unknown or revoked API key. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description No such reader for this tenant. */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `reader-busy`: a sale is in progress on the reader. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-rejected`: the processor refused the action. */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Too many requests for this API key. */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Unexpected failure; the body carries only a traceId to quote. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-error`: the processor failed; nothing is recorded as changed. Retry. */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description `processor-timeout`: the processor did not answer in time. Retry. */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/processor": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Inbound processor webhooks (called by the processor, not by tenants)
     * @description Verified by the Basic credentials the webhook was registered with and by `Finix-Signature: timestamp=…, sig=…` (HMAC-SHA256 over `{timestamp}:{rawBody}`; accepted up to 30 minutes old, so the processor's retries — up to 20.5 minutes after the first attempt, possibly with its timestamp — are not dropped; at most 5 minutes in the future). An empty body is the processor's test POST and is acknowledged. Deliveries are de-duplicated; unknown events are acknowledged and recorded.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Acknowledged. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ProcessorWebhookAck"];
          };
        };
        /** @description Body is not a processor event. */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Bad credentials or signature. */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        /** @description Not applied; the processor retries. */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    ApiKey: {
      createdAtUtc: string;
      /** @example lc_live_AbCd */
      displayPrefix: string;
      /** @example key_8fJw2QpLm4Zt0Xc1Vb9Kd */
      id: string;
      lastFour: string;
      /** @description When the key last authenticated a request, to the minute. */
      lastUsedAtUtc: string | null;
      /**
       * @description Given in the dashboard; empty for keys issued without one.
       * @example Checkout server
       */
      name: string;
      revokedAtUtc: string | null;
      tenantId: string;
    };
    /** @description Required with processorToken. */
    Buyer: {
      /** Format: email */
      email: string;
      firstName: string;
      lastName: string;
    };
    CallbackDelivery: {
      attemptCount: number;
      attempts: components["schemas"]["CallbackDeliveryAttempt"][];
      createdAtUtc: string;
      deliveredAtUtc: string | null;
      eventId: string;
      eventType: string;
      failedAtUtc: string | null;
      /** @example dlv_2bV8nQ4wXz7Kc1Lp5Rt9Hm */
      id: string;
      lastAttemptAtUtc: string | null;
      lastError: string | null;
      lastStatusCode: number | null;
      nextAttemptAtUtc: string | null;
      /**
       * @description `event`: sent when the event happened; `replay`: sent on request.
       * @enum {string}
       */
      origin: "event" | "replay";
      /**
       * @description `failed`: dead-lettered after the last attempt; `canceled`: callbacks were turned off before it was made.
       * @enum {string}
       */
      status: "pending" | "delivered" | "failed" | "canceled";
    };
    CallbackDeliveryAttempt: {
      attemptNumber: number;
      attemptedAtUtc: string;
      durationMs: number;
      error: string | null;
      nextAttemptAtUtc: string | null;
      /** @description The receiver's HTTP status; null when no response arrived. */
      statusCode: number | null;
      url: string;
    };
    CallbackDeliveryList: {
      data: components["schemas"]["CallbackDelivery"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; null on the last page. */
      nextCursor: string | null;
    };
    CallbackEvent: {
      /** @description The callback body as delivered (LC-Event-Id = id). */
      body: {
        [key: string]: unknown;
      };
      createdAtUtc: string;
      /** @description When the event was handed to delivery; null until then (the sweep retries). */
      enqueuedAtUtc: string | null;
      /** @example event_7hJk2LmN4pQrStUvWxYz9b */
      id: string;
      /** @example transfer.updated */
      type: string;
    };
    CallbackEventList: {
      data: components["schemas"]["CallbackEvent"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; null on the last page. */
      nextCursor: string | null;
    };
    CallbackReplayResult: {
      data: components["schemas"]["CallbackDelivery"][];
      hasMore: boolean;
    };
    CallbackSettings: {
      createdAtUtc: string | null;
      enabled: boolean;
      /** @description Active secrets, current first; never their values. */
      signingSecrets: components["schemas"]["CallbackSigningSecretInfo"][];
      tenantId: string;
      updatedAtUtc: string | null;
      /** @description Null: callbacks are off. */
      url: string | null;
    };
    CallbackSigningSecretInfo: {
      createdAtUtc: string;
      /** @description Null for the current secret; a rotated-out secret signs until then. */
      expiresAtUtc: string | null;
      /** @example sigkey_5mQ2rT8vXc1Zb4Lp9Wd3Kf */
      id: string;
    };
    CallbackSigningSecrets: {
      data: (components["schemas"]["CallbackSigningSecretInfo"] & {
        /**
         * @description The HMAC key: this whole string as UTF-8.
         * @example whsec_3q2-7wE…
         */
        secret: string;
      })[];
    };
    CreatePaymentRequest: {
      /**
       * @description At most 100000000.
       * @example 2500
       */
      amountCents: number;
      buyer?: components["schemas"]["Buyer"];
      /**
       * @description Must be the currency /v1/meta reports.
       * @example USD
       */
      currency: string;
      /** @example order-10042 */
      orderRef: string;
      /**
       * @description A stored instrument to charge again: the `processorInstrumentId` of an earlier payment of this tenant (lookup, list or `transfer.updated` event). Another tenant's instrument is refused.
       * @example PIe2YvpcjvoVJ6PzoRPBK137
       */
      processorInstrumentId?: string;
      /** @description Single-use token from the tokenization library. */
      processorToken?: string;
    };
    CreatePaymentResponse: {
      amountCents: number;
      applicationFeeCents: number;
      lcPaymentId: string;
      processorState: string | null;
      processorTransferId: string | null;
      status: components["schemas"]["PaymentStatus"];
    };
    DashboardInvite: {
      /** @example owner@bluebottle.example */
      email: string;
      /** @example 2026-11-04T00:00:00.000Z */
      expiresAtUtc: string;
      /** @example inv_5Hq2cXk9TzLw0aRb3Yd7Ne */
      id: string;
      /**
       * @description The one-time link to hand to the person; shown only in this response. Opening it lets them set a password.
       * @example http://localhost:8787/dashboard/invite/q3Vb1yNnJ0c8m2Xw5KpZr4TgHs6UaLdE9fCiYoBvQ7e
       */
      inviteUrl: string;
      /** @enum {string} */
      role: "owner" | "member";
      /** @example ten_3kTq9Wc2Zb7pLx0aYf4Rn */
      tenantId: string;
    };
    DashboardInviteRequest: {
      /**
       * Format: email
       * @example owner@bluebottle.example
       */
      email: string;
    };
    /**
     * @example {
     *       "acceptsResponse": true,
     *       "amountCents": 888888,
     *       "createdAtUtc": "2026-11-03T09:00:00.000Z",
     *       "currency": "USD",
     *       "evidence": [
     *         {
     *           "contentType": "application/pdf",
     *           "createdAtUtc": "2026-11-03T10:15:00.000Z",
     *           "failureCode": null,
     *           "failureMessage": null,
     *           "fileName": "signed-receipt.pdf",
     *           "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
     *           "lcEvidenceId": "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
     *           "processorEvidenceId": "DF58kdVTa5eMQUjcXH2F7DH4",
     *           "sha256": "9f2c1b7e4a0d3c6b8e5f1a2d7c4b9e0f3a6d8c1b5e7f2a4d9c0b3e6f8a1d5c7b",
     *           "sizeBytes": 48213,
     *           "state": "processing",
     *           "updatedAtUtc": "2026-11-03T10:15:01.000Z"
     *         }
     *       ],
     *       "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
     *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
     *       "orderRef": "order-10042",
     *       "processorDisputeId": "DIs7yQRkHDdMYhurzYz72SFk",
     *       "processorTransferId": "TRv3Qm8xZ1LwK2",
     *       "reason": "fraud",
     *       "reasonCode": "10.4",
     *       "respondBy": "2026-11-10T09:00:00.000Z",
     *       "responseState": "needs_response",
     *       "state": "open",
     *       "submission": "none",
     *       "submitted": false,
     *       "submittedAtUtc": null,
     *       "updatedAtUtc": "2026-11-03T10:15:01.000Z"
     *     }
     */
    Dispute: {
      /** @description Whether evidence and a submission are taken now: undecided, a response wanted, not submitted, respondBy not passed. */
      acceptsResponse: boolean;
      amountCents: number;
      createdAtUtc: string;
      currency: string;
      /** @description Every evidence file, oldest first, with its state. */
      evidence: components["schemas"]["DisputeEvidence"][];
      lcDisputeId: string;
      lcPaymentId: string;
      orderRef: string | null;
      processorDisputeId: string;
      processorTransferId: string;
      /** @description The processor's reason, lower-cased: fraud, quality, clerical, technical, inquiry. */
      reason: string | null;
      /** @description The card network's reason code, when the processor gives one. */
      reasonCode: string | null;
      /** @description ISO 8601 UTC: the last moment evidence and the submission are taken. */
      respondBy: string | null;
      responseState: components["schemas"]["DisputeResponseState"];
      state: components["schemas"]["DisputeState"];
      /**
       * @description `none`; `pending`: submitted, the processor's answer still unknown (settled within minutes); `submitted`.
       * @enum {string}
       */
      submission: "none" | "pending" | "submitted";
      submitted: boolean;
      submittedAtUtc: string | null;
      updatedAtUtc: string;
    };
    /**
     * @example {
     *       "contentType": "application/pdf",
     *       "createdAtUtc": "2026-11-03T10:15:00.000Z",
     *       "failureCode": null,
     *       "failureMessage": null,
     *       "fileName": "signed-receipt.pdf",
     *       "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
     *       "lcEvidenceId": "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
     *       "processorEvidenceId": "DF58kdVTa5eMQUjcXH2F7DH4",
     *       "sha256": "9f2c1b7e4a0d3c6b8e5f1a2d7c4b9e0f3a6d8c1b5e7f2a4d9c0b3e6f8a1d5c7b",
     *       "sizeBytes": 48213,
     *       "state": "processing",
     *       "updatedAtUtc": "2026-11-03T10:15:01.000Z"
     *     }
     */
    DisputeEvidence: {
      /** @description What the content is (read from the bytes): image/jpeg, image/png, application/pdf or image/tiff. */
      contentType: string;
      createdAtUtc: string;
      failureCode: string | null;
      failureMessage: string | null;
      /** @description The name the file was uploaded with. */
      fileName: string;
      lcDisputeId: string;
      lcEvidenceId: string;
      processorEvidenceId: string | null;
      /** @description Hex SHA-256 of the content: the same content again is the same evidence. */
      sha256: string;
      sizeBytes: number;
      /**
       * @description `pending`: stored, not yet accepted by the processor (retried every minute); `processing`: the processor accepted the upload and reviews it; `succeeded`: passed on to the issuer; `failed`: refused or rejected by the processor (see failureMessage) — upload a different file, or post the same one again to retry; `canceled`.
       * @enum {string}
       */
      state: "pending" | "processing" | "succeeded" | "failed" | "canceled";
      updatedAtUtc: string;
    };
    /**
     * @example {
     *       "data": [
     *         {
     *           "acceptsResponse": true,
     *           "amountCents": 888888,
     *           "createdAtUtc": "2026-11-03T09:00:00.000Z",
     *           "currency": "USD",
     *           "evidence": [
     *             {
     *               "contentType": "application/pdf",
     *               "createdAtUtc": "2026-11-03T10:15:00.000Z",
     *               "failureCode": null,
     *               "failureMessage": null,
     *               "fileName": "signed-receipt.pdf",
     *               "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
     *               "lcEvidenceId": "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
     *               "processorEvidenceId": "DF58kdVTa5eMQUjcXH2F7DH4",
     *               "sha256": "9f2c1b7e4a0d3c6b8e5f1a2d7c4b9e0f3a6d8c1b5e7f2a4d9c0b3e6f8a1d5c7b",
     *               "sizeBytes": 48213,
     *               "state": "processing",
     *               "updatedAtUtc": "2026-11-03T10:15:01.000Z"
     *             }
     *           ],
     *           "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
     *           "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
     *           "orderRef": "order-10042",
     *           "processorDisputeId": "DIs7yQRkHDdMYhurzYz72SFk",
     *           "processorTransferId": "TRv3Qm8xZ1LwK2",
     *           "reason": "fraud",
     *           "reasonCode": "10.4",
     *           "respondBy": "2026-11-10T09:00:00.000Z",
     *           "responseState": "needs_response",
     *           "state": "open",
     *           "submission": "none",
     *           "submitted": false,
     *           "submittedAtUtc": null,
     *           "updatedAtUtc": "2026-11-03T10:15:01.000Z"
     *         }
     *       ],
     *       "hasMore": false,
     *       "nextCursor": null
     *     }
     */
    DisputeList: {
      data: components["schemas"]["Dispute"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; null on the last page. */
      nextCursor: string | null;
    };
    /**
     * @description The processor's response_state: `needs_response` (answer by respondBy), `responded`, `accepted`, `no_response_allowed`, `unknown` (the processor's sandbox).
     * @enum {string}
     */
    DisputeResponseState: "needs_response" | "responded" | "accepted" | "no_response_allowed" | "unknown";
    /**
     * @description The processor's state: `inquiry` (INQUIRY: the issuer asks for information), `open` (PENDING: a chargeback under way; the amount is held from the merchant), `won` (WON: the money comes back), `lost` (LOST).
     * @enum {string}
     */
    DisputeState: "inquiry" | "open" | "won" | "lost";
    EvidenceUpload: {
      /**
       * Format: binary
       * @description The evidence file. JPG or PNG up to 50 KB, PDF or TIFF up to 1 MB; the type is read from the content, not the name or the part's Content-Type.
       */
      file: string;
    };
    FeeCredit: {
      /**
       * @description The fee credited back (or owed) to the merchant.
       * @example 65
       */
      amountCents: number;
      attempts: number;
      /** @description Why it was given up: the processor's code, or the last failure. */
      failureCode: string | null;
      /** @example lcpay_4gH2kLmN8pQrStUvWxYz1a */
      lcPaymentId: string;
      /** @example lcref_2mN8pQrStUvWxYz1a4gH2k */
      lcRefundId: string;
      nextAttemptAtUtc: string | null;
      /** @description The merchant credit adjustment at the processor, once credited. */
      processorTransferId: string | null;
      /** @enum {string} */
      status: "none" | "pending" | "succeeded" | "failed";
      tenantId: string;
      updatedAtUtc: string;
    };
    FeeCreditList: {
      data: components["schemas"]["FeeCredit"][];
    };
    HealthStatus: {
      /** @enum {string} */
      status: "ok";
    };
    IssuedApiKey: components["schemas"]["ApiKey"] & {
      /** @description The secret key. Shown only in this response; store it now. */
      key: string;
    };
    OnboardingForm: {
      /** @description When onboardingUrl stops working (reading the form renews an expired link). */
      expiresAt: string | null;
      /** @example obf_8v2Zk1Qe4RtYu7Io9Pa3Sd */
      formId: string;
      /** @description Send the merchant here. */
      onboardingUrl: string | null;
      /**
       * @description The processor's form status: `IN_PROGRESS` or `COMPLETED`.
       * @example IN_PROGRESS
       */
      status: string;
    };
    OnboardingFormStatus: components["schemas"]["OnboardingForm"] & {
      processorMerchantId: string | null;
    };
    PaymentList: {
      data: components["schemas"]["PaymentListItem"][];
      hasMore: boolean;
      /**
       * @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false).
       * @example WyIyMDI2LTExLTAxVDAwOjAwOjAwLjAwMFoiLCJsY3BheV80Z0gya0xtTjhwUXJTdFV2V3hZejFhIl0.3f1c9a0b7e2d4c6a8b5e1f0d2c4a6b8e
       */
      nextCursor: string;
    };
    PaymentListItem: {
      amountCents: number;
      amountRefundedCents: number;
      applicationFeeCents: number;
      createdAtUtc: string;
      currency: string;
      lcPaymentId: string;
      /** @enum {string|null} */
      method: "card" | "ach" | "card_present" | null;
      orderRef: string | null;
      /**
       * @description The stored instrument this payment charged, for a repeat charge.
       * @example PIe2YvpcjvoVJ6PzoRPBK137
       */
      processorInstrumentId: string | null;
      processorTransferId: string | null;
      status: components["schemas"]["PaymentStatus"];
      updatedAtUtc: string;
    };
    PaymentResponse: {
      amountCents: number;
      amountRefundedCents: number;
      applicationFeeCents: number;
      /**
       * @description True while a refund's fee credit is still being sent to the processor (8 attempts over about two hours, then given up with an `application_fee_refund.updated` callback).
       * @example false
       */
      applicationFeeRefundPending: boolean;
      /**
       * @description The part of applicationFeeCents credited back to the merchant by refunds with `refundApplicationFee` (confirmed by the processor).
       * @example 65
       */
      applicationFeeRefundedCents: number;
      createdAtUtc: string;
      currency: string;
      /** @description The processor's failure code when the payment failed; for an ACH debit returned after it succeeded, the return's code. */
      failureCode: string | null;
      failureMessage: string | null;
      lcPaymentId: string;
      /** @enum {string|null} */
      method: "card" | "ach" | "card_present" | null;
      orderRef: string | null;
      /**
       * @description What the processor actually charged the merchant for this sale: its fee profile's fees, at least applicationFeeCents. Null until the processor reports it (shortly after the sale settles).
       * @example 130
       */
      processorFeeCents: number | null;
      /**
       * @description The stored payment instrument this payment charged (`PI…`); pass it as `processorInstrumentId` to charge the same card or bank account again. Null until the token became an instrument.
       * @example PIe2YvpcjvoVJ6PzoRPBK137
       */
      processorInstrumentId: string | null;
      processorState: string | null;
      processorTransferId: string | null;
      status: components["schemas"]["PaymentStatus"];
      updatedAtUtc: string;
    };
    /** @enum {string} */
    PaymentStatus: "succeeded" | "processing" | "failed" | "canceled" | "partially_refunded" | "refunded" | "disputed";
    /**
     * @example {
     *       "createdAtUtc": "2026-11-05T09:12:00.000Z",
     *       "currency": "USD",
     *       "expectedArrivalDate": "2026-11-09",
     *       "failureCode": null,
     *       "failureMessage": null,
     *       "feesCents": 500,
     *       "grossCents": 14000,
     *       "initiatedAtUtc": "2026-11-06T18:30:00.000Z",
     *       "lcPayoutId": "lcpo_7Hq2Lm9Xc4Vb8Nz1Kd3Rt5",
     *       "netCents": 13500,
     *       "paymentCount": 2,
     *       "processorFundingTransferId": "TRm1Kd8ZpQ4rXw7Yc2Vb9Nn3",
     *       "processorFundingTransferState": "SUCCEEDED",
     *       "processorSettlementId": "STvUfBLbCUsun2KFoTuxR2j1",
     *       "processorSettlementStatus": "APPROVED",
     *       "status": "paid",
     *       "updatedAtUtc": "2026-11-06T18:31:02.000Z"
     *     }
     */
    Payout: {
      createdAtUtc: string;
      currency: string;
      /** @description YYYY-MM-DD: one business day after the approval day; approvals after 4 PM Pacific time or on a weekend count from the next business day. Bank holidays are not counted. Null until approved, and for a failed payout. */
      expectedArrivalDate: string | null;
      /** @description The bank's return code when the payout failed, e.g. BANK_ACCOUNT_CLOSED. */
      failureCode: string | null;
      failureMessage: string | null;
      /** @description Fees deducted from the gross. */
      feesCents: number;
      /** @description The settlement's total: sales less refunds and chargebacks, plus credits. */
      grossCents: number;
      /** @description When the money started moving to the bank (the funding transfer was created); null until approved. */
      initiatedAtUtc: string | null;
      lcPayoutId: string;
      /** @description What reaches the bank account: always grossCents − feesCents. */
      netCents: number;
      /** @description How many payments the payout covers; null while accruing. */
      paymentCount: number | null;
      processorFundingTransferId: string | null;
      processorFundingTransferState: string | null;
      processorSettlementId: string;
      /** @description PENDING, AWAITING_APPROVAL or APPROVED at the processor. */
      processorSettlementStatus: string;
      status: components["schemas"]["PayoutStatus"];
      updatedAtUtc: string;
    };
    /**
     * @example {
     *       "createdAtUtc": "2026-11-05T09:12:00.000Z",
     *       "currency": "USD",
     *       "expectedArrivalDate": "2026-11-09",
     *       "failureCode": null,
     *       "failureMessage": null,
     *       "feesCents": 500,
     *       "grossCents": 14000,
     *       "initiatedAtUtc": "2026-11-06T18:30:00.000Z",
     *       "items": {
     *         "data": [
     *           {
     *             "amountCents": 10000,
     *             "createdAtUtc": "2026-11-05T09:12:00.000Z",
     *             "feeCents": 300,
     *             "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
     *             "lcRefundId": null,
     *             "netCents": 9700,
     *             "orderRef": "order-10042",
     *             "processorTransferId": "TRv3Qm8xZ1LwK2",
     *             "type": "payment"
     *           },
     *           {
     *             "amountCents": 5000,
     *             "createdAtUtc": "2026-11-05T10:40:00.000Z",
     *             "feeCents": 200,
     *             "lcPaymentId": "lcpay_9Jk3Ls7Pq2Wr5Tx8Zv1Bn4",
     *             "lcRefundId": null,
     *             "netCents": 4800,
     *             "orderRef": "order-10043",
     *             "processorTransferId": "TRa8Nc3Vx6Bz1Qm4",
     *             "type": "payment"
     *           },
     *           {
     *             "amountCents": -1000,
     *             "createdAtUtc": "2026-11-05T11:02:00.000Z",
     *             "feeCents": 0,
     *             "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
     *             "lcRefundId": "lcref_2Xc5Vb8Nm1Lk4Jh7",
     *             "netCents": -1000,
     *             "orderRef": "order-10042",
     *             "processorTransferId": "TRr7Tw2Ey5Ui8Op1",
     *             "type": "refund"
     *           }
     *         ],
     *         "hasMore": false,
     *         "nextCursor": null
     *       },
     *       "lcPayoutId": "lcpo_7Hq2Lm9Xc4Vb8Nz1Kd3Rt5",
     *       "netCents": 13500,
     *       "otherFeesCents": 0,
     *       "paymentCount": 2,
     *       "processorFundingTransferId": "TRm1Kd8ZpQ4rXw7Yc2Vb9Nn3",
     *       "processorFundingTransferState": "SUCCEEDED",
     *       "processorSettlementId": "STvUfBLbCUsun2KFoTuxR2j1",
     *       "processorSettlementStatus": "APPROVED",
     *       "status": "paid",
     *       "updatedAtUtc": "2026-11-06T18:31:02.000Z"
     *     }
     */
    PayoutDetail: components["schemas"]["Payout"] & {
      /** @description What the payout is made of, oldest first: its items' amountCents add up to grossCents and their netCents, less otherFeesCents, to netCents. Empty while accruing. */
      items: {
        data: components["schemas"]["PayoutItem"][];
        hasMore: boolean;
        /** @description Pass back as `cursor` for the next items while hasMore is true. */
        nextCursor: string | null;
      };
      /** @description The part of feesCents no item carries (fees the processor charges beyond the application fee); null while accruing. The items' feeCents plus this equal feesCents. */
      otherFeesCents: number | null;
    };
    /**
     * @example {
     *       "amountCents": 10000,
     *       "createdAtUtc": "2026-11-05T09:12:00.000Z",
     *       "feeCents": 300,
     *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
     *       "lcRefundId": null,
     *       "netCents": 9700,
     *       "orderRef": "order-10042",
     *       "processorTransferId": "TRv3Qm8xZ1LwK2",
     *       "type": "payment"
     *     }
     */
    PayoutItem: {
      /** @description Signed: what the item adds to the payout's gross. */
      amountCents: number;
      createdAtUtc: string;
      /** @description The fee on a payment (the application fee); 0 for other items. */
      feeCents: number;
      /** @description The payment the item belongs to; null when it is none of this tenant's. */
      lcPaymentId: string | null;
      lcRefundId: string | null;
      /** @description amountCents − feeCents. */
      netCents: number;
      orderRef: string | null;
      processorTransferId: string;
      /**
       * @description `payment`: a sale (adds its amount, less its fee); `refund`: a refund (negative); `fee_refund`: an application fee returned with a refund; `dispute`: a chargeback (negative) or its return when the dispute is won; `adjustment`: any other credit or debit.
       * @enum {string}
       */
      type: "payment" | "refund" | "fee_refund" | "dispute" | "adjustment";
    };
    /**
     * @example {
     *       "data": [
     *         {
     *           "createdAtUtc": "2026-11-05T09:12:00.000Z",
     *           "currency": "USD",
     *           "expectedArrivalDate": "2026-11-09",
     *           "failureCode": null,
     *           "failureMessage": null,
     *           "feesCents": 500,
     *           "grossCents": 14000,
     *           "initiatedAtUtc": "2026-11-06T18:30:00.000Z",
     *           "lcPayoutId": "lcpo_7Hq2Lm9Xc4Vb8Nz1Kd3Rt5",
     *           "netCents": 13500,
     *           "paymentCount": 2,
     *           "processorFundingTransferId": "TRm1Kd8ZpQ4rXw7Yc2Vb9Nn3",
     *           "processorFundingTransferState": "SUCCEEDED",
     *           "processorSettlementId": "STvUfBLbCUsun2KFoTuxR2j1",
     *           "processorSettlementStatus": "APPROVED",
     *           "status": "paid",
     *           "updatedAtUtc": "2026-11-06T18:31:02.000Z"
     *         }
     *       ],
     *       "hasMore": false,
     *       "nextCursor": null
     *     }
     */
    PayoutList: {
      data: components["schemas"]["Payout"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; null on the last page. */
      nextCursor: string | null;
    };
    /**
     * @description `accruing`: the settlement is still collecting (totals change until it closes); `awaiting_approval`: closed, not yet approved; `approved`: the funding transfer to the bank is under way; `paid`: it succeeded (money in the account on `expectedArrivalDate`); `failed`: the bank transfer failed (`failureCode`).
     * @enum {string}
     */
    PayoutStatus: "accruing" | "awaiting_approval" | "approved" | "paid" | "failed";
    PciAttestationForm: {
      accept?: string;
      name?: string;
      title?: string;
    };
    PciStatus: {
      /** @description Where the merchant attests PCI DSS SAQ-A; null when valid. */
      actionUrl: string | null;
      /** @enum {string} */
      status: "valid" | "pending" | "expired" | "not_started";
      /**
       * @description YYYY-MM-DD
       * @example 2027-11-22
       */
      validUntil: string | null;
    };
    Problem: {
      /** @description Machine-readable code, e.g. the processor's failure code on a decline. */
      code?: string;
      detail: string;
      /** @description Present on validation failures: each offending field. */
      errors?: {
        field: string;
        message: string;
      }[];
      status: number;
      title: string;
      traceId: string;
      /** @example https://payment-connect.dev/problems/validation-failed */
      type: string;
    } & {
      [key: string]: unknown;
    };
    ProcessorWebhookAck: {
      outcome: string;
      /** @enum {boolean} */
      received: true;
    };
    PublicConfig: {
      /** @example USD */
      currency: string;
      /** @example finix */
      processor: string;
      /** @example 2022-02-01 */
      processorApiVersion: string;
      /** @example APsandboxPaymentConnect0001 */
      processorApplicationId: string;
      /**
       * @description `sandbox` or `live`.
       * @example sandbox
       */
      processorEnvironment: string;
      /** @example payment-connect */
      service: string;
    };
    Readiness: {
      chargesEnabled: boolean;
      /** @enum {string} */
      onboardingStatus: "not_started" | "pending" | "enabled" | "restricted";
      /** @description Null when no action on the onboarding form is needed. */
      onboardingUrl: string | null;
      payoutsEnabled: boolean;
      pci: components["schemas"]["PciStatus"];
      /** @example MUeDVrf2ahuKc9Eg5TeZugvs */
      processorMerchantId: string | null;
      /** @description Why charges or payouts are off: `under_review`, `rejected`, `update_requested`, `processing_disabled`, `settlement_disabled`. */
      reasons: components["schemas"]["ReadinessReason"][];
      /** @description What the merchant must do: `onboarding_form`, `update_requested`, `pci_saq_a`. */
      requirements: components["schemas"]["ReadinessRequirement"][];
    };
    ReadinessReason: {
      code: string;
      message: string;
    };
    ReadinessRequirement: {
      actionUrl: string | null;
      code: string;
      dueAt: string | null;
      message: string;
    };
    ReadinessStatus: {
      checks: {
        /** @enum {string} */
        database: "ok";
      };
      /** @enum {string} */
      status: "ok";
    };
    ReconciliationBacklog: {
      asOfUtc: string;
      /** @description Rows each queue looks at per run (the cron runs every minute). */
      checksPerRun: number;
      /** @description Fee credits given up: retry them with POST /admin/payments/fee-credits/{refundId}/retry. */
      failedFeeCredits: {
        count: number;
        oldestUpdatedAtUtc: string | null;
      };
      pendingFeeCredits: components["schemas"]["ReconciliationQueue"] & unknown;
      pendingRefunds: components["schemas"]["ReconciliationQueue"] & unknown;
      processingPayments: components["schemas"]["ReconciliationQueue"];
      processorFeeLookups: components["schemas"]["ReconciliationQueue"] & unknown;
    };
    /** @description Payments still `processing` (unknown outcomes, ACH debits not yet settled). */
    ReconciliationQueue: {
      /** @description Rows in this queue. */
      count: number;
      /** @description Rows whose next check time has passed: the next runs take them, oldest due first. */
      due: number;
      /** @description The earliest next check time in the queue. */
      nextCheckAtUtc: string | null;
      oldestCreatedAtUtc: string | null;
    };
    RefundRequest: {
      /** @description Omitted: the whole remaining balance. */
      amountCents?: number;
      /**
       * @example requested_by_customer
       * @enum {string}
       */
      reason?: "requested_by_customer" | "duplicate" | "fraudulent" | "other";
      /** @description Also return the proportional part of the application fee to the merchant (as a merchant credit adjustment at the processor). */
      refundApplicationFee?: boolean;
    };
    RegisterReaderRequest: {
      /**
       * @description Your name for the reader; defaults to its serial number.
       * @example Front counter
       */
      label?: string;
      /**
       * @example PAX_A920PRO
       * @enum {string}
       */
      model: "PAX_A30" | "PAX_A35" | "PAX_A60" | "PAX_A77" | "PAX_A920PRO" | "PAX_ARIES6" | "PAX_ARIES8" | "PAX_IM30";
      /**
       * @description As printed on the reader; compared without regard to case.
       * @example 1850123456
       */
      serialNumber: string;
    };
    RegisteredProcessorWebhook: {
      enabled: boolean;
      id: string;
      secretSigningKey: string | null;
      url: string;
    };
    StartOnboardingRequest: {
      /** @description Prefill for the form (the processor's entity field names). */
      business?: {
        business_name?: string;
        /** Format: email */
        email?: string;
        first_name?: string;
        last_name?: string;
        phone?: string;
      };
      /**
       * Format: uri
       * @description Where the merchant lands after the form (your dashboard).
       */
      returnUrl?: string;
    };
    SubmitDisputeRequest: {
      /**
       * @description A note for the issuer with the evidence; a standard note is sent when omitted.
       * @example Signed receipt and delivery confirmation attached.
       */
      note?: string;
    };
    Tenant: {
      chargesEnabled: boolean;
      createdAtUtc: string;
      /** @description Null: the platform default applies. */
      feeBasisPoints: number | null;
      /** @description Null: the platform default applies. */
      feeFixedCents: number | null;
      /** @example ten_3kTq9Wc2Zb7pLx0aYf4Rn */
      id: string;
      name: string;
      processorMerchantId: string | null;
    };
    /**
     * @example {
     *       "action": null,
     *       "createdAtUtc": "2026-11-01T09:00:00.000Z",
     *       "label": "Front counter",
     *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
     *       "model": "PAX_A920PRO",
     *       "processorDeviceId": "DVsEanpBtsAVvCHbNXkFaH6f",
     *       "serialNumber": "1850123456",
     *       "status": "active",
     *       "updatedAtUtc": "2026-11-01T09:01:00.000Z"
     *     }
     */
    TerminalReader: {
      /** @description The in-person sale the reader is taking now (its payment is `processing`), or null when idle. */
      action: {
        lcPaymentId: string;
        /** @enum {string} */
        status: "in_progress";
        /** @enum {string} */
        type: "sale";
      } | null;
      /**
       * @description Only with `?connection=true`: whether the reader is online now, read from the processor at request time (it sends no device events).
       * @enum {string}
       */
      connection?: "Open" | "Closed";
      createdAtUtc: string;
      label: string;
      /** @description The service's id of the reader (`lcrdr_…`). */
      lcReaderId: string;
      /** @enum {string} */
      model: "PAX_A30" | "PAX_A35" | "PAX_A60" | "PAX_A77" | "PAX_A920PRO" | "PAX_ARIES6" | "PAX_ARIES8" | "PAX_IM30";
      /** @description The processor's device id (`DV…`); the sandbox's reader controls take it. */
      processorDeviceId: string;
      /** @description As printed on the reader, upper-cased. */
      serialNumber: string;
      /**
       * @description `registered` (not yet activated), `active` (takes sales), `deactivated` (takes none until activated again).
       * @enum {string}
       */
      status: "registered" | "active" | "deactivated";
      updatedAtUtc: string;
    };
    TerminalReaderList: {
      data: components["schemas"]["TerminalReader"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; null on the last page. */
      nextCursor: string | null;
    };
    /**
     * @example {
     *       "amountCents": 1250,
     *       "amountRefundedCents": 0,
     *       "applicationFeeCents": 43,
     *       "createdAtUtc": "2026-11-01T09:05:00.000Z",
     *       "currency": "USD",
     *       "failureCode": null,
     *       "failureMessage": null,
     *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
     *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
     *       "method": "card_present",
     *       "orderRef": "order-20001",
     *       "processorState": null,
     *       "processorTransferId": null,
     *       "status": "processing",
     *       "updatedAtUtc": "2026-11-01T09:05:00.000Z"
     *     }
     */
    TerminalSale: components["schemas"]["PaymentResponse"] & {
      /** @description The reader taking the sale. */
      lcReaderId: string;
    };
    TerminalSaleRequest: {
      /**
       * @description At most 100000000.
       * @example 1250
       */
      amountCents: number;
      /**
       * @description Must be the currency /v1/meta reports.
       * @example USD
       */
      currency: string;
      /** @example order-20001 */
      orderRef: string;
      /**
       * @description An `active` reader of this tenant.
       * @example lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b
       */
      readerId: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
