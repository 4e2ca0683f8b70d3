/**
 * Delay before each retry of a failed delivery: nine attempts over about 41.6 hours. A Queue delay is at most
 * 12 h per hop. wrangler.toml's `max_retries` must equal the number of delays, so that the message is moved to
 * the dead-letter queue right after the last attempt.
 */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 12 * 3600, 12 * 3600] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/**
 * `attempt` is the Queue's count for this message (1 on first delivery); null means the attempts are exhausted.
 * `CALLBACK_RETRY_SCALE` (development and sandbox only: env validation refuses it in live) shrinks every delay, so the
 * whole ladder up to the dead-letter queue can be watched in seconds; a scaled delay is still at least one second.
 */
export function retryDelaySeconds(env: Pick<Env, "CALLBACK_RETRY_SCALE">, attempt: number): number | null {
  const seconds = RETRY_DELAYS_SECONDS[attempt - 1];
  if (seconds === undefined) return null;
  return env.CALLBACK_RETRY_SCALE === undefined ? seconds : Math.max(1, Math.ceil(seconds * Number(env.CALLBACK_RETRY_SCALE)));
}
