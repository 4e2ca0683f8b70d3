-- The request log leaves the ledger shard: each tenant's rows are kept by its own RequestLogStore (a Durable Object fed
-- by the request-log queue), so a request never takes the shard's writer for its log row nor its 10 GB for 14 days of
-- them (docs/scale.md). Rows logged before this migration are not carried over: the log restarts with it.
DROP TABLE `request_log`;
