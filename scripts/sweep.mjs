#!/usr/bin/env node
// `npm run sweep`: runs the cron sweep on the local dev server now, as the cron trigger does every minute in production
// (and `npm run dev` every minute locally).
import { callService, CliFailure, CRON_ROUTE, runCli, serviceUrl } from "./local-service.mjs";

await runCli(async () => {
  if (process.argv.length > 2) throw new CliFailure("Usage: npm run sweep   (runs the cron sweep on the local dev server now)", 2);
  try {
    await callService("GET", CRON_ROUTE);
  } catch (error) {
    if (error instanceof CliFailure && error.message.startsWith("404")) {
      throw new CliFailure(`${serviceUrl()} has no /__scheduled: it was not started with \`npm run dev\` (which passes --test-scheduled).`);
    }
    throw error;
  }
  console.log(`Ran the cron sweep on ${serviceUrl()}.`);
});
