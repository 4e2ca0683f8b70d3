import type { Context } from "hono";
import type { FC } from "hono/jsx";
import type { ContentfulStatusCode } from "hono/utils/http-status";

import { useSession } from "./components/session";

/** A plain message: an error, a refusal, a link that no longer works. Signed in, it leads back to the overview. */
const Message: FC<{ text: string }> = ({ text }) => (
  <>
    <p>{text}</p>
    <p>{useSession() ? <a href="/dashboard">Back to the overview</a> : <a href="/dashboard/sign-in">Go to sign-in</a>}</p>
  </>
);

export function showMessage(c: Context, status: ContentfulStatusCode, page: { title: string; message: string }) {
  c.status(status);
  return c.render(<Message text={page.message} />, { title: page.title });
}
