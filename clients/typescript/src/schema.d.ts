// Generated from public/openapi/v1.json by `npm run openapi:generate` (openapi-typescript). Do not edit: regenerate.
export interface paths {
  "/admin/tenants/{tenantId}/move": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A tenant's move: its step, progress and verification
     * @description The tenant's current or last move, as `POST /admin/tenants/{tenantId}/move` answers it, without advancing it.
     */
    get: operations["getTenantMove"];
    put?: never;
    /**
     * Move a tenant to another shard (start or resume)
     * @description Copies the tenant's rows to `to` in bounded batches while it keeps working, records every write it makes meanwhile, compares every row and catches up on the rows changed, then pauses its writes (its requests, and the late writes of requests routed to the source before, answer 503 `tenant-moving` with `Retry-After`: retry under the same `Idempotency-Key`; queue messages and reader sales wait) only for the rows changed since and a verification of their counts and checksums per table, flips the tenant → shard map, then deletes its rows from the source. Each call works for up to about ten seconds and answers the move: 202 while it is under way (call again, or let the cron finish it), 200 once it is done. Repeating the call resumes the same move. Within a region always allowed; across regions only with `allowCrossRegion`, since it moves where the tenant's data lives. A tenant from before shards (region null) moves out of the control database the same way. `npm run admin -- tenant move ten_… --to SHARD` drives it to the end.
     */
    post: operations["moveTenant"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/move/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a tenant's move before its flip: the tenant stays wholly on its source
     * @description Rolls back a move that has not flipped yet (any step before `delete`): the tenant's writes resume on the source at once, then the copy on the target is deleted (children first) and the move's fences on both shards are lifted, and the move ends `cancelled` — nothing of the tenant left on the target, its data served from the source as before the move. Each call works for up to about ten seconds and answers 202 while the rollback is under way (call again, or let the cron finish it), 200 once it is `cancelled`; repeating it is harmless. After the flip the tenant's data lives on the target, so the move can only go forward: 409. `npm run admin -- tenant move ten_… --cancel` drives it to the end.
     */
    post: operations["cancelTenantMove"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/moves": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Tenant moves under way or failing, and those finished in the last 7 days, newest first
     * @description Every move not finished (its rollback included), and those `done` or `cancelled` in the last 7 days, most recently started first: each with its step, the last error and how many steps failed in a row, when the cron tries it again, its age and how long since it last progressed, and whether it is `stuck`. A stuck move: read its `lastError`, fix the cause and drive it (`POST /admin/tenants/{tenantId}/move`), or before its flip roll it back (`POST /admin/tenants/{tenantId}/move/cancel`). `npm run admin -- tenant moves` prints every page.
     */
    get: operations["listTenantMoves"];
    put?: never;
    post?: never;
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
    /**
     * Public configuration for frontends (anonymous, cacheable, CORS-open)
     * @description What a checkout page needs to load the processor's tokenization library: the processor, its environment (`sandbox` or `live`), the application id, the API version and the currency. Cacheable for five minutes; any origin may read it.
     */
    get: operations["getMeta"];
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
    /**
     * Health
     * @description Answers while the Worker runs; checks nothing else (see `/health/ready`).
     */
    get: operations["getHealth"];
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
    /**
     * Liveness: the process is up
     * @description For a liveness probe: answers while the Worker runs, without touching the datastore.
     */
    get: operations["getLiveness"];
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
    /**
     * Readiness: the datastore is reachable
     * @description For a readiness probe: runs one query against each D1 database (the control database and every tenant shard) and answers 503 `service-unavailable` when any fails. Never cached. The control database's query also counts the processor webhooks kept unprocessable and the tenant moves stuck or failing, and reads how far the processor's change feeds are behind (`detail`: warns past 15 minutes).
     */
    get: operations["getReadiness"];
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
    /**
     * List or search payments, newest first
     * @description Filter by creation time (`from` inclusive, `to` exclusive) and `status`. Keyset-paginated: pass `nextCursor` back as `cursor` while `hasMore` is true; the cursor is signed for this tenant and these filters (another one is 400 `invalid-cursor`).
     *
     *     Takes an API key with the `payments:read` permission.
     */
    get: operations["listPayments"];
    put?: never;
    /**
     * Create a charge
     * @description Card charges return their final result; ACH returns `processing` and settles later (a `transfer.updated` callback). With `capture: false` the card is authorized only (`authorized`) and charged by a later capture. `Idempotency-Key` is required; a replay returns the original status and body byte for byte with `Idempotent-Replayed: true`.
     *
     *     Takes an API key with the `payments:write` permission.
     */
    post: operations["createPayment"];
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
    /**
     * Look up one payment
     * @description The payment as the ledger has it now: status, amounts refunded, fees, the processor's ids and state, and why it failed. Another tenant's id answers 404, as a missing one does.
     *
     *     Takes an API key with the `payments:read` permission.
     */
    get: operations["getPayment"];
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
     *
     *     Takes an API key with the `refunds:write` permission.
     */
    post: operations["refundPayment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payments/{id}/capture": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Capture an authorization, in full or in part
     * @description Charges the card a hold (`capture: false`) authorized: the payment becomes `succeeded` with the capture's transfer and refunds, disputes and pays out as a sale does. Once only: a second capture, or one racing a void, is 409. A retry after a 502/504 finishes the same capture, never a second one.
     *
     *     Takes an API key with the `payments:write` permission.
     */
    post: operations["capturePayment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payments/{id}/void": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Void an authorization
     * @description Releases a hold (`capture: false`): the payment becomes `canceled` and nothing is charged. Once only: a void racing a capture is 409.
     *
     *     Takes an API key with the `payments:write` permission.
     */
    post: operations["voidPayment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/payments/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A tenant's payment with the processor request ids of its calls
     * @description The payment as the tenant sees it, and every processor call recorded for it in the order made — the charge's (buyer identity, instrument, transfer), the sweep's fee read, each refund's reversal and fee credit, a reader sale's — each with the processor's `x-request-id`, so support at the processor is one lookup. The same calls' log lines carry that id beside the request's `traceId`.
     */
    get: operations["getOperatorPayment"];
    put?: never;
    post?: never;
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
     * @description Each row carries its next check time; a run takes up to `checksPerRun` due rows per queue, oldest due first, and a row the processor has not settled waits twice as long after each look (1 minute doubling to at most 1 hour). Summed over every shard; a tenant in the middle of a move is counted once, on the shard that holds its live data.
     */
    get: operations["getReconciliationBacklog"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/payments/fee-credits": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Application-fee credits by state (given-up ones by default), most recently changed first
     * @description A refund with `refundApplicationFee` owes the merchant part of the fee, sent to the processor as a merchant credit adjustment (8 attempts over about two hours). `failed` ones were given up: retry them one by one. Read from every shard; a tenant in the middle of a move is listed once, from the shard that holds its live data.
     */
    get: operations["listFeeCredits"];
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
    /**
     * Send a given-up fee credit again
     * @description Makes one new attempt at once, with the same idempotency_id at the processor (never a second credit), and fresh attempts after it.
     */
    post: operations["retryFeeCredit"];
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
     *
     *     Takes an API key with the `terminal:read` permission.
     */
    get: operations["listReaders"];
    put?: never;
    /**
     * Register a PAX reader to the merchant
     * @description Creates the device at the processor under the tenant's merchant, `registered` until activated. A serial number belongs to one registration only: registering it again — by anyone — is 409 `reader-already-registered` (for your own reader the problem names its `lcReaderId`). A registration whose answer was lost (502/504) is completed by sending the same request again.
     *
     *     Takes an API key with the `terminal:write` permission.
     */
    post: operations["registerReader"];
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
     *
     *     Takes an API key with the `terminal:read` permission.
     */
    get: operations["getReader"];
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
     *
     *     Takes an API key with the `terminal:write` permission.
     */
    post: operations["activateReader"];
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
     *
     *     Takes an API key with the `terminal:write` permission.
     */
    post: operations["deactivateReader"];
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
     *
     *     Takes an API key with the `terminal:write` permission.
     */
    post: operations["cancelReaderSale"];
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
     * @description Records the payment (`card_present`, `processing`) and answers **202** at once; the reader then waits for the buyer's card. The outcome — `succeeded`, `failed` (a decline, with the processor's `failureCode`) or `canceled` — lands on the payment (`GET /v1/payments/{id}`) and arrives as a signed `transfer.updated` callback. One sale at a time per reader: another sale while one is unresolved is 409 `reader-busy`. `Idempotency-Key` is required; a replay answers the original 202 and never starts a second sale. With `capture: false` the reader authorizes the card instead: the outcome is `authorized` (a hold, captured later with the tip inside the authorized amount, or voided), `failed` or `canceled`.
     *
     *     Takes an API key with the `terminal:write` permission.
     */
    post: operations["createTerminalSale"];
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
     * @description Each payout is one processor settlement and its funding transfer: gross, fees and net, its status, when the money started moving and when it is expected in the bank. Served from the service's ledger (kept by the processor's settlement and funding-transfer webhooks, and re-read by a sweep); the same keyset pagination, signed cursors and `from`/`to` as every list.
     *
     *     Takes an API key with the `payouts:read` permission.
     */
    get: operations["listPayouts"];
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
     *
     *     Takes an API key with the `payouts:read` permission.
     */
    get: operations["getPayout"];
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
     * @description Each dispute with its payment, amount, reason, state, response state, `respondBy` and evidence files. The same keyset pagination, signed cursors and `from`/`to` as every list; filter by `state` (e.g. `open`) or `responseState` (e.g. `needs_response`).
     *
     *     Takes an API key with the `disputes:read` permission.
     */
    get: operations["listDisputes"];
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
     *
     *     Takes an API key with the `disputes:read` permission.
     */
    get: operations["getDispute"];
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
     * @description `multipart/form-data` with the file in the part named **`file`** (one file per request). The processor's limits are checked on the content before anything is stored: JPG, PNG, PDF or TIFF (by content, not by name); JPG and PNG up to 50 KB each as the processor takes them — a photo up to 20 MB is fitted to them (downscaled, re-encoded and placed in a one-page PDF within the processor's 1 MB; the file uploaded is kept as it was, and `sent` says what the processor got) — PDF and TIFF up to 1 MB each; at most 8 files per dispute (rejected files do not count), which keeps every dispute within the processor's 10 MB; the request body at most 21037056 bytes (one file and its multipart framing). The file is stored (R2) before the processor is called; if the processor fails, the evidence is `pending` and uploaded by the sweep. The same content again answers 200 with the same evidence (a rejected one is sent again). The processor may still reject a file after accepting it: its `state` then turns `failed` and an `evidence.updated` callback is sent. Taken only while `acceptsResponse` is true.
     *
     *     Takes an API key with the `disputes:write` permission.
     */
    post: operations["uploadDisputeEvidence"];
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
     * @description Tells the issuer the evidence is complete. One-shot: a second submit answers 409, and no evidence is taken afterwards. Needs at least one evidence file; files still `pending` are sent to the processor first. Taken only while `acceptsResponse` is true. `Idempotency-Key` is optional: a retry with the same key replays the first answer instead of the 409; after an unknown outcome (502, 504) it answers the submission as it stands (`submission: "pending"` until the processor's answer is known).
     *
     *     Takes an API key with the `disputes:write` permission.
     */
    post: operations["submitDispute"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/disputes/{id}/accept": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept the dispute (concede it instead of responding)
     * @description The merchant's other answer to a dispute: it concedes it (the processor's accept call) — the disputed amount stays with the buyer and the dispute is lost. Nothing is contested: no evidence is taken and nothing can be submitted afterwards; evidence stored but not yet sent to the processor is canceled, and the processor's `dispute.updated` reaches you as a `dispute.updated` callback (`responseState: accepted`). Taken only while `acceptsResponse` is true. Accepting an accepted dispute answers 200 with it as it stands and calls nothing again, so a retry is safe without an `Idempotency-Key`; after an unknown outcome (502, 504) the dispute shows `acceptance: "pending"` until the processor's answer is known. A submitted dispute is refused (409).
     *
     *     Takes an API key with the `disputes:write` permission.
     */
    post: operations["acceptDispute"];
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
     *
     *     Takes an API key with the `onboarding:write` permission.
     */
    post: operations["startOnboarding"];
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
    /**
     * Read the form's status; finalizes the onboarding once the form is complete
     * @description Reads the form at the processor. Once it is `COMPLETED` the merchant is attached to the tenant (`processorMerchantId`); an expired `onboardingUrl` is renewed.
     *
     *     Takes an API key with the `onboarding:read` permission.
     */
    get: operations["getOnboardingForm"];
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
    /**
     * Readiness: can this merchant charge and be paid out?
     * @description `chargesEnabled` and `payoutsEnabled` with the reasons they are off and what the merchant must do (`requirements`), including the PCI DSS SAQ-A attestation. Kept fresh by the processor's webhooks; onboarding and account changes arrive as `compliance_form.updated` callbacks, charges-enabled and PCI changes as `merchant.updated`.
     *
     *     Takes an API key with the `onboarding:read` permission.
     */
    get: operations["getOnboardingStatus"];
    put?: never;
    post?: never;
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
    /**
     * Where the processor's hosted form sends the merchant's browser back (anonymous)
     * @description Finalizes the onboarding (as reading the form does), then sends the browser to the `returnUrl` the tenant gave.
     */
    get: operations["returnFromOnboarding"];
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
    /**
     * The processor's expired-session link: renews the form link and redirects to it (anonymous)
     * @description The processor sends a merchant whose form session expired here; the service asks it for a new link and redirects.
     */
    get: operations["renewOnboardingLink"];
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
    get: operations["showPciAttestation"];
    put?: never;
    /**
     * Submit the merchant's PCI SAQ-A attestation to the processor (anonymous; the page's form)
     * @description The attestation page's form: the signer's name and title and `accept=on`. The processor records the attestation with the signer's browser and IP address; a `compliance_form.updated` and a `merchant.updated` callback follow.
     */
    post: operations["submitPciAttestation"];
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
    post: operations["linkProcessorMerchant"];
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
     * @description Verified by the Basic credentials the webhook was registered with and by `Finix-Signature: timestamp=…, sig=…` (HMAC-SHA256 over `{timestamp}:{rawBody}`; accepted up to 30 minutes old, so the processor's retries — up to 20.5 minutes after the first attempt, possibly with its timestamp — are not dropped; at most 5 minutes in the future). An empty body is the processor's test POST and is acknowledged. The credentials are checked before the body is read, and the body may be at most 262144 bytes. A signed body is never refused for its shape: an event the service consumes whose resource fits the processor's schema is applied; one that cannot be applied (a body that is not JSON or not an event, a resource that does not fit — a transfer `state` the service has never seen, a missing id —, a tenant that cannot take it, an error applying it) is kept with its raw body and reason as `unprocessable` for the operator (`GET /admin/processor-webhooks`, `POST /admin/processor-webhooks/reapply`). Deliveries are de-duplicated; events of other entities are acknowledged and recorded.
     */
    post: operations["receiveProcessorWebhook"];
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
     * @description Creates the processor webhook pointing at `${BASE_URL}/webhooks/processor` (without BASE_URL, at this request's origin) with the configured Basic credentials and the events the service consumes. Store the returned `secretSigningKey` as the `PROCESSOR_WEBHOOK_SIGNING_KEY` secret (comma-separate old and new during a rotation).
     */
    post: operations["registerProcessorWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/processor-webhooks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Processor webhooks kept on the control database, by outcome (unprocessable by default), newest first
     * @description A signed webhook is never lost for its shape: one whose resource does not fit the processor's schema, that names a tenant that cannot take it, or whose applying failed is kept here as `unprocessable` with its raw body and the reason, as is a resource the cron's read of missed changes could not take. Fix the cause, then `POST /admin/processor-webhooks/reapply`. The control database also keeps those reapplied since (`applied`, `ignored`) and those naming no tenant here; a tenant's applied webhooks are on its shard and not listed here.
     */
    get: operations["listProcessorWebhooks"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/processor-webhooks/reapply": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Apply the unprocessable webhooks again, oldest first, each exactly once
     * @description Takes up to `limit` unprocessable receipts past `cursor`, oldest first, and applies each as a fresh delivery would be: its stored body read with today's schemas, routed to its tenant's shard and applied there, with its callbacks. Each is taken by one guarded state change first, so two reapplies at once apply it once (one taken by a run that died is taken again after 5 minutes). One that applies becomes `applied`, `ignored` (nothing to change, or already received) or `unhandled`; one that still fails stays `unprocessable` with its new reason. `data` is what this call reapplied; while `hasMore`, call again with `nextCursor` (`npm run admin -- processor-webhooks reapply` does).
     */
    post: operations["reapplyProcessorWebhooks"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/processor-feeds": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The processor's change feeds that recover lost webhooks: each one's lag and what it set aside
     * @description Every minute the cron reads the changes the processor lists since each feed's watermark and applies them as their webhooks would be, so a webhook that was lost is recovered. A feed that is behind reads more pages each run, within the run's budget of time and subrequests and the processor's rate budget, and goes on from its cursor in the next run. A change of a tenant paused by a move is set aside and applied once the tenant has landed. See docs/operations.md (Processor change feeds).
     */
    get: operations["listProcessorFeeds"];
    put?: never;
    post?: never;
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
    /**
     * Rename a tenant or set its application fee
     * @description Each field is optional. The application fee on a charge is `feeBasisPoints` of the amount plus `feeFixedCents`; null restores the platform default (`DEFAULT_FEE_BASIS_POINTS`, `DEFAULT_FEE_FIXED_CENTS`). Applies to charges made afterwards.
     */
    patch: operations["updateTenant"];
    trace?: never;
  };
  "/admin/tenants/{tenantId}/keys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a tenant's API keys (never their secrets)
     * @description Active and revoked keys, newest first, with the prefix and last four characters that identify each.
     */
    get: operations["listApiKeys"];
    put?: never;
    /**
     * Issue an API key for a tenant (the key is shown once)
     * @description The secret `key` (`lc_live_…`) is in this response only; the service keeps a hash. The tenant sends it as `X-Api-Key` or `Authorization: Bearer`. Tenants also issue their own keys in the dashboard.
     *
     *     Without `permissions` (or without a body) the key has every permission. With them it is restricted: each /v1 operation needs its `x-permission` (e.g. `payments:read` to list payments, `payments:write` to charge), and any other answers 403 `insufficient-permissions` naming it. A key's permissions never change: to change them, issue a new key and revoke the old one.
     */
    post: operations["issueApiKey"];
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
    /**
     * List tenants
     * @description Tenants newest first, with their fee schedule, processor merchant and whether they can take charges; pass `nextCursor` back as `cursor` while `hasMore` is true.
     */
    get: operations["listTenants"];
    put?: never;
    /**
     * Create a tenant
     * @description A merchant of the platform: it gets API keys (`POST /admin/tenants/{tenantId}/keys`), a dashboard owner (an invitation) and a processor merchant (the hosted onboarding form, or `POST /admin/tenants/{tenantId}/processor-merchant`). Its data lives in `region` (default `DEFAULT_REGION`), on that region's open shard with the most room; only a move to another region's shard (`POST /admin/tenants/{tenantId}/move` with `allowCrossRegion`) changes it.
     */
    post: operations["createTenant"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/shards": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the tenant shards
     * @description Each tenant shard the deployment configures (`SHARDS`), its region, whether it takes new tenants, and what it holds. A new tenant goes to the open shard of its region with the most room. Counting rows reads every table of every shard: an operator's report, not a probe.
     */
    get: operations["listShards"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List events, newest first: every callback, also for polling
     * @description Every event recorded for the tenant — whether or not callbacks are on, delivered or not — with the body its callbacks carry, newest first. Events of the last `EVENT_ARCHIVE_AFTER_DAYS` (30) days are read from the database; the list then goes on into archived days, in the same order under the same cursor, reading at most 3 archived days a page: such a page may hold fewer than `limit` events (even none) while `hasMore` is true. Keyset-paginated: pass `nextCursor` back as `cursor` while `hasMore` is true; the cursor is signed for this tenant and these filters (another one is 400 `invalid-cursor`).
     *
     *     Takes an API key with the `events:read` permission.
     */
    get: operations["listEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/events/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Look up one event
     * @description The event with the body its callbacks carry (`id` is the `LC-Event-Id`). Past `EVENT_ARCHIVE_AFTER_DAYS` an event is archived by day: give `day`, the UTC date of its `createdAtUtc`, to read it there (or find it through `GET /v1/events`). Another tenant's id answers 404, as a missing one does.
     *
     *     Takes an API key with the `events:read` permission.
     */
    get: operations["getEvent"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/events/ping": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record a ping event, to check a receiver or a poller end to end
     * @description Records a `ping` event for the tenant now, as any other event: sent, signed, to the callback URL when one is set (and retried like any callback), and listed by `GET /v1/events` either way, so a tenant that polls sees it too. No body; the answer carries none either: find the event with `GET /v1/events?type=ping`, newest first.
     *
     *     Takes an API key with the `events:write` permission.
     */
    post: operations["sendPingEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/callback-endpoints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List callback endpoints, newest first
     * @description Every endpoint of the tenant, the first one (the dashboard's callback URL) included — the oldest, last in this order. Never their secrets.
     *
     *     Takes an API key with the `callback_endpoints:read` permission.
     */
    get: operations["listCallbackEndpoints"];
    put?: never;
    /**
     * Add a callback endpoint; its signing secret is in this answer only
     * @description At most 16 per tenant. Each event is delivered to every enabled endpoint whose `enabledEvents` take its type, signed with that endpoint's own secret: keep `secret` from this answer to verify `LC-Signature` (reveal and rotate it later in the dashboard).
     *
     *     Takes an API key with the `callback_endpoints:write` permission.
     */
    post: operations["createCallbackEndpoint"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/callback-endpoints/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Look up one callback endpoint
     * @description The endpoint's URL, event types and state; its signing secret is never shown again (the dashboard reveals it).
     *
     *     Takes an API key with the `callback_endpoints:read` permission.
     */
    get: operations["getCallbackEndpoint"];
    put?: never;
    post?: never;
    /**
     * Delete a callback endpoint
     * @description It receives nothing more (its deliveries not yet made are canceled), its secrets are erased and its id answers 404 from now on. Its events stay in `GET /v1/events`.
     *
     *     Takes an API key with the `callback_endpoints:write` permission.
     */
    delete: operations["deleteCallbackEndpoint"];
    options?: never;
    head?: never;
    /**
     * Change a callback endpoint's URL, description, event types, or disable it
     * @description Only the fields given change; the signing secret stays.
     *
     *     Takes an API key with the `callback_endpoints:write` permission.
     */
    patch: operations["updateCallbackEndpoint"];
    trace?: never;
  };
  "/admin/tenants/{tenantId}/callbacks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A tenant's callback URL and signing secret metadata
     * @description Where the tenant's callbacks go and which signing secrets are active (never their values: see …/callbacks/secrets).
     */
    get: operations["getCallbackSettings"];
    /**
     * Set the callback URL, or turn callbacks off with an empty URL
     * @description The first save generates the signing secret (reveal it with GET …/callbacks/secrets). Outside the local sandbox the URL must be https on a public host: loopback, private, link-local, shared (CGNAT) and metadata addresses are refused. An empty URL turns callbacks off and cancels deliveries not yet made; events keep being recorded.
     */
    put: operations["saveCallbackUrl"];
    post?: never;
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
    get: operations["revealCallbackSigningSecrets"];
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
    post: operations["rotateCallbackSigningSecret"];
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
    /**
     * List a tenant's events, newest first
     * @description Every event recorded for the tenant — whether or not callbacks were on — with its body as delivered; filter by `type`.
     */
    get: operations["listCallbackEvents"];
    put?: never;
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
    get: operations["listCallbackDeliveries"];
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
    /**
     * Deliver one event again (same LC-Event-Id, same body)
     * @description A new delivery (`origin: replay`) of the stored body, signed afresh with the current secrets; receivers dedupe on `LC-Event-Id`.
     */
    post: operations["replayCallbackEvent"];
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
    post: operations["replayFailedCallbackDeliveries"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/archive/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A tenant's events of one archived day, with their deliveries
     * @description Events and their callback deliveries leave D1 for the archive (R2) once their whole UTC day is `EVENT_ARCHIVE_AFTER_DAYS` old and nothing more is owed on them (no delivery pending). This reads one day back, oldest event first; events of that day still in D1 are in …/callbacks/events and …/callbacks/deliveries.
     */
    get: operations["getArchivedCallbackEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/requests": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the API requests of the last 14 days, newest first; find one by its traceId
     * @description Every `/v1` request made with the tenant's keys in the last 14 days, newest first: when it arrived, method, path and query, status, duration, `traceId`, `Idempotency-Key` and the key's id. Bodies and headers are never stored. A request is written once its answer has been sent, so it is listed a moment after it; requests refused before the key was accepted (`401`, `429` rate-limited, `503` while the tenant's data moves) are not listed, having no tenant. Filters combine; keyset-paginated: pass `nextCursor` back as `cursor` while `hasMore` is true (the cursor is signed for this tenant and these filters; another one is 400 `invalid-cursor`).
     *
     *     Takes an API key with the `requests:read` permission.
     */
    get: operations["listRequests"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/requests/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Look up one logged API request
     * @description One request of the log (kept 14 days). Another tenant's id answers 404, as a missing one does.
     *
     *     Takes an API key with the `requests:read` permission.
     */
    get: operations["getRequest"];
    put?: never;
    post?: never;
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
    /**
     * API reference (works offline)
     * @description This document rendered by Swagger UI, served from the service's own static assets: no CDN, no fonts, no request to another origin (its Content-Security-Policy allows none). "Try it out" calls the server this document lists first: the one that served it. A banner names the processor environment (`sandbox` or `live`, as `GET /v1/meta` reports it) and, in the sandbox, how to authorize with a sandbox key and charge with the test token.
     */
    get: operations["getApiReference"];
    put?: never;
    post?: never;
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
     * @description How a tenant's first dashboard user is made: the link lets its holder set a password and sign in at `/dashboard` as an owner, who can then invite teammates. To the e-mail of someone already on the tenant's dashboard, the link sets a new password and keeps their role (`role` says which). The token in the link is stored only as a hash.
     */
    post: operations["inviteDashboardOwner"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenants/{tenantId}/dashboard/password-resets": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A one-time link that sets a dashboard user's new password (valid 72 hours)
     * @description For a user of this tenant's dashboard who cannot sign in: the link lets its holder choose a new password; using it ends every session the user had and keeps their role. An authenticator the user turned on stays on. Only a current user of this tenant gets one: another tenant's user, a removed user or an unknown e-mail is a 404. The token is stored only as a hash.
     */
    post: operations["resetDashboardPassword"];
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
    /**
     * Revoke an API key (idempotent)
     * @description The key stops authenticating at once (401 `unauthorized`); revoking a revoked key answers it unchanged.
     */
    post: operations["revokeApiKey"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  "transfer.updated": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A payment changed
     * @description An ACH payment that was `processing` settled (`succeeded`) or failed; an in-person sale ended; a refund or a dispute changed the payment's status; an ACH debit was returned after it succeeded (`failureCode` is the return's code). The body is the payment as it is now; `processorInstrumentId` is the stored instrument to charge again.
     */
    post: operations["transferUpdatedEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "application_fee_refund.updated": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A refund's application-fee credit was sent or given up
     * @description A refund with `refundApplicationFee` owes the merchant part of the application fee; this reports the credit's outcome at the processor: `succeeded` (`processorTransferId` is the credit adjustment) or `failed` after its last attempt (`failureCode`).
     */
    post: operations["applicationFeeRefundUpdatedEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "dispute.created": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A payment was disputed
     * @description A chargeback or an inquiry was opened on a payment. The body carries the payment (its status after the dispute) and the dispute; answer it with evidence before `dispute.respondBy` (`POST /v1/disputes/{id}/evidence`, then `/submit`).
     */
    post: operations["disputeCreatedEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "dispute.updated": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A dispute changed
     * @description The dispute's state, response state or submission changed — e.g. it was won or lost. Same body as `dispute.created`.
     */
    post: operations["disputeUpdatedEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "evidence.updated": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The processor ruled on an evidence file
     * @description An evidence file uploaded to a dispute was accepted (`succeeded`), rejected (`failed`, with `failureMessage`) or canceled.
     */
    post: operations["evidenceUpdatedEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "merchant.updated": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The merchant's charges-enabled or PCI status changed
     * @description The merchant can now take charges, or no longer can (`chargesEnabled`), or its PCI DSS SAQ-A attestation changed (`pci`). The fields are those of `GET /v1/onboarding/status`. An onboarding change that also switches charges sends `compliance_form.updated` too.
     */
    post: operations["merchantUpdatedEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "compliance_form.updated": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The merchant's onboarding or account changed
     * @description Onboarding moved on (a merchant attached, under review, approved, rejected or asked for an update: `onboardingStatus`, `reasons`, `requirements`), payouts were switched on or off, or the PCI DSS SAQ-A form was issued, attested or expired. The body is the account as `GET /v1/onboarding/status` reports it, with the current PCI form's id. A change that also switches charges or the PCI status sends `merchant.updated` too.
     */
    post: operations["complianceFormUpdatedEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  ping: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A test event
     * @description Sent on request — the dashboard's Callbacks page, or `POST /v1/events/ping` — to check a receiver or a poller; signed and delivered like any other. No action is needed.
     */
    post: operations["pingEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    TransferUpdatedEvent: {
      /** @description The event's id (`event_…`), also sent as `LC-Event-Id`: dedupe on it. */
      id: string;
      /**
       * @description Also sent as `LC-Event-Type`.
       * @enum {string}
       */
      type: "transfer.updated";
      /** @description When the change happened (the event was recorded with it). */
      createdAtUtc: string;
      lcPaymentId: string;
      orderRef: string | null;
      /**
       * @description The payment's status after the change.
       * @enum {string}
       */
      status: "succeeded" | "processing" | "authorized" | "failed" | "canceled" | "partially_refunded" | "refunded" | "disputed";
      processorTransferId: string | null;
      processorState: string | null;
      processorInstrumentId: string | null;
      amountRefundedCents: number;
      failureCode: string | null;
    };
    ApplicationFeeRefundUpdatedEvent: {
      /** @description The event's id (`event_…`), also sent as `LC-Event-Id`: dedupe on it. */
      id: string;
      /**
       * @description Also sent as `LC-Event-Type`.
       * @enum {string}
       */
      type: "application_fee_refund.updated";
      /** @description When the change happened (the event was recorded with it). */
      createdAtUtc: string;
      lcPaymentId: string;
      lcRefundId: string;
      orderRef: string | null;
      /** @enum {string} */
      status: "succeeded" | "failed";
      /** @description The fee credited back to the merchant. */
      amountCents: number;
      processorTransferId: string | null;
      failureCode: string | null;
    };
    DisputeCreatedEvent: {
      /** @description The event's id (`event_…`), also sent as `LC-Event-Id`: dedupe on it. */
      id: string;
      /**
       * @description Also sent as `LC-Event-Type`.
       * @enum {string}
       */
      type: "dispute.created";
      /** @description When the change happened (the event was recorded with it). */
      createdAtUtc: string;
      lcPaymentId: string;
      orderRef: string | null;
      /**
       * @description The payment's status after the change.
       * @enum {string}
       */
      status: "succeeded" | "processing" | "authorized" | "failed" | "canceled" | "partially_refunded" | "refunded" | "disputed";
      processorTransferId: string | null;
      processorState: string | null;
      dispute: {
        lcDisputeId: string;
        processorDisputeId: string;
        /** @enum {string} */
        state: "inquiry" | "open" | "won" | "lost";
        /** @enum {string} */
        responseState: "needs_response" | "responded" | "accepted" | "no_response_allowed" | "unknown";
        reason: string | null;
        amountCents: number;
        currency: string;
        /** @description The deadline for evidence (`POST /v1/disputes/{id}/submit`). */
        respondBy: string | null;
        submitted: boolean;
      };
    };
    DisputeUpdatedEvent: {
      /** @description The event's id (`event_…`), also sent as `LC-Event-Id`: dedupe on it. */
      id: string;
      /**
       * @description Also sent as `LC-Event-Type`.
       * @enum {string}
       */
      type: "dispute.updated";
      /** @description When the change happened (the event was recorded with it). */
      createdAtUtc: string;
      lcPaymentId: string;
      orderRef: string | null;
      /**
       * @description The payment's status after the change.
       * @enum {string}
       */
      status: "succeeded" | "processing" | "authorized" | "failed" | "canceled" | "partially_refunded" | "refunded" | "disputed";
      processorTransferId: string | null;
      processorState: string | null;
      dispute: {
        lcDisputeId: string;
        processorDisputeId: string;
        /** @enum {string} */
        state: "inquiry" | "open" | "won" | "lost";
        /** @enum {string} */
        responseState: "needs_response" | "responded" | "accepted" | "no_response_allowed" | "unknown";
        reason: string | null;
        amountCents: number;
        currency: string;
        /** @description The deadline for evidence (`POST /v1/disputes/{id}/submit`). */
        respondBy: string | null;
        submitted: boolean;
      };
    };
    EvidenceUpdatedEvent: {
      /** @description The event's id (`event_…`), also sent as `LC-Event-Id`: dedupe on it. */
      id: string;
      /**
       * @description Also sent as `LC-Event-Type`.
       * @enum {string}
       */
      type: "evidence.updated";
      /** @description When the change happened (the event was recorded with it). */
      createdAtUtc: string;
      lcDisputeId: string;
      lcPaymentId: string;
      orderRef: string | null;
      evidence: {
        lcEvidenceId: string;
        fileName: string;
        contentType: string;
        sizeBytes: number;
        sha256: string;
        /** @enum {string} */
        state: "pending" | "processing" | "succeeded" | "failed" | "canceled";
        failureMessage: string | null;
      };
    };
    MerchantUpdatedEvent: {
      /** @description The event's id (`event_…`), also sent as `LC-Event-Id`: dedupe on it. */
      id: string;
      /**
       * @description Also sent as `LC-Event-Type`.
       * @enum {string}
       */
      type: "merchant.updated";
      /** @description When the change happened (the event was recorded with it). */
      createdAtUtc: string;
      processorMerchantId: string | null;
      /** @enum {string} */
      onboardingStatus: "not_started" | "pending" | "enabled" | "restricted";
      chargesEnabled: boolean;
      payoutsEnabled: boolean;
      /** @description The merchant's PCI DSS SAQ-A attestation, as `GET /v1/onboarding/status` reports it. */
      pci: {
        /** @enum {string} */
        status: "valid" | "pending" | "expired" | "not_started";
        validUntil: string | null;
        actionUrl: string | null;
      };
    };
    ComplianceFormUpdatedEvent: {
      /** @description The event's id (`event_…`), also sent as `LC-Event-Id`: dedupe on it. */
      id: string;
      /**
       * @description Also sent as `LC-Event-Type`.
       * @enum {string}
       */
      type: "compliance_form.updated";
      /** @description When the change happened (the event was recorded with it). */
      createdAtUtc: string;
      processorMerchantId: string | null;
      /** @description The merchant's current PCI DSS SAQ-A form; an empty string until the processor issued one. */
      processorComplianceFormId: string;
      /** @enum {string} */
      onboardingStatus: "not_started" | "pending" | "enabled" | "restricted";
      chargesEnabled: boolean;
      payoutsEnabled: boolean;
      reasons: {
        code: string;
        message: string;
      }[];
      requirements: {
        code: string;
        message: string;
        actionUrl: string | null;
        dueAt: string | null;
      }[];
      /** @description The merchant's PCI DSS SAQ-A attestation, as `GET /v1/onboarding/status` reports it. */
      pci: {
        /** @enum {string} */
        status: "valid" | "pending" | "expired" | "not_started";
        validUntil: string | null;
        actionUrl: string | null;
      };
    };
    PingEvent: {
      /** @description The event's id (`event_…`), also sent as `LC-Event-Id`: dedupe on it. */
      id: string;
      /**
       * @description Also sent as `LC-Event-Type`.
       * @enum {string}
       */
      type: "ping";
      /** @description When the change happened (the event was recorded with it). */
      createdAtUtc: string;
      message: string;
    };
    /**
     * @description The `type` of a problem (RFC 9457): one URI per failure, fixed with its status and title.
     *
     *     | `type` | Status | Title | Meaning |
     *     |---|---|---|---|
     *     | `https://payment-connect.dev/problems/validation-failed` | 400 | Request validation failed | A field, parameter or header is invalid; `errors` lists each offending one. Fix the request; do not retry as is. |
     *     | `https://payment-connect.dev/problems/malformed-json` | 400 | Malformed JSON body | The body is not valid JSON. |
     *     | `https://payment-connect.dev/problems/idempotency-key-required` | 400 | Idempotency-Key header required | The route needs an `Idempotency-Key` header (charges, in-person sales). |
     *     | `https://payment-connect.dev/problems/invalid-cursor` | 400 | Invalid pagination cursor | The `cursor` is not a `nextCursor` this list returned for this tenant and these filters. |
     *     | `https://payment-connect.dev/problems/conflicting-api-keys` | 400 | Two different API keys | `X-Api-Key` and `Authorization: Bearer` carry different keys; send one key (in either header, or the same in both). |
     *     | `https://payment-connect.dev/problems/unauthorized` | 401 | Unauthorized | The API key (or the operator's admin secret) is missing, malformed, unknown or revoked. |
     *     | `https://payment-connect.dev/problems/payment-declined` | 402 | Payment declined | The processor declined the charge; `code` is its failure code. The payment is recorded `failed`. |
     *     | `https://payment-connect.dev/problems/merchant-not-ready` | 403 | Merchant not ready to accept charges | The merchant cannot take charges yet (`chargesEnabled` is false); see `GET /v1/onboarding/status`. |
     *     | `https://payment-connect.dev/problems/forbidden` | 403 | Forbidden | The credentials are valid but do not allow this action. |
     *     | `https://payment-connect.dev/problems/insufficient-permissions` | 403 | The API key lacks a permission | The API key is restricted and lacks the permission the operation needs (`permission`, e.g. `payments:write`; each operation's is its `x-permission`). Nothing was done; use a key that has it. |
     *     | `https://payment-connect.dev/problems/not-found` | 404 | Not found | No such route, or no such resource for this tenant (another tenant's ids answer the same). |
     *     | `https://payment-connect.dev/problems/method-not-allowed` | 405 | Method not allowed | The route exists with other methods; `Allow` lists them. |
     *     | `https://payment-connect.dev/problems/conflict` | 409 | Conflict | The resource's state does not allow the request (e.g. a test event while callbacks are off). |
     *     | `https://payment-connect.dev/problems/idempotency-key-reused` | 409 | Idempotency-Key reused with a different request | This `Idempotency-Key` was used with a different request; use a new key for a new request. |
     *     | `https://payment-connect.dev/problems/idempotency-key-in-flight` | 409 | Request with this Idempotency-Key is still in flight | The request first sent with this key is still running; retry after `Retry-After` seconds. |
     *     | `https://payment-connect.dev/problems/invalid-payment-state` | 409 | Payment is not in a refundable state | The payment is not `succeeded` or `partially_refunded`, so it cannot be refunded. |
     *     | `https://payment-connect.dev/problems/refund-exceeds-balance` | 409 | Refund exceeds the remaining balance | The refund is larger than what is left to refund on the payment. |
     *     | `https://payment-connect.dev/problems/payment-not-capturable` | 409 | Payment is not an authorization to capture | The payment is not an open authorization (`status: authorized`): a sale, or a hold captured, voided or expired already. Nothing was captured. |
     *     | `https://payment-connect.dev/problems/payment-not-voidable` | 409 | Payment is not an authorization to void | The payment is not an open authorization (`status: authorized`): a sale, or a hold captured, voided or expired already. Nothing was voided. |
     *     | `https://payment-connect.dev/problems/reader-already-registered` | 409 | Reader already registered | A reader with this serial number is registered already (`lcReaderId` names yours). |
     *     | `https://payment-connect.dev/problems/reader-not-active` | 409 | Reader is not active | The reader is not `active`; activate it before starting a sale. |
     *     | `https://payment-connect.dev/problems/reader-busy` | 409 | Reader is busy with another sale | The reader is taking another sale (`lcPaymentId`); wait for its outcome or cancel it. |
     *     | `https://payment-connect.dev/problems/no-sale-in-progress` | 409 | No sale in progress on this reader | The reader has no sale to cancel. |
     *     | `https://payment-connect.dev/problems/dispute-closed` | 409 | Dispute no longer takes a response | The dispute is decided, takes no response, or is past `respondBy`. |
     *     | `https://payment-connect.dev/problems/dispute-already-submitted` | 409 | Dispute response already submitted | The dispute's evidence was submitted already; it takes no more evidence and no second submission. |
     *     | `https://payment-connect.dev/problems/dispute-accepted` | 409 | Dispute accepted | The merchant accepted the dispute (`POST /v1/disputes/{id}/accept`, the dashboard, or the processor): it takes no evidence and no submission. |
     *     | `https://payment-connect.dev/problems/dispute-evidence-required` | 409 | Dispute has no evidence to submit | A dispute response needs at least one evidence file before it is submitted. |
     *     | `https://payment-connect.dev/problems/dispute-evidence-uploading` | 409 | Dispute evidence is still being uploaded | Evidence posted for the dispute is still on its way to the processor; nothing was submitted. Retry after `Retry-After` seconds. |
     *     | `https://payment-connect.dev/problems/payload-too-large` | 413 | Request body too large | The request body is over the route's limit (`maxBytes`). |
     *     | `https://payment-connect.dev/problems/evidence-too-large` | 413 | Evidence file too large | The evidence file is over its type's limit (`maxBytes`): 20 MB for a photo (JPG, PNG), 1 MB for a PDF or TIFF. |
     *     | `https://payment-connect.dev/problems/processor-rejected` | 422 | The processor rejected the request | The processor refused the request (e.g. a used or expired token); `code` is its error code. Fix it; do not retry as is. |
     *     | `https://payment-connect.dev/problems/capture-not-supported` | 422 | Payment method cannot be captured later | `capture: false` holds a card only; a bank account (ACH) is charged at once. `errors` names the `capture` field. |
     *     | `https://payment-connect.dev/problems/capture-exceeds-authorization` | 422 | Capture exceeds the authorized amount | The capture's `amountCents` is more than the authorization holds; capture at most `amountCents` of the hold. |
     *     | `https://payment-connect.dev/problems/evidence-limit-reached` | 422 | Dispute evidence limit reached | The dispute holds the most evidence files it may (`maxFiles`). |
     *     | `https://payment-connect.dev/problems/evidence-unreadable` | 422 | Evidence image cannot be read | The photo's content starts as a JPG or PNG but cannot be decoded (damaged or cut short), so it cannot be fitted to the processor's limits. |
     *     | `https://payment-connect.dev/problems/callback-endpoint-limit-reached` | 422 | Callback endpoint limit reached | The tenant has the most callback endpoints it may (`maxEndpoints`); delete one first. |
     *     | `https://payment-connect.dev/problems/unknown-event-type` | 422 | Unknown event type | `enabledEvents` names a type that is not an `LC-Event-Type` of the catalogue (`errors` names it). |
     *     | `https://payment-connect.dev/problems/unsupported-media-type` | 415 | Unsupported media type | The body's media type is not the one the route takes. |
     *     | `https://payment-connect.dev/problems/evidence-type-unsupported` | 415 | Evidence file type not supported | The evidence file's content is not JPG, PNG, PDF or TIFF (`acceptedTypes`). |
     *     | `https://payment-connect.dev/problems/rate-limited` | 429 | Too many requests | Too many requests for this API key; retry after `Retry-After` seconds. |
     *     | `https://payment-connect.dev/problems/internal-error` | 500 | Internal server error | An unexpected failure; quote the `traceId` to support. |
     *     | `https://payment-connect.dev/problems/processor-error` | 502 | Processor error | The processor failed; where `outcomeUnknown` is true, retry with the same `Idempotency-Key`. |
     *     | `https://payment-connect.dev/problems/service-unavailable` | 503 | Service unavailable | A dependency of the service (the datastore) is unreachable; retry later. |
     *     | `https://payment-connect.dev/problems/tenant-moving` | 503 | Tenant is moving to another database | The tenant's data is moving to another database and its writes are paused for the last copy (seconds to a minute); nothing was done. Retry after `Retry-After` seconds: the same request (with the same `Idempotency-Key`) then runs on the new database. |
     *     | `https://payment-connect.dev/problems/processor-busy` | 503 | The processor's rate limit is reached | Every tenant shares the platform's one processor credential, and the processor's rate limit for it is reached; nothing was sent, nothing was charged or refunded. Retry after `Retry-After` seconds with the same `Idempotency-Key`: the retry completes the same payment or refund, never a second one. |
     *     | `https://payment-connect.dev/problems/processor-timeout` | 504 | Processor timed out | The processor did not answer in time; the outcome is unknown: retry with the same `Idempotency-Key`. |
     * @enum {string}
     */
    ProblemType:
      | "https://payment-connect.dev/problems/validation-failed"
      | "https://payment-connect.dev/problems/malformed-json"
      | "https://payment-connect.dev/problems/idempotency-key-required"
      | "https://payment-connect.dev/problems/invalid-cursor"
      | "https://payment-connect.dev/problems/conflicting-api-keys"
      | "https://payment-connect.dev/problems/unauthorized"
      | "https://payment-connect.dev/problems/payment-declined"
      | "https://payment-connect.dev/problems/merchant-not-ready"
      | "https://payment-connect.dev/problems/forbidden"
      | "https://payment-connect.dev/problems/insufficient-permissions"
      | "https://payment-connect.dev/problems/not-found"
      | "https://payment-connect.dev/problems/method-not-allowed"
      | "https://payment-connect.dev/problems/conflict"
      | "https://payment-connect.dev/problems/idempotency-key-reused"
      | "https://payment-connect.dev/problems/idempotency-key-in-flight"
      | "https://payment-connect.dev/problems/invalid-payment-state"
      | "https://payment-connect.dev/problems/refund-exceeds-balance"
      | "https://payment-connect.dev/problems/payment-not-capturable"
      | "https://payment-connect.dev/problems/payment-not-voidable"
      | "https://payment-connect.dev/problems/reader-already-registered"
      | "https://payment-connect.dev/problems/reader-not-active"
      | "https://payment-connect.dev/problems/reader-busy"
      | "https://payment-connect.dev/problems/no-sale-in-progress"
      | "https://payment-connect.dev/problems/dispute-closed"
      | "https://payment-connect.dev/problems/dispute-already-submitted"
      | "https://payment-connect.dev/problems/dispute-accepted"
      | "https://payment-connect.dev/problems/dispute-evidence-required"
      | "https://payment-connect.dev/problems/dispute-evidence-uploading"
      | "https://payment-connect.dev/problems/payload-too-large"
      | "https://payment-connect.dev/problems/evidence-too-large"
      | "https://payment-connect.dev/problems/processor-rejected"
      | "https://payment-connect.dev/problems/capture-not-supported"
      | "https://payment-connect.dev/problems/capture-exceeds-authorization"
      | "https://payment-connect.dev/problems/evidence-limit-reached"
      | "https://payment-connect.dev/problems/evidence-unreadable"
      | "https://payment-connect.dev/problems/callback-endpoint-limit-reached"
      | "https://payment-connect.dev/problems/unknown-event-type"
      | "https://payment-connect.dev/problems/unsupported-media-type"
      | "https://payment-connect.dev/problems/evidence-type-unsupported"
      | "https://payment-connect.dev/problems/rate-limited"
      | "https://payment-connect.dev/problems/internal-error"
      | "https://payment-connect.dev/problems/processor-error"
      | "https://payment-connect.dev/problems/service-unavailable"
      | "https://payment-connect.dev/problems/tenant-moving"
      | "https://payment-connect.dev/problems/processor-busy"
      | "https://payment-connect.dev/problems/processor-timeout";
    TenantMove: {
      /** @example ten_3kTq9Wc2Zb7pLx0aYf4Rn */
      tenantId: string;
      /**
       * @description The shard the data comes from (`DB`: the control database, for a tenant from before shards).
       * @example DB_SHARD_US_1
       */
      from: string;
      /** @example DB_SHARD_US_2 */
      to: string;
      /**
       * @description The target's region: the tenant's region once the map flips.
       * @example us
       */
      region: string;
      /**
       * @description `copy` (bulk, the tenant still writing to the source, each write recorded in its change log), `compare` (every row against the target's, the tenant still writing), `catch-up` (the rows changed since, the tenant still writing), `drain` (writes paused; the source's fence raised, refusing the writes of requests already routed to it), `delta` (the rows changed since the catch-up), `verify` (counts and checksums of both sides' changed rows), `delete` (the map names the target; the source's rows are being deleted), `done`; or, once the operator cancels it before the flip, `cancelling` (the tenant served from the source again, the target's copy being deleted) and `cancelled` (nothing of the tenant left on the target).
       * @enum {string}
       */
      step: "copy" | "compare" | "catch-up" | "drain" | "delta" | "verify" | "delete" | "done" | "cancelling" | "cancelled";
      /** @description Whether the tenant's requests answer 503 `tenant-moving` now (from `drain` to the flip). */
      paused: boolean;
      /**
       * @description How long the tenant was paused, from the pause to the flip (the source fenced, then the rows changed since the catch-up); null before the flip.
       * @example 1840
       */
      pauseMs: number | null;
      tables: components["schemas"]["TenantMoveTable"][];
      startedAtUtc: string;
      /** @description When a step last succeeded (the move's last progress); a failed step leaves it. */
      updatedAtUtc: string;
      /** @description When the map named the target and the pause ended. */
      flippedAtUtc: string | null;
      /** @description When the move ended: `done`, or `cancelled` by its rollback. */
      finishedAtUtc: string | null;
      /** @description Why the last step failed or the verification differed; cleared by the next step that succeeds. */
      lastError: string | null;
      /** @description Steps failed in a row since the last one that succeeded (0: not failing). The cron retries a failing move after a minute, doubling with each failure to at most an hour; the operator route and `npm run admin -- tenant move` retry it at once. */
      failures: number;
      /** @description When the last step failed; null once a step succeeds. */
      lastFailedAtUtc: string | null;
      /** @description When the cron tries a failing move again (its backoff); null when not failing (the next cron run). */
      nextAttemptAtUtc: string | null;
    };
    TenantMoveTable: {
      /** @example payments */
      table: string;
      /** @description Rows written by the bulk copy (a row skipped for a parent not copied yet is the delta's). */
      copied: number;
      /** @description Source rows compared with the target's before the pause, the tenant still writing. */
      compared: number;
      /** @description Rows the comparison found different with no change recorded for them, given to the target by the catch-up. */
      repaired: number;
      /** @description Rows changed since their copy (recorded in the source's change log), written before the pause. */
      caughtUpWritten: number;
      /** @description Rows deleted on the source since their copy, deleted on the target before the pause. */
      caughtUpDeleted: number;
      /** @description Rows changed since the catch-up, written while the tenant was paused. */
      deltaWritten: number;
      /** @description Rows deleted on the source since the catch-up, deleted on the target while paused. */
      deltaDeleted: number;
      /** @description Rows changed since the pause began, verified on the source; null before the verification. */
      sourceRows: number | null;
      targetRows: number | null;
      /** @description SHA-256 chained over the verified rows in change-log order, in batches (each row its values in column order, as JSON); the target's must be equal. */
      sourceChecksum: string | null;
      targetChecksum: string | null;
      /** @description Rows deleted from the source after the flip. */
      deleted: number;
    };
    Problem: {
      /** @example https://payment-connect.dev/problems/validation-failed */
      type: string;
      title: string;
      status: number;
      detail: string;
      traceId: string;
      /** @description Present on validation failures: each offending field. */
      errors?: {
        field: string;
        message: string;
      }[];
      /** @description Machine-readable code, e.g. the processor's failure code on a decline. */
      code?: string;
    } & {
      [key: string]: unknown;
    };
    TenantMoveList: {
      data: components["schemas"]["TenantMoveSummary"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false). */
      nextCursor: string;
    };
    TenantMoveSummary: {
      /** @example ten_3kTq9Wc2Zb7pLx0aYf4Rn */
      tenantId: string;
      from: string;
      to: string;
      region: string;
      /**
       * @description `copy` (bulk, the tenant still writing to the source, each write recorded in its change log), `compare` (every row against the target's, the tenant still writing), `catch-up` (the rows changed since, the tenant still writing), `drain` (writes paused; the source's fence raised, refusing the writes of requests already routed to it), `delta` (the rows changed since the catch-up), `verify` (counts and checksums of both sides' changed rows), `delete` (the map names the target; the source's rows are being deleted), `done`; or, once the operator cancels it before the flip, `cancelling` (the tenant served from the source again, the target's copy being deleted) and `cancelled` (nothing of the tenant left on the target).
       * @enum {string}
       */
      step: "copy" | "compare" | "catch-up" | "drain" | "delta" | "verify" | "delete" | "done" | "cancelling" | "cancelled";
      /** @description Whether the tenant's requests answer 503 `tenant-moving` now (from `drain` to the flip). */
      paused: boolean;
      startedAtUtc: string;
      /** @description When a step last succeeded (the move's last progress); a failed step leaves it. */
      updatedAtUtc: string;
      finishedAtUtc: string | null;
      /** @description Seconds since the move started. */
      ageSeconds: number;
      /** @description Seconds since its last progress (`updatedAtUtc`). */
      idleSeconds: number;
      /** @description Unfinished with no step succeeding for longer than `TENANT_MOVE_STUCK_MINUTES` (15 unless configured): failing, or driven by nothing. `/health/ready` counts these as `stuckTenantMoves`. */
      stuck: boolean;
      /** @description Why the last step failed or the verification differed; cleared by the next step that succeeds. */
      lastError: string | null;
      /** @description Steps failed in a row since the last one that succeeded (0: not failing). The cron retries a failing move after a minute, doubling with each failure to at most an hour; the operator route and `npm run admin -- tenant move` retry it at once. */
      failures: number;
      /** @description When the last step failed; null once a step succeeds. */
      lastFailedAtUtc: string | null;
      /** @description When the cron tries a failing move again (its backoff); null when not failing (the next cron run). */
      nextAttemptAtUtc: string | null;
    };
    PublicConfig: {
      /** @example payment-connect */
      service: string;
      /** @example finix */
      processor: string;
      /**
       * @description `sandbox` or `live`.
       * @example sandbox
       */
      processorEnvironment: string;
      /** @example APsandboxPaymentConnect0001 */
      processorApplicationId: string;
      /** @example 2022-02-01 */
      processorApiVersion: string;
      /** @example USD */
      currency: string;
    };
    HealthStatus: {
      /** @enum {string} */
      status: "ok";
    };
    ReadinessStatus: {
      /** @enum {string} */
      status: "ok";
      checks: {
        /** @enum {string} */
        database: "ok";
      };
      detail: {
        /** @description Signed processor webhooks (and swept resources) kept but not applied: list them with `GET /admin/processor-webhooks`, apply them after a fix with `POST /admin/processor-webhooks/reapply`. Informational: the service stays ready. */
        unprocessableProcessorWebhooks: number;
        /** @description Tenant moves unfinished with no step succeeding for longer than `TENANT_MOVE_STUCK_MINUTES` (15 unless configured): a step that keeps failing, or a move nothing drives. Alert on it above 0; `GET /admin/moves` lists them with their error and age. Informational: the service stays ready. */
        stuckTenantMoves: number;
        /** @description Tenant moves whose last step failed, stuck or not yet (the cron retries each after a backoff of a minute, doubling to an hour). */
        failingTenantMoves: number;
        /** @description How far behind the processor's newest change the most behind of its change feeds (the cron's recovery of lost webhooks) is, in seconds: about 60 when caught up; null before their first read. Each feed's: `GET /admin/processor-feeds`. */
        processorFeedLagSeconds: number | null;
        /** @description True past 15 minutes of lag (`docs/operations.md`, Processor change feeds, says what to do). A warning: the service stays ready. */
        processorFeedsBehind: boolean;
      };
    };
    CreatePaymentResponse: {
      lcPaymentId: string;
      status: components["schemas"]["PaymentStatus"];
      amountCents: number;
      applicationFeeCents: number;
      processorTransferId: string | null;
      processorState: string | null;
      /**
       * @description A hold's (`capture: false`) authorization at the processor (`AU…`); absent on a sale.
       * @example AUmy5b3hVrs9iQ7q
       */
      processorAuthorizationId?: string;
      /**
       * @description When the processor lets the hold lapse (about seven days after it was made): capture or void it before; after, it is `canceled`. Absent on a sale.
       * @example 2026-11-08T09:05:00.000Z
       */
      authorizedUntilUtc?: string;
    };
    /** @enum {string} */
    PaymentStatus: "succeeded" | "processing" | "authorized" | "failed" | "canceled" | "partially_refunded" | "refunded" | "disputed";
    CreatePaymentRequest: {
      /**
       * @description At most 100000000.
       * @example 2500
       */
      amountCents: number;
      /**
       * @description Must be the currency /v1/meta reports.
       * @example USD
       */
      currency: string;
      /** @description Single-use token from the tokenization library. In the built-in sandbox, `TKsandboxVisa4895Success` is a test card's token that never runs out (this example): the processor refuses it. */
      processorToken?: string;
      /**
       * @description A stored instrument to charge again: the `processorInstrumentId` of an earlier payment of this tenant (lookup, list or `transfer.updated` event). Another tenant's instrument is refused.
       * @example PIe2YvpcjvoVJ6PzoRPBK137
       */
      processorInstrumentId?: string;
      buyer?: components["schemas"]["Buyer"];
      /** @example order-10042 */
      orderRef: string;
      /**
       * @description Default true: the card is charged now. False: the card is only authorized (a hold, `status: authorized`) and charged later with `POST /v1/payments/{id}/capture`, or released with `POST /v1/payments/{id}/void`, before `authorizedUntilUtc`. A card only: a bank account is refused (422 `capture-not-supported`).
       * @example false
       */
      capture?: boolean;
    };
    /** @description Required with processorToken. */
    Buyer: {
      firstName: string;
      lastName: string;
      /** Format: email */
      email: string;
    };
    PaymentList: {
      data: components["schemas"]["PaymentListItem"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false). */
      nextCursor: string;
    };
    PaymentListItem: {
      lcPaymentId: string;
      status: components["schemas"]["PaymentStatus"];
      amountCents: number;
      currency: string;
      applicationFeeCents: number;
      amountRefundedCents: number;
      /** @enum {string|null} */
      method: "card" | "ach" | "card_present" | null;
      orderRef: string | null;
      processorTransferId: string | null;
      /**
       * @description The stored instrument this payment charged, for a repeat charge.
       * @example PIe2YvpcjvoVJ6PzoRPBK137
       */
      processorInstrumentId: string | null;
      createdAtUtc: string;
      updatedAtUtc: string;
    };
    PaymentResponse: {
      lcPaymentId: string;
      status: components["schemas"]["PaymentStatus"];
      amountCents: number;
      amountRefundedCents: number;
      applicationFeeCents: number;
      currency: string;
      /** @enum {string|null} */
      method: "card" | "ach" | "card_present" | null;
      orderRef: string | null;
      processorTransferId: string | null;
      processorState: string | null;
      /**
       * @description The stored payment instrument this payment charged (`PI…`); pass it as `processorInstrumentId` to charge the same card or bank account again. Null until the token became an instrument.
       * @example PIe2YvpcjvoVJ6PzoRPBK137
       */
      processorInstrumentId: string | null;
      /**
       * @description The part of applicationFeeCents credited back to the merchant by refunds with `refundApplicationFee` (confirmed by the processor).
       * @example 65
       */
      applicationFeeRefundedCents: number;
      /**
       * @description True while a refund's fee credit is still being sent to the processor (8 attempts over about two hours, then given up with an `application_fee_refund.updated` callback).
       * @example false
       */
      applicationFeeRefundPending: boolean;
      /**
       * @description What the processor actually charged the merchant for this sale: its fee profile's fees, at least applicationFeeCents. Null until the processor reports it (shortly after the sale settles). The processor may charge fractions of a cent: this is the exact total (processorFeeExactCents) rounded half up to the whole cent (102.5 → 103, 102.393 → 102), as money settles in whole cents; the total is summed exactly first, never rounded fee by fee.
       * @example 130
       */
      processorFeeCents: number | null;
      /**
       * @description The same fee exactly, in cents as decimal text: the sum of the processor's fees, fractions of a cent kept (e.g. `132.393`). Null until the processor reports it; use it to reconcile with the processor's own fee records.
       * @example 130
       */
      processorFeeExactCents: string | null;
      /**
       * @description A hold's (`capture: false`) authorization at the processor (`AU…`); absent on a sale.
       * @example AUmy5b3hVrs9iQ7q
       */
      processorAuthorizationId?: string;
      /**
       * @description When the processor lets the hold lapse (about seven days after it was made): capture or void it before; after, it is `canceled`. Absent on a sale.
       * @example 2026-11-08T09:05:00.000Z
       */
      authorizedUntilUtc?: string;
      /** @description The processor's failure code when the payment failed; for an ACH debit returned after it succeeded, the return's code. */
      failureCode: string | null;
      failureMessage: string | null;
      createdAtUtc: string;
      updatedAtUtc: string;
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
    CapturePaymentRequest: {
      /** @description Omitted: the whole authorization. At most the authorized amountCents. */
      amountCents?: number;
      /** @description The platform's fee on the capture. Omitted: the authorization's applicationFeeCents for a whole capture, that fee in proportion (rounded down) for a part. */
      applicationFeeCents?: number;
    };
    OperatorPayment: components["schemas"]["PaymentResponse"] & {
      tenantId: string;
      processorCalls: components["schemas"]["PaymentProcessorCall"][];
    };
    PaymentProcessorCall: {
      /**
       * @description The processor client's operation: `createIdentity`, `createPaymentInstrument`, `createTransfer` (the sale), `listTransferFees` (the fee read), `createReversal` (a refund), `createMerchantCreditAdjustment` (a fee credit), `createCardPresentTransfer` (a reader sale), `findTransferByIdempotencyId` (a lookup after an unknown outcome)…
       * @example createTransfer
       */
      operation: string;
      /**
       * @description When the processor answered, to the second.
       * @example 2026-11-01T09:05:01.000Z
       */
      atUtc: string;
      /**
       * @description The processor's `x-request-id` for the call: what its support and its dashboard's API logs find the call by.
       * @example 6f1c3f0e-8a7b-4e34-9d55-2b8c0f3a9e71
       */
      processorRequestId: string;
    };
    ReconciliationBacklog: {
      asOfUtc: string;
      /** @description Rows each queue looks at per run (the cron runs every minute). */
      checksPerRun: number;
      processingPayments: components["schemas"]["ReconciliationQueue"];
      processorFeeLookups: components["schemas"]["ReconciliationQueue"] & unknown;
      pendingRefunds: components["schemas"]["ReconciliationQueue"] & unknown;
      pendingFeeCredits: components["schemas"]["ReconciliationQueue"] & unknown;
      /** @description Fee credits given up: retry them with POST /admin/payments/fee-credits/{refundId}/retry. */
      failedFeeCredits: {
        count: number;
        oldestUpdatedAtUtc: string | null;
      };
    };
    /** @description Payments still `processing` (unknown outcomes, ACH debits not yet settled). */
    ReconciliationQueue: {
      /** @description Rows in this queue. */
      count: number;
      /** @description Rows whose next check time has passed: the next runs take them, oldest due first. */
      due: number;
      oldestCreatedAtUtc: string | null;
      /** @description The earliest next check time in the queue. */
      nextCheckAtUtc: string | null;
    };
    FeeCreditList: {
      data: components["schemas"]["FeeCredit"][];
    };
    FeeCredit: {
      /** @example lcref_2mN8pQrStUvWxYz1a4gH2k */
      lcRefundId: string;
      /** @example lcpay_4gH2kLmN8pQrStUvWxYz1a */
      lcPaymentId: string;
      tenantId: string;
      /** @enum {string} */
      status: "none" | "pending" | "succeeded" | "failed";
      /**
       * @description The fee credited back (or owed) to the merchant.
       * @example 65
       */
      amountCents: number;
      attempts: number;
      nextAttemptAtUtc: string | null;
      /** @description Why it was given up: the processor's code, or the last failure. */
      failureCode: string | null;
      /** @description The merchant credit adjustment at the processor, once credited. */
      processorTransferId: string | null;
      updatedAtUtc: string;
    };
    /**
     * @example {
     *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
     *       "label": "Front counter",
     *       "model": "PAX_A920PRO",
     *       "serialNumber": "1850123456",
     *       "status": "active",
     *       "processorDeviceId": "DVsEanpBtsAVvCHbNXkFaH6f",
     *       "action": null,
     *       "createdAtUtc": "2026-11-01T09:00:00.000Z",
     *       "updatedAtUtc": "2026-11-01T09:01:00.000Z"
     *     }
     */
    TerminalReader: {
      /** @description The service's id of the reader (`lcrdr_…`). */
      lcReaderId: string;
      label: string;
      /** @enum {string} */
      model: "PAX_A30" | "PAX_A35" | "PAX_A60" | "PAX_A77" | "PAX_A920PRO" | "PAX_ARIES6" | "PAX_ARIES8" | "PAX_IM30";
      /** @description As printed on the reader, upper-cased. */
      serialNumber: string;
      /**
       * @description `registered` (not yet activated), `active` (takes sales), `deactivated` (takes none until activated again).
       * @enum {string}
       */
      status: "registered" | "active" | "deactivated";
      /** @description The processor's device id (`DV…`); the sandbox's reader controls take it. */
      processorDeviceId: string;
      /**
       * @description Only with `?connection=true`: whether the reader is online now, read from the processor at request time (it sends no device events).
       * @enum {string}
       */
      connection?: "Open" | "Closed";
      /** @description The in-person sale the reader is taking now (its payment is `processing`), or null when idle. */
      action: {
        /** @enum {string} */
        type: "sale";
        /** @enum {string} */
        status: "in_progress";
        lcPaymentId: string;
      } | null;
      createdAtUtc: string;
      updatedAtUtc: string;
    };
    RegisterReaderRequest: {
      /**
       * @description As printed on the reader; compared without regard to case.
       * @example 1850123456
       */
      serialNumber: string;
      /**
       * @example PAX_A920PRO
       * @enum {string}
       */
      model: "PAX_A30" | "PAX_A35" | "PAX_A60" | "PAX_A77" | "PAX_A920PRO" | "PAX_ARIES6" | "PAX_ARIES8" | "PAX_IM30";
      /**
       * @description Your name for the reader; defaults to its serial number.
       * @example Front counter
       */
      label?: string;
    };
    TerminalReaderList: {
      data: components["schemas"]["TerminalReader"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false). */
      nextCursor: string;
    };
    /**
     * @example {
     *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
     *       "status": "processing",
     *       "amountCents": 1250,
     *       "amountRefundedCents": 0,
     *       "applicationFeeCents": 43,
     *       "currency": "USD",
     *       "method": "card_present",
     *       "orderRef": "order-20001",
     *       "processorTransferId": null,
     *       "processorState": null,
     *       "processorInstrumentId": null,
     *       "applicationFeeRefundedCents": 0,
     *       "applicationFeeRefundPending": false,
     *       "processorFeeCents": null,
     *       "processorFeeExactCents": null,
     *       "failureCode": null,
     *       "failureMessage": null,
     *       "createdAtUtc": "2026-11-01T09:05:00.000Z",
     *       "updatedAtUtc": "2026-11-01T09:05:00.000Z",
     *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b"
     *     }
     */
    TerminalSale: components["schemas"]["PaymentResponse"] & {
      /** @description The reader taking the sale. */
      lcReaderId: string;
    };
    TerminalSaleRequest: {
      /**
       * @description An `active` reader of this tenant.
       * @example lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b
       */
      readerId: string;
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
       * @description Default true: the card is charged when the buyer taps. False: the reader only authorizes it (a hold, `status: authorized`), captured later with `POST /v1/payments/{id}/capture` — a tip added then must fit inside `amountCents`, which is all the processor lets a capture take — or released with `POST /v1/payments/{id}/void`.
       * @example false
       */
      capture?: boolean;
    };
    PayoutList: {
      data: components["schemas"]["Payout"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false). */
      nextCursor: string;
    };
    /**
     * @example {
     *       "lcPayoutId": "lcpo_7Hq2Lm9Xc4Vb8Nz1Kd3Rt5",
     *       "status": "paid",
     *       "grossCents": 14000,
     *       "feesCents": 500,
     *       "netCents": 13500,
     *       "currency": "USD",
     *       "paymentCount": 2,
     *       "initiatedAtUtc": "2026-11-06T18:30:00.000Z",
     *       "expectedArrivalDate": "2026-11-09",
     *       "failureCode": null,
     *       "failureMessage": null,
     *       "processorSettlementId": "STvUfBLbCUsun2KFoTuxR2j1",
     *       "processorSettlementStatus": "APPROVED",
     *       "processorFundingTransferId": "TRm1Kd8ZpQ4rXw7Yc2Vb9Nn3",
     *       "processorFundingTransferState": "SUCCEEDED",
     *       "createdAtUtc": "2026-11-05T09:12:00.000Z",
     *       "updatedAtUtc": "2026-11-06T18:31:02.000Z"
     *     }
     */
    Payout: {
      lcPayoutId: string;
      status: components["schemas"]["PayoutStatus"];
      /** @description The settlement's total: sales less refunds and chargebacks, plus credits. */
      grossCents: number;
      /** @description Fees deducted from the gross. */
      feesCents: number;
      /** @description What reaches the bank account: always grossCents − feesCents. */
      netCents: number;
      currency: string;
      /** @description How many payments the payout covers; null while accruing. */
      paymentCount: number | null;
      /** @description When the money started moving to the bank (the funding transfer was created); null until approved. */
      initiatedAtUtc: string | null;
      /** @description YYYY-MM-DD: one business day after the approval day; approvals after 4 PM Pacific time or on a weekend count from the next business day. Bank holidays are not counted. Null until approved, and for a failed payout. */
      expectedArrivalDate: string | null;
      /** @description The bank's return code when the payout failed, e.g. BANK_ACCOUNT_CLOSED. */
      failureCode: string | null;
      failureMessage: string | null;
      processorSettlementId: string;
      /** @description PENDING, AWAITING_APPROVAL or APPROVED at the processor. */
      processorSettlementStatus: string;
      processorFundingTransferId: string | null;
      processorFundingTransferState: string | null;
      createdAtUtc: string;
      updatedAtUtc: string;
    };
    /**
     * @description `accruing`: the settlement is still collecting (totals change until it closes); `awaiting_approval`: closed, not yet approved; `approved`: the funding transfer to the bank is under way; `paid`: it succeeded (money in the account on `expectedArrivalDate`); `failed`: the bank transfer failed (`failureCode`).
     * @enum {string}
     */
    PayoutStatus: "accruing" | "awaiting_approval" | "approved" | "paid" | "failed";
    /**
     * @example {
     *       "lcPayoutId": "lcpo_7Hq2Lm9Xc4Vb8Nz1Kd3Rt5",
     *       "status": "paid",
     *       "grossCents": 14000,
     *       "feesCents": 500,
     *       "netCents": 13500,
     *       "currency": "USD",
     *       "paymentCount": 2,
     *       "initiatedAtUtc": "2026-11-06T18:30:00.000Z",
     *       "expectedArrivalDate": "2026-11-09",
     *       "failureCode": null,
     *       "failureMessage": null,
     *       "processorSettlementId": "STvUfBLbCUsun2KFoTuxR2j1",
     *       "processorSettlementStatus": "APPROVED",
     *       "processorFundingTransferId": "TRm1Kd8ZpQ4rXw7Yc2Vb9Nn3",
     *       "processorFundingTransferState": "SUCCEEDED",
     *       "createdAtUtc": "2026-11-05T09:12:00.000Z",
     *       "updatedAtUtc": "2026-11-06T18:31:02.000Z",
     *       "otherFeesCents": 0,
     *       "items": {
     *         "data": [
     *           {
     *             "type": "payment",
     *             "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
     *             "lcRefundId": null,
     *             "orderRef": "order-10042",
     *             "amountCents": 10000,
     *             "feeCents": 300,
     *             "netCents": 9700,
     *             "processorTransferId": "TRv3Qm8xZ1LwK2",
     *             "createdAtUtc": "2026-11-05T09:12:00.000Z"
     *           },
     *           {
     *             "type": "payment",
     *             "lcPaymentId": "lcpay_9Jk3Ls7Pq2Wr5Tx8Zv1Bn4",
     *             "lcRefundId": null,
     *             "orderRef": "order-10043",
     *             "amountCents": 5000,
     *             "feeCents": 200,
     *             "netCents": 4800,
     *             "processorTransferId": "TRa8Nc3Vx6Bz1Qm4",
     *             "createdAtUtc": "2026-11-05T10:40:00.000Z"
     *           },
     *           {
     *             "type": "refund",
     *             "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
     *             "lcRefundId": "lcref_2Xc5Vb8Nm1Lk4Jh7",
     *             "orderRef": "order-10042",
     *             "amountCents": -1000,
     *             "feeCents": 0,
     *             "netCents": -1000,
     *             "processorTransferId": "TRr7Tw2Ey5Ui8Op1",
     *             "createdAtUtc": "2026-11-05T11:02:00.000Z"
     *           }
     *         ],
     *         "hasMore": false,
     *         "nextCursor": ""
     *       }
     *     }
     */
    PayoutDetail: components["schemas"]["Payout"] & {
      /** @description The part of feesCents no item carries (fees the processor charges beyond the application fee); null while accruing. The items' feeCents plus this equal feesCents. */
      otherFeesCents: number | null;
      /** @description What the payout is made of, oldest first: its items' amountCents add up to grossCents and their netCents, less otherFeesCents, to netCents. Empty while accruing. */
      items: {
        data: components["schemas"]["PayoutItem"][];
        hasMore: boolean;
        /** @description Pass back as `cursor` for the next items while hasMore is true; an empty string on the last page. */
        nextCursor: string;
      };
    };
    /**
     * @example {
     *       "type": "payment",
     *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
     *       "lcRefundId": null,
     *       "orderRef": "order-10042",
     *       "amountCents": 10000,
     *       "feeCents": 300,
     *       "netCents": 9700,
     *       "processorTransferId": "TRv3Qm8xZ1LwK2",
     *       "createdAtUtc": "2026-11-05T09:12:00.000Z"
     *     }
     */
    PayoutItem: {
      /**
       * @description `payment`: a sale (adds its amount, less its fee); `refund`: a refund (negative); `fee_refund`: an application fee returned with a refund; `dispute`: a chargeback (negative) or its return when the dispute is won; `adjustment`: any other credit or debit.
       * @enum {string}
       */
      type: "payment" | "refund" | "fee_refund" | "dispute" | "adjustment";
      /** @description The payment the item belongs to; null when it is none of this tenant's. */
      lcPaymentId: string | null;
      lcRefundId: string | null;
      orderRef: string | null;
      /** @description Signed: what the item adds to the payout's gross. */
      amountCents: number;
      /** @description The fee on a payment (the application fee); 0 for other items. */
      feeCents: number;
      /** @description amountCents − feeCents. */
      netCents: number;
      processorTransferId: string;
      createdAtUtc: string;
    };
    DisputeList: {
      data: components["schemas"]["Dispute"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false). */
      nextCursor: string;
    };
    /**
     * @example {
     *       "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
     *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
     *       "orderRef": "order-10042",
     *       "amountCents": 888888,
     *       "currency": "USD",
     *       "reason": "fraud",
     *       "reasonCode": "10.4",
     *       "state": "open",
     *       "responseState": "needs_response",
     *       "respondBy": "2026-11-10T09:00:00.000Z",
     *       "acceptsResponse": true,
     *       "submission": "none",
     *       "submitted": false,
     *       "submittedAtUtc": null,
     *       "acceptance": "none",
     *       "acceptedAtUtc": null,
     *       "evidence": [
     *         {
     *           "lcEvidenceId": "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
     *           "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
     *           "fileName": "signed-receipt.pdf",
     *           "contentType": "application/pdf",
     *           "sizeBytes": 48213,
     *           "sha256": "9f2c1b7e4a0d3c6b8e5f1a2d7c4b9e0f3a6d8c1b5e7f2a4d9c0b3e6f8a1d5c7b",
     *           "sent": null,
     *           "state": "processing",
     *           "failureCode": null,
     *           "failureMessage": null,
     *           "processorEvidenceId": "DF58kdVTa5eMQUjcXH2F7DH4",
     *           "createdAtUtc": "2026-11-03T10:15:00.000Z",
     *           "updatedAtUtc": "2026-11-03T10:15:01.000Z"
     *         }
     *       ],
     *       "processorDisputeId": "DIs7yQRkHDdMYhurzYz72SFk",
     *       "processorTransferId": "TRv3Qm8xZ1LwK2",
     *       "createdAtUtc": "2026-11-03T09:00:00.000Z",
     *       "updatedAtUtc": "2026-11-03T10:15:01.000Z"
     *     }
     */
    Dispute: {
      lcDisputeId: string;
      lcPaymentId: string;
      orderRef: string | null;
      amountCents: number;
      currency: string;
      /** @description The processor's reason, lower-cased: fraud, quality, clerical, technical, inquiry. */
      reason: string | null;
      /** @description The card network's reason code, when the processor gives one. */
      reasonCode: string | null;
      state: components["schemas"]["DisputeState"];
      responseState: components["schemas"]["DisputeResponseState"];
      /** @description ISO 8601 UTC: the last moment evidence and the submission are taken. */
      respondBy: string | null;
      /** @description Whether evidence, a submission or an acceptance are taken now: undecided, a response wanted, not submitted or accepted, respondBy not passed. */
      acceptsResponse: boolean;
      /**
       * @description `none`; `pending`: submitted, the processor's answer still unknown (settled within minutes); `submitted`.
       * @enum {string}
       */
      submission: "none" | "pending" | "submitted";
      submitted: boolean;
      submittedAtUtc: string | null;
      /**
       * @description The merchant's other answer, `POST /v1/disputes/{id}/accept`: `none`; `pending`: accepted, the processor's answer still unknown (settled within minutes); `accepted`: the processor took it (`responseState` turns `accepted`). A dispute accepted at the processor directly shows `responseState: accepted` with `acceptance: none`.
       * @enum {string}
       */
      acceptance: "none" | "pending" | "accepted";
      /** @description When the processor took the acceptance; null until then. */
      acceptedAtUtc: string | null;
      /** @description Every evidence file, oldest first, with its state. */
      evidence: components["schemas"]["DisputeEvidence"][];
      processorDisputeId: string;
      processorTransferId: string;
      createdAtUtc: string;
      updatedAtUtc: string;
    };
    /**
     * @description The processor's state: `inquiry` (INQUIRY: the issuer asks for information), `open` (PENDING: a chargeback under way; the amount is held from the merchant), `won` (WON: the money comes back), `lost` (LOST).
     * @enum {string}
     */
    DisputeState: "inquiry" | "open" | "won" | "lost";
    /**
     * @description The processor's response_state: `needs_response` (answer by respondBy), `responded`, `accepted`, `no_response_allowed`, `unknown` (the processor's sandbox).
     * @enum {string}
     */
    DisputeResponseState: "needs_response" | "responded" | "accepted" | "no_response_allowed" | "unknown";
    /**
     * @example {
     *       "lcEvidenceId": "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
     *       "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
     *       "fileName": "signed-receipt.pdf",
     *       "contentType": "application/pdf",
     *       "sizeBytes": 48213,
     *       "sha256": "9f2c1b7e4a0d3c6b8e5f1a2d7c4b9e0f3a6d8c1b5e7f2a4d9c0b3e6f8a1d5c7b",
     *       "sent": null,
     *       "state": "processing",
     *       "failureCode": null,
     *       "failureMessage": null,
     *       "processorEvidenceId": "DF58kdVTa5eMQUjcXH2F7DH4",
     *       "createdAtUtc": "2026-11-03T10:15:00.000Z",
     *       "updatedAtUtc": "2026-11-03T10:15:01.000Z"
     *     }
     */
    DisputeEvidence: {
      lcEvidenceId: string;
      lcDisputeId: string;
      /** @description The name the file was uploaded with. */
      fileName: string;
      /** @description What the content is (read from the bytes): image/jpeg, image/png, application/pdf or image/tiff. */
      contentType: string;
      sizeBytes: number;
      /** @description Hex SHA-256 of the content: the same content again is the same evidence. */
      sha256: string;
      /** @description What the processor was sent when it is not the file itself, else null. A photo (JPG or PNG) over the processor's 50 KB is fitted: downscaled (long side at most 2000 px), re-encoded as JPEG and placed in a one-page PDF within its 1 MB. The file uploaded is kept as it was and is what `contentType`, `sizeBytes` and `sha256` describe. */
      sent: {
        /** @example application/pdf */
        contentType: string;
        /** @example 412345 */
        sizeBytes: number;
        /**
         * @description The photo's width as sent, in pixels.
         * @example 2000
         */
        widthPx: number | null;
        /**
         * @description The photo's height as sent, in pixels.
         * @example 1500
         */
        heightPx: number | null;
      } | null;
      /**
       * @description `pending`: stored, not yet accepted by the processor (retried every minute); `processing`: the processor accepted the upload and reviews it; `succeeded`: passed on to the issuer; `failed`: refused or rejected by the processor (see failureMessage) — upload a different file, or post the same one again to retry; `canceled`.
       * @enum {string}
       */
      state: "pending" | "processing" | "succeeded" | "failed" | "canceled";
      failureCode: string | null;
      failureMessage: string | null;
      processorEvidenceId: string | null;
      createdAtUtc: string;
      updatedAtUtc: string;
    };
    EvidenceUpload: {
      /**
       * Format: binary
       * @description The evidence file. JPG or PNG up to 50 KB, PDF or TIFF up to 1 MB; the type is read from the content, not the name or the part's Content-Type.
       */
      file: string;
    };
    SubmitDisputeRequest: {
      /**
       * @description A note for the issuer with the evidence; a standard note is sent when omitted.
       * @example Signed receipt and delivery confirmation attached.
       */
      note?: string;
    };
    AcceptDisputeRequest: {
      /**
       * @description Why the dispute is accepted, for the processor's record; a standard note is sent when omitted.
       * @example Refunding the buyer directly; not contesting.
       */
      note?: string;
    };
    OnboardingForm: {
      /** @example obf_8v2Zk1Qe4RtYu7Io9Pa3Sd */
      formId: string;
      /**
       * @description The processor's form status: `IN_PROGRESS` or `COMPLETED`.
       * @example IN_PROGRESS
       */
      status: string;
      /** @description Send the merchant here. */
      onboardingUrl: string | null;
      /** @description When onboardingUrl stops working (reading the form renews an expired link). */
      expiresAt: string | null;
    };
    StartOnboardingRequest: {
      /**
       * Format: uri
       * @description Where the merchant lands after the form (your dashboard).
       */
      returnUrl?: string;
      /** @description Prefill for the form (the processor's entity field names). */
      business?: {
        business_name?: string;
        /** Format: email */
        email?: string;
        phone?: string;
        first_name?: string;
        last_name?: string;
      };
    };
    OnboardingFormStatus: components["schemas"]["OnboardingForm"] & {
      processorMerchantId: string | null;
    };
    Readiness: {
      /** @example MUeDVrf2ahuKc9Eg5TeZugvs */
      processorMerchantId: string | null;
      /** @enum {string} */
      onboardingStatus: "not_started" | "pending" | "enabled" | "restricted";
      chargesEnabled: boolean;
      payoutsEnabled: boolean;
      /** @description Why charges or payouts are off: `under_review`, `rejected`, `update_requested`, `processing_disabled`, `settlement_disabled`. */
      reasons: components["schemas"]["ReadinessReason"][];
      /** @description What the merchant must do: `onboarding_form`, `update_requested`, `pci_saq_a`. */
      requirements: components["schemas"]["ReadinessRequirement"][];
      pci: components["schemas"]["PciStatus"];
      /** @description Null when no action on the onboarding form is needed. */
      onboardingUrl: string | null;
    };
    ReadinessReason: {
      code: string;
      message: string;
    };
    ReadinessRequirement: {
      code: string;
      message: string;
      actionUrl: string | null;
      dueAt: string | null;
    };
    PciStatus: {
      /** @enum {string} */
      status: "valid" | "pending" | "expired" | "not_started";
      /**
       * @description YYYY-MM-DD
       * @example 2027-11-22
       */
      validUntil: string | null;
      /** @description Where the merchant attests PCI DSS SAQ-A; null when valid. */
      actionUrl: string | null;
    };
    PciAttestationForm: {
      name?: string;
      title?: string;
      accept?: string;
    };
    Tenant: {
      /** @example ten_3kTq9Wc2Zb7pLx0aYf4Rn */
      id: string;
      name: string;
      /**
       * @description Where the tenant's data lives: the region of its shard, set when it was created and changed only by a move to another region. Null for a tenant from before shards, whose data the control database still holds.
       * @example us
       */
      region: string | null;
      /** @description Null: the platform default applies. */
      feeBasisPoints: number | null;
      /** @description Null: the platform default applies. */
      feeFixedCents: number | null;
      processorMerchantId: string | null;
      chargesEnabled: boolean;
      createdAtUtc: string;
    };
    ProcessorWebhookAck: {
      /** @enum {boolean} */
      received: true;
      /** @description `applied`, `ignored` (nothing to change, or no tenant here), `unhandled` (an event the service does not consume), `duplicate`, `unprocessable` (kept, not applied), or `test` (the registration's empty POST). */
      outcome: string;
    };
    RegisteredProcessorWebhook: {
      id: string;
      url: string;
      enabled: boolean;
      secretSigningKey: string | null;
    };
    ProcessorWebhookReceiptList: {
      data: components["schemas"]["ProcessorWebhookReceipt"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false). */
      nextCursor: string;
    };
    ProcessorWebhookReceipt: {
      /** @description The receipt's id, derived from what the delivery says (the processor sends no event id). */
      id: string;
      /** @enum {string} */
      outcome: "received" | "applied" | "ignored" | "unhandled" | "unprocessable" | "reapplying";
      /**
       * @description `webhook`: a signed delivery; `sweep`: a resource the cron's read of missed changes found.
       * @enum {string}
       */
      source: "webhook" | "sweep";
      /** @description The processor's entity, as the body says (empty when it says none). */
      entity: string;
      type: string;
      resourceId: string | null;
      resourceState: string | null;
      resourceUpdatedAt: string | null;
      /** @description The tenant it was routed to, when that was known. */
      tenantId: string | null;
      receivedAtUtc: string;
      /** @description When a reapply last took it. */
      reappliedAtUtc: string | null;
      /** @description Why it was last found unprocessable: the paths and messages of the fields that do not fit the processor's schema, or `(applying)` with the error applying it threw. */
      reason: components["schemas"]["ProcessorWebhookReasonItem"][] | null;
      /** @description The body as signed (a sweep's: the resource as read); kept only with an unprocessable receipt. */
      rawBody: string | null;
    };
    ProcessorWebhookReasonItem: {
      field: string;
      message: string;
    };
    ReappliedProcessorWebhookList: {
      data: components["schemas"]["ReappliedProcessorWebhook"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false). */
      nextCursor: string;
    };
    ReappliedProcessorWebhook: {
      id: string;
      /** @enum {string} */
      outcome: "received" | "applied" | "ignored" | "unhandled" | "unprocessable" | "reapplying";
      reason: components["schemas"]["ProcessorWebhookReasonItem"][] | null;
    };
    ProcessorFeedList: {
      data: components["schemas"]["ProcessorFeed"][];
    };
    ProcessorFeed: {
      /** @description The processor's resource the feed reads (`dispute`, `transfer`, `merchant`). */
      resource: string;
      /** @description How far behind the processor's newest change the feed is: every change made before `readThroughUtc` has been read and applied (or set aside), so this is how long ago that is. About a minute when caught up (the cron runs each minute); null before its first read. `/health/ready` warns past 15 minutes. */
      lagSeconds: number | null;
      readThroughUtc: string | null;
      /** @description A read is under way: it goes on from its cursor in the next cron run. */
      reading: boolean;
      /** @description When the read under way (or the last one) began. */
      readStartedAtUtc: string | null;
      /** @description When the feed last saved a page. */
      advancedAtUtc: string | null;
      /** @description Changes the feed set aside and went on past (a tenant paused by a move): kept with source `sweep` among the unprocessable webhooks and applied by the cron once the tenant has landed. */
      deferredChanges: number;
    };
    ApiKeyList: {
      data: components["schemas"]["ApiKey"][];
    };
    ApiKey: {
      /** @example key_8fJw2QpLm4Zt0Xc1Vb9Kd */
      id: string;
      tenantId: string;
      /**
       * @description Given in the dashboard; empty for keys issued without one.
       * @example Checkout server
       */
      name: string;
      /** @description False: the key has every permission, including those of resources added later (every key issued without `permissions`). True: it has exactly `permissions`, fixed when it was issued. */
      restricted: boolean;
      permissions: components["schemas"]["ApiKeyPermissions"];
      /** @example lc_live_AbCd */
      displayPrefix: string;
      lastFour: string;
      createdAtUtc: string;
      revokedAtUtc: string | null;
      /** @description When the key last authenticated a request, to the minute. */
      lastUsedAtUtc: string | null;
    };
    /** @description A level per resource: `payments`, `refunds`, `disputes`, `payouts`, `terminal`, `onboarding`, `events`, `callback_endpoints`. Each /v1 operation names the one it needs as `x-permission` (e.g. `payments:write`). All `write` for a key that is not restricted. */
    ApiKeyPermissions: {
      payments: components["schemas"]["PermissionLevel"];
      refunds: components["schemas"]["PermissionLevel"];
      disputes: components["schemas"]["PermissionLevel"];
      payouts: components["schemas"]["PermissionLevel"];
      terminal: components["schemas"]["PermissionLevel"];
      onboarding: components["schemas"]["PermissionLevel"];
      events: components["schemas"]["PermissionLevel"];
      callback_endpoints: components["schemas"]["PermissionLevel"];
      requests: components["schemas"]["PermissionLevel"];
    };
    /**
     * @description `none`, `read` (GET routes) or `write` (every route of the resource; write implies read).
     * @enum {string}
     */
    PermissionLevel: "none" | "read" | "write";
    TenantList: {
      data: components["schemas"]["Tenant"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false). */
      nextCursor: string;
    };
    ShardList: {
      data: components["schemas"]["Shard"][];
    };
    Shard: {
      /**
       * @description The shard's D1 binding, as `SHARDS` in wrangler.toml names it.
       * @example DB_SHARD_EU_1
       */
      shard: string;
      /**
       * @description Where its data lives; tenants of this region are placed on it.
       * @example eu
       */
      region: string;
      /** @description Whether it takes new tenants. */
      open: boolean;
      /**
       * @description Tenants placed on it.
       * @example 42
       */
      tenants: number;
      /**
       * @description Rows in all its tables, counted now.
       * @example 1250000
       */
      rows: number;
      /**
       * @description Its size as D1 reports it (a database holds up to 10 GB).
       * @example 862000000
       */
      sizeBytes: number;
    };
    EventList: {
      data: components["schemas"]["Event"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false). */
      nextCursor: string;
    };
    Event: {
      /**
       * @description The callback's `LC-Event-Id`.
       * @example event_7hJk2LmN4pQrStUvWxYz9b
       */
      id: string;
      /**
       * @description The callback's `LC-Event-Type`.
       * @enum {string}
       */
      type:
        | "transfer.updated"
        | "application_fee_refund.updated"
        | "dispute.created"
        | "dispute.updated"
        | "evidence.updated"
        | "merchant.updated"
        | "compliance_form.updated"
        | "ping";
      /** @example 2026-11-03T10:15:02.000Z */
      createdAtUtc: string;
      /** @description The callback's body exactly as it was sent (the same JSON, key for key, as every delivery of this event carries); its shape per type is in the document's `webhooks`. */
      body: {
        [key: string]: unknown;
      };
    };
    CallbackEndpointList: {
      data: components["schemas"]["CallbackEndpoint"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false). */
      nextCursor: string;
    };
    CallbackEndpoint: {
      /** @example cbe_Jq3Lw8Xb2VnR7tZk5Hm1Pc */
      id: string;
      /** @description Where callbacks go. Null only on the first endpoint (the dashboard's callback URL) after the URL was saved empty there: it then receives nothing until a URL is set again. */
      url: string | null;
      description: string | null;
      /** @description Event types it receives; `["*"]`: every type. */
      enabledEvents: string[];
      /** @description A disabled endpoint receives nothing; its deliveries not yet made were canceled. */
      disabled: boolean;
      /**
       * @description `tenant`: disabled on request; `gone`: its receiver answered 410 Gone. Null while enabled.
       * @enum {string|null}
       */
      disabledReason: "tenant" | "gone" | null;
      createdAtUtc: string;
      updatedAtUtc: string;
    };
    CreatedCallbackEndpoint: components["schemas"]["CallbackEndpoint"] & {
      /**
       * @description This endpoint's signing secret (the HMAC key: this whole string as UTF-8). Returned here only, never again.
       * @example whsec_7Lp9Wd3Kf5mQ2rT8vXc1Zb4
       */
      secret: string;
    };
    DeletedCallbackEndpoint: {
      id: string;
      /** @enum {boolean} */
      deleted: true;
    };
    CallbackSettings: {
      tenantId: string;
      /** @description Null: callbacks are off. */
      url: string | null;
      enabled: boolean;
      /** @description Active secrets, current first; never their values. */
      signingSecrets: components["schemas"]["CallbackSigningSecretInfo"][];
      createdAtUtc: string | null;
      updatedAtUtc: string | null;
    };
    CallbackSigningSecretInfo: {
      /** @example sigkey_5mQ2rT8vXc1Zb4Lp9Wd3Kf */
      id: string;
      createdAtUtc: string;
      /** @description Null for the current secret; a rotated-out secret signs until then. */
      expiresAtUtc: string | null;
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
    CallbackEventList: {
      data: components["schemas"]["CallbackEvent"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false). */
      nextCursor: string;
    };
    CallbackEvent: {
      /** @example event_7hJk2LmN4pQrStUvWxYz9b */
      id: string;
      /** @example transfer.updated */
      type: string;
      createdAtUtc: string;
      /** @description When the event was handed to delivery; null until then (the sweep retries). */
      enqueuedAtUtc: string | null;
      /** @description The callback body as delivered (LC-Event-Id = id). */
      body: {
        [key: string]: unknown;
      };
    };
    CallbackDeliveryList: {
      data: components["schemas"]["CallbackDelivery"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false). */
      nextCursor: string;
    };
    CallbackDelivery: {
      /** @example dlv_2bV8nQ4wXz7Kc1Lp5Rt9Hm */
      id: string;
      eventId: string;
      /** @description The callback endpoint it went to (`cbe_…`), a deleted one included. */
      endpointId: string;
      eventType: string;
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
      attemptCount: number;
      lastStatusCode: number | null;
      lastError: string | null;
      lastAttemptAtUtc: string | null;
      nextAttemptAtUtc: string | null;
      deliveredAtUtc: string | null;
      failedAtUtc: string | null;
      createdAtUtc: string;
      attempts: components["schemas"]["CallbackDeliveryAttempt"][];
    };
    CallbackDeliveryAttempt: {
      attemptNumber: number;
      attemptedAtUtc: string;
      url: string;
      /** @description The receiver's HTTP status; null when no response arrived. */
      statusCode: number | null;
      error: string | null;
      durationMs: number;
      nextAttemptAtUtc: string | null;
    };
    CallbackReplayResult: {
      data: components["schemas"]["CallbackDelivery"][];
      hasMore: boolean;
    };
    ArchivedCallbackDay: {
      /** @example ten_3kTq9Wc2Zb7pLx0aYf4Rn */
      tenantId: string;
      /** @example 2026-11-03 */
      day: string;
      data: components["schemas"]["ArchivedCallbackEvent"][];
    };
    ArchivedCallbackEvent: components["schemas"]["CallbackEvent"] & {
      /** @description Every delivery of the event, with its attempts, as they ended. */
      deliveries: components["schemas"]["CallbackDelivery"][];
    };
    RequestLogList: {
      data: components["schemas"]["RequestLogEntry"][];
      hasMore: boolean;
      /** @description Pass back as `cursor` while hasMore is true; an empty string on the last page (hasMore false). */
      nextCursor: string;
    };
    RequestLogEntry: {
      /** @example req_V1StGXR8Z5jdHi6BmyT7a */
      id: string;
      /**
       * @description When the request arrived.
       * @example 2026-11-26T14:05:09.312Z
       */
      receivedAtUtc: string;
      /** @example POST */
      method: string;
      /**
       * @description The path as sent, ids included.
       * @example /v1/payments
       */
      path: string;
      /**
       * @description The query string as sent, without its `?` ("" when there was none); the value of a parameter named like a secret (`token`, `key`, `secret`, `password`…) and anything shaped like a key or secret is `[REDACTED]`.
       * @example
       */
      query: string;
      /** @example 402 */
      status: number;
      /**
       * @description From the request's arrival to its response.
       * @example 412
       */
      durationMs: number;
      /**
       * @description The `traceId` of its answer (`X-Trace-Id`, and every problem's body).
       * @example 4bf92f3577b34da6a3ce929d0e0e4736
       */
      traceId: string;
      /**
       * @description Its `Idempotency-Key` header, if any.
       * @example order-1001-charge
       */
      idempotencyKey: string | null;
      /**
       * @description The id of the API key it was made with.
       * @example key_8fJw2QpLm4Zt0Xc1Vb9Kd
       */
      apiKeyId: string;
    };
    DashboardInvite: {
      /** @example inv_5Hq2cXk9TzLw0aRb3Yd7Ne */
      id: string;
      /** @example ten_3kTq9Wc2Zb7pLx0aYf4Rn */
      tenantId: string;
      /** @example owner@bluebottle.example */
      email: string;
      /** @enum {string} */
      role: "owner" | "member";
      /** @example 2026-11-04T00:00:00.000Z */
      expiresAtUtc: string;
      /**
       * @description The one-time link to hand to the person; shown only in this response. Opening it lets them set a password.
       * @example http://localhost:8787/dashboard/invite/q3Vb1yNnJ0c8m2Xw5KpZr4TgHs6UaLdE9fCiYoBvQ7e
       */
      inviteUrl: string;
    };
    DashboardInviteRequest: {
      /**
       * Format: email
       * @example owner@bluebottle.example
       */
      email: string;
    };
    DashboardPasswordReset: {
      /** @example pwr_7Jd3kQw9ZxLm2aTb5Yc8Ne */
      id: string;
      /** @example ten_3kTq9Wc2Zb7pLx0aYf4Rn */
      tenantId: string;
      /** @example usr_4Rt8nWq2Xc6pLz0aKf3Ym */
      userId: string;
      /** @example owner@bluebottle.example */
      email: string;
      /**
       * @description The user's role, which the reset keeps.
       * @enum {string}
       */
      role: "owner" | "member";
      /** @example 2026-11-04T00:00:00.000Z */
      expiresAtUtc: string;
      /**
       * @description The one-time link to hand to the person; shown only in this response. Opening it lets them choose a new password, which ends every session they had.
       * @example http://localhost:8787/dashboard/reset/Zr4TgHs6UaLdE9fCiYoBvQ7eq3Vb1yNnJ0c8m2Xw5Kp
       */
      resetUrl: string;
    };
    DashboardPasswordResetRequest: {
      /**
       * Format: email
       * @example owner@bluebottle.example
       */
      email: string;
    };
    IssuedApiKey: components["schemas"]["ApiKey"] & {
      /** @description The secret key. Shown only in this response; store it now. */
      key: string;
    };
    /** @description A level per resource: `payments`, `refunds`, `disputes`, `payouts`, `terminal`, `onboarding`, `events`, `callback_endpoints`. Each /v1 operation names the one it needs as `x-permission` (e.g. `payments:write`). A resource left out is `none`. */
    KeyPermissions: {
      payments?: components["schemas"]["PermissionLevel"];
      refunds?: components["schemas"]["PermissionLevel"];
      disputes?: components["schemas"]["PermissionLevel"];
      payouts?: components["schemas"]["PermissionLevel"];
      terminal?: components["schemas"]["PermissionLevel"];
      onboarding?: components["schemas"]["PermissionLevel"];
      events?: components["schemas"]["PermissionLevel"];
      callback_endpoints?: components["schemas"]["PermissionLevel"];
      requests?: components["schemas"]["PermissionLevel"];
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getTenantMove: {
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
      /** @description The move. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "from": "DB_SHARD_US_1",
           *       "to": "DB_SHARD_US_2",
           *       "region": "us",
           *       "step": "copy",
           *       "paused": false,
           *       "pauseMs": null,
           *       "tables": [
           *         {
           *           "table": "payments",
           *           "copied": 400,
           *           "compared": 0,
           *           "repaired": 0,
           *           "caughtUpWritten": 0,
           *           "caughtUpDeleted": 0,
           *           "deltaWritten": 0,
           *           "deltaDeleted": 0,
           *           "sourceRows": null,
           *           "targetRows": null,
           *           "sourceChecksum": null,
           *           "targetChecksum": null,
           *           "deleted": 0
           *         }
           *       ],
           *       "startedAtUtc": "2026-11-26T10:00:00.000Z",
           *       "updatedAtUtc": "2026-11-26T10:01:05.000Z",
           *       "flippedAtUtc": null,
           *       "finishedAtUtc": null,
           *       "lastError": null,
           *       "failures": 0,
           *       "lastFailedAtUtc": null,
           *       "nextAttemptAtUtc": null
           *     }
           */
          "application/json": components["schemas"]["TenantMove"];
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
      /** @description No such tenant, or it was never moved. */
      404: {
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
  moveTenant: {
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
        /**
         * @example {
         *       "to": "DB_SHARD_US_2",
         *       "allowCrossRegion": false
         *     }
         */
        "application/json": {
          /** @description The target shard's D1 binding, as `GET /admin/shards` lists it. */
          to: string;
          /**
           * @description Required (true) when `to` is in another region than the tenant's data.
           * @default false
           */
          allowCrossRegion?: boolean;
        };
      };
    };
    responses: {
      /** @description The move is done (or the tenant was on `to` already: nothing to do). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "from": "DB_SHARD_US_1",
           *       "to": "DB_SHARD_US_2",
           *       "region": "us",
           *       "step": "done",
           *       "paused": false,
           *       "pauseMs": 1840,
           *       "tables": [
           *         {
           *           "table": "payments",
           *           "copied": 1200,
           *           "compared": 1203,
           *           "repaired": 0,
           *           "caughtUpWritten": 41,
           *           "caughtUpDeleted": 0,
           *           "deltaWritten": 3,
           *           "deltaDeleted": 0,
           *           "sourceRows": 3,
           *           "targetRows": 3,
           *           "sourceChecksum": "9f2c3b6f0a8d4e1b7c5a2f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c",
           *           "targetChecksum": "9f2c3b6f0a8d4e1b7c5a2f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c",
           *           "deleted": 1203
           *         }
           *       ],
           *       "startedAtUtc": "2026-11-26T10:00:00.000Z",
           *       "updatedAtUtc": "2026-11-26T10:01:05.000Z",
           *       "flippedAtUtc": "2026-11-26T10:00:58.000Z",
           *       "finishedAtUtc": "2026-11-26T10:01:05.000Z",
           *       "lastError": null,
           *       "failures": 0,
           *       "lastFailedAtUtc": null,
           *       "nextAttemptAtUtc": null
           *     }
           */
          "application/json": components["schemas"]["TenantMove"];
        };
      };
      /** @description The move is under way; call again to go on. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "from": "DB_SHARD_US_1",
           *       "to": "DB_SHARD_US_2",
           *       "region": "us",
           *       "step": "copy",
           *       "paused": false,
           *       "pauseMs": null,
           *       "tables": [
           *         {
           *           "table": "payments",
           *           "copied": 400,
           *           "compared": 0,
           *           "repaired": 0,
           *           "caughtUpWritten": 0,
           *           "caughtUpDeleted": 0,
           *           "deltaWritten": 0,
           *           "deltaDeleted": 0,
           *           "sourceRows": null,
           *           "targetRows": null,
           *           "sourceChecksum": null,
           *           "targetChecksum": null,
           *           "deleted": 0
           *         }
           *       ],
           *       "startedAtUtc": "2026-11-26T10:00:00.000Z",
           *       "updatedAtUtc": "2026-11-26T10:01:05.000Z",
           *       "flippedAtUtc": null,
           *       "finishedAtUtc": null,
           *       "lastError": null,
           *       "failures": 0,
           *       "lastFailedAtUtc": null,
           *       "nextAttemptAtUtc": null
           *     }
           */
          "application/json": components["schemas"]["TenantMove"];
        };
      };
      /** @description Invalid body, a shard this deployment does not configure, or another region without `allowCrossRegion`. */
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
      /** @description Another move of the tenant, to another shard, is under way, or its last move is being cancelled. */
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
  cancelTenantMove: {
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
      /** @description The move is cancelled: the tenant is wholly on its source. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "from": "DB_SHARD_US_1",
           *       "to": "DB_SHARD_US_2",
           *       "region": "us",
           *       "step": "cancelled",
           *       "paused": false,
           *       "pauseMs": null,
           *       "tables": [
           *         {
           *           "table": "payments",
           *           "copied": 400,
           *           "compared": 1203,
           *           "repaired": 0,
           *           "caughtUpWritten": 41,
           *           "caughtUpDeleted": 0,
           *           "deltaWritten": 3,
           *           "deltaDeleted": 0,
           *           "sourceRows": null,
           *           "targetRows": null,
           *           "sourceChecksum": null,
           *           "targetChecksum": null,
           *           "deleted": 0
           *         }
           *       ],
           *       "startedAtUtc": "2026-11-26T10:00:00.000Z",
           *       "updatedAtUtc": "2026-11-26T10:02:10.000Z",
           *       "flippedAtUtc": null,
           *       "finishedAtUtc": "2026-11-26T10:02:10.000Z",
           *       "lastError": null,
           *       "failures": 0,
           *       "lastFailedAtUtc": null,
           *       "nextAttemptAtUtc": null
           *     }
           */
          "application/json": components["schemas"]["TenantMove"];
        };
      };
      /** @description The rollback is under way; call again to go on. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "from": "DB_SHARD_US_1",
           *       "to": "DB_SHARD_US_2",
           *       "region": "us",
           *       "step": "cancelling",
           *       "paused": false,
           *       "pauseMs": null,
           *       "tables": [
           *         {
           *           "table": "payments",
           *           "copied": 400,
           *           "compared": 1203,
           *           "repaired": 0,
           *           "caughtUpWritten": 41,
           *           "caughtUpDeleted": 0,
           *           "deltaWritten": 3,
           *           "deltaDeleted": 0,
           *           "sourceRows": null,
           *           "targetRows": null,
           *           "sourceChecksum": null,
           *           "targetChecksum": null,
           *           "deleted": 0
           *         }
           *       ],
           *       "startedAtUtc": "2026-11-26T10:00:00.000Z",
           *       "updatedAtUtc": "2026-11-26T10:02:10.000Z",
           *       "flippedAtUtc": null,
           *       "finishedAtUtc": null,
           *       "lastError": null,
           *       "failures": 0,
           *       "lastFailedAtUtc": null,
           *       "nextAttemptAtUtc": null
           *     }
           */
          "application/json": components["schemas"]["TenantMove"];
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
      /** @description No such tenant, or it was never moved. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description The move is past its flip (or done): it can only go forward. */
      409: {
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
  listTenantMoves: {
    parameters: {
      query?: {
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
      /** @description One page of moves. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *           "from": "DB_SHARD_US_1",
           *           "to": "DB_SHARD_US_2",
           *           "region": "us",
           *           "step": "copy",
           *           "paused": false,
           *           "startedAtUtc": "2026-11-26T10:00:00.000Z",
           *           "updatedAtUtc": "2026-11-26T10:00:04.000Z",
           *           "finishedAtUtc": null,
           *           "ageSeconds": 1440,
           *           "idleSeconds": 1436,
           *           "stuck": true,
           *           "lastError": "copy: Error: D1_ERROR: no such table: payments",
           *           "failures": 5,
           *           "lastFailedAtUtc": "2026-11-26T10:15:00.000Z",
           *           "nextAttemptAtUtc": "2026-11-26T10:31:00.000Z"
           *         }
           *       ],
           *       "hasMore": false,
           *       "nextCursor": ""
           *     }
           */
          "application/json": components["schemas"]["TenantMoveList"];
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
  getMeta: {
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
          /**
           * @example {
           *       "service": "payment-connect",
           *       "processor": "finix",
           *       "processorEnvironment": "sandbox",
           *       "processorApplicationId": "APsandboxPaymentConnect0001",
           *       "processorApiVersion": "2022-02-01",
           *       "currency": "USD"
           *     }
           */
          "application/json": components["schemas"]["PublicConfig"];
        };
      };
    };
  };
  getHealth: {
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
          /**
           * @example {
           *       "status": "ok"
           *     }
           */
          "application/json": components["schemas"]["HealthStatus"];
        };
      };
    };
  };
  getLiveness: {
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
          /**
           * @example {
           *       "status": "ok"
           *     }
           */
          "application/json": components["schemas"]["HealthStatus"];
        };
      };
    };
  };
  getReadiness: {
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
          /**
           * @example {
           *       "status": "ok",
           *       "checks": {
           *         "database": "ok"
           *       },
           *       "detail": {
           *         "unprocessableProcessorWebhooks": 0,
           *         "stuckTenantMoves": 0,
           *         "failingTenantMoves": 0,
           *         "processorFeedLagSeconds": 61,
           *         "processorFeedsBehind": false
           *       }
           *     }
           */
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
  listPayments: {
    parameters: {
      query?: {
        /** @description Only those created at or after this instant (inclusive): ISO 8601 with `Z` or an offset (`2026-11-01T02:00:00+02:00`), any precision, compared with createdAtUtc as an instant. */
        from?: string;
        /** @description Only those created before this instant (exclusive), written as `from`. */
        to?: string;
        status?: components["schemas"]["PaymentStatus"];
        /** @description Page size, 1–200; default 50. */
        limit?: number;
        /** @description The nextCursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description The `X-D1-Bookmark` of an earlier answer (a write's, or a list's): this list then reads from a copy of the data at least that recent, so it shows that write. Without it the list may come from a replica a moment behind the primary. A bookmark looks like `00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683~DB_SHARD_US_1` (no example here, so "Try it out" sends none). */
        "X-D1-Bookmark"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of payments. */
      200: {
        headers: {
          /** @description Where this read stood: send it back as `X-D1-Bookmark` to read at least this much next time. */
          "X-D1-Bookmark"?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *           "status": "succeeded",
           *           "amountCents": 2500,
           *           "currency": "USD",
           *           "applicationFeeCents": 55,
           *           "amountRefundedCents": 0,
           *           "method": "card",
           *           "orderRef": "order-10042",
           *           "processorTransferId": "TRv3Qm8xZ1LwK2",
           *           "processorInstrumentId": "PIe2YvpcjvoVJ6PzoRPBK137",
           *           "createdAtUtc": "2026-11-01T09:05:00.000Z",
           *           "updatedAtUtc": "2026-11-01T09:05:01.000Z"
           *         }
           *       ],
           *       "hasMore": false,
           *       "nextCursor": ""
           *     }
           */
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
      /** @description `insufficient-permissions`: the key lacks `payments:read`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  createPayment: {
    parameters: {
      query?: never;
      header: {
        /** @description Required: derive it from your order key. A replay returns the original result. 1–255 printable ASCII characters; kept 24 hours. */
        "Idempotency-Key": string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON request body */
    requestBody: {
      content: {
        /**
         * @example {
         *       "amountCents": 2500,
         *       "currency": "USD",
         *       "processorToken": "TKsandboxVisa4895Success",
         *       "buyer": {
         *         "firstName": "Ada",
         *         "lastName": "Lovelace",
         *         "email": "ada@example.com"
         *       },
         *       "orderRef": "order-10042"
         *     }
         */
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
          /**
           * @example {
           *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *       "status": "succeeded",
           *       "amountCents": 2500,
           *       "applicationFeeCents": 55,
           *       "processorTransferId": "TRv3Qm8xZ1LwK2",
           *       "processorState": "SUCCEEDED"
           *     }
           */
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
      /** @description `merchant-not-ready`: the tenant's chargesEnabled is false. Or `insufficient-permissions`: the key lacks `payments:write`. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description `idempotency-key-reused` (different body) or `idempotency-key-in-flight` (with `Retry-After`: seconds until the first request's processor call must have answered). */
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
      /** @description `processor-rejected`: the processor refused the request (e.g. a used or expired token); `capture-not-supported`: `capture: false` with a bank account. */
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
      /** @description `processor-busy` (with `Retry-After`): the processor's rate limit for the platform is reached and nothing was sent; retry after `Retry-After` seconds with the same `Idempotency-Key`, which completes the same request once. Or `tenant-moving`: The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
      503: {
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
  getPayment: {
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
          /**
           * @example {
           *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *       "status": "succeeded",
           *       "amountCents": 2500,
           *       "amountRefundedCents": 0,
           *       "applicationFeeCents": 55,
           *       "currency": "USD",
           *       "method": "card",
           *       "orderRef": "order-10042",
           *       "processorTransferId": "TRv3Qm8xZ1LwK2",
           *       "processorState": "SUCCEEDED",
           *       "processorInstrumentId": "PIe2YvpcjvoVJ6PzoRPBK137",
           *       "applicationFeeRefundedCents": 0,
           *       "applicationFeeRefundPending": false,
           *       "processorFeeCents": 130,
           *       "processorFeeExactCents": "130",
           *       "failureCode": null,
           *       "failureMessage": null,
           *       "createdAtUtc": "2026-11-01T09:05:00.000Z",
           *       "updatedAtUtc": "2026-11-01T09:05:01.000Z"
           *     }
           */
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
      /** @description `insufficient-permissions`: the key lacks `payments:read`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  refundPayment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Optional, advised: a retry with the same key resumes the same refund instead of refunding twice. 1–255 printable ASCII characters; kept 24 hours. */
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
        /**
         * @example {
         *       "amountCents": 1000,
         *       "reason": "requested_by_customer",
         *       "refundApplicationFee": true
         *     }
         */
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
          /**
           * @example {
           *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *       "status": "partially_refunded",
           *       "amountCents": 2500,
           *       "amountRefundedCents": 1000,
           *       "applicationFeeCents": 55,
           *       "currency": "USD",
           *       "method": "card",
           *       "orderRef": "order-10042",
           *       "processorTransferId": "TRv3Qm8xZ1LwK2",
           *       "processorState": "SUCCEEDED",
           *       "processorInstrumentId": "PIe2YvpcjvoVJ6PzoRPBK137",
           *       "applicationFeeRefundedCents": 0,
           *       "applicationFeeRefundPending": true,
           *       "processorFeeCents": 130,
           *       "processorFeeExactCents": "130",
           *       "failureCode": null,
           *       "failureMessage": null,
           *       "createdAtUtc": "2026-11-01T09:05:00.000Z",
           *       "updatedAtUtc": "2026-11-02T15:20:00.000Z"
           *     }
           */
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
      /** @description `insufficient-permissions`: the key lacks `refunds:write`. */
      403: {
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
      /** @description `processor-busy` (with `Retry-After`): the processor's rate limit for the platform is reached and nothing was sent; retry after `Retry-After` seconds with the same `Idempotency-Key`, which completes the same request once. Or `tenant-moving`: The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
      503: {
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
  capturePayment: {
    parameters: {
      query?: never;
      header: {
        /** @description Required: a retry with the same key returns the same capture. 1–255 printable ASCII characters; kept 24 hours. */
        "Idempotency-Key": string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description JSON request body */
    requestBody?: {
      content: {
        /**
         * @example {
         *       "amountCents": 2000,
         *       "applicationFeeCents": 44
         *     }
         */
        "application/json": components["schemas"]["CapturePaymentRequest"];
      };
    };
    responses: {
      /** @description The payment, captured. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *       "status": "succeeded",
           *       "amountCents": 2000,
           *       "amountRefundedCents": 0,
           *       "applicationFeeCents": 44,
           *       "currency": "USD",
           *       "method": "card",
           *       "orderRef": "order-10042",
           *       "processorTransferId": "TRv3Qm8xZ1LwK2",
           *       "processorState": "SUCCEEDED",
           *       "processorInstrumentId": "PIe2YvpcjvoVJ6PzoRPBK137",
           *       "applicationFeeRefundedCents": 0,
           *       "applicationFeeRefundPending": false,
           *       "processorFeeCents": 130,
           *       "processorFeeExactCents": "130",
           *       "failureCode": null,
           *       "failureMessage": null,
           *       "createdAtUtc": "2026-11-01T09:05:00.000Z",
           *       "updatedAtUtc": "2026-11-01T09:05:01.000Z",
           *       "processorAuthorizationId": "AUmy5b3hVrs9iQ7q",
           *       "authorizedUntilUtc": "2026-11-08T09:05:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["PaymentResponse"];
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
      /** @description `insufficient-permissions`: the key lacks `payments:write`. */
      403: {
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
      /** @description `payment-not-capturable`: not an open authorization (a sale, or a hold captured, voided or lapsed already); `idempotency-key-reused` or `idempotency-key-in-flight`. */
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
      /** @description `capture-exceeds-authorization`: more than the hold; `processor-rejected`: the processor refused the capture. */
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
      /** @description `processor-error`: outcome unknown; retry with the same Idempotency-Key to finish the capture. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description `processor-busy` (with `Retry-After`): the processor's rate limit for the platform is reached and nothing was sent; retry after `Retry-After` seconds with the same `Idempotency-Key`, which completes the same request once. Or `tenant-moving`: The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description `processor-timeout`: outcome unknown; retry with the same Idempotency-Key to finish the capture. */
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
  voidPayment: {
    parameters: {
      query?: never;
      header: {
        /** @description Required: a retry with the same key returns the same void. 1–255 printable ASCII characters; kept 24 hours. */
        "Idempotency-Key": string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The payment, voided. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *       "status": "canceled",
           *       "amountCents": 2500,
           *       "amountRefundedCents": 0,
           *       "applicationFeeCents": 55,
           *       "currency": "USD",
           *       "method": "card",
           *       "orderRef": "order-10042",
           *       "processorTransferId": null,
           *       "processorState": "SUCCEEDED",
           *       "processorInstrumentId": "PIe2YvpcjvoVJ6PzoRPBK137",
           *       "applicationFeeRefundedCents": 0,
           *       "applicationFeeRefundPending": false,
           *       "processorFeeCents": null,
           *       "processorFeeExactCents": null,
           *       "failureCode": null,
           *       "failureMessage": null,
           *       "createdAtUtc": "2026-11-01T09:05:00.000Z",
           *       "updatedAtUtc": "2026-11-01T09:05:01.000Z",
           *       "processorAuthorizationId": "AUmy5b3hVrs9iQ7q",
           *       "authorizedUntilUtc": "2026-11-08T09:05:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["PaymentResponse"];
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
      /** @description `insufficient-permissions`: the key lacks `payments:write`. */
      403: {
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
      /** @description `payment-not-voidable`: not an open authorization (a sale, or a hold captured, voided or lapsed already); `idempotency-key-reused` or `idempotency-key-in-flight`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description `processor-rejected`: the processor refused the void. */
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
      /** @description `processor-error`: outcome unknown; retry with the same Idempotency-Key to finish the void. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description `processor-busy` (with `Retry-After`): the processor's rate limit for the platform is reached and nothing was sent; retry after `Retry-After` seconds with the same `Idempotency-Key`, which completes the same request once. Or `tenant-moving`: The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description `processor-timeout`: outcome unknown; retry with the same Idempotency-Key to finish the void. */
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
  getOperatorPayment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        tenantId: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The payment and its processor calls. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *       "status": "succeeded",
           *       "amountCents": 2500,
           *       "amountRefundedCents": 0,
           *       "applicationFeeCents": 55,
           *       "currency": "USD",
           *       "method": "card",
           *       "orderRef": "order-10042",
           *       "processorTransferId": "TRv3Qm8xZ1LwK2",
           *       "processorState": "SUCCEEDED",
           *       "processorInstrumentId": "PIe2YvpcjvoVJ6PzoRPBK137",
           *       "applicationFeeRefundedCents": 0,
           *       "applicationFeeRefundPending": false,
           *       "processorFeeCents": 130,
           *       "processorFeeExactCents": "130",
           *       "failureCode": null,
           *       "failureMessage": null,
           *       "createdAtUtc": "2026-11-01T09:05:00.000Z",
           *       "updatedAtUtc": "2026-11-01T09:05:01.000Z",
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "processorCalls": [
           *         {
           *           "operation": "createIdentity",
           *           "atUtc": "2026-11-01T09:05:00.000Z",
           *           "processorRequestId": "0b6f2d1e-54c3-4a1f-9d1b-7c2e8f3a6b10"
           *         },
           *         {
           *           "operation": "createPaymentInstrument",
           *           "atUtc": "2026-11-01T09:05:00.000Z",
           *           "processorRequestId": "5a9e7c2b-1d3f-4b6a-8e0c-2f4d6b8a1c3e"
           *         },
           *         {
           *           "operation": "createTransfer",
           *           "atUtc": "2026-11-01T09:05:01.000Z",
           *           "processorRequestId": "6f1c3f0e-8a7b-4e34-9d55-2b8c0f3a9e71"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["OperatorPayment"];
        };
      };
      /** @description Malformed tenant or payment id. */
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
      /** @description No such tenant, or no such payment of the tenant. */
      404: {
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
  getReconciliationBacklog: {
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
          /**
           * @example {
           *       "asOfUtc": "2026-11-03T10:00:00.000Z",
           *       "checksPerRun": 50,
           *       "processingPayments": {
           *         "count": 2,
           *         "due": 1,
           *         "oldestCreatedAtUtc": "2026-11-03T09:12:00.000Z",
           *         "nextCheckAtUtc": "2026-11-03T09:59:00.000Z"
           *       },
           *       "processorFeeLookups": {
           *         "count": 0,
           *         "due": 0,
           *         "oldestCreatedAtUtc": null,
           *         "nextCheckAtUtc": null
           *       },
           *       "pendingRefunds": {
           *         "count": 0,
           *         "due": 0,
           *         "oldestCreatedAtUtc": null,
           *         "nextCheckAtUtc": null
           *       },
           *       "pendingFeeCredits": {
           *         "count": 1,
           *         "due": 0,
           *         "oldestCreatedAtUtc": "2026-11-03T09:40:00.000Z",
           *         "nextCheckAtUtc": "2026-11-03T10:08:00.000Z"
           *       },
           *       "failedFeeCredits": {
           *         "count": 0,
           *         "oldestUpdatedAtUtc": null
           *       }
           *     }
           */
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
  listFeeCredits: {
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
          /**
           * @example {
           *       "data": [
           *         {
           *           "lcRefundId": "lcref_2mN8pQrStUvWxYz1a4gH2k",
           *           "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *           "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *           "status": "failed",
           *           "amountCents": 65,
           *           "attempts": 8,
           *           "nextAttemptAtUtc": null,
           *           "failureCode": "INSUFFICIENT_FUNDS",
           *           "processorTransferId": null,
           *           "updatedAtUtc": "2026-11-03T11:40:00.000Z"
           *         }
           *       ]
           *     }
           */
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
  retryFeeCredit: {
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
          /**
           * @example {
           *       "lcRefundId": "lcref_2mN8pQrStUvWxYz1a4gH2k",
           *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "status": "succeeded",
           *       "amountCents": 65,
           *       "attempts": 9,
           *       "nextAttemptAtUtc": null,
           *       "failureCode": null,
           *       "processorTransferId": "TRf4Hk8Lm2Nq6Rs1",
           *       "updatedAtUtc": "2026-11-03T11:40:00.000Z"
           *     }
           */
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
      /** @description A later refund that completed the payment already returned the whole fee, this share included. */
      409: {
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
      /** @description The refund's tenant is moving to another database and its writes are paused (seconds to a minute); nothing was done. Retry after `Retry-After` seconds: the retry runs on the tenant's new shard. */
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
  listReaders: {
    parameters: {
      query?: {
        status?: "registered" | "active" | "deactivated";
        /** @description Page size, 1–200; default 50. */
        limit?: number;
        /** @description The nextCursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description The `X-D1-Bookmark` of an earlier answer (a write's, or a list's): this list then reads from a copy of the data at least that recent, so it shows that write. Without it the list may come from a replica a moment behind the primary. A bookmark looks like `00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683~DB_SHARD_US_1` (no example here, so "Try it out" sends none). */
        "X-D1-Bookmark"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of readers. */
      200: {
        headers: {
          /** @description Where this read stood: send it back as `X-D1-Bookmark` to read at least this much next time. */
          "X-D1-Bookmark"?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
           *           "label": "Front counter",
           *           "model": "PAX_A920PRO",
           *           "serialNumber": "1850123456",
           *           "status": "active",
           *           "processorDeviceId": "DVsEanpBtsAVvCHbNXkFaH6f",
           *           "action": null,
           *           "createdAtUtc": "2026-11-01T09:00:00.000Z",
           *           "updatedAtUtc": "2026-11-01T09:01:00.000Z"
           *         }
           *       ],
           *       "hasMore": false,
           *       "nextCursor": ""
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
      /** @description `insufficient-permissions`: the key lacks `terminal:read`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  registerReader: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description JSON request body */
    requestBody: {
      content: {
        /**
         * @example {
         *       "serialNumber": "1850123456",
         *       "model": "PAX_A920PRO",
         *       "label": "Front counter"
         *     }
         */
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
           *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
           *       "label": "Front counter",
           *       "model": "PAX_A920PRO",
           *       "serialNumber": "1850123456",
           *       "status": "registered",
           *       "processorDeviceId": "DVsEanpBtsAVvCHbNXkFaH6f",
           *       "action": null,
           *       "createdAtUtc": "2026-11-01T09:00:00.000Z",
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
      /** @description `merchant-not-ready`: the tenant cannot take charges yet, so it cannot register readers either. Or `insufficient-permissions`: the key lacks `terminal:write`. */
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
      503: {
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
  getReader: {
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
           *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
           *       "label": "Front counter",
           *       "model": "PAX_A920PRO",
           *       "serialNumber": "1850123456",
           *       "status": "active",
           *       "processorDeviceId": "DVsEanpBtsAVvCHbNXkFaH6f",
           *       "action": null,
           *       "createdAtUtc": "2026-11-01T09:00:00.000Z",
           *       "updatedAtUtc": "2026-11-01T09:01:00.000Z",
           *       "connection": "Open"
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
      /** @description `insufficient-permissions`: the key lacks `terminal:read`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
      503: {
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
  activateReader: {
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
           *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
           *       "label": "Front counter",
           *       "model": "PAX_A920PRO",
           *       "serialNumber": "1850123456",
           *       "status": "active",
           *       "processorDeviceId": "DVsEanpBtsAVvCHbNXkFaH6f",
           *       "action": null,
           *       "createdAtUtc": "2026-11-01T09:00:00.000Z",
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
      /** @description `insufficient-permissions`: the key lacks `terminal:write`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
      503: {
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
  deactivateReader: {
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
           *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
           *       "label": "Front counter",
           *       "model": "PAX_A920PRO",
           *       "serialNumber": "1850123456",
           *       "status": "deactivated",
           *       "processorDeviceId": "DVsEanpBtsAVvCHbNXkFaH6f",
           *       "action": null,
           *       "createdAtUtc": "2026-11-01T09:00:00.000Z",
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
      /** @description `insufficient-permissions`: the key lacks `terminal:write`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
      503: {
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
  cancelReaderSale: {
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
           *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *       "status": "canceled",
           *       "amountCents": 1250,
           *       "amountRefundedCents": 0,
           *       "applicationFeeCents": 43,
           *       "currency": "USD",
           *       "method": "card_present",
           *       "orderRef": "order-20001",
           *       "processorTransferId": "TRv3Qm8xZ1LwK2",
           *       "processorState": "CANCELED",
           *       "processorInstrumentId": null,
           *       "applicationFeeRefundedCents": 0,
           *       "applicationFeeRefundPending": false,
           *       "processorFeeCents": null,
           *       "processorFeeExactCents": null,
           *       "failureCode": "CANCELLATION_VIA_API",
           *       "failureMessage": "The transaction was canceled through the API.",
           *       "createdAtUtc": "2026-11-01T09:05:00.000Z",
           *       "updatedAtUtc": "2026-11-01T09:05:00.000Z",
           *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b"
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
      /** @description `insufficient-permissions`: the key lacks `terminal:write`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  createTerminalSale: {
    parameters: {
      query?: never;
      header: {
        /** @description Required: derive it from your order key. A replay returns the original answer; one key never starts a second sale. 1–255 printable ASCII characters; kept 24 hours. */
        "Idempotency-Key": string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON request body */
    requestBody: {
      content: {
        /**
         * @example {
         *       "readerId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b",
         *       "amountCents": 1250,
         *       "currency": "USD",
         *       "orderRef": "order-20001"
         *     }
         */
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
           *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *       "status": "processing",
           *       "amountCents": 1250,
           *       "amountRefundedCents": 0,
           *       "applicationFeeCents": 43,
           *       "currency": "USD",
           *       "method": "card_present",
           *       "orderRef": "order-20001",
           *       "processorTransferId": null,
           *       "processorState": null,
           *       "processorInstrumentId": null,
           *       "applicationFeeRefundedCents": 0,
           *       "applicationFeeRefundPending": false,
           *       "processorFeeCents": null,
           *       "processorFeeExactCents": null,
           *       "failureCode": null,
           *       "failureMessage": null,
           *       "createdAtUtc": "2026-11-01T09:05:00.000Z",
           *       "updatedAtUtc": "2026-11-01T09:05:00.000Z",
           *       "lcReaderId": "lcrdr_7Hk2LmQ9pRsT4vWx8YzA1b"
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
      /** @description `merchant-not-ready`: the tenant's chargesEnabled is false. Or `insufficient-permissions`: the key lacks `terminal:write`. */
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  listPayouts: {
    parameters: {
      query?: {
        /** @description Only those created at or after this instant (inclusive): ISO 8601 with `Z` or an offset (`2026-11-01T02:00:00+02:00`), any precision, compared with createdAtUtc as an instant. */
        from?: string;
        /** @description Only those created before this instant (exclusive), written as `from`. */
        to?: string;
        /** @description `accruing`: the settlement is still collecting (totals change until it closes); `awaiting_approval`: closed, not yet approved; `approved`: the funding transfer to the bank is under way; `paid`: it succeeded (money in the account on `expectedArrivalDate`); `failed`: the bank transfer failed (`failureCode`). */
        status?: components["schemas"]["PayoutStatus"];
        /** @description Page size, 1–200; default 50. */
        limit?: number;
        /** @description The nextCursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description The `X-D1-Bookmark` of an earlier answer (a write's, or a list's): this list then reads from a copy of the data at least that recent, so it shows that write. Without it the list may come from a replica a moment behind the primary. A bookmark looks like `00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683~DB_SHARD_US_1` (no example here, so "Try it out" sends none). */
        "X-D1-Bookmark"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of payouts. */
      200: {
        headers: {
          /** @description Where this read stood: send it back as `X-D1-Bookmark` to read at least this much next time. */
          "X-D1-Bookmark"?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "lcPayoutId": "lcpo_7Hq2Lm9Xc4Vb8Nz1Kd3Rt5",
           *           "status": "paid",
           *           "grossCents": 14000,
           *           "feesCents": 500,
           *           "netCents": 13500,
           *           "currency": "USD",
           *           "paymentCount": 2,
           *           "initiatedAtUtc": "2026-11-06T18:30:00.000Z",
           *           "expectedArrivalDate": "2026-11-09",
           *           "failureCode": null,
           *           "failureMessage": null,
           *           "processorSettlementId": "STvUfBLbCUsun2KFoTuxR2j1",
           *           "processorSettlementStatus": "APPROVED",
           *           "processorFundingTransferId": "TRm1Kd8ZpQ4rXw7Yc2Vb9Nn3",
           *           "processorFundingTransferState": "SUCCEEDED",
           *           "createdAtUtc": "2026-11-05T09:12:00.000Z",
           *           "updatedAtUtc": "2026-11-06T18:31:02.000Z"
           *         }
           *       ],
           *       "hasMore": false,
           *       "nextCursor": ""
           *     }
           */
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
      /** @description `insufficient-permissions`: the key lacks `payouts:read`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  getPayout: {
    parameters: {
      query?: {
        /** @description Page size, 1–200; default 100. */
        limit?: number;
        /** @description The nextCursor of the previous page. */
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
      /** @description `insufficient-permissions`: the key lacks `payouts:read`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  listDisputes: {
    parameters: {
      query?: {
        /** @description Only those created at or after this instant (inclusive): ISO 8601 with `Z` or an offset (`2026-11-01T02:00:00+02:00`), any precision, compared with createdAtUtc as an instant. */
        from?: string;
        /** @description Only those created before this instant (exclusive), written as `from`. */
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
      header?: {
        /** @description The `X-D1-Bookmark` of an earlier answer (a write's, or a list's): this list then reads from a copy of the data at least that recent, so it shows that write. Without it the list may come from a replica a moment behind the primary. A bookmark looks like `00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683~DB_SHARD_US_1` (no example here, so "Try it out" sends none). */
        "X-D1-Bookmark"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of disputes. */
      200: {
        headers: {
          /** @description Where this read stood: send it back as `X-D1-Bookmark` to read at least this much next time. */
          "X-D1-Bookmark"?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
           *           "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *           "orderRef": "order-10042",
           *           "amountCents": 888888,
           *           "currency": "USD",
           *           "reason": "fraud",
           *           "reasonCode": "10.4",
           *           "state": "open",
           *           "responseState": "needs_response",
           *           "respondBy": "2026-11-10T09:00:00.000Z",
           *           "acceptsResponse": true,
           *           "submission": "none",
           *           "submitted": false,
           *           "submittedAtUtc": null,
           *           "acceptance": "none",
           *           "acceptedAtUtc": null,
           *           "evidence": [
           *             {
           *               "lcEvidenceId": "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
           *               "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
           *               "fileName": "signed-receipt.pdf",
           *               "contentType": "application/pdf",
           *               "sizeBytes": 48213,
           *               "sha256": "9f2c1b7e4a0d3c6b8e5f1a2d7c4b9e0f3a6d8c1b5e7f2a4d9c0b3e6f8a1d5c7b",
           *               "sent": null,
           *               "state": "processing",
           *               "failureCode": null,
           *               "failureMessage": null,
           *               "processorEvidenceId": "DF58kdVTa5eMQUjcXH2F7DH4",
           *               "createdAtUtc": "2026-11-03T10:15:00.000Z",
           *               "updatedAtUtc": "2026-11-03T10:15:01.000Z"
           *             }
           *           ],
           *           "processorDisputeId": "DIs7yQRkHDdMYhurzYz72SFk",
           *           "processorTransferId": "TRv3Qm8xZ1LwK2",
           *           "createdAtUtc": "2026-11-03T09:00:00.000Z",
           *           "updatedAtUtc": "2026-11-03T10:15:01.000Z"
           *         }
           *       ],
           *       "hasMore": false,
           *       "nextCursor": ""
           *     }
           */
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
      /** @description `insufficient-permissions`: the key lacks `disputes:read`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  getDispute: {
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
          /**
           * @example {
           *       "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
           *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *       "orderRef": "order-10042",
           *       "amountCents": 888888,
           *       "currency": "USD",
           *       "reason": "fraud",
           *       "reasonCode": "10.4",
           *       "state": "open",
           *       "responseState": "needs_response",
           *       "respondBy": "2026-11-10T09:00:00.000Z",
           *       "acceptsResponse": true,
           *       "submission": "none",
           *       "submitted": false,
           *       "submittedAtUtc": null,
           *       "acceptance": "none",
           *       "acceptedAtUtc": null,
           *       "evidence": [
           *         {
           *           "lcEvidenceId": "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
           *           "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
           *           "fileName": "signed-receipt.pdf",
           *           "contentType": "application/pdf",
           *           "sizeBytes": 48213,
           *           "sha256": "9f2c1b7e4a0d3c6b8e5f1a2d7c4b9e0f3a6d8c1b5e7f2a4d9c0b3e6f8a1d5c7b",
           *           "sent": null,
           *           "state": "processing",
           *           "failureCode": null,
           *           "failureMessage": null,
           *           "processorEvidenceId": "DF58kdVTa5eMQUjcXH2F7DH4",
           *           "createdAtUtc": "2026-11-03T10:15:00.000Z",
           *           "updatedAtUtc": "2026-11-03T10:15:01.000Z"
           *         }
           *       ],
           *       "processorDisputeId": "DIs7yQRkHDdMYhurzYz72SFk",
           *       "processorTransferId": "TRv3Qm8xZ1LwK2",
           *       "createdAtUtc": "2026-11-03T09:00:00.000Z",
           *       "updatedAtUtc": "2026-11-03T10:15:01.000Z"
           *     }
           */
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
      /** @description `insufficient-permissions`: the key lacks `disputes:read`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  uploadDisputeEvidence: {
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
        /**
         * @example {
         *       "file": "(the bytes of signed-receipt.pdf)"
         *     }
         */
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
          /**
           * @example {
           *       "lcEvidenceId": "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
           *       "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
           *       "fileName": "signed-receipt.pdf",
           *       "contentType": "application/pdf",
           *       "sizeBytes": 48213,
           *       "sha256": "9f2c1b7e4a0d3c6b8e5f1a2d7c4b9e0f3a6d8c1b5e7f2a4d9c0b3e6f8a1d5c7b",
           *       "sent": null,
           *       "state": "succeeded",
           *       "failureCode": null,
           *       "failureMessage": null,
           *       "processorEvidenceId": "DF58kdVTa5eMQUjcXH2F7DH4",
           *       "createdAtUtc": "2026-11-03T10:15:00.000Z",
           *       "updatedAtUtc": "2026-11-03T10:15:01.000Z"
           *     }
           */
          "application/json": components["schemas"]["DisputeEvidence"];
        };
      };
      /** @description Stored; uploaded to the processor (`processing`) or waiting to be (`pending`). A photo over 50 KB: `sent` says what it was sent as. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "lcEvidenceId": "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
           *       "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
           *       "fileName": "signed-receipt.pdf",
           *       "contentType": "application/pdf",
           *       "sizeBytes": 48213,
           *       "sha256": "9f2c1b7e4a0d3c6b8e5f1a2d7c4b9e0f3a6d8c1b5e7f2a4d9c0b3e6f8a1d5c7b",
           *       "sent": null,
           *       "state": "processing",
           *       "failureCode": null,
           *       "failureMessage": null,
           *       "processorEvidenceId": "DF58kdVTa5eMQUjcXH2F7DH4",
           *       "createdAtUtc": "2026-11-03T10:15:00.000Z",
           *       "updatedAtUtc": "2026-11-03T10:15:01.000Z"
           *     }
           */
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
      /** @description `insufficient-permissions`: the key lacks `disputes:write`. */
      403: {
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
      /** @description The dispute was submitted or accepted, is decided, takes no response, or is past respondBy. */
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
      /** @description The dispute already holds 8 files, the photo cannot be decoded to be fitted (`evidence-unreadable`, nothing stored), or the processor refused the file (`processor-rejected`, the evidence is `failed`). */
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  submitDispute: {
    parameters: {
      query?: never;
      header?: {
        /** @description Optional; makes a retried submit safe to replay. 1–255 printable ASCII characters; kept 24 hours. */
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
        /**
         * @example {
         *       "note": "The buyer signed for the delivery; the signed receipt and the tracking record are attached."
         *     }
         */
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
          /**
           * @example {
           *       "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
           *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *       "orderRef": "order-10042",
           *       "amountCents": 888888,
           *       "currency": "USD",
           *       "reason": "fraud",
           *       "reasonCode": "10.4",
           *       "state": "open",
           *       "responseState": "responded",
           *       "respondBy": "2026-11-10T09:00:00.000Z",
           *       "acceptsResponse": false,
           *       "submission": "submitted",
           *       "submitted": true,
           *       "submittedAtUtc": "2026-11-04T16:00:00.000Z",
           *       "acceptance": "none",
           *       "acceptedAtUtc": null,
           *       "evidence": [
           *         {
           *           "lcEvidenceId": "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
           *           "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
           *           "fileName": "signed-receipt.pdf",
           *           "contentType": "application/pdf",
           *           "sizeBytes": 48213,
           *           "sha256": "9f2c1b7e4a0d3c6b8e5f1a2d7c4b9e0f3a6d8c1b5e7f2a4d9c0b3e6f8a1d5c7b",
           *           "sent": null,
           *           "state": "succeeded",
           *           "failureCode": null,
           *           "failureMessage": null,
           *           "processorEvidenceId": "DF58kdVTa5eMQUjcXH2F7DH4",
           *           "createdAtUtc": "2026-11-03T10:15:00.000Z",
           *           "updatedAtUtc": "2026-11-03T10:15:01.000Z"
           *         }
           *       ],
           *       "processorDisputeId": "DIs7yQRkHDdMYhurzYz72SFk",
           *       "processorTransferId": "TRv3Qm8xZ1LwK2",
           *       "createdAtUtc": "2026-11-03T09:00:00.000Z",
           *       "updatedAtUtc": "2026-11-04T16:00:01.000Z"
           *     }
           */
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
      /** @description `insufficient-permissions`: the key lacks `disputes:write`. */
      403: {
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
      /** @description Already submitted or accepted, decided, takes no response, past respondBy, no evidence uploaded, or evidence still on its way to the processor (`dispute-evidence-uploading`, with `Retry-After`: nothing was submitted, retry then). */
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
      /** @description `processor-error`: the processor failed to take evidence still waiting for it, or the submission; retry. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
      503: {
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
  acceptDispute: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description JSON request body */
    requestBody?: {
      content: {
        /**
         * @example {
         *       "note": "Refunding the buyer directly; not contesting."
         *     }
         */
        "application/json": components["schemas"]["AcceptDisputeRequest"];
      };
    };
    responses: {
      /** @description The dispute, accepted. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
           *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *       "orderRef": "order-10042",
           *       "amountCents": 888888,
           *       "currency": "USD",
           *       "reason": "fraud",
           *       "reasonCode": "10.4",
           *       "state": "lost",
           *       "responseState": "accepted",
           *       "respondBy": "2026-11-10T09:00:00.000Z",
           *       "acceptsResponse": false,
           *       "submission": "none",
           *       "submitted": false,
           *       "submittedAtUtc": null,
           *       "acceptance": "accepted",
           *       "acceptedAtUtc": "2026-11-04T16:00:00.000Z",
           *       "evidence": [],
           *       "processorDisputeId": "DIs7yQRkHDdMYhurzYz72SFk",
           *       "processorTransferId": "TRv3Qm8xZ1LwK2",
           *       "createdAtUtc": "2026-11-03T09:00:00.000Z",
           *       "updatedAtUtc": "2026-11-04T16:00:01.000Z"
           *     }
           */
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
      /** @description `insufficient-permissions`: the key lacks `disputes:write`. */
      403: {
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
      /** @description Already submitted (a dispute is answered once), decided, takes no response, or past respondBy. */
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
      /** @description `processor-rejected`: the processor refused the acceptance; nothing was accepted. */
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
      /** @description `processor-error`: the processor failed; nothing was accepted. Retry. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description `processor-timeout`: the outcome is unknown; the dispute shows `acceptance: pending` until the sweep settles it. */
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
  startOnboarding: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description JSON request body */
    requestBody?: {
      content: {
        /**
         * @example {
         *       "returnUrl": "https://merchant.example/settings/payments",
         *       "business": {
         *         "business_name": "Blue Bottle Bakery LLC",
         *         "email": "owner@bluebottle.example"
         *       }
         *     }
         */
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
          /**
           * @example {
           *       "formId": "obf_8v2Zk1Qe4RtYu7Io9Pa3Sd",
           *       "status": "IN_PROGRESS",
           *       "onboardingUrl": "https://onboarding.example-processor.com/forms/obfTqg4e5zM4Kx1?bearer_token=eyJhbGciOi",
           *       "expiresAt": "2026-11-08T09:00:00.000Z"
           *     }
           */
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
      /** @description `insufficient-permissions`: the key lacks `onboarding:write`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  getOnboardingForm: {
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
          /**
           * @example {
           *       "formId": "obf_8v2Zk1Qe4RtYu7Io9Pa3Sd",
           *       "status": "COMPLETED",
           *       "onboardingUrl": null,
           *       "expiresAt": null,
           *       "processorMerchantId": "MUeDVrf2ahuKc9Eg5TeZugvs"
           *     }
           */
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
      /** @description `insufficient-permissions`: the key lacks `onboarding:read`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  getOnboardingStatus: {
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
          /**
           * @example {
           *       "processorMerchantId": "MUeDVrf2ahuKc9Eg5TeZugvs",
           *       "onboardingStatus": "enabled",
           *       "chargesEnabled": true,
           *       "payoutsEnabled": true,
           *       "reasons": [],
           *       "requirements": [
           *         {
           *           "code": "pci_saq_a",
           *           "message": "Attest PCI DSS SAQ-A compliance.",
           *           "actionUrl": "http://localhost:8787/onboarding/pci/cf_fEojUGLjwUiqNTBp68JWq8/3f1c9a0b7e2d4c6a8b5e1f0d2c4a6b8e9d7c5a3b",
           *           "dueAt": "2026-12-01T00:00:00.000Z"
           *         }
           *       ],
           *       "pci": {
           *         "status": "pending",
           *         "validUntil": null,
           *         "actionUrl": "http://localhost:8787/onboarding/pci/cf_fEojUGLjwUiqNTBp68JWq8/3f1c9a0b7e2d4c6a8b5e1f0d2c4a6b8e9d7c5a3b"
           *       },
           *       "onboardingUrl": null
           *     }
           */
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
      /** @description `insufficient-permissions`: the key lacks `onboarding:read`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  returnFromOnboarding: {
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
          /** @example <!doctype html><html lang="en"><head><title>Onboarding submitted</title></head><body><h1>Onboarding submitted</h1>…</body></html> */
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
  renewOnboardingLink: {
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
  showPciAttestation: {
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
          /** @example <!doctype html><html lang="en"><head><title>PCI DSS SAQ-A attestation</title></head><body><h1>PCI DSS SAQ-A attestation</h1>…</body></html> */
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
  submitPciAttestation: {
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
        /**
         * @example {
         *       "name": "Ada Lovelace",
         *       "title": "Owner",
         *       "accept": "on"
         *     }
         */
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
          /** @example <!doctype html><html lang="en"><head><title>PCI DSS SAQ-A attested</title></head><body><h1>PCI DSS SAQ-A attested</h1>…</body></html> */
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
          /** @example <!doctype html><html lang="en"><head><title>PCI DSS SAQ-A attestation</title></head><body><h1>PCI DSS SAQ-A attestation</h1>…</body></html> */
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
  linkProcessorMerchant: {
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
        /**
         * @example {
         *       "processorMerchantId": "MUeDVrf2ahuKc9Eg5TeZugvs"
         *     }
         */
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
          /**
           * @example {
           *       "id": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "name": "Blue Bottle Bakery",
           *       "region": "us",
           *       "feeBasisPoints": null,
           *       "feeFixedCents": null,
           *       "processorMerchantId": "MUeDVrf2ahuKc9Eg5TeZugvs",
           *       "chargesEnabled": true,
           *       "createdAtUtc": "2026-11-01T09:00:00.000Z"
           *     }
           */
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
  receiveProcessorWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Acknowledged: applied, recorded, or kept. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "received": true,
           *       "outcome": "applied"
           *     }
           */
          "application/json": components["schemas"]["ProcessorWebhookAck"];
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
      /** @description The body is over the limit (refused while it is read, whatever Content-Length says). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Not kept (the control database failed); the processor retries. */
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
  registerProcessorWebhook: {
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
          /**
           * @example {
           *       "id": "WHq7Rz2Lm9Xc4Vb8Nk1Td3",
           *       "url": "https://payments.example.com/webhooks/processor",
           *       "enabled": true,
           *       "secretSigningKey": "3f1c9a0b7e2d4c6a"
           *     }
           */
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
  listProcessorWebhooks: {
    parameters: {
      query?: {
        outcome?: "received" | "applied" | "ignored" | "unhandled" | "unprocessable" | "reapplying";
        /** @description Page size, 1–100; default 20. */
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
      /** @description One page of receipts. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "pwh_6f1c2a9b0e7d4c3a8b5f1e2d9c0a7b6e5f4d3c2b",
           *           "outcome": "unprocessable",
           *           "source": "webhook",
           *           "entity": "transfer",
           *           "type": "updated",
           *           "resourceId": "TRm4Xc8Vb2Nk7Td1Lq9Rz3",
           *           "resourceState": "ON_HOLD",
           *           "resourceUpdatedAt": "2026-11-03T09:58:12.000Z",
           *           "tenantId": null,
           *           "receivedAtUtc": "2026-11-03T10:00:00.000Z",
           *           "reappliedAtUtc": null,
           *           "reason": [
           *             {
           *               "field": "_embedded.transfers.0.state",
           *               "message": "Invalid option: expected one of \"PENDING\"|\"SUCCEEDED\"|\"FAILED\"|\"CANCELED\"|\"UNKNOWN\""
           *             }
           *           ],
           *           "rawBody": "{\"type\":\"updated\",\"entity\":\"transfer\",\"_embedded\":{\"transfers\":[{\"id\":\"TRm4Xc8Vb2Nk7Td1Lq9Rz3\",\"state\":\"ON_HOLD\",\"merchant\":\"MUq7Rz2Lm9Xc4Vb8Nk1Td3\",\"updated_at\":\"2026-11-03T09:58:12.000Z\"}]}}"
           *         }
           *       ],
           *       "hasMore": false,
           *       "nextCursor": ""
           *     }
           */
          "application/json": components["schemas"]["ProcessorWebhookReceiptList"];
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
  reapplyProcessorWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description JSON request body */
    requestBody?: {
      content: {
        /**
         * @example {
         *       "limit": 20
         *     }
         */
        "application/json": {
          /** @description Receipts per call, 1–100; default 20. */
          limit?: number;
          /** @description The nextCursor of the previous call. */
          cursor?: string;
        };
      };
    };
    responses: {
      /** @description What this call reapplied. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "pwh_6f1c2a9b0e7d4c3a8b5f1e2d9c0a7b6e5f4d3c2b",
           *           "outcome": "applied",
           *           "reason": null
           *         }
           *       ],
           *       "hasMore": false,
           *       "nextCursor": ""
           *     }
           */
          "application/json": components["schemas"]["ReappliedProcessorWebhookList"];
        };
      };
      /** @description Invalid body, or `invalid-cursor`. */
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
  listProcessorFeeds: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Each feed, in the order the cron reads them. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "resource": "dispute",
           *           "lagSeconds": 62,
           *           "readThroughUtc": "2026-11-03T09:59:00.000Z",
           *           "reading": false,
           *           "readStartedAtUtc": "2026-11-03T09:59:00.000Z",
           *           "advancedAtUtc": "2026-11-03T09:59:00.412Z",
           *           "deferredChanges": 0
           *         },
           *         {
           *           "resource": "transfer",
           *           "lagSeconds": 184,
           *           "readThroughUtc": "2026-11-03T09:57:00.000Z",
           *           "reading": true,
           *           "readStartedAtUtc": "2026-11-03T09:58:00.000Z",
           *           "advancedAtUtc": "2026-11-03T09:59:38.204Z",
           *           "deferredChanges": 3
           *         },
           *         {
           *           "resource": "merchant",
           *           "lagSeconds": 62,
           *           "readThroughUtc": "2026-11-03T09:59:00.000Z",
           *           "reading": false,
           *           "readStartedAtUtc": "2026-11-03T09:59:00.000Z",
           *           "advancedAtUtc": "2026-11-03T09:59:00.690Z",
           *           "deferredChanges": 0
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["ProcessorFeedList"];
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
  updateTenant: {
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
        /**
         * @example {
         *       "feeBasisPoints": 250,
         *       "feeFixedCents": 30
         *     }
         */
        "application/json": {
          name?: string;
          feeBasisPoints?: number | null;
          feeFixedCents?: number | null;
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
          /**
           * @example {
           *       "id": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "name": "Blue Bottle Bakery",
           *       "region": "us",
           *       "feeBasisPoints": 250,
           *       "feeFixedCents": 30,
           *       "processorMerchantId": "MUeDVrf2ahuKc9Eg5TeZugvs",
           *       "chargesEnabled": true,
           *       "createdAtUtc": "2026-11-01T09:00:00.000Z"
           *     }
           */
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
  listApiKeys: {
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
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "key_8fJw2QpLm4Zt0Xc1Vb9Kd",
           *           "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *           "name": "",
           *           "restricted": false,
           *           "permissions": {
           *             "payments": "write",
           *             "refunds": "write",
           *             "disputes": "write",
           *             "payouts": "write",
           *             "terminal": "write",
           *             "onboarding": "write",
           *             "events": "write",
           *             "callback_endpoints": "write",
           *             "requests": "write"
           *           },
           *           "displayPrefix": "lc_live_AbCd",
           *           "lastFour": "9xQ2",
           *           "createdAtUtc": "2026-11-01T09:05:00.000Z",
           *           "revokedAtUtc": null,
           *           "lastUsedAtUtc": "2026-11-02T14:31:00.000Z"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["ApiKeyList"];
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
  issueApiKey: {
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
        /**
         * @example {
         *       "name": "Reporting job",
         *       "permissions": {
         *         "payments": "read",
         *         "refunds": "read",
         *         "payouts": "read"
         *       }
         *     }
         */
        "application/json": {
          /** @description What the key is for, as the dashboard shows it. */
          name?: string;
          permissions?: components["schemas"]["KeyPermissions"];
        };
      };
    };
    responses: {
      /** @description The new key, including its secret. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "key_8fJw2QpLm4Zt0Xc1Vb9Kd",
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "name": "Reporting job",
           *       "restricted": true,
           *       "permissions": {
           *         "payments": "read",
           *         "refunds": "read",
           *         "disputes": "none",
           *         "payouts": "read",
           *         "terminal": "none",
           *         "onboarding": "none",
           *         "events": "none",
           *         "callback_endpoints": "none",
           *         "requests": "none"
           *       },
           *       "displayPrefix": "lc_live_AbCd",
           *       "lastFour": "9xQ2",
           *       "createdAtUtc": "2026-11-01T09:05:00.000Z",
           *       "revokedAtUtc": null,
           *       "lastUsedAtUtc": null,
           *       "key": "lc_live_AbCdQ7mZ3tP9wK2vR8sX1yN4bF6hJ0cL5gT9xQ2"
           *     }
           */
          "application/json": components["schemas"]["IssuedApiKey"];
        };
      };
      /** @description Malformed tenant id, or a body that fails validation: an unknown resource or level, or permissions that grant nothing. */
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
  listTenants: {
    parameters: {
      query?: {
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
      /** @description One page of tenants. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *           "name": "Blue Bottle Bakery",
           *           "region": "us",
           *           "feeBasisPoints": null,
           *           "feeFixedCents": null,
           *           "processorMerchantId": "MUeDVrf2ahuKc9Eg5TeZugvs",
           *           "chargesEnabled": true,
           *           "createdAtUtc": "2026-11-01T09:00:00.000Z"
           *         }
           *       ],
           *       "hasMore": false,
           *       "nextCursor": ""
           *     }
           */
          "application/json": components["schemas"]["TenantList"];
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
  createTenant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description JSON request body */
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Blue Bottle Bakery",
         *       "region": "us"
         *     }
         */
        "application/json": {
          name: string;
          /** @description A region the deployment has shards in, e.g. `us` or `eu`; omitted, `DEFAULT_REGION`. */
          region?: string;
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
          /**
           * @example {
           *       "id": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "name": "Blue Bottle Bakery",
           *       "region": "us",
           *       "feeBasisPoints": null,
           *       "feeFixedCents": null,
           *       "processorMerchantId": null,
           *       "chargesEnabled": false,
           *       "createdAtUtc": "2026-11-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Tenant"];
        };
      };
      /** @description Invalid body, or a region no shard serves. */
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
      /** @description Every shard of the region is closed to new tenants. */
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
  listShards: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every shard, in configuration order. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "shard": "DB_SHARD_US_1",
           *           "region": "us",
           *           "open": true,
           *           "tenants": 42,
           *           "rows": 1250000,
           *           "sizeBytes": 862000000
           *         },
           *         {
           *           "shard": "DB_SHARD_EU_1",
           *           "region": "eu",
           *           "open": true,
           *           "tenants": 7,
           *           "rows": 90000,
           *           "sizeBytes": 61000000
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["ShardList"];
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
  listEvents: {
    parameters: {
      query?: {
        /** @description Only events of these types: one type, or several separated by commas (`type=transfer.updated,dispute.created`). */
        type?: string;
        /** @description Only those created at or after this instant (inclusive): ISO 8601 with `Z` or an offset (`2026-11-01T02:00:00+02:00`), any precision, compared with createdAtUtc as an instant. */
        from?: string;
        /** @description Only those created before this instant (exclusive), written as `from`. */
        to?: string;
        /** @description `failed`: only events whose callback was dead-lettered and never delivered since (a replay that reached you clears it). */
        deliveryStatus?: "failed";
        /** @description Page size, 1–200; default 50. */
        limit?: number;
        /** @description The nextCursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description The `X-D1-Bookmark` of an earlier answer (a write's, or a list's): this list then reads from a copy of the data at least that recent, so it shows that write. Without it the list may come from a replica a moment behind the primary. A bookmark looks like `00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683~DB_SHARD_US_1` (no example here, so "Try it out" sends none). */
        "X-D1-Bookmark"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of events. */
      200: {
        headers: {
          /** @description Where this read stood: send it back as `X-D1-Bookmark` to read at least this much next time. */
          "X-D1-Bookmark"?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "event_7hJk2LmN4pQrStUvWxYz9b",
           *           "type": "transfer.updated",
           *           "createdAtUtc": "2026-11-03T10:15:02.000Z",
           *           "body": {
           *             "id": "event_7hJk2LmN4pQrStUvWxYz9b",
           *             "type": "transfer.updated",
           *             "createdAtUtc": "2026-11-03T10:15:02.000Z",
           *             "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *             "orderRef": "order-10042",
           *             "status": "succeeded",
           *             "processorTransferId": "TRv3Qm8xZ1LwK2",
           *             "processorState": "SUCCEEDED",
           *             "processorInstrumentId": "PIe2YvpcjvoVJ6PzoRPBK137",
           *             "amountRefundedCents": 0,
           *             "failureCode": null
           *           }
           *         }
           *       ],
           *       "hasMore": false,
           *       "nextCursor": ""
           *     }
           */
          "application/json": components["schemas"]["EventList"];
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
      /** @description `insufficient-permissions`: the key lacks `events:read`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  getEvent: {
    parameters: {
      query?: {
        /** @description The UTC day (YYYY-MM-DD) the event was created: where to look once it is archived. */
        day?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The event. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "event_7hJk2LmN4pQrStUvWxYz9b",
           *       "type": "transfer.updated",
           *       "createdAtUtc": "2026-11-03T10:15:02.000Z",
           *       "body": {
           *         "id": "event_7hJk2LmN4pQrStUvWxYz9b",
           *         "type": "transfer.updated",
           *         "createdAtUtc": "2026-11-03T10:15:02.000Z",
           *         "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *         "orderRef": "order-10042",
           *         "status": "succeeded",
           *         "processorTransferId": "TRv3Qm8xZ1LwK2",
           *         "processorState": "SUCCEEDED",
           *         "processorInstrumentId": "PIe2YvpcjvoVJ6PzoRPBK137",
           *         "amountRefundedCents": 0,
           *         "failureCode": null
           *       }
           *     }
           */
          "application/json": components["schemas"]["Event"];
        };
      };
      /** @description Malformed id or day. */
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
      /** @description `insufficient-permissions`: the key lacks `events:read`. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description No such event for this tenant. */
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  sendPingEvent: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Recorded: `GET /v1/events?type=ping` lists it, and the callback URL, if set, receives it shortly. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
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
      /** @description `insufficient-permissions`: the key lacks `events:write`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  listCallbackEndpoints: {
    parameters: {
      query?: {
        /** @description Page size, 1–16; default 16. */
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
      /** @description One page of endpoints. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "cbe_Jq3Lw8Xb2VnR7tZk5Hm1Pc",
           *           "url": "https://shop.example.com/payment-connect/disputes",
           *           "description": "Disputes desk",
           *           "enabledEvents": [
           *             "dispute.created",
           *             "dispute.updated"
           *           ],
           *           "disabled": false,
           *           "disabledReason": null,
           *           "createdAtUtc": "2026-11-05T09:00:00.000Z",
           *           "updatedAtUtc": "2026-11-05T09:00:00.000Z"
           *         }
           *       ],
           *       "hasMore": false,
           *       "nextCursor": ""
           *     }
           */
          "application/json": components["schemas"]["CallbackEndpointList"];
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
      /** @description `insufficient-permissions`: the key lacks `callback_endpoints:read`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  createCallbackEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description JSON request body */
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://shop.example.com/payment-connect/disputes",
         *       "description": "Disputes desk",
         *       "enabledEvents": [
         *         "dispute.created",
         *         "dispute.updated"
         *       ]
         *     }
         */
        "application/json": {
          /**
           * @description Outside the local sandbox an https URL on a public host: loopback, private, link-local, shared (CGNAT) and metadata addresses are refused.
           * @example https://shop.example.com/payment-connect/disputes
           */
          url: string;
          description?: string | null;
          /**
           * @description Default `["*"]`.
           * @example [
           *       "transfer.updated",
           *       "dispute.created"
           *     ]
           */
          enabledEvents?: string[];
          /** @description Create it disabled (default false). */
          disabled?: boolean;
        };
      };
    };
    responses: {
      /** @description The endpoint, with its signing secret. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "cbe_Jq3Lw8Xb2VnR7tZk5Hm1Pc",
           *       "url": "https://shop.example.com/payment-connect/disputes",
           *       "description": "Disputes desk",
           *       "enabledEvents": [
           *         "dispute.created",
           *         "dispute.updated"
           *       ],
           *       "disabled": false,
           *       "disabledReason": null,
           *       "createdAtUtc": "2026-11-05T09:00:00.000Z",
           *       "updatedAtUtc": "2026-11-05T09:00:00.000Z",
           *       "secret": "whsec_7Lp9Wd3Kf5mQ2rT8vXc1Zb4"
           *     }
           */
          "application/json": components["schemas"]["CreatedCallbackEndpoint"];
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
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description `insufficient-permissions`: the key lacks `callback_endpoints:write`. */
      403: {
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
      /** @description An unknown event type in `enabledEvents`, or the tenant already has 16 endpoints. */
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  getCallbackEndpoint: {
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
      /** @description The endpoint (never its secret). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "cbe_Jq3Lw8Xb2VnR7tZk5Hm1Pc",
           *       "url": "https://shop.example.com/payment-connect/disputes",
           *       "description": "Disputes desk",
           *       "enabledEvents": [
           *         "dispute.created",
           *         "dispute.updated"
           *       ],
           *       "disabled": false,
           *       "disabledReason": null,
           *       "createdAtUtc": "2026-11-05T09:00:00.000Z",
           *       "updatedAtUtc": "2026-11-05T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["CallbackEndpoint"];
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
      /** @description `insufficient-permissions`: the key lacks `callback_endpoints:read`. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description No such endpoint for this tenant (another tenant's id too). */
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  deleteCallbackEndpoint: {
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
      /** @description Deleted. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "cbe_Jq3Lw8Xb2VnR7tZk5Hm1Pc",
           *       "deleted": true
           *     }
           */
          "application/json": components["schemas"]["DeletedCallbackEndpoint"];
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
      /** @description `insufficient-permissions`: the key lacks `callback_endpoints:write`. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description No such endpoint for this tenant (another tenant's id too). */
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  updateCallbackEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description JSON request body */
    requestBody: {
      content: {
        /**
         * @example {
         *       "enabledEvents": [
         *         "*"
         *       ],
         *       "disabled": false
         *     }
         */
        "application/json": {
          /**
           * @description Outside the local sandbox an https URL on a public host: loopback, private, link-local, shared (CGNAT) and metadata addresses are refused.
           * @example https://shop.example.com/payment-connect/disputes
           */
          url?: string;
          description?: string | null;
          /**
           * @description Event types this endpoint receives (`LC-Event-Type`s of the catalogue: transfer.updated, application_fee_refund.updated, dispute.created, dispute.updated, evidence.updated, merchant.updated, compliance_form.updated, ping), or `["*"]` for every type. An unknown type is 422 `unknown-event-type`, naming it.
           * @example [
           *       "transfer.updated",
           *       "dispute.created"
           *     ]
           */
          enabledEvents?: string[];
          /** @description true: it receives nothing from now on and its deliveries not yet made are canceled (replay them once enabled). false: it receives again, also after a 410. */
          disabled?: boolean;
        };
      };
    };
    responses: {
      /** @description The endpoint as changed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "cbe_Jq3Lw8Xb2VnR7tZk5Hm1Pc",
           *       "url": "https://shop.example.com/payment-connect/disputes",
           *       "description": "Disputes desk",
           *       "enabledEvents": [
           *         "*"
           *       ],
           *       "disabled": false,
           *       "disabledReason": null,
           *       "createdAtUtc": "2026-11-05T09:00:00.000Z",
           *       "updatedAtUtc": "2026-11-05T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["CallbackEndpoint"];
        };
      };
      /** @description Malformed id, invalid body, or a URL that is refused. */
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
      /** @description `insufficient-permissions`: the key lacks `callback_endpoints:write`. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description No such endpoint for this tenant (another tenant's id too). */
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
      /** @description An unknown event type in `enabledEvents`. */
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  getCallbackSettings: {
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
          /**
           * @example {
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "url": "https://shop.example.com/payment-connect/callbacks",
           *       "enabled": true,
           *       "signingSecrets": [
           *         {
           *           "id": "sigkey_5mQ2rT8vXc1Zb4Lp9Wd3Kf",
           *           "createdAtUtc": "2026-11-01T09:10:00.000Z",
           *           "expiresAtUtc": null
           *         }
           *       ],
           *       "createdAtUtc": "2026-11-01T09:10:00.000Z",
           *       "updatedAtUtc": "2026-11-01T09:10:00.000Z"
           *     }
           */
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
  saveCallbackUrl: {
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
        /**
         * @example {
         *       "url": "https://shop.example.com/payment-connect/callbacks"
         *     }
         */
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
          /**
           * @example {
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "url": "https://shop.example.com/payment-connect/callbacks",
           *       "enabled": true,
           *       "signingSecrets": [
           *         {
           *           "id": "sigkey_5mQ2rT8vXc1Zb4Lp9Wd3Kf",
           *           "createdAtUtc": "2026-11-01T09:10:00.000Z",
           *           "expiresAtUtc": null
           *         }
           *       ],
           *       "createdAtUtc": "2026-11-01T09:10:00.000Z",
           *       "updatedAtUtc": "2026-11-01T09:10:00.000Z"
           *     }
           */
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
  revealCallbackSigningSecrets: {
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
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "sigkey_5mQ2rT8vXc1Zb4Lp9Wd3Kf",
           *           "createdAtUtc": "2026-11-01T09:10:00.000Z",
           *           "expiresAtUtc": null,
           *           "secret": "whsec_3q2Zb4Lp9Wd3Kf5mQ2rT8v"
           *         }
           *       ]
           *     }
           */
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
  rotateCallbackSigningSecret: {
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
        /**
         * @example {
         *       "previousSecretTtlSeconds": 86400
         *     }
         */
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
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "sigkey_9Wd3Kf5mQ2rT8vXc1Zb4Lp",
           *           "createdAtUtc": "2026-11-03T08:00:00.000Z",
           *           "expiresAtUtc": null,
           *           "secret": "whsec_7Lp9Wd3Kf5mQ2rT8vXc1Zb4"
           *         },
           *         {
           *           "id": "sigkey_5mQ2rT8vXc1Zb4Lp9Wd3Kf",
           *           "createdAtUtc": "2026-11-01T09:10:00.000Z",
           *           "expiresAtUtc": "2026-11-04T08:00:00.000Z",
           *           "secret": "whsec_3q2Zb4Lp9Wd3Kf5mQ2rT8v"
           *         }
           *       ]
           *     }
           */
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
  listCallbackEvents: {
    parameters: {
      query?: {
        type?: string;
        /** @description Page size, 1–50; default 20. */
        limit?: number;
        /** @description The nextCursor of the previous page. */
        cursor?: string;
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
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "event_7hJk2LmN4pQrStUvWxYz9b",
           *           "type": "transfer.updated",
           *           "createdAtUtc": "2026-11-03T10:15:02.000Z",
           *           "enqueuedAtUtc": "2026-11-03T10:15:02.000Z",
           *           "body": {
           *             "id": "event_7hJk2LmN4pQrStUvWxYz9b",
           *             "type": "transfer.updated",
           *             "createdAtUtc": "2026-11-03T10:15:02.000Z",
           *             "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *             "orderRef": "order-10042",
           *             "status": "succeeded",
           *             "processorTransferId": "TRv3Qm8xZ1LwK2",
           *             "processorState": "SUCCEEDED",
           *             "processorInstrumentId": "PIe2YvpcjvoVJ6PzoRPBK137",
           *             "amountRefundedCents": 0,
           *             "failureCode": null
           *           }
           *         }
           *       ],
           *       "hasMore": false,
           *       "nextCursor": ""
           *     }
           */
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
  listCallbackDeliveries: {
    parameters: {
      query?: {
        status?: "pending" | "delivered" | "failed" | "canceled";
        eventId?: string;
        /** @description Page size, 1–50; default 20. */
        limit?: number;
        /** @description The nextCursor of the previous page. */
        cursor?: string;
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
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "dlv_2bV8nQ4wXz7Kc1Lp5Rt9Hm",
           *           "eventId": "event_7hJk2LmN4pQrStUvWxYz9b",
           *           "endpointId": "cbe_Jq3Lw8Xb2VnR7tZk5Hm1Pc",
           *           "eventType": "transfer.updated",
           *           "origin": "event",
           *           "status": "delivered",
           *           "attemptCount": 2,
           *           "lastStatusCode": 200,
           *           "lastError": null,
           *           "lastAttemptAtUtc": "2026-11-03T10:16:02.000Z",
           *           "nextAttemptAtUtc": null,
           *           "deliveredAtUtc": "2026-11-03T10:16:02.000Z",
           *           "failedAtUtc": null,
           *           "createdAtUtc": "2026-11-03T10:15:02.000Z",
           *           "attempts": [
           *             {
           *               "attemptNumber": 1,
           *               "attemptedAtUtc": "2026-11-03T10:15:02.000Z",
           *               "url": "https://shop.example.com/payment-connect/callbacks",
           *               "statusCode": 503,
           *               "error": null,
           *               "durationMs": 120,
           *               "nextAttemptAtUtc": "2026-11-03T10:16:02.000Z"
           *             },
           *             {
           *               "attemptNumber": 2,
           *               "attemptedAtUtc": "2026-11-03T10:16:02.000Z",
           *               "url": "https://shop.example.com/payment-connect/callbacks",
           *               "statusCode": 200,
           *               "error": null,
           *               "durationMs": 85,
           *               "nextAttemptAtUtc": null
           *             }
           *           ]
           *         }
           *       ],
           *       "hasMore": false,
           *       "nextCursor": ""
           *     }
           */
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
  replayCallbackEvent: {
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
          /**
           * @example {
           *       "id": "dlv_9Rt2bV8nQ4wXz7Kc1Lp5Hm",
           *       "eventId": "event_7hJk2LmN4pQrStUvWxYz9b",
           *       "endpointId": "cbe_Jq3Lw8Xb2VnR7tZk5Hm1Pc",
           *       "eventType": "transfer.updated",
           *       "origin": "replay",
           *       "status": "pending",
           *       "attemptCount": 0,
           *       "lastStatusCode": null,
           *       "lastError": null,
           *       "lastAttemptAtUtc": null,
           *       "nextAttemptAtUtc": null,
           *       "deliveredAtUtc": null,
           *       "failedAtUtc": null,
           *       "createdAtUtc": "2026-11-04T09:00:00.000Z",
           *       "attempts": []
           *     }
           */
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
  replayFailedCallbackDeliveries: {
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
        /**
         * @example {
         *       "since": "2026-11-01T00:00:00Z",
         *       "limit": 50
         *     }
         */
        "application/json": {
          /**
           * Format: date-time
           * @description Deliveries created at or after this time (UTC).
           * @example 2026-11-01T00:00:00Z
           */
          since: string;
          /** @default 50 */
          limit?: number;
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
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "dlv_9Rt2bV8nQ4wXz7Kc1Lp5Hm",
           *           "eventId": "event_7hJk2LmN4pQrStUvWxYz9b",
           *           "endpointId": "cbe_Jq3Lw8Xb2VnR7tZk5Hm1Pc",
           *           "eventType": "transfer.updated",
           *           "origin": "replay",
           *           "status": "pending",
           *           "attemptCount": 0,
           *           "lastStatusCode": null,
           *           "lastError": null,
           *           "lastAttemptAtUtc": null,
           *           "nextAttemptAtUtc": null,
           *           "deliveredAtUtc": null,
           *           "failedAtUtc": null,
           *           "createdAtUtc": "2026-11-04T09:00:00.000Z",
           *           "attempts": []
           *         }
           *       ],
           *       "hasMore": false
           *     }
           */
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
  getArchivedCallbackEvents: {
    parameters: {
      query: {
        /** @description The UTC day the events were created (YYYY-MM-DD). */
        day: string;
      };
      header?: never;
      path: {
        tenantId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The archived day. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "day": "2026-11-03",
           *       "data": [
           *         {
           *           "id": "event_7hJk2LmN4pQrStUvWxYz9b",
           *           "type": "transfer.updated",
           *           "createdAtUtc": "2026-11-03T10:15:02.000Z",
           *           "enqueuedAtUtc": "2026-11-03T10:15:02.000Z",
           *           "body": {
           *             "id": "event_7hJk2LmN4pQrStUvWxYz9b",
           *             "type": "transfer.updated",
           *             "createdAtUtc": "2026-11-03T10:15:02.000Z",
           *             "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
           *             "orderRef": "order-10042",
           *             "status": "succeeded",
           *             "processorTransferId": "TRv3Qm8xZ1LwK2",
           *             "processorState": "SUCCEEDED",
           *             "processorInstrumentId": "PIe2YvpcjvoVJ6PzoRPBK137",
           *             "amountRefundedCents": 0,
           *             "failureCode": null
           *           },
           *           "deliveries": [
           *             {
           *               "id": "dlv_2bV8nQ4wXz7Kc1Lp5Rt9Hm",
           *               "eventId": "event_7hJk2LmN4pQrStUvWxYz9b",
           *               "endpointId": "cbe_Jq3Lw8Xb2VnR7tZk5Hm1Pc",
           *               "eventType": "transfer.updated",
           *               "origin": "event",
           *               "status": "delivered",
           *               "attemptCount": 2,
           *               "lastStatusCode": 200,
           *               "lastError": null,
           *               "lastAttemptAtUtc": "2026-11-03T10:16:02.000Z",
           *               "nextAttemptAtUtc": null,
           *               "deliveredAtUtc": "2026-11-03T10:16:02.000Z",
           *               "failedAtUtc": null,
           *               "createdAtUtc": "2026-11-03T10:15:02.000Z",
           *               "attempts": [
           *                 {
           *                   "attemptNumber": 1,
           *                   "attemptedAtUtc": "2026-11-03T10:15:02.000Z",
           *                   "url": "https://shop.example.com/payment-connect/callbacks",
           *                   "statusCode": 503,
           *                   "error": null,
           *                   "durationMs": 120,
           *                   "nextAttemptAtUtc": "2026-11-03T10:16:02.000Z"
           *                 },
           *                 {
           *                   "attemptNumber": 2,
           *                   "attemptedAtUtc": "2026-11-03T10:16:02.000Z",
           *                   "url": "https://shop.example.com/payment-connect/callbacks",
           *                   "statusCode": 200,
           *                   "error": null,
           *                   "durationMs": 85,
           *                   "nextAttemptAtUtc": null
           *                 }
           *               ]
           *             }
           *           ]
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["ArchivedCallbackDay"];
        };
      };
      /** @description Malformed tenant id or day. */
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
      /** @description No such tenant, or nothing of it archived for that day. */
      404: {
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
  listRequests: {
    parameters: {
      query?: {
        /** @description Only requests answered with this status code (`404`) or class (`2xx`, `4xx`, `5xx`). */
        status?: string;
        /** @description Only requests whose path starts with this (`/v1/payments` also finds `/v1/payments/lcpay_…/refund`). */
        path?: string;
        /** @description Only requests made with this API key. */
        apiKeyId?: string;
        /** @description Only the request(s) with this `traceId`, as a problem's body or `X-Trace-Id` carries it. */
        traceId?: string;
        /** @description Page size, 1–200; default 50. */
        limit?: number;
        /** @description The nextCursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description The `X-D1-Bookmark` of an earlier answer (a write's, or a list's): this list then reads from a copy of the data at least that recent, so it shows that write. Without it the list may come from a replica a moment behind the primary. A bookmark looks like `00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683~DB_SHARD_US_1` (no example here, so "Try it out" sends none). */
        "X-D1-Bookmark"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of requests. */
      200: {
        headers: {
          /** @description Where this read stood: send it back as `X-D1-Bookmark` to read at least this much next time. */
          "X-D1-Bookmark"?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "req_V1StGXR8Z5jdHi6BmyT7a",
           *           "receivedAtUtc": "2026-11-26T14:05:09.312Z",
           *           "method": "POST",
           *           "path": "/v1/payments",
           *           "query": "",
           *           "status": 402,
           *           "durationMs": 412,
           *           "traceId": "4bf92f3577b34da6a3ce929d0e0e4736",
           *           "idempotencyKey": "order-1001-charge",
           *           "apiKeyId": "key_8fJw2QpLm4Zt0Xc1Vb9Kd"
           *         }
           *       ],
           *       "hasMore": false,
           *       "nextCursor": ""
           *     }
           */
          "application/json": components["schemas"]["RequestLogList"];
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
      /** @description `insufficient-permissions`: the key lacks `requests:read`. */
      403: {
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  getRequest: {
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
      /** @description The request. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "req_V1StGXR8Z5jdHi6BmyT7a",
           *       "receivedAtUtc": "2026-11-26T14:05:09.312Z",
           *       "method": "POST",
           *       "path": "/v1/payments",
           *       "query": "",
           *       "status": 402,
           *       "durationMs": 412,
           *       "traceId": "4bf92f3577b34da6a3ce929d0e0e4736",
           *       "idempotencyKey": "order-1001-charge",
           *       "apiKeyId": "key_8fJw2QpLm4Zt0Xc1Vb9Kd"
           *     }
           */
          "application/json": components["schemas"]["RequestLogEntry"];
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
      /** @description `insufficient-permissions`: the key lacks `requests:read`. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description No such request for this tenant. */
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
      /** @description The tenant's data is moving to another database (seconds to a minute). Retry the same request with the same `Idempotency-Key` after `Retry-After` seconds: it completes on the new database, and a processor call an earlier attempt made is found again, never made twice. */
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
  getApiReference: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The HTML page; it loads /openapi.json. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example <!doctype html>
           *     <html lang="en">
           *     <head>
           *     <meta charset="utf-8">
           *     <meta name="viewport" content="width=device-width, initial-scale=1">
           *     <title>Payment Connect API reference (sandbox)</title>
           *     <link rel="icon" href="/assets/favicon.svg">
           *     <link rel="stylesheet" href="/assets/docs/swagger-ui/swagger-ui.css">
           *     <link rel="stylesheet" href="/assets/docs/reference.css">
           *     </head>
           *     <body>
           *     <header id="environment-banner" class="environment-banner" data-environment="sandbox">
           *     <strong>Sandbox</strong> — "Try it out" calls this server, whose processor is a sandbox: no real money moves.
           *     <ol>
           *     <li>Get a sandbox API key: against <code>npm run dev</code>, <code>npm run admin -- sandbox-tenant "Your Shop"</code> prints one, for a tenant whose sandbox merchant may charge (the README's Quickstart).</li>
           *     <li>Press <strong>Authorize</strong>, paste the key under <code>ApiKeyHeader</code> (<code>X-Api-Key</code>), press its <strong>Authorize</strong>, then <strong>Close</strong>.</li>
           *     <li><code>POST /v1/payments</code> → Try it out → Execute: the example's <code>TKsandboxVisa4895Success</code> is the built-in sandbox's test card token, never used up, so the charge succeeds (201). Pressed again, its <code>Idempotency-Key</code> replays the same payment.</li>
           *     <li><code>GET /v1/payments</code> → Try it out → Execute lists it: the list's examples set no dates or filters.</li>
           *     </ol>
           *     An operation with an id in its path needs one of yours: its example id is made up, so it answers 404 until you put in, say, the <code>lcPaymentId</code> the charge answered.
           *     </header>
           *     <div id="swagger-ui"></div>
           *     <script src="/assets/docs/swagger-ui/swagger-ui-bundle.js"></script>
           *     <script src="/assets/docs/reference.js"></script>
           *     </body>
           *     </html>
           */
          "text/html": string;
        };
      };
    };
  };
  inviteDashboardOwner: {
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
        /**
         * @example {
         *       "email": "owner@bluebottle.example"
         *     }
         */
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
          /**
           * @example {
           *       "id": "inv_5Hq2cXk9TzLw0aRb3Yd7Ne",
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "email": "owner@bluebottle.example",
           *       "role": "owner",
           *       "expiresAtUtc": "2026-11-04T00:00:00.000Z",
           *       "inviteUrl": "http://localhost:8787/dashboard/invite/q3Vb1yNnJ0c8m2Xw5KpZr4TgHs6UaLdE9fCiYoBvQ7e"
           *     }
           */
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
  resetDashboardPassword: {
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
        /**
         * @example {
         *       "email": "owner@bluebottle.example"
         *     }
         */
        "application/json": components["schemas"]["DashboardPasswordResetRequest"];
      };
    };
    responses: {
      /** @description The reset, with its one-time link. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "pwr_7Jd3kQw9ZxLm2aTb5Yc8Ne",
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "userId": "usr_4Rt8nWq2Xc6pLz0aKf3Ym",
           *       "email": "owner@bluebottle.example",
           *       "role": "member",
           *       "expiresAtUtc": "2026-11-04T00:00:00.000Z",
           *       "resetUrl": "http://localhost:8787/dashboard/reset/Zr4TgHs6UaLdE9fCiYoBvQ7eq3Vb1yNnJ0c8m2Xw5Kp"
           *     }
           */
          "application/json": components["schemas"]["DashboardPasswordReset"];
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
      /** @description No such tenant, or no current dashboard user with that e-mail in it. */
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
  revokeApiKey: {
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
          /**
           * @example {
           *       "id": "key_8fJw2QpLm4Zt0Xc1Vb9Kd",
           *       "tenantId": "ten_3kTq9Wc2Zb7pLx0aYf4Rn",
           *       "name": "",
           *       "restricted": false,
           *       "permissions": {
           *         "payments": "write",
           *         "refunds": "write",
           *         "disputes": "write",
           *         "payouts": "write",
           *         "terminal": "write",
           *         "onboarding": "write",
           *         "events": "write",
           *         "callback_endpoints": "write",
           *         "requests": "write"
           *       },
           *       "displayPrefix": "lc_live_AbCd",
           *       "lastFour": "9xQ2",
           *       "createdAtUtc": "2026-11-01T09:05:00.000Z",
           *       "revokedAtUtc": "2026-11-03T08:00:00.000Z",
           *       "lastUsedAtUtc": "2026-11-02T14:31:00.000Z"
           *     }
           */
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
  transferUpdatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, "{t}.{rawBody}")>`, one `v1` per active secret. */
        "LC-Signature": string;
        /** @description The event's id; the same on every retry and replay. */
        "LC-Event-Id": string;
        /** @description The event type: the webhook's name. */
        "LC-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "event_8Wm2Xc7Vb1Nz4Kd9Rh3Tq5",
         *       "type": "transfer.updated",
         *       "createdAtUtc": "2026-11-03T10:15:02.000Z",
         *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
         *       "orderRef": "order-10042",
         *       "status": "succeeded",
         *       "processorTransferId": "TRv3Qm8xZ1LwK2",
         *       "processorState": "SUCCEEDED",
         *       "processorInstrumentId": "PIe2YvpcjvoVJ6PzoRPBK137",
         *       "amountRefundedCents": 0,
         *       "failureCode": null
         *     }
         */
        "application/json": components["schemas"]["TransferUpdatedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is done. */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried, then dead-lettered. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  applicationFeeRefundUpdatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, "{t}.{rawBody}")>`, one `v1` per active secret. */
        "LC-Signature": string;
        /** @description The event's id; the same on every retry and replay. */
        "LC-Event-Id": string;
        /** @description The event type: the webhook's name. */
        "LC-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "event_8Wm2Xc7Vb1Nz4Kd9Rh3Tq5",
         *       "type": "application_fee_refund.updated",
         *       "createdAtUtc": "2026-11-03T10:15:02.000Z",
         *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
         *       "lcRefundId": "lcref_2Xc5Vb8Nm1Lk4Jh7",
         *       "orderRef": "order-10042",
         *       "status": "succeeded",
         *       "amountCents": 65,
         *       "processorTransferId": "TRf4Hk8Lm2Nq6Rs1",
         *       "failureCode": null
         *     }
         */
        "application/json": components["schemas"]["ApplicationFeeRefundUpdatedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is done. */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried, then dead-lettered. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  disputeCreatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, "{t}.{rawBody}")>`, one `v1` per active secret. */
        "LC-Signature": string;
        /** @description The event's id; the same on every retry and replay. */
        "LC-Event-Id": string;
        /** @description The event type: the webhook's name. */
        "LC-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "event_8Wm2Xc7Vb1Nz4Kd9Rh3Tq5",
         *       "type": "dispute.created",
         *       "createdAtUtc": "2026-11-03T10:15:02.000Z",
         *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
         *       "orderRef": "order-10042",
         *       "status": "disputed",
         *       "processorTransferId": "TRv3Qm8xZ1LwK2",
         *       "processorState": "SUCCEEDED",
         *       "dispute": {
         *         "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
         *         "processorDisputeId": "DIs7yQRkHDdMYhurzYz72SFk",
         *         "state": "open",
         *         "responseState": "needs_response",
         *         "reason": "fraud",
         *         "amountCents": 2500,
         *         "currency": "USD",
         *         "respondBy": "2026-11-10T09:00:00.000Z",
         *         "submitted": false
         *       }
         *     }
         */
        "application/json": components["schemas"]["DisputeCreatedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is done. */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried, then dead-lettered. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  disputeUpdatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, "{t}.{rawBody}")>`, one `v1` per active secret. */
        "LC-Signature": string;
        /** @description The event's id; the same on every retry and replay. */
        "LC-Event-Id": string;
        /** @description The event type: the webhook's name. */
        "LC-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "event_8Wm2Xc7Vb1Nz4Kd9Rh3Tq5",
         *       "type": "dispute.updated",
         *       "createdAtUtc": "2026-11-03T10:15:02.000Z",
         *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
         *       "orderRef": "order-10042",
         *       "status": "disputed",
         *       "processorTransferId": "TRv3Qm8xZ1LwK2",
         *       "processorState": "SUCCEEDED",
         *       "dispute": {
         *         "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
         *         "processorDisputeId": "DIs7yQRkHDdMYhurzYz72SFk",
         *         "state": "won",
         *         "responseState": "accepted",
         *         "reason": "fraud",
         *         "amountCents": 2500,
         *         "currency": "USD",
         *         "respondBy": "2026-11-10T09:00:00.000Z",
         *         "submitted": true
         *       }
         *     }
         */
        "application/json": components["schemas"]["DisputeUpdatedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is done. */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried, then dead-lettered. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  evidenceUpdatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, "{t}.{rawBody}")>`, one `v1` per active secret. */
        "LC-Signature": string;
        /** @description The event's id; the same on every retry and replay. */
        "LC-Event-Id": string;
        /** @description The event type: the webhook's name. */
        "LC-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "event_8Wm2Xc7Vb1Nz4Kd9Rh3Tq5",
         *       "type": "evidence.updated",
         *       "createdAtUtc": "2026-11-03T10:15:02.000Z",
         *       "lcDisputeId": "lcdsp_5Tq8Wm2Xc7Vb1Nz4Kd9Rh3",
         *       "lcPaymentId": "lcpay_4gH2kLmN8pQrStUvWxYz1a",
         *       "orderRef": "order-10042",
         *       "evidence": {
         *         "lcEvidenceId": "lcevd_3Fh7Kq1Wz9Xc5Vb2Nm8Lt4",
         *         "fileName": "signed-receipt.pdf",
         *         "contentType": "application/pdf",
         *         "sizeBytes": 48213,
         *         "sha256": "9f2c1b7e4a0d3c6b8e5f1a2d7c4b9e0f3a6d8c1b5e7f2a4d9c0b3e6f8a1d5c7b",
         *         "state": "succeeded",
         *         "failureMessage": null
         *       }
         *     }
         */
        "application/json": components["schemas"]["EvidenceUpdatedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is done. */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried, then dead-lettered. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  merchantUpdatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, "{t}.{rawBody}")>`, one `v1` per active secret. */
        "LC-Signature": string;
        /** @description The event's id; the same on every retry and replay. */
        "LC-Event-Id": string;
        /** @description The event type: the webhook's name. */
        "LC-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "event_8Wm2Xc7Vb1Nz4Kd9Rh3Tq5",
         *       "type": "merchant.updated",
         *       "createdAtUtc": "2026-11-03T10:15:02.000Z",
         *       "processorMerchantId": "MUeDVrf2ahuKc9Eg5TeZugvs",
         *       "onboardingStatus": "enabled",
         *       "chargesEnabled": true,
         *       "payoutsEnabled": true,
         *       "pci": {
         *         "status": "valid",
         *         "validUntil": "2027-11-03",
         *         "actionUrl": null
         *       }
         *     }
         */
        "application/json": components["schemas"]["MerchantUpdatedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is done. */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried, then dead-lettered. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  complianceFormUpdatedEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, "{t}.{rawBody}")>`, one `v1` per active secret. */
        "LC-Signature": string;
        /** @description The event's id; the same on every retry and replay. */
        "LC-Event-Id": string;
        /** @description The event type: the webhook's name. */
        "LC-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "event_8Wm2Xc7Vb1Nz4Kd9Rh3Tq5",
         *       "type": "compliance_form.updated",
         *       "createdAtUtc": "2026-11-03T10:15:02.000Z",
         *       "processorMerchantId": "MUeDVrf2ahuKc9Eg5TeZugvs",
         *       "processorComplianceFormId": "cf_2Nq6Rs1Tf4Hk8Lm",
         *       "onboardingStatus": "enabled",
         *       "chargesEnabled": true,
         *       "payoutsEnabled": true,
         *       "reasons": [],
         *       "requirements": [],
         *       "pci": {
         *         "status": "valid",
         *         "validUntil": "2027-11-03",
         *         "actionUrl": null
         *       }
         *     }
         */
        "application/json": components["schemas"]["ComplianceFormUpdatedEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is done. */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried, then dead-lettered. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  pingEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, "{t}.{rawBody}")>`, one `v1` per active secret. */
        "LC-Signature": string;
        /** @description The event's id; the same on every retry and replay. */
        "LC-Event-Id": string;
        /** @description The event type: the webhook's name. */
        "LC-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "event_8Wm2Xc7Vb1Nz4Kd9Rh3Tq5",
         *       "type": "ping",
         *       "createdAtUtc": "2026-11-03T10:15:02.000Z",
         *       "message": "A test event from the Payment Connect dashboard. No action is needed."
         *     }
         */
        "application/json": components["schemas"]["PingEvent"];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is done. */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not acknowledged: the delivery is retried, then dead-lettered. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
