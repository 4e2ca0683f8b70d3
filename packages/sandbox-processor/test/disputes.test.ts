import { describe, expect, it } from "vitest";
import { approvedMerchant, buyerInstrument, control, processor, sale } from "./support/sandbox-processor";

function evidence(name: string, type: string, sizeBytes: number): FormData {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(sizeBytes)], name, { type }));
  return form;
}

async function disputedSale() {
  const { merchantId } = await approvedMerchant();
  const sold = await sale(merchantId, await buyerInstrument(), 888888);
  return { merchantId, transferId: sold.body.id as string };
}

describe("disputes", () => {
  it("open on a sale of 888888 after the dispute delay, and are found with filters", async () => {
    const { merchantId, transferId } = await disputedSale();
    expect((await processor("GET", `/disputes?transfer_id=${transferId}`)).body._embedded.disputes).toEqual([]);
    await control.advanceClock(6);
    const listed = await processor("GET", `/disputes?transfer_id=${transferId}`);
    const [dispute] = listed.body._embedded.disputes;
    expect(dispute).toMatchObject({
      transfer: transferId,
      merchant: merchantId,
      amount: 888888,
      state: "PENDING",
      response_state: "NEEDS_RESPONSE",
      reason: "FRAUD",
      evidence_submitted: "NONE",
    });
    expect(dispute.id).toMatch(/^DI/);
    expect(Date.parse(dispute.respond_by)).toBeGreaterThan(Date.now());
    expect((await processor("GET", `/disputes/${dispute.id}`)).body.id).toBe(dispute.id);
    expect(
      (await processor("GET", `/disputes?merchant_id=${merchantId}&state=PENDING&response_state=NEEDS_RESPONSE`)).body._embedded.disputes,
    ).toHaveLength(1);
    expect((await processor("GET", `/disputes?merchant_id=${merchantId}&state=WON`)).body._embedded.disputes).toHaveLength(0);
    expect(
      (await processor("GET", `/disputes?merchant_id=${merchantId}&respond_by.lte=${new Date().toISOString()}`)).body._embedded.disputes,
    ).toHaveLength(0);
    await expect(control.openDispute(transferId)).rejects.toMatchObject({ status: 409 });
  });

  it("take evidence within the processor's type and size limits, then a submission with a note", async () => {
    const { transferId } = await disputedSale();
    const dispute = await control.openDispute(transferId, { reason: "QUALITY", amount: 500 });
    const path = `/disputes/${dispute.id}/evidence`;

    const png = await processor("POST", path, evidence("receipt.png", "image/png", 50 * 1024));
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({
      dispute: dispute.id,
      state: "SUCCEEDED",
      tags: { "file-name": "receipt.png", "file-extension": "png" },
    });
    expect(png.body.id).toMatch(/^DF/);
    const refusals: [string, string, number][] = [
      ["big.png", "image/png", 50 * 1024 + 1],
      ["big.jpg", "image/jpeg", 60 * 1024],
      ["big.pdf", "application/pdf", 1024 * 1024 + 1],
      ["notes.txt", "text/plain", 100],
    ];
    for (const [name, type, size] of refusals) {
      const refused = await processor("POST", path, evidence(name, type, size));
      expect(refused.status).toBe(422);
      expect(refused.body._embedded.errors[0]).toMatchObject({ code: "INVALID_FIELD", field: "file" });
    }
    for (let i = 0; i < 7; i++)
      expect((await processor("POST", path, evidence(`page-${i}.pdf`, "application/pdf", 1024 * 1024))).status).toBe(201);
    const ninth = await processor("POST", path, evidence("scan.tiff", "image/tiff", 1000));
    expect(ninth.status).toBe(422);
    expect(ninth.body._embedded.errors[0].message).toContain("at most 8");
    expect((await processor("GET", path)).body._embedded.evidences).toHaveLength(8);

    const noNote = await processor("POST", `/disputes/${dispute.id}/submit`, { note: "" }, { requestOutsideSpec: "deliberately invalid" });
    expect(noNote.status).toBe(422);
    const submitted = await processor("POST", `/disputes/${dispute.id}/submit`, { note: "Signed receipt and delivery proof attached." });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ response_state: "RESPONDED", evidence_submitted: "CHARGEBACK" });
    expect((await processor("POST", path, evidence("late.png", "image/png", 10))).status).toBe(422);
    expect((await processor("POST", `/disputes/${dispute.id}/submit`, { note: "again" })).status).toBe(422);
    expect(await control.resolveDispute(dispute.id as string, "WON")).toMatchObject({ state: "WON" });
  });

  it("refuse a submission without evidence, and can be accepted instead", async () => {
    const { transferId } = await disputedSale();
    const dispute = await control.openDispute(transferId);
    expect((await processor("POST", `/disputes/${dispute.id}/submit`, { note: "nothing attached" })).status).toBe(422);
    const accepted = await processor("POST", `/disputes/${dispute.id}/accept`, { note: "We refund instead." });
    expect(accepted.body).toMatchObject({ response_state: "ACCEPTED", state: "LOST" });
  });
});
