import type { AppBindings } from "../platform/types";
import type { SignedInSession } from "./sessions.service";

/** The dashboard's requests: the service's bindings plus the signed-in session (absent only on the sign-in and invite pages). */
export type DashboardBindings = {
  Bindings: AppBindings["Bindings"];
  Variables: AppBindings["Variables"] & { session: SignedInSession };
};
