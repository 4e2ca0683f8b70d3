/** A self-contained API reference: renders /openapi.json in the browser with no external assets. */
export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment Connect API reference</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1d2330; background: #f7f8fa; }
  header { background: #1d2330; color: #fff; padding: 1.25rem 2rem; }
  main { max-width: 960px; margin: 0 auto; padding: 1rem 2rem 4rem; }
  h2 { margin-top: 2.5rem; border-bottom: 1px solid #d5d9e0; padding-bottom: .25rem; }
  details { background: #fff; border: 1px solid #d5d9e0; border-radius: 6px; margin: .5rem 0; }
  summary { cursor: pointer; padding: .6rem .9rem; font-family: ui-monospace, monospace; }
  .method { display: inline-block; min-width: 4.5rem; font-weight: 700; }
  .get { color: #1a7f37; } .post { color: #0550ae; } .put { color: #9a6700; } .delete { color: #cf222e; }
  .body { padding: 0 1rem 1rem; }
  pre { background: #f0f2f5; padding: .75rem; overflow: auto; border-radius: 4px; font-size: 13px; }
  table { border-collapse: collapse; } td, th { text-align: left; padding: .2rem .6rem; border-bottom: 1px solid #eee; }
</style>
</head>
<body>
<header><h1 id="title">Payment Connect API reference</h1><p id="description"></p></header>
<main id="operations"><p>Loading <a href="/openapi.json">/openapi.json</a>…</p></main>
<script>
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  Object.assign(node, attrs);
  for (const child of children) node.append(child);
  return node;
};
const resolve = (spec, schema) => {
  if (schema && schema.$ref) return spec.components.schemas[schema.$ref.split("/").pop()];
  return schema;
};
fetch("/openapi.json").then((r) => r.json()).then((spec) => {
  document.getElementById("title").textContent = spec.info.title + " " + spec.info.version;
  document.getElementById("description").textContent = spec.info.description || "";
  const byTag = new Map();
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags && op.tags[0]) || "Other";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push({ path, method, op });
    }
  }
  const main = document.getElementById("operations");
  main.replaceChildren();
  for (const [tag, ops] of byTag) {
    main.append(el("h2", { textContent: tag }));
    for (const { path, method, op } of ops) {
      const body = el("div", { className: "body" });
      if (op.description) body.append(el("p", { textContent: op.description }));
      const security = (op.security || []).flatMap((s) => Object.keys(s));
      body.append(el("p", { textContent: security.length ? "Auth: " + security.join(" or ") : "Anonymous" }));
      if (op.parameters && op.parameters.length) {
        const table = el("table", {}, el("tr", {}, el("th", { textContent: "Parameter" }), el("th", { textContent: "In" }), el("th", { textContent: "Required" })));
        for (const p of op.parameters) table.append(el("tr", {}, el("td", { textContent: p.name }), el("td", { textContent: p.in }), el("td", { textContent: p.required ? "yes" : "no" })));
        body.append(table);
      }
      const requestSchema = op.requestBody && Object.values(op.requestBody.content)[0].schema;
      if (requestSchema) body.append(el("h4", { textContent: "Request body" }), el("pre", { textContent: JSON.stringify(resolve(spec, requestSchema), null, 2) }));
      for (const [status, response] of Object.entries(op.responses || {})) {
        const content = response.content && Object.values(response.content)[0];
        body.append(el("h4", { textContent: status + " " + (response.description || "") }));
        if (content && content.schema) body.append(el("pre", { textContent: JSON.stringify(resolve(spec, content.schema), null, 2) }));
      }
      main.append(el("details", {}, el("summary", {}, el("span", { className: "method " + method, textContent: method.toUpperCase() }), path + (op.summary ? " — " + op.summary : "")), body));
    }
  }
});
</script>
</body>
</html>`;
