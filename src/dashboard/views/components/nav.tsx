import type { FC } from "hono/jsx";
import { useRequestContext } from "hono/jsx-renderer";

import type { SignedInSession } from "../../../accounts";
import type { DashboardBindings } from "../../types";
import { PostButton } from "./forms";

type NavItem = { href: string; label: string; ownerOnly?: boolean };

/** The navigation, by group: a new section is one line here. */
const NAV: { group: string; items: NavItem[] }[] = [
  {
    group: "Money",
    items: [
      { href: "/dashboard", label: "Overview" },
      { href: "/dashboard/payments", label: "Payments" },
      { href: "/dashboard/disputes", label: "Disputes" },
      { href: "/dashboard/payouts", label: "Payouts" },
      { href: "/dashboard/readers", label: "Readers" },
    ],
  },
  {
    group: "Developers",
    items: [
      { href: "/dashboard/keys", label: "API keys" },
      { href: "/dashboard/callbacks", label: "Callbacks" },
      { href: "/dashboard/requests", label: "Request log" },
    ],
  },
  {
    group: "Settings",
    items: [
      { href: "/dashboard/team", label: "Team", ownerOnly: true },
      { href: "/dashboard/audit", label: "Audit log", ownerOnly: true },
      { href: "/dashboard/account", label: "Your sessions" },
      { href: "/dashboard/security", label: "Sign-in security" },
    ],
  },
];

/** The section a path is in is its first two segments: /dashboard/payments/lcpay_… is in /dashboard/payments. */
const sectionOf = (path: string) => path.split("/").slice(0, 3).join("/");

/**
 * The frame's side: the brand, the sections this person may open (the current one marked), who is signed in, sign-out.
 * On a phone the sections and sign-out fold behind a "Menu" button: a `<details>`, so it opens and closes without the
 * script (its summary reports expanded or collapsed to assistive technology itself); the script adds Escape to close
 * it and keeps it open on a wide screen in browsers whose CSS cannot (`public/assets/dashboard.js`). On a wide screen
 * the stylesheet hides the button and always shows what it holds.
 */
export const Sidebar: FC<{ session: SignedInSession }> = ({ session }) => {
  const section = sectionOf(useRequestContext<DashboardBindings>().req.path);
  return (
    <header class="sidebar">
      <a class="brand" href="/dashboard">
        Payment Connect
      </a>
      <details class="menu">
        <summary class="menu-button">
          <span class="menu-icon" aria-hidden="true"></span>
          Menu
        </summary>
        <div class="menu-body">
          <nav aria-label="Dashboard">
            {NAV.map(({ group, items }) => (
              <div class="nav-group">
                <p class="nav-heading">{group}</p>
                <ul>
                  {items
                    .filter((item) => !item.ownerOnly || session.role === "owner")
                    .map((item) => (
                      <li>
                        <a href={item.href} aria-current={item.href === section ? "page" : undefined}>
                          {item.label}
                        </a>
                      </li>
                    ))}
                </ul>
              </div>
            ))}
          </nav>
          <div class="whoami">
            <p>
              <span class="muted">Signed in as</span>
              <br />
              <strong>{session.name}</strong>
              <br />
              <span class="muted small">
                {session.email} · {session.role}
              </span>
            </p>
            <PostButton action="/dashboard/sign-out">Sign out</PostButton>
          </div>
        </div>
      </details>
    </header>
  );
};
