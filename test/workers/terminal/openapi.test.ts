import { describe, expect, it } from "vitest";

import { PROBLEMS } from "../../../src/lib/problem";
import { call } from "../support/http";

type Content = Record<string, { example?: unknown; examples?: Record<string, { value: { type: string; status: number } }> }>;
type Operation = { summary?: string; description?: string; responses: Record<string, { content?: Content }> };

const TERMINAL_OPERATIONS = [
  ["post", "/v1/terminal/readers"],
  ["get", "/v1/terminal/readers"],
  ["get", "/v1/terminal/readers/{id}"],
  ["post", "/v1/terminal/readers/{id}/activate"],
  ["post", "/v1/terminal/readers/{id}/deactivate"],
  ["post", "/v1/terminal/readers/{id}/cancel"],
  ["post", "/v1/payments/terminal"],
] as const;

describe("the terminal routes in the OpenAPI document", () => {
  it("each has a summary, a description, an example answer and examples of its own problems", async () => {
    const document = await (await call("/openapi.json")).json<{ paths: Record<string, Record<string, Operation>> }>();
    for (const [method, path] of TERMINAL_OPERATIONS) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.summary, `${method} ${path}`).toBeTruthy();
      expect(operation!.description, `${method} ${path}`).toBeTruthy();
      const [success] = Object.entries(operation!.responses).filter(([status]) => status.startsWith("2"));
      expect(success![1].content!["application/json"]!.example, `${method} ${path}`).toBeDefined();
      const problemExamples = Object.entries(operation!.responses).flatMap(([status, response]) =>
        Object.values(response.content?.["application/problem+json"]?.examples ?? {}).map((example) => ({
          responseStatus: Number(status),
          ...example.value,
        })),
      );
      expect(problemExamples.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const example of problemExamples) {
        const slug = example.type.split("/").at(-1)!;
        expect((PROBLEMS as Partial<Record<string, { status: number }>>)[slug]?.status, `${method} ${path} ${slug}`).toBe(
          example.responseStatus,
        );
        expect(example.status).toBe(example.responseStatus);
      }
    }
  });

  it("answers the sale with 202 and documents reader-busy among its 409s", async () => {
    const document = await (await call("/openapi.json")).json<{ paths: Record<string, Record<string, Operation>> }>();
    const sale = document.paths["/v1/payments/terminal"]!.post!;
    expect(Object.keys(sale.responses)).toContain("202");
    expect(Object.keys(sale.responses)).not.toContain("201");
    expect(Object.keys(sale.responses["409"]!.content!["application/problem+json"]!.examples!)).toContain("reader-busy");
  });
});
