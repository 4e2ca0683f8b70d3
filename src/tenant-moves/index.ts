/** Moving tenants between shards: the move's state machine, its operator routes, and what the cron does for it. */
export { advanceUnfinishedMoves } from "./move.service";
export { default as tenantMovesRouter } from "./tenant-moves.router";
