// `npm run bench -- --feeds`: the processor's change feeds (the cron's recovery of lost webhooks) under a sustained
// rate. The sandbox records FEED_CHANGES_PER_MINUTE card sales a minute (BENCH_FEED_CHANGES_PER_MINUTE, default 5,000)
// for FEED_MINUTES minutes (BENCH_FEED_MINUTES, default 3), spread over each minute, with no webhook: every one reaches
// the service only through the transfers feed. The cron runs every minute as a deployment's does, whether or not the
// last run has ended; the feeds' lag (`GET /admin/processor-feeds`) is read every few seconds. Reports the rate drained
// (changes fed ÷ the time from the first cron run after they began until the feed had read past the last) and the
// largest lag seen. Used by scripts/bench.mjs.
import { chargeableTenant, control } from "../test/support/sandbox-flows.mjs";
import { CRON_ROUTE } from "./local-service.mjs";

const CHANGES_PER_MINUTE = Number(process.env.BENCH_FEED_CHANGES_PER_MINUTE ?? 5_000);
const MINUTES = Number(process.env.BENCH_FEED_MINUTES ?? 3);
/** Changes are recorded this many times a minute, so they arrive spread over it as a platform's do. */
const SLICES_PER_MINUTE = 6;
const SAMPLE_EVERY_MS = 5_000;
/** How long the feed may take to catch up once the changes stop before the benchmark gives up on it. */
const CATCH_UP_LIMIT_MS = 10 * 60_000;

/** @typedef {{ resource: string; lagSeconds: number | null; readThroughUtc: string | null; reading: boolean }} Feed */

const sleepUntil = (at) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** @param {{ baseUrl: string; adminSecret: string; log: (line: string) => void }} options */
export async function benchFeeds({ baseUrl, adminSecret, log }) {
  const admin = { Authorization: `Bearer ${adminSecret}` };
  const transfers = async () => {
    const response = await fetch(`${baseUrl}/admin/processor-feeds`, { headers: admin });
    if (!response.ok) throw new Error(`processor feeds: ${response.status} ${await response.text()}`);
    const { data } = /** @type {{ data: Feed[] }} */ (await response.json());
    return /** @type {Feed} */ (data.find((feed) => feed.resource === "transfer"));
  };
  const cronRuns = [];
  const runCron = () => cronRuns.push(fetch(`${baseUrl}${CRON_ROUTE}`).then((response) => response.arrayBuffer()));

  const { merchantId } = await chargeableTenant(baseUrl, admin, "Bench Feeds Co");
  // The feeds' first read, before the changes begin: what the benchmark measures is keeping up, not the first look back.
  runCron();
  await Promise.all(cronRuns);
  for (let feed = await transfers(); feed.reading || feed.readThroughUtc === null; feed = await transfers())
    await sleepUntil(Date.now() + 1_000);

  const perSlice = Math.round(CHANGES_PER_MINUTE / SLICES_PER_MINUTE);
  const start = Date.now();
  let fed = 0;
  let maxLagSeconds = 0;
  const sampling = { on: true };
  const sampler = (async () => {
    while (sampling.on) {
      const feed = await transfers();
      maxLagSeconds = Math.max(maxLagSeconds, feed.lagSeconds ?? 0);
      await sleepUntil(Date.now() + SAMPLE_EVERY_MS);
    }
  })();

  log(`feeding ${CHANGES_PER_MINUTE} changes a minute for ${MINUTES} minute(s); the cron runs every minute…`);
  for (let minute = 0; minute < MINUTES; minute++) {
    for (let slice = 0; slice < SLICES_PER_MINUTE; slice++) {
      await sleepUntil(start + minute * 60_000 + (slice * 60_000) / SLICES_PER_MINUTE);
      await control(baseUrl, "quiet-sales", { merchant: merchantId, count: perSlice }, admin);
      fed += perSlice;
    }
    await sleepUntil(start + (minute + 1) * 60_000);
    runCron();
    const feed = await transfers();
    log(`  minute ${minute + 1}: ${fed} changes fed; transfers feed ${feed.lagSeconds} s behind${feed.reading ? ", reading" : ""}`);
  }
  const lastFedAt = new Date(Date.now()).toISOString();

  // Every minute on, until a read that began after the last change has finished.
  /** @type {number | null} */
  let caughtUpAt = null;
  for (let minute = MINUTES + 1; Date.now() - start < MINUTES * 60_000 + CATCH_UP_LIMIT_MS; minute++) {
    const nextCron = start + minute * 60_000;
    while (Date.now() < nextCron) {
      const feed = await transfers();
      if (!feed.reading && feed.readThroughUtc !== null && feed.readThroughUtc >= lastFedAt) {
        caughtUpAt = Date.now();
        break;
      }
      await sleepUntil(Math.min(nextCron, Date.now() + 1_000));
    }
    if (caughtUpAt !== null) break;
    runCron();
  }
  sampling.on = false;
  await sampler;
  await Promise.all(cronRuns);
  // From the first cron run after the changes began (a minute in) to the one that read past the last change.
  const drainedSeconds = ((caughtUpAt ?? Date.now()) - start - 60_000) / 1000;
  return {
    changesPerMinute: CHANGES_PER_MINUTE,
    minutes: MINUTES,
    fed,
    cronRuns: cronRuns.length - 1,
    caughtUp: caughtUpAt !== null,
    drainedPerMinute: caughtUpAt === null ? null : fed / (drainedSeconds / 60),
    maxLagSeconds,
    catchUpAfterLastChangeSeconds: caughtUpAt === null ? null : (caughtUpAt - Date.parse(lastFedAt)) / 1000,
  };
}

/** The result as Markdown lines. */
export function feedsTable(result) {
  return [
    "| changes fed | for | cron runs | caught up | drained per minute | largest lag | caught up after the last change |",
    "|---:|---:|---:|---|---:|---:|---:|",
    `| ${result.fed} (${result.changesPerMinute}/min) | ${result.minutes} min | ${result.cronRuns} | ${result.caughtUp ? "yes" : "no"} | ${
      result.drainedPerMinute === null ? "–" : result.drainedPerMinute.toFixed(0)
    } | ${result.maxLagSeconds} s | ${result.catchUpAfterLastChangeSeconds === null ? "–" : `${result.catchUpAfterLastChangeSeconds.toFixed(0)} s`} |`,
  ];
}
