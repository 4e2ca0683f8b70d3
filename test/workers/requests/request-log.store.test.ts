// The request log's store: the queue's consumer keeps each tenant's rows of a batch in its own RequestLogStore, all of
// them or none, retries a tenant whose store failed, and adds nothing when a batch comes back.
import { createExecutionContext, createMessageBatch, getQueueResult, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { createContext } from "../../../src/context";
import { type RequestLogMessage, type RequestLogRecord, storeRequestBatch } from "../../../src/requests";
import { tenantWithKey } from "../support/http";
import { requestLogOf, storedRequestRows } from "../support/requests";
import { requestRow } from "../support/seed";
import { tenantOnAnotherShard, tenantShardBinding } from "../support/shards";

const REQUEST_LOG_QUEUE = "payment-connect-request-log";

const row = (traceId: string, at = new Date().toISOString()): RequestLogRecord =>
  requestRow({ id: `req_${traceId}${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`, at, traceId });

/** The consumer's run on these messages: which were acknowledged and which will come back. */
async function consume(messages: { id: string; body: RequestLogMessage }[]) {
  const batch = createMessageBatch<RequestLogMessage>(
    REQUEST_LOG_QUEUE,
    messages.map(({ id, body }) => ({ id, timestamp: new Date(), attempts: 1, body })),
  );
  await storeRequestBatch({ ctx: createContext(env), input: batch });
  const result = await getQueueResult(batch, createExecutionContext());
  return { acked: [...result.explicitAcks].sort(), retried: result.retryMessages.map(({ msgId }) => msgId).sort() };
}

const messageOf = (tenantId: string, record: RequestLogRecord) => ({
  id: `msg-${record.traceId}`,
  body: { tenantId, region: "us", row: record },
});

describe("the request-log queue's consumer", () => {
  it("keeps each tenant's rows in its own store, and a batch delivered again adds nothing", async () => {
    const first = await tenantWithKey("Batch First");
    const second = await tenantOnAnotherShard(await tenantShardBinding(first.tenantId), () => tenantWithKey("Batch Second"));
    const messages = [
      messageOf(first.tenantId, row("firsta")),
      messageOf(second.tenantId, row("seconda")),
      messageOf(first.tenantId, row("firstb")),
    ];

    for (const _delivery of [1, 2]) {
      expect(await consume(messages)).toEqual({ acked: messages.map(({ id }) => id).sort(), retried: [] });
      expect((await storedRequestRows(first.tenantId)).map((kept) => kept.traceId).sort()).toEqual(["firsta", "firstb"]);
      expect((await storedRequestRows(second.tenantId)).map((kept) => kept.traceId)).toEqual(["seconda"]);
    }
  });

  it("retries a tenant whose store refuses its rows, none of them kept, and acknowledges the others", async () => {
    const refused = await tenantWithKey("Batch Refused");
    const kept = await tenantWithKey("Batch Kept");
    // A row the store cannot keep (no method) beside a good one of the same tenant: the good one is not kept alone.
    const broken = { ...row("broken"), method: null } as unknown as RequestLogRecord;
    const messages = [
      messageOf(refused.tenantId, row("goodone")),
      messageOf(refused.tenantId, broken),
      messageOf(kept.tenantId, row("other")),
    ];

    expect(await consume(messages)).toEqual({ acked: ["msg-other"], retried: ["msg-broken", "msg-goodone"] });
    expect(await storedRequestRows(refused.tenantId)).toEqual([]);
    expect((await storedRequestRows(kept.tenantId)).map((stored) => stored.traceId)).toEqual(["other"]);
  });

  it("reads a page, a status, a class, a trace and listen's absence each through its own index", async () => {
    const { tenantId } = await tenantWithKey("Indexed Log");
    const store = await requestLogOf(tenantId);
    await store.record([row("indexed")]);
    await runInDurableObject(store, (instance, state) => {
      const { sql } = state.storage;
      const run = sql.exec.bind(sql);
      const plans: string[][] = [];
      // Each of the store's reads, explained as the store runs it.
      sql.exec = ((query: string, ...values: SqlStorageValue[]) => {
        if (query.startsWith("SELECT"))
          plans.push(
            run<{ detail: string }>(`EXPLAIN QUERY PLAN ${query}`, ...values)
              .toArray()
              .map(({ detail }) => detail),
          );
        return run(query, ...values);
      }) as typeof sql.exec;
      const after = { at: new Date().toISOString(), id: "req_after" };
      for (const query of [
        { after },
        { status: [404, 404] },
        { status: [400, 499] },
        { traceId: "indexed" },
        { withoutListen: true },
      ] as const) {
        instance.list({ ...query, limit: 51 } as Parameters<typeof instance.list>[0]);
      }
      expect(plans).toEqual([
        [expect.stringMatching(/^SEARCH request_log USING INDEX request_log_at \(\(at,id\)<\(\?,\?\)\)$/)],
        [expect.stringMatching(/^SEARCH request_log USING INDEX request_log_status_at \(status=\?\)$/)],
        // A class is a range of codes, sorted by time once read: the failing requests looked for are the few.
        [
          expect.stringMatching(/^SEARCH request_log USING INDEX request_log_status_at \(status>\? AND status<\?\)$/),
          "USE TEMP B-TREE FOR ORDER BY",
        ],
        [expect.stringMatching(/^SEARCH request_log USING INDEX request_log_trace_at \(trace_id=\?\)$/)],
        [expect.stringMatching(/^SEARCH request_log USING INDEX request_log_client_at \(client=\?\)$/)],
      ]);
    });
  });
});
