import type { Context } from "hono";
import { z } from "zod";

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../accounts";
import { base64Url, randomBytes } from "../lib/crypto";

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

/**
 * A list's filters from its query string: a value its schema refuses is left out and named in `filterError`, so the
 * list still shows, and says what it ignored. `labels` names a filter for people where its parameter name would not.
 */
export function parseFilters<Shape extends Record<string, z.ZodType<string>>>(
  query: Record<string, string>,
  shape: Shape,
  labels: Partial<Record<keyof Shape, string>> = {},
): { filters: { [Name in keyof Shape]?: z.output<Shape[Name]> }; filterError: string | undefined } {
  const filters: { [Name in keyof Shape]?: z.output<Shape[Name]> } = {};
  const invalid: string[] = [];
  for (const name of Object.keys(shape) as (keyof Shape & string)[]) {
    const value = query[name];
    if (!value) continue;
    const parsed = shape[name]!.safeParse(value);
    if (parsed.success) filters[name] = parsed.data as z.output<Shape[typeof name]>;
    else invalid.push(labels[name] ?? name);
  }
  return { filters, filterError: invalid.length > 0 ? `Ignored an invalid ${invalid.join(" and ")}.` : undefined };
}

/** "12.5" or "12.50" in a two-decimal currency → 1250; null for anything that is not a positive amount. */
export function minorUnits(amount: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

/** Each rendering of a form that moves money carries a fresh one-time key, so submitting the same form twice acts once. */
export const newFormKey = () => base64Url(randomBytes(18));

/** A new password as every form that sets one takes it (invitation, reset link, change of password): the same rules. */
export const newPasswordFields = {
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `At least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(MAX_PASSWORD_LENGTH, `At most ${MAX_PASSWORD_LENGTH} characters.`),
  confirm: z.string(),
};

/** The check that the new password was typed the same twice, shown next to the second field. */
export const typedTwice: [(form: { password: string; confirm: string }) => boolean, { path: string[]; message: string }] = [
  (form) => form.password === form.confirm,
  { path: ["confirm"], message: "The two passwords differ." },
];

/** An authenticator code typed a second time: each works once, so the next one is what to type. */
export const CODE_ALREADY_USED =
  "That code was already used, and each code works once. Wait for your authenticator to show the next one (a new code every 30 seconds), or enter an unused recovery code.";
