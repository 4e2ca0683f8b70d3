// Progressive enhancement for the dashboard: every page works without this script; with it, secrets copy in one
// click, forms ask before destructive actions and cannot be sent twice, and a delivery log that is still pending
// refreshes itself; the phone's menu closes with Escape.
"use strict";

// The menu (a <details>, src/dashboard/views/components/nav.tsx) opens and closes without this script. With it, Escape
// closes it and puts the focus back on its button; and on a wide screen, where the button is hidden, it is kept open
// in browsers whose CSS cannot show a closed <details>' content.
const menu = document.querySelector("details.menu");
if (menu) {
  const wide = window.matchMedia("(min-width: 48.01rem)");
  const cssShowsIt = window.CSS?.supports?.("selector(::details-content)") ?? false;
  const keepOpenWhenWide = () => {
    if (wide.matches && !cssShowsIt) menu.open = true;
  };
  keepOpenWhenWide();
  wide.addEventListener("change", keepOpenWhenWide);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !menu.open || wide.matches) return;
    menu.open = false;
    menu.querySelector("summary")?.focus();
  });
}

document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  if (!field) return;
  try {
    await navigator.clipboard.writeText(field.value);
    button.textContent = "Copied";
  } catch {
    field.select();
    button.textContent = "Press Ctrl+C";
  }
  setTimeout(() => (button.textContent = "Copy"), 2500);
});

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
    event.preventDefault();
    return;
  }
  if (form.method.toLowerCase() === "post") {
    for (const button of form.querySelectorAll("button[type=submit]")) button.disabled = true;
  }
});

// The delivery log asks to be refreshed while a delivery is pending: its section is replaced in place, a few times.
const MAX_REFRESHES = 20;
let refreshes = 0;
function scheduleRefresh() {
  const region = document.querySelector("[data-refresh]");
  if (!region || refreshes >= MAX_REFRESHES) return;
  setTimeout(
    async () => {
      refreshes += 1;
      const response = await fetch(window.location.href, { headers: { Accept: "text/html" } });
      if (!response.ok) return;
      const next = new DOMParser().parseFromString(await response.text(), "text/html").getElementById(region.id);
      if (!next) return;
      region.replaceWith(next);
      scheduleRefresh();
    },
    Number(region.dataset.refresh) || 3000,
  );
}
scheduleRefresh();
