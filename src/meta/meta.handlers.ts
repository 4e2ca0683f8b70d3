import { publicConfig } from "../lib/config";
import { logEvent } from "../lib/log";
import { ApiError } from "../lib/problem";
import type { AppRouteHandler } from "../platform/types";
import type * as routes from "./meta.routes";

export const meta: AppRouteHandler<typeof routes.meta> = (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json(publicConfig(c.env), 200);
};

export const health: AppRouteHandler<typeof routes.health> = (c) => c.json({ status: "ok" as const }, 200);

export const live: AppRouteHandler<typeof routes.live> = (c) => c.json({ status: "ok" as const }, 200);

export const ready: AppRouteHandler<typeof routes.ready> = async (c) => {
  try {
    await c.env.DB.prepare("SELECT 1").first();
  } catch (error) {
    logEvent("error", "readiness probe failed", { traceId: c.get("traceId"), error: String(error) });
    throw new ApiError("service-unavailable", "The datastore is unreachable.");
  }
  c.header("Cache-Control", "no-store");
  return c.json({ status: "ok" as const, checks: { database: "ok" as const } }, 200);
};
