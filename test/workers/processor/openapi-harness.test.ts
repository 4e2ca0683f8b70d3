import { describe, expect, it } from "vitest";

import { processorPathTemplate, processorRequestErrors, processorResponseErrors } from "../support/processor-conformance";

// Guards the conformance harness itself: a validator that accepts everything would make every conformance test pass.
describe("processor OpenAPI harness", () => {
  it("accepts the processor's own documented transfer request and rejects a wrong one", () => {
    const valid = { merchant: "MUeDVrf2ahuKc9Eg5TeZugvs", source: "PIe2YvpcjvoVJ6PzoRPBK137", amount: 6031, currency: "USD", fee: 603 };
    expect(processorRequestErrors("POST", "/transfers", valid)).toEqual([]);
    expect(processorRequestErrors("POST", "/transfers", { ...valid, amount: "6031" })).not.toEqual([]);
  });

  it("rejects a transfer response whose state is not in the processor's enum", () => {
    const errors = processorResponseErrors("GET", "/transfers/{transfer_id}", 200, { id: "TR1", state: "DONE", amount: 1 });
    expect(errors.join("\n")).toContain("state");
  });

  it("takes null where either document, or the processor's answers, allow it, and nowhere else", () => {
    const transfer = { id: "TR1", state: "SUCCEEDED", amount: 1 };
    for (const field of ["device", "application", "merchant_identity", "statement_descriptor", "parent_transfer"]) {
      expect(processorResponseErrors("GET", "/transfers/{transfer_id}", 200, { ...transfer, [field]: null }), field).toEqual([]);
    }
    for (const field of ["amount", "merchant", "fee", "currency"]) {
      expect(processorResponseErrors("GET", "/transfers/{transfer_id}", 200, { ...transfer, [field]: null }).join("\n"), field).toContain(
        field,
      );
    }
  });

  it("maps concrete paths onto the processor's templates", () => {
    expect(processorPathTemplate("POST", "/transfers/TR123/reversals")).toBe("/transfers/{transfer_id}/reversals");
    expect(processorPathTemplate("PUT", "/devices/DV1")).toBe("/devices/{device_id}");
  });
});
