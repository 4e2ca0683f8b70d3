import corpus from "virtual:processor-resource-examples";
import { describe, expect, it } from "vitest";
import type { z } from "zod";

import {
  ComplianceFormSchema,
  DeviceSchema,
  DisputeEvidenceSchema,
  DisputeSchema,
  FeeSchema,
  IdentitySchema,
  isOutcomeUnknown,
  MerchantSchema,
  OnboardingFormSchema,
  OnboardingLinkSchema,
  PaymentInstrumentSchema,
  SettlementSchema,
  TransferSchema,
  WebhookSchema,
} from "../../../src/processor";
import { clientFor, rejectionOf } from "../support/processor-client";
import * as fixtures from "../support/processor-fixtures";

type ResourceExample = (typeof corpus)[number];

/**
 * Each resource's schema and the fields the service acts on (docs/processor-resources.md has the same tables): these
 * must read exactly as the example says. A field's enum is open unless the schema itself refuses an unknown value.
 */
const RESOURCES: Record<string, { schema: z.ZodType; actedOn: string[] }> = {
  Transfer: {
    schema: TransferSchema,
    actedOn: [
      "id",
      "created_at",
      "updated_at",
      "amount",
      "currency",
      "state",
      "type",
      "merchant",
      "fee",
      "idempotency_id",
      "parent_transfer",
    ],
  },
  Fee: { schema: FeeSchema, actedOn: ["id", "amount", "currency", "linked_id"] },
  Dispute: {
    schema: DisputeSchema,
    actedOn: [
      "id",
      "created_at",
      "updated_at",
      "transfer",
      "merchant",
      "amount",
      "state",
      "response_state",
      "evidence_submitted",
      "respond_by",
    ],
  },
  DisputeEvidence: { schema: DisputeEvidenceSchema, actedOn: ["id", "created_at", "updated_at", "dispute", "merchant", "state"] },
  Settlement: {
    schema: SettlementSchema,
    actedOn: [
      "id",
      "created_at",
      "updated_at",
      "merchant_id",
      "currency",
      "total_amount",
      "total_fee",
      "total_fees",
      "net_amount",
      "status",
    ],
  },
  Merchant: {
    schema: MerchantSchema,
    actedOn: ["id", "created_at", "updated_at", "identity", "onboarding_state", "processing_enabled", "settlement_enabled"],
  },
  Identity: { schema: IdentitySchema, actedOn: ["id"] },
  PaymentInstrument: { schema: PaymentInstrumentSchema, actedOn: ["id", "instrument_type", "tags"] },
  Device: { schema: DeviceSchema, actedOn: ["id", "merchant", "enabled", "serial_number"] },
  ComplianceForm: {
    schema: ComplianceFormSchema,
    actedOn: ["id", "created_at", "updated_at", "type", "state", "linked_to", "due_at", "valid_until"],
  },
  OnboardingForm: { schema: OnboardingFormSchema, actedOn: ["id", "created_at", "updated_at", "status", "identity_id", "onboarding_link"] },
  OnboardingFormLink: { schema: OnboardingLinkSchema, actedOn: ["link_url", "expires_at"] },
  Webhook: { schema: WebhookSchema, actedOn: ["id", "url", "enabled", "secret_signing_key"] },
};

const UNKNOWN_VALUE = "A_VALUE_FROM_A_LATER_VERSION";

/** The documents spell one state two ways; the service reads both as the processor's answers do. */
const READ_AS: Record<string, Record<string, Record<string, unknown>>> = { ComplianceForm: { state: { COMPLETED: "COMPLETE" } } };

type Shape = Record<string, z.ZodType>;
const shapeOf = (schema: z.ZodType) => (schema as unknown as { shape: Shape }).shape;
const required = (shape: Shape) => Object.keys(shape).filter((field) => !shape[field]!.safeParse(undefined).success);

/** An enum the schema acts on refuses a value it does not know; any other field takes a string it has never seen. */
const refusesUnknownValue = (shape: Shape, field: string) => field in shape && !shape[field]!.safeParse(UNKNOWN_VALUE).success;

function read(example: ResourceExample, value: unknown): { data: Record<string, unknown> } | { error: string } {
  const parsed = RESOURCES[example.resource]!.schema.safeParse(value);
  if (parsed.success) return { data: parsed.data as Record<string, unknown> };
  return {
    error: `${example.document} ${example.where}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
  };
}

/** JSON with object keys in order, so two readings compare by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
    .join(",")}}`;
}

/** The acted-on fields (but `changed`) a parse read differently from the example (the expected reading of each, null and absent alike). */
function misread(example: ResourceExample, data: Record<string, unknown>, changed?: string): string[] {
  const wrong: string[] = [];
  for (const field of RESOURCES[example.resource]!.actedOn.filter((name) => name !== changed)) {
    const sent = example.value[field] ?? null;
    const expected = (typeof sent === "string" ? READ_AS[example.resource]?.[field]?.[sent] : undefined) ?? sent;
    const got = data[field] ?? null;
    if (canonical(got) !== canonical(expected)) {
      wrong.push(`${example.document} ${example.where}: ${field} read ${JSON.stringify(got)}, sent ${JSON.stringify(sent)}`);
    }
  }
  return wrong;
}

function byResource(resource: string) {
  return corpus.filter((example) => example.resource === resource);
}

describe("every processor resource in both of the processor's documents reads tolerantly", () => {
  it("the corpus holds examples of every resource the service reads, from both documents", () => {
    for (const resource of Object.keys(RESOURCES)) {
      expect(byResource(resource).filter((e) => e.document === "2022-02").length, resource).toBeGreaterThan(0);
      expect(byResource(resource).filter((e) => e.document === "2022-11").length, resource).toBeGreaterThan(0);
    }
    expect(corpus.length).toBeGreaterThan(100);
  });

  for (const resource of Object.keys(RESOURCES)) {
    describe(resource, () => {
      const examples = byResource(resource);
      const shape = shapeOf(RESOURCES[resource]!.schema);

      it("reads every example as sent, the fields it acts on exactly", () => {
        const problems = examples.flatMap((example) => {
          const result = read(example, example.value);
          return "error" in result ? [result.error] : misread(example, result.data);
        });
        expect(problems).toEqual([]);
      });

      it("reads every example with each field it does not require null, and with each it declares but the example lacks", () => {
        const problems = examples.flatMap((example) => {
          const nulled = Object.fromEntries(
            [...new Set([...Object.keys(example.value), ...Object.keys(shape)])].map((field) => [
              field,
              required(shape).includes(field) ? example.value[field] : null,
            ]),
          );
          const result = read(example, nulled);
          if ("error" in result) return [result.error];
          const optional = Object.keys(shape).filter((field) => !required(shape).includes(field));
          return optional.filter((field) => result.data[field] != null).map((field) => `${example.where}: ${field} not read as null`);
        });
        expect(problems).toEqual([]);
      });

      it("keeps an unknown value in each enum the service does not act on, as sent", () => {
        const problems = examples.flatMap((example) =>
          example.enumFields
            .filter((field) => !refusesUnknownValue(shape, field))
            .flatMap((field) => {
              const result = read(example, { ...example.value, [field]: UNKNOWN_VALUE });
              if ("error" in result) return [`${field}: ${result.error}`];
              if (field in shape && result.data[field] !== UNKNOWN_VALUE) return [`${example.where}: ${field} not kept as sent`];
              return misread(example, result.data, field);
            }),
        );
        expect(problems).toEqual([]);
      });

      it("ignores a field it does not know, and reads the rest the same", () => {
        const problems = examples.flatMap((example) => {
          const result = read(example, { ...example.value, a_field_from_a_later_version: { nested: [1, null] } });
          if ("error" in result) return [result.error];
          return "a_field_from_a_later_version" in result.data
            ? [`${example.where}: kept the unknown field`]
            : misread(example, result.data);
        });
        expect(problems).toEqual([]);
      });
    });
  }

  it("the enums the service acts on refuse a value they do not know; a currency is any ISO 4217 code", () => {
    const strict = Object.fromEntries(
      Object.entries(RESOURCES).map(([resource, { schema }]) => [
        resource,
        Object.keys(shapeOf(schema)).filter(
          (field) =>
            refusesUnknownValue(shapeOf(schema), field) && corpus.some((e) => e.resource === resource && e.enumFields.includes(field)),
        ),
      ]),
    );
    expect(strict).toEqual({
      Transfer: ["currency", "state", "type"],
      Fee: ["currency"],
      Dispute: ["state", "response_state", "evidence_submitted"],
      DisputeEvidence: ["state"],
      Settlement: ["currency", "status"],
      Merchant: ["onboarding_state"],
      Identity: [],
      PaymentInstrument: ["instrument_type"],
      Device: [],
      ComplianceForm: ["state"],
      OnboardingForm: ["status"],
      OnboardingFormLink: [],
      Webhook: [],
    });
  });
});

describe("an unknown value in a field the service acts on is refused, naming the field and the value", () => {
  const transfer = corpus.find((example) => example.resource === "Transfer" && example.value.state === "SUCCEEDED")!.value;

  it("a transfer state the service has never seen fails the parse", () => {
    const parsed = TransferSchema.safeParse({ ...transfer, state: "SETTLING" });
    expect(parsed.success).toBe(false);
    const [issue] = parsed.error!.issues;
    expect(issue!.path).toEqual(["state"]);
    expect(issue!.message).toContain('"SETTLING"');
  });

  it("an adapter answer carrying one is an error whose outcome is unknown, never a guess", async () => {
    const { client } = clientFor(() => ({ status: 200, body: { ...fixtures.saleTransfer(), state: "SETTLING" }, undocumented: true }));
    const error = await rejectionOf(client.getTransfer(fixtures.IDS.sale));
    expect(isOutcomeUnknown(error)).toBe(true);
    expect(error.message).toContain('state: unknown value "SETTLING"');
  });

  it("a list answer names the item and the field", async () => {
    const sale = fixtures.saleTransfer();
    const { client } = clientFor(() => ({
      status: 200,
      body: { _embedded: { transfers: [sale, { ...sale, id: "TRsecond", type: "TELEPORT" }] }, page: { next_cursor: null } },
      undocumented: true,
    }));
    const error = await rejectionOf(client.listSettlementTransfers("STxxxxxxxxxxxxxxxxxxxxxx"));
    expect(isOutcomeUnknown(error)).toBe(true);
    expect(error.message).toContain('_embedded.transfers.1.type: unknown value "TELEPORT"');
  });

  it("the same answer with null where fields are absent, unknown fields and an unknown subtype reads as the sale it is", async () => {
    const sale = {
      ...fixtures.saleTransfer(),
      device: null,
      statement_descriptor: null,
      subtype: UNKNOWN_VALUE,
      surcharge_details: { x: 1 },
    };
    const { client } = clientFor(() => ({ status: 200, body: sale, undocumented: true }));
    expect(await client.getTransfer(fixtures.IDS.sale)).toMatchObject({
      id: fixtures.IDS.sale,
      state: sale.state,
      amount: sale.amount,
      subtype: UNKNOWN_VALUE,
    });
  });
});
