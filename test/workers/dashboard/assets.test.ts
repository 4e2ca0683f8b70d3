import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

// Workers static assets answer /assets/* before the Worker runs; in the pool they are reached through the ASSETS binding.
describe("the dashboard's static assets", () => {
  it.each([
    ["/assets/dashboard.css", /^text\/css/],
    ["/assets/dashboard.js", /javascript/],
  ])("serves %s from public/ with nosniff", async (path, type) => {
    const response = await env.ASSETS.fetch(`https://payment-connect.test${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(type);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect((await response.text()).length).toBeGreaterThan(500);
  });

  it("does not publish its own header rules", async () => {
    expect((await env.ASSETS.fetch("https://payment-connect.test/_headers")).status).toBe(404);
  });
});
