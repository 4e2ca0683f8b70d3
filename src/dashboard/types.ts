import type { SignedInSession } from "../accounts";
import type { TenantContext } from "../platform/context";
import type { AppBindings } from "../platform/types";

/** Any dashboard request: the service's bindings plus the signed-in session, absent on the sign-in and invite pages. */
export type DashboardBindings = {
  Bindings: AppBindings["Bindings"];
  Variables: AppBindings["Variables"] & { session?: SignedInSession };
};

/** A dashboard page behind `requireSession`: someone is signed in. */
export type SignedInBindings = {
  Bindings: AppBindings["Bindings"];
  Variables: AppBindings["Variables"] & { session: SignedInSession; ctx: TenantContext };
};
