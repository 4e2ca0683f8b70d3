import type { Child } from "hono/jsx";

const STYLES = `
  :root { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2433; background: #f5f6f8; }
  body { margin: 0; }
  header { background: #1d2433; color: #fff; padding: 12px 24px; font-size: 14px; }
  header strong { font-size: 16px; margin-right: 8px; }
  main { max-width: 760px; margin: 24px auto; background: #fff; border-radius: 8px; padding: 24px 32px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  h1 { font-size: 22px; margin-top: 0; }
  fieldset { border: 1px solid #dde1e7; border-radius: 6px; margin: 0 0 20px; padding: 12px 16px 4px; }
  legend { font-weight: 600; padding: 0 6px; }
  label { display: block; font-size: 13px; font-weight: 600; margin: 10px 0 4px; }
  input, select { width: 100%; box-sizing: border-box; padding: 8px 10px; border: 1px solid #c4cad3; border-radius: 4px; font-size: 14px; }
  input[type=checkbox] { width: auto; margin-right: 8px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  .error { color: #b42318; font-size: 12px; margin-top: 2px; }
  .notice { background: #eef4ff; border: 1px solid #c7d7fe; padding: 10px 14px; border-radius: 6px; font-size: 13px; }
  .alert { background: #fef3f2; border: 1px solid #fecdca; padding: 10px 14px; border-radius: 6px; }
  button { background: #2f5bea; color: #fff; border: 0; border-radius: 4px; padding: 10px 18px; font-size: 15px; cursor: pointer; }
  button.secondary { background: #e4e7ec; color: #1d2433; }
  table { border-collapse: collapse; width: 100%; font-size: 13px; } td, th { border-bottom: 1px solid #eaecf0; padding: 6px 8px; text-align: left; vertical-align: top; }
  code, pre { font-family: ui-monospace, Menlo, monospace; font-size: 12px; } pre { background: #f2f4f7; padding: 12px; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
`;

/** Every sandbox page: self-contained (no external assets) and clearly marked as the sandbox. */
export function Layout({ title, children }: { title: string; children: Child }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title} · Sandbox processor</title>
        <link rel="icon" href="data:," />
        <style dangerouslySetInnerHTML={{ __html: STYLES }} />
      </head>
      <body>
        <header>
          <strong>Sandbox processor</strong> Test mode — nothing here moves real money.
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}

export function Message({ title, children }: { title: string; children: Child }) {
  return (
    <Layout title={title}>
      <h1 id="page-title">{title}</h1>
      {children}
    </Layout>
  );
}
