import { afterEach, describe, expect, it, vi } from "vitest";

import { type ApiError, problemBody } from "../../../src/lib/problem";
import { FAKE_CREDENTIALS, type Reply } from "../support/fake-processor";
import { clientFor, never, rejectionOf, saleRequest } from "../support/processor-client";
import * as fixtures from "../support/processor-fixtures";
import { IDS } from "../support/processor-fixtures";

describe("processor client: ids in paths", () => {
  it("percent-encodes ids in paths, so an id cannot reach another route", async () => {
    const { client, processor } = clientFor(() => ({ status: 200, body: fixtures.saleTransfer() }));
    await client.getTransfer("TR1/../../merchants/MU1");
    expect(processor.calls[0]).toMatchObject({ template: "/transfers/{transfer_id}", path: "/transfers/TR1%2F..%2F..%2Fmerchants%2FMU1" });
  });
});

describe("processor client: another merchant's resources", () => {
  it("never passes on another merchant's settlements, compliance forms or disputes", async () => {
    const { client } = clientFor(({ template }) => {
      if (template === "/settlements") {
        return {
          status: 200,
          body: fixtures.listPage("/settlements", "settlements", [
            fixtures.settlement(),
            fixtures.settlement({ id: "STother", merchant_id: IDS.otherMerchant }),
          ]),
        };
      }
      if (template === "/compliance_forms") {
        return {
          status: 200,
          body: fixtures.listPage("/compliance_forms", "compliance_forms", [
            fixtures.complianceForm({ id: "cf_other", linked_to: IDS.otherMerchant }),
          ]),
        };
      }
      return {
        status: 200,
        body: fixtures.listPage("/disputes", "disputes", [fixtures.dispute({ id: "DIother", merchant: IDS.otherMerchant })], "DIother"),
      };
    });

    expect((await client.listMerchantSettlements(IDS.merchant)).items.map((item) => item.id)).toEqual([IDS.settlement]);
    expect((await client.listMerchantComplianceForms(IDS.merchant)).items).toEqual([]);
    expect(await client.listMerchantDisputes(IDS.merchant)).toEqual({ items: [], nextCursor: "DIother" });
  });
});

describe("processor client: logs and secrets", () => {
  afterEach(() => vi.restoreAllMocks());

  function captureLogs(): string[] {
    const lines: string[] = [];
    for (const method of ["log", "warn", "error"] as const)
      vi.spyOn(console, method).mockImplementation((line: unknown) => void lines.push(String(line)));
    return lines;
  }

  it("logs one structured line per call: method, path template, status, duration, x-request-id", async () => {
    const lines = captureLogs();
    const { client } = clientFor(() => ({ status: 201, body: fixtures.reversalTransfer() }));

    await client.createReversal(IDS.sale, { refund_amount: 2000, idempotency_id: "lcref_01" });

    const calls = lines.map((line) => JSON.parse(line)).filter((record) => record.message === "processor call");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: "POST",
      pathTemplate: "/transfers/{transfer_id}/reversals",
      status: 201,
      processorRequestId: expect.stringMatching(/^req-/),
    });
    expect(calls[0].durationMs).toEqual(expect.any(Number));
  });

  it("never lets the credentials reach an error body or a log line", async () => {
    const lines = captureLogs();
    const secrets = [
      FAKE_CREDENTIALS.username,
      FAKE_CREDENTIALS.password,
      btoa(`${FAKE_CREDENTIALS.username}:${FAKE_CREDENTIALS.password}`),
    ];
    const answers: Reply[] = [
      { status: 401, body: fixtures.processorErrors({ code: "UNKNOWN", message: `Unknown key ${FAKE_CREDENTIALS.username}` }) },
      { status: 403, body: fixtures.processorErrors({ code: "FORBIDDEN", message: `User ${FAKE_CREDENTIALS.username} may not do this` }) },
      { status: 422, body: fixtures.processorErrors({ code: "INVALID_FIELD", field: "amount", message: "amount must be positive" }) },
      { status: 500, body: fixtures.processorErrors({ code: "SERVER_ERROR", message: "oops" }), undocumented: true },
    ];
    const errors: ApiError[] = [];
    for (const answer of answers) {
      const { client } = clientFor(() => answer);
      errors.push(await rejectionOf(client.createTransfer(saleRequest)));
    }
    errors.push(await rejectionOf(clientFor(() => answers[0]!, { timeoutMs: 20, fetch: never }).client.getTransfer(IDS.sale)));
    const dropped = async () => {
      throw new TypeError("Network connection lost.");
    };
    errors.push(await rejectionOf(clientFor(() => answers[0]!, { fetch: dropped }).client.getTransfer(IDS.sale)));

    const exposed = [...errors.map((error) => JSON.stringify(problemBody(error, "trace")) + error.message), ...lines].join("\n");
    expect(lines.length).toBeGreaterThanOrEqual(errors.length);
    for (const secret of secrets) expect(exposed).not.toContain(secret);
  });
});
