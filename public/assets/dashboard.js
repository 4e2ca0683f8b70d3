// Progressive enhancement for the dashboard: every page works without this script; with it, secrets copy in one
// click, forms ask before destructive actions and cannot be sent twice, and a delivery log that is still pending
// refreshes itself.
"use strict";

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
