// A callback receiver on this machine for the tests and the benchmark: it keeps every request it is sent and answers
// with the status `answer` gives (204 unless told).
import { createServer } from "node:http";

/** @typedef {{ url: string; headers: import("node:http").IncomingHttpHeaders; body: string }} Delivery */

/**
 * `answer(delivery, earlier)` is the status to answer with, given the deliveries received before this one; `close()`
 * when done.
 *
 * @param {{ answer?: (delivery: Delivery, earlier: readonly Delivery[]) => number | Promise<number> }} [options]
 */
export async function startCallbackReceiver({ answer = () => 204 } = {}) {
  /** @type {Delivery[]} */
  const received = [];
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const delivery = { url: request.url ?? "", headers: request.headers, body };
      void Promise.resolve(answer(delivery, [...received])).then((status) => {
        received.push(delivery);
        response.writeHead(status).end();
      });
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    received,
    /** The receiver's address for `pathname`. */
    url: (pathname = "/callbacks") => `http://127.0.0.1:${port}${pathname}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
