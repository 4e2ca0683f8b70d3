import { describe, expect, it } from "vitest";

import { downloadNameOf, evidenceDisposition } from "../../../src/disputes/evidence-file";
import { DashboardBrowser, ownerOf } from "../support/dashboard";
import { disputedPayment, evidenceForm, fileOf, getDispute, postEvidence } from "../support/disputes";

// Opening an uploaded evidence file from the dashboard: the tenant's own file only, as a download under a safe name,
// typed by what its content is, never sniffed, never cached.

async function disputeWithEvidence(name: string, fileName: string, bytes: Uint8Array) {
  const disputed = await disputedPayment({ name });
  expect((await postEvidence(disputed.auth, disputed.dispute.lcDisputeId, evidenceForm(bytes, fileName))).status).toBe(201);
  const [evidence] = (await getDispute(disputed.auth, disputed.dispute.lcDisputeId)).evidence;
  const { browser } = await ownerOf(disputed.tenantId);
  return {
    ...disputed,
    browser,
    evidenceId: evidence!.lcEvidenceId,
    path: `/dashboard/disputes/${disputed.dispute.lcDisputeId}/evidence/${evidence!.lcEvidenceId}`,
  };
}

describe("evidence files in the dashboard", () => {
  it("links each file on the dispute's page and streams its bytes as an attachment, typed and never cached", async () => {
    const bytes = fileOf("pdf", 30_000, "the signed receipt");
    const { browser, path, dispute } = await disputeWithEvidence("Evidence Opening Co", "signed-receipt.pdf", bytes);
    const { html } = await browser.open(`/dashboard/disputes/${dispute.lcDisputeId}`);
    expect(html).toContain(`<a class="evidence-file" href="${path}">signed-receipt.pdf</a>`);

    const response = await browser.get(path);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Length")).toBe("30000");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="signed-receipt.pdf"; filename*=UTF-8''signed-receipt.pdf`,
    );
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
  });

  it("types a file by its content and names it safely, whatever it was uploaded as", async () => {
    const bytes = fileOf("png", 2_000);
    const { browser, path } = await disputeWithEvidence("Hostile Name Co", '../invoice";x=1\u202egpj.html', bytes);
    const response = await browser.get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    const disposition = response.headers.get("Content-Disposition")!;
    // One quoted ASCII name and one encoded one, both ending in what the content is: no quote, path, separator or
    // direction override gets through.
    const [, ascii, encoded] = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(.*)$/.exec(disposition)!;
    expect(ascii).toMatch(/^[\x20-\x7e]*invoice[\x20-\x7e]*\.html\.png$/);
    expect(ascii).not.toMatch(/["\\/;]/);
    expect(encoded).toMatch(/^[\w%.~!#$&+^`|-]+\.html\.png$/);
    expect(decodeURIComponent(encoded!)).not.toMatch(/["\\/;\u202e]/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it("answers 404 for another tenant's file, by its own dispute or the intruder's, and for an unknown one", async () => {
    const { path, dispute, evidenceId } = await disputeWithEvidence("Evidence Owner Co", "receipt.pdf", fileOf("pdf", 1_000));
    const intruder = await disputedPayment({ name: "Evidence Intruder Co" });
    const { browser } = await ownerOf(intruder.tenantId);
    for (const url of [
      path,
      `/dashboard/disputes/${intruder.dispute.lcDisputeId}/evidence/${evidenceId}`,
      `/dashboard/disputes/${dispute.lcDisputeId}/evidence/lcevd_doesnotexist0000`,
    ]) {
      const response = await browser.get(url);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Disposition")).toBeNull();
      expect(await response.text()).toContain("Not found");
    }
    const signedOut = await new DashboardBrowser().get(path);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("Location")).toMatch(/^\/dashboard\/sign-in/);
  });

  it("makes download names safe: no path, control or direction characters, the content's extension", () => {
    expect(downloadNameOf("../../etc/passwd", "pdf")).toBe("_.._etc_passwd.pdf");
    expect(downloadNameOf("scan.TIF", "tiff")).toBe("scan.TIF");
    expect(downloadNameOf("photo.jpeg", "jpg")).toBe("photo.jpeg");
    expect(downloadNameOf("photo.png", "jpg")).toBe("photo.png.jpg");
    expect(downloadNameOf(" ..  ", "pdf")).toBe("evidence.pdf");
    expect(downloadNameOf("a\u0000b\u001fc\u202ed.pdf", "pdf")).toBe("a_b_c_d.pdf");
    expect(downloadNameOf(`${"x".repeat(300)}.pdf`, "pdf")).toHaveLength(154);
    expect(evidenceDisposition("reçu – signé (1).pdf", "pdf")).toBe(
      `attachment; filename="re_u _ sign_ (1).pdf"; filename*=UTF-8''re%C3%A7u%20%E2%80%93%20sign%C3%A9%20%281%29.pdf`,
    );
  });
});
