export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0}
main{max-width:560px;margin:2rem auto;background:#fff;border:1px solid #d5d9e0;border-radius:8px;padding:1.5rem 2rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input,select{width:100%;padding:.5rem;border:1px solid #b8bfca;border-radius:4px;box-sizing:border-box}
button{margin-top:1.25rem;padding:.6rem 1.2rem;background:#0550ae;color:#fff;border:0;border-radius:4px;font-size:15px;cursor:pointer}
.note{background:#fff8c5;border:1px solid #e5d37a;padding:.5rem .75rem;border-radius:4px;font-size:13px}
pre{background:#f0f2f5;padding:.75rem;overflow:auto}
</style></head><body><main><p class="note">Sandbox processor — test data only.</p>${body}</main></body></html>`;
}
