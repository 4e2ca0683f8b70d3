import { describe, expect, it } from "vitest";

import { createApp } from "../../../src/app";

type Operation = {
  description?: string;
  requestBody?: { required?: boolean; content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<
    string,
    { content?: Record<string, { example?: unknown; examples?: Record<string, { value: { type: string; status: number } }> }> }
  >;
};

const document = createApp().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "disputes", version: "1" } });
const paths = document.paths as Record<string, Record<string, Operation>>;
const schemas = document.components!.schemas as Record<string, { properties?: Record<string, Record<string, unknown>>; example?: unknown }>;

describe("the disputes and payouts routes in the OpenAPI document", () => {
  it("document the evidence upload: multipart, the part `file` as binary, the limits, and an example per problem", () => {
    const upload = paths["/v1/disputes/{id}/evidence"]!.post!;
    const body = upload.requestBody!.content["multipart/form-data"]!;
    const schema = schemas[body.schema.$ref!.split("/").at(-1)!]!;
    expect(schema.properties!.file).toMatchObject({ type: "string", format: "binary" });
    expect(upload.description).toMatch(/part named \*\*`file`\*\*/);
    for (const limit of ["50 KB", "20 MB", "1 MB", "8 files", "JPG, PNG, PDF or TIFF"]) expect(upload.description).toContain(limit);
    for (const [status, slugs] of Object.entries({
      "409": ["dispute-already-submitted", "dispute-accepted", "dispute-closed"],
      "413": ["evidence-too-large", "payload-too-large"],
      "415": ["evidence-type-unsupported", "unsupported-media-type"],
      "422": ["evidence-unreadable", "evidence-limit-reached", "processor-rejected"],
    })) {
      const examples = upload.responses[status]!.content!["application/problem+json"]!.examples!;
      expect(Object.values(examples).map((example) => [example.value.type.split("/").at(-1), example.value.status])).toEqual(
        slugs.map((slug) => [slug, Number(status)]),
      );
    }
  });

  it("give every success body of the new routes an example", () => {
    for (const name of ["Dispute", "DisputeEvidence", "Payout", "PayoutItem", "PayoutDetail"]) {
      expect(schemas[name]?.example, name).toBeTruthy();
    }
    for (const list of ["/v1/disputes", "/v1/payouts"]) {
      expect(paths[list]!.get!.responses["200"]!.content!["application/json"]!.example, list).toBeTruthy();
    }
    expect(paths["/v1/disputes/{id}/submit"]!.post!.responses["409"]!.content!["application/problem+json"]!.examples).toHaveProperty(
      "dispute-evidence-required",
    );
    expect(paths["/v1/payouts/{id}"]!.get!.responses).toHaveProperty("404");
  });

  it("document the accept: optional note, the dispute accepted, and each refusal with an example", () => {
    const accept = paths["/v1/disputes/{id}/accept"]!.post!;
    expect(accept.description).toContain("concedes");
    expect(accept.description).toContain("`disputes:write`");
    expect(accept.requestBody!.required).toBe(false);
    expect(schemas.AcceptDisputeRequest!.properties!.note).toMatchObject({ type: "string", maxLength: 2000 });
    for (const [status, slugs] of Object.entries({
      "409": ["dispute-already-submitted", "dispute-closed"],
      "422": ["processor-rejected"],
      "502": ["processor-error"],
      "504": ["processor-timeout"],
    })) {
      const examples = accept.responses[status]!.content!["application/problem+json"]!.examples!;
      expect(Object.values(examples).map((example) => example.value.type.split("/").at(-1))).toEqual(slugs);
    }
    expect(schemas.Dispute!.properties!.acceptance).toMatchObject({ enum: ["none", "pending", "accepted"] });
  });
});
