import type { SignedInSession } from "../../../src/accounts";
import type { DashboardBindings, SignedInBindings } from "../../../src/dashboard/types";
import type { AppBindings, AuthenticatedTenant, TenantBindings } from "../../../src/platform/types";

// Type-level checks, compiled by `npx tsc -p .` and never run: a handler sees the tenant or the dashboard session as
// certain only behind the guard that sets it (requireTenant, requireSession).
type Expect<T extends true> = T;
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export type BindingsChecks = [
  Expect<Equal<AppBindings["Variables"]["tenant"], AuthenticatedTenant | undefined>>,
  Expect<Equal<TenantBindings["Variables"]["tenant"], AuthenticatedTenant>>,
  Expect<Equal<DashboardBindings["Variables"]["session"], SignedInSession | undefined>>,
  Expect<Equal<SignedInBindings["Variables"]["session"], SignedInSession>>,
];
