import { shardsInUse } from "../db/shards";
import type { AppContext } from "./context";

/**
 * The context on every database holding tenant data, for work that spans tenants (the cron's sweeps, operator reports):
 * a tenant's request never uses it, it stays on its own shard.
 */
export async function contextsOnEveryShard(ctx: AppContext): Promise<AppContext[]> {
  return (await shardsInUse(ctx.control, ctx.env)).map((binding) => ctx.forShard(binding));
}
