import type { Context } from "hono";
import { z } from "zod";

/** A submitted urlencoded form as plain strings (files and repeated fields are not used by the dashboard). */
export async function formFields(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/** Field → first message, for showing each error next to its field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Where sign-in may send the browser afterwards: a dashboard path and nothing else (no open redirect). */
export function safeNextPath(next: string | undefined): string {
  return next && /^\/dashboard(\/[A-Za-z0-9_-]+)*$/.test(next) ? next : "/dashboard";
}
