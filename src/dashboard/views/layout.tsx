import type { Child, FC } from "hono/jsx";
import { jsxRenderer } from "hono/jsx-renderer";

import { Sidebar } from "./components/nav";
import { PageHeader } from "./components/page-header";
import { SandboxBanner } from "./components/sandbox-banner";
import { useSession } from "./components/session";

declare module "hono" {
  interface ContextRenderer {
    (content: string | Promise<string>, page: { title: string }): Response | Promise<Response>;
  }
}

const Document: FC<{ title: string; children: Child }> = ({ title, children }) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{`${title} · Payment Connect`}</title>
      <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
      <link rel="stylesheet" href="/assets/dashboard.css" />
      <script src="/assets/dashboard.js" defer></script>
    </head>
    {children}
  </html>
);

/**
 * The frame of every dashboard page, from what the request already holds: signed in, the skip link, the sandbox
 * banner, the sidebar (a top bar with a menu button on a phone) and the page; before sign-in (sign-in, invitation,
 * errors without a session), the banner and a centred card with no navigation.
 */
const Frame: FC<{ title: string; children: Child }> = ({ title, children }) => {
  const session = useSession();
  return (
    <Document title={title}>
      {session ? (
        <body>
          <a class="skip-link" href="#main">
            Skip to content
          </a>
          <SandboxBanner />
          <div class="shell">
            <Sidebar session={session} />
            <main id="main" tabindex={-1}>
              <PageHeader title={title} />
              {children}
            </main>
          </div>
        </body>
      ) : (
        <body class="bare">
          <SandboxBanner />
          <div class="bare-page">
            <main id="main" class="card narrow">
              <p class="brand">Payment Connect</p>
              <PageHeader title={title} />
              {children}
            </main>
          </div>
        </body>
      )}
    </Document>
  );
};

/** Pages answer with `c.render(<Page … />, { title })`; the frame around them is this renderer's. */
export const dashboardLayout = jsxRenderer(({ title, children }) => <Frame title={title}>{children}</Frame>, {
  docType: "<!doctype html>",
});
