#!/usr/bin/env node
// `node scripts/bench-sale-cpu.mjs [--json]`: the CPU a sale costs the thread that runs the Workers under `wrangler dev`
// (the service, the sandbox, local D1 — all on one thread), read from /proc, so other load on the machine moves it
// less than it moves time. Figures over runs of SALES requests, eight at a time, token charges of a returning buyer:
//   - a GET /health: what any request costs, the floor under each figure below;
//   - a sale: the charge and the processor's transfer.created the sandbox then sends to the service;
//   - the charge alone: the sandbox's webhooks held off the service (sent to its own request bin);
//   - the webhook alone: each held transfer.created delivered to the service, signed as the processor signs it.
// Linux only (/proc). Not a test: it prints figures and exits.
import { createHmac } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";

import { devSecrets, startDevServer } from "../test/support/dev-server.mjs";
import { cardToken, chargeableTenant, control } from "../test/support/sandbox-flows.mjs";

const RUNS = Number(process.env.BENCH_CPU_RUNS ?? 4);
const SALES = Number(process.env.BENCH_CPU_SALES ?? 200);
const CONCURRENCY = 8;
const KEYS = 24;
const TICKS_PER_MS = 100 / 1000; // USER_HZ: /proc counts CPU in hundredths of a second
const STATE_PARENT = process.env.BENCH_STATE_DIR ?? (existsSync("/dev/shm") ? "/dev/shm" : tmpdir());

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The workerd processes started under this script (wrangler's child): found by walking each process's parent. */
function workerdPids() {
  const parents = new Map();
  const names = new Map();
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const afterName = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry), Number(afterName[1]));
      names.set(Number(entry), stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")));
    } catch {
      // the process ended while being read
    }
  }
  const descends = (pid) => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === process.pid) return true;
    return false;
  };
  return [...names].filter(([pid, name]) => name === "workerd" && descends(pid)).map(([pid]) => pid);
}

/** CPU ticks (user + system) of every thread of the given processes, by thread id. */
function threadTicks(pids) {
  const ticks = new Map();
  for (const pid of pids) {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        ticks.set(`${pid}/${tid}`, Number(fields[11]) + Number(fields[12]));
      } catch {
        // the thread ended while being read
      }
    }
  }
  return ticks;
}

/**
 * The CPU `work` costs, in ms: that of the busiest thread (the one that runs the Workers) and of all of workerd,
 * counted until the work it left running (webhooks, stored answers) is done — two quiet 500 ms samples in a row.
 */
async function cpuOf(pids, work) {
  const before = threadTicks(pids);
  await work();
  let last = threadTicks(pids);
  for (let quiet = 0; quiet < 2;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = threadTicks(pids);
    const moved = [...now].reduce((sum, [tid, ticks]) => sum + ticks - (last.get(tid) ?? 0), 0);
    quiet = moved <= 2 ? quiet + 1 : 0;
    last = now;
  }
  const deltas = [...last].map(([tid, ticks]) => ticks - (before.get(tid) ?? 0));
  return { threadMs: Math.max(...deltas) / TICKS_PER_MS, totalMs: deltas.reduce((a, b) => a + b, 0) / TICKS_PER_MS };
}

async function eightAtATime(count, send) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await send(next++);
    }),
  );
}

async function measure() {
  const server = await startDevServer({ stateParent: STATE_PARENT });
  try {
    const { baseUrl } = server;
    const secrets = devSecrets();
    const admin = { Authorization: `Bearer ${secrets.ADMIN_SECRET}` };
    const processorAuth = {
      Authorization: `Basic ${Buffer.from(`${secrets.PROCESSOR_USERNAME}:${secrets.PROCESSOR_PASSWORD}`).toString("base64")}`,
      "Finix-Version": "2022-02-01",
      "Content-Type": "application/json",
    };
    // No settlement closes mid-run: its payout would be the service's work too.
    await control(baseUrl, "config", { delaysSeconds: { settlement: 3600 } }, admin);
    const { key, tenantId } = await chargeableTenant(baseUrl, admin);
    // Each key has a request budget (API_RATE_LIMITER): the charges are spread over several keys of the tenant.
    const keys = [key];
    for (let i = 1; i < KEYS; i++) {
      const issued = await fetch(`${baseUrl}/admin/tenants/${tenantId}/keys`, { method: "POST", headers: admin });
      keys.push(/** @type {{ key: string }} */ (await issued.json()).key);
    }
    const buyer = { firstName: "Bench", lastName: "Mark", email: "bench@example.com" };
    let chargeNumber = 0;
    const charge = async (token) => {
      const n = chargeNumber++;
      const response = await fetch(`${baseUrl}/v1/payments`, {
        method: "POST",
        headers: { "X-Api-Key": keys[n % KEYS], "Content-Type": "application/json", "Idempotency-Key": `cpu-${n}` },
        body: JSON.stringify({ amountCents: 2500, currency: "USD", orderRef: `cpu-${n}`, processorToken: token, buyer }),
      });
      if (response.status !== 201) throw new Error(`charge: ${response.status} ${await response.text()}`);
      return /** @type {{ processorTransferId: string }} */ (await response.json());
    };
    const pids = workerdPids();
    if (pids.length === 0) throw new Error("no workerd process under this script");

    /** Runs of SALES charges; `after` gets each run's transfer ids. Tokens are made before a run, outside what it measures. */
    const runs = async (after) => {
      const figures = [];
      for (let run = 0; run < RUNS; run++) {
        const tokens = [];
        for (let i = 0; i < SALES; i++) tokens.push(await cardToken(baseUrl));
        const transfers = [];
        const cpu = await cpuOf(pids, () =>
          eightAtATime(SALES, async (i) => transfers.push((await charge(tokens[i])).processorTransferId)),
        );
        figures.push({ threadMs: cpu.threadMs / SALES, totalMs: cpu.totalMs / SALES });
        if (after) figures[run].webhook = await after(transfers);
      }
      return figures;
    };

    await runs(null); // warm-up: every path compiled, the buyer returning
    const sales = await runs(null);
    const health = [];
    for (let run = 0; run < RUNS; run++) {
      const cpu = await cpuOf(pids, () =>
        eightAtATime(SALES, async () => {
          await (await fetch(`${baseUrl}/health`)).arrayBuffer();
        }),
      );
      health.push({ threadMs: cpu.threadMs / SALES, totalMs: cpu.totalMs / SALES });
    }

    const registered = await fetch(`${baseUrl}/sandbox/processor/webhooks`, {
      method: "POST",
      headers: processorAuth,
      body: JSON.stringify({ url: "/sandbox/inbox/bench-sale-cpu", authentication: { type: "NONE" } }),
    });
    if (registered.status !== 201) throw new Error(`webhook registration: ${registered.status}`);
    const signingKey = secrets.PROCESSOR_WEBHOOK_SIGNING_KEY.split(",")[0].trim();
    const webhookAuth = `Basic ${Buffer.from(`${secrets.PROCESSOR_WEBHOOK_USERNAME}:${secrets.PROCESSOR_WEBHOOK_PASSWORD}`).toString("base64")}`;
    const deliver = async (transfer) => {
      const body = JSON.stringify({
        type: "created",
        entity: "transfer",
        occurred_at: transfer.created_at,
        _embedded: { transfers: [transfer] },
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = createHmac("sha256", signingKey).update(`${timestamp}:${body}`).digest("hex");
      const response = await fetch(`${baseUrl}/webhooks/processor`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: webhookAuth,
          "Finix-Signature": `timestamp=${timestamp}, sig=${signature}`,
        },
        body,
      });
      const { outcome } = /** @type {{ outcome: string }} */ (await response.json());
      if (outcome !== "ignored") throw new Error(`transfer.created of a recorded sale answered ${response.status} ${outcome}`);
    };
    const held = await runs(async (transferIds) => {
      const transfers = [];
      for (const id of transferIds) {
        transfers.push(await (await fetch(`${baseUrl}/sandbox/processor/transfers/${id}`, { headers: processorAuth })).json());
      }
      const cpu = await cpuOf(pids, () => eightAtATime(transfers.length, (i) => deliver(transfers[i])));
      return { threadMs: cpu.threadMs / transfers.length, totalMs: cpu.totalMs / transfers.length };
    });
    return {
      health,
      sale: sales,
      chargeAlone: held.map(({ threadMs, totalMs }) => ({ threadMs, totalMs })),
      webhookAlone: held.map(({ webhook }) => webhook),
      settings: { runs: RUNS, sales: SALES, concurrency: CONCURRENCY, stateDirectory: STATE_PARENT },
    };
  } finally {
    await server.stop();
  }
}

const result = await measure();
if (process.argv.includes("--json")) {
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} else {
  const { settings } = result;
  /** @param {{ threadMs: number; totalMs: number }[]} runs @param {"threadMs" | "totalMs"} field */
  const figure = (runs, field) => {
    const values = runs.map((run) => run[field]);
    return `${median(values).toFixed(1)} (${values.map((value) => value.toFixed(1)).join(", ")})`;
  };
  /** @type {[string, { threadMs: number; totalMs: number }[]][]} */
  const rows = [
    ["GET /health", result.health],
    ["a sale (charge + its transfer.created)", result.sale],
    ["the charge alone (webhooks held)", result.chargeAlone],
    ["the transfer.created alone", result.webhookAlone],
  ];
  process.stdout.write(
    `\n${settings.runs} runs of ${settings.sales}, ${settings.concurrency} at a time; CPU ms per request: median (each run).\n\n` +
      "| what | Workers thread | all of workerd |\n|---|---:|---:|\n" +
      rows.map(([name, runs]) => `| ${name} | ${figure(runs, "threadMs")} | ${figure(runs, "totalMs")} |\n`).join(""),
  );
}
process.exit(0);
