// The benchmark's requests: an idempotent one (GET, HEAD, or one carrying an Idempotency-Key) that goes out on a
// keep-alive socket the server has just closed is sent once more — Node's fetch reuses an idle socket before it has
// seen the server's close, and fails with UND_ERR_SOCKET, a fault of the client's pool, not a figure of the service.
// Used by scripts/bench.mjs and scripts/bench-callbacks.mjs.

let retried = 0;

/** How many requests were sent again after a closed keep-alive socket (printed with the figures). */
export const retriedRequests = () => retried;

/**
 * @param {string} url
 * @param {RequestInit} [init]
 */
export async function fetchRetryingClosedSocket(url, init = {}) {
  try {
    return await fetch(url, init);
  } catch (error) {
    const idempotent = ["GET", "HEAD"].includes(init.method ?? "GET") || new Headers(init.headers).has("Idempotency-Key");
    if (!idempotent || error?.cause?.code !== "UND_ERR_SOCKET") throw error;
    retried++;
    return fetch(url, init);
  }
}
