import { Problem } from "../problem";

/**
 * Who a control call acts for. The sandbox has no keys of its own: the service it is bound to authenticates the caller
 * and says so in this header (the sandbox worker has no public route, so only the service can set it). The service
 * drops the header from anything a client sends.
 *
 * - `operator`: the operator's `ADMIN_SECRET` — every control.
 * - `merchant <MU…>`: a tenant's API key — only resources of that processor merchant; `merchant` alone when the
 *   tenant has no processor merchant yet (it then owns nothing).
 */
export const SCOPE_HEADER = "x-sandbox-scope";

export type ControlScope = { operator: true } | { operator: false; merchantId: string | null };

export function scopeOf(headers: Headers): ControlScope {
  const value = headers.get(SCOPE_HEADER)?.trim() ?? "";
  if (value === "operator") return { operator: true };
  const merchant = value.match(/^merchant(?:\s+(\S+))?$/);
  if (merchant) return { operator: false, merchantId: merchant[1] ?? null };
  throw new Problem(
    "unauthorized",
    "Sandbox controls need credentials at the service: `Authorization: Bearer <ADMIN_SECRET>` (every control) or a tenant's API key (its own merchant's resources).",
  );
}

export function operatorOnly(what: string): Problem {
  return new Problem(
    "forbidden",
    `${what} needs the operator's credentials (\`Authorization: Bearer <ADMIN_SECRET>\`); a tenant's key drives only its own merchant's resources.`,
  );
}
