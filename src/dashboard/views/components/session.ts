import { useRequestContext } from "hono/jsx-renderer";

import type { SignedInSession } from "../../../accounts";
import type { DashboardBindings } from "../../types";

/** The signed-in session of the request being rendered; undefined on the pages before sign-in. */
export const useSession = (): SignedInSession | undefined => useRequestContext<DashboardBindings>().get("session");

/** The session of a page behind `requireSession`, which a page rendered there can count on. */
export function useSignedIn(): SignedInSession {
  const session = useSession();
  if (!session) throw new Error("A signed-in page was rendered without a session.");
  return session;
}
