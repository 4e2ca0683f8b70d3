// workerd provides node:async_hooks under the nodejs_compat flag (wrangler.toml); the service uses only this of it, and
// declaring it here keeps Node's global types (timers, Buffer, process) out of a Worker's type space.
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
