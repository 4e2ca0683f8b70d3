import document from "virtual:processor-openapi";
import { describe, expect, it } from "vitest";

import { UNLISTED_OPERATIONS } from "../../../test/workers/support/fake-processor";
import { REST_ROUTES } from "../src/http/rest/routes";
import { approvedMerchant, buyerInstrument, conformance, control, processor, sale } from "./support/sandbox-processor";

/** A call outside the processor's 2022-02-01 document, checked here instead. */
const unlisted = { validateAs: "skip" } as const;

const placeholdersErased = (path: string) => path.replace(/\{[^}]+\}/g, "{}");

function documentedOperation(method: string, path: string) {
  const template = Object.keys(document.paths).find(
    (candidate) => placeholdersErased(candidate) === placeholdersErased(path) && document.paths[candidate]![method.toLowerCase()],
  );
  return template ? { pathItem: document.paths[template]!, operation: document.paths[template]![method.toLowerCase()] } : null;
}

function documentedQuery(method: string, path: string): string[] {
  const found = documentedOperation(method, path)!;
  const resolve = (parameter: any) => (parameter.$ref ? document.components.parameters[parameter.$ref.split("/").at(-1)] : parameter);
  return [...(found.pathItem.parameters ?? []), ...(found.operation.parameters ?? [])]
    .map(resolve)
    .filter((parameter: any) => parameter.in === "query")
    .map((parameter: any) => parameter.name);
}

describe("the sandbox serves only what the processor documents", () => {
  it("every route and filter is in the processor's OpenAPI document, or marked as documented only by its current reference", () => {
    const undocumented: string[] = [];
    for (const route of REST_ROUTES) {
      const name = `${route.method} ${route.path}`;
      const inDocument = documentedOperation(route.method, route.path) !== null;
      if (route.documentedIn) {
        if (inDocument) undocumented.push(`${name} is in the document; drop documentedIn`);
        continue;
      }
      if (!inDocument) {
        undocumented.push(`${name} is not in the document`);
        continue;
      }
      const documented = new Set([...documentedQuery(route.method, route.path), ...(route.referenceQuery ?? [])]);
      for (const name of route.query ?? []) if (!documented.has(name)) undocumented.push(`${route.method} ${route.path}?${name}`);
      for (const name of route.referenceQuery ?? [])
        if (documentedQuery(route.method, route.path).includes(name))
          undocumented.push(`${route.method} ${route.path}?${name} is in the document`);
    }
    expect(undocumented).toEqual([]);
  });

  it("knows the same operations beyond the document as the fake processor the service's client is checked against", () => {
    const fromReference = REST_ROUTES.filter((route) => route.documentedIn === "api-reference").map(
      (route) => `${route.method} ${route.path}`,
    );
    expect(UNLISTED_OPERATIONS.map((operation) => `${operation.method} ${operation.template}`).sort()).toEqual(fromReference.sort());
  });

  it("answers an undocumented path with the processor's not-found, whatever the resource", async () => {
    const { merchantId } = await approvedMerchant();
    const paid = await sale(merchantId, await buyerInstrument(), 2500, { fee: 100 });
    for (const path of [`/merchants/${merchantId}/devices`, `/transfers/${paid.body.id}/fees`, "/merchants/MUnothing/devices"]) {
      const answer = await processor("GET", path, undefined, unlisted);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body).toMatchObject({ total: 1, _embedded: { errors: [{ code: "NOT_FOUND" }] } });
      expect(conformance("GET", "/transfers/{transfer_id}", 404, answer.body)).toEqual([]);
    }
  });
});

describe("devices as the processor's reference documents them", () => {
  it("refuses a device without the configuration the processor requires", async () => {
    const { merchantId } = await approvedMerchant();
    const refused = await processor(
      "POST",
      `/merchants/${merchantId}/devices`,
      { name: "Bare", model: "PAX_A920PRO", serial_number: "1850300999" },
      { requestOutsideSpec: "configuration is required by the current reference only" },
    );
    expect(refused.status).toBe(422);
    expect(refused.body._embedded.errors[0]).toMatchObject({ code: "INVALID_FIELD", field: "configuration" });
  });

  it("lists devices at GET /devices filtered by merchant_id and serial_number", async () => {
    const one = await approvedMerchant("Device Filter One");
    const two = await approvedMerchant("Device Filter Two");
    const create = (merchantId: string, serial: string) =>
      processor("POST", `/merchants/${merchantId}/devices`, {
        name: serial,
        model: "PAX_A920PRO",
        serial_number: serial,
        configuration: { allow_debit: true, bypass_device_on_capture: true },
      });
    const counter = await create(one.merchantId, "SN-FILTER-1");
    await create(one.merchantId, "SN-FILTER-2");
    await create(two.merchantId, "SN-FILTER-1");

    const found = await processor("GET", `/devices?merchant_id=${one.merchantId}&serial_number=SN-FILTER-1&limit=10`, undefined, unlisted);
    expect(found.status).toBe(200);
    expect(found.body._embedded.devices.map((device: { id: string }) => device.id)).toEqual([counter.body.id]);
    for (const device of found.body._embedded.devices) expect(conformance("GET", "/devices/{device_id}", 200, device)).toEqual([]);
    const merchants = await processor("GET", `/devices?merchant_id=${one.merchantId}`, undefined, unlisted);
    expect(merchants.body._embedded.devices.map((device: { serial_number: string }) => device.serial_number).sort()).toEqual([
      "SN-FILTER-1",
      "SN-FILTER-2",
    ]);
    const none = await processor("GET", `/devices?merchant_id=${two.merchantId}&serial_number=SN-FILTER-2`, undefined, unlisted);
    expect(none.body._embedded.devices).toEqual([]);

    const unknownFilter = await processor("GET", `/devices?merchant=${one.merchantId}`, undefined, unlisted);
    expect([unknownFilter.status, unknownFilter.body._embedded.errors[0].field]).toEqual([400, "merchant"]);
  });
});

describe("a transfer's fees at GET /fees?linked_to=", () => {
  it("are the fees of that transfer only (each naming it in linked_id); an unknown transfer has none, and the filter is required", async () => {
    const { merchantId } = await approvedMerchant();
    await control.setFeeProfile(merchantId, { basisPoints: 290, fixedFee: 30 });
    const card = await buyerInstrument();
    const first = await sale(merchantId, card, 10_000, { fee: 100 });
    await sale(merchantId, card, 20_000, { fee: 100 });

    const listed = await processor("GET", `/fees?linked_to=${first.body.id}`, undefined, unlisted);
    expect(listed.status).toBe(200);
    expect(listed.body._embedded.fees).toMatchObject([
      { fee_type: "CARD_BASIS_POINTS", amount: 290, linked_id: first.body.id, linked_type: "TRANSFER", merchant: merchantId },
      { fee_type: "CARD_FIXED", amount: 30, linked_id: first.body.id },
    ]);
    expect(listed.body.page).toEqual({ limit: 100, next_cursor: null });

    expect((await processor("GET", "/fees?linked_to=TRnothingHere", undefined, unlisted)).body._embedded.fees).toEqual([]);
    const unfiltered = await processor("GET", "/fees", undefined, unlisted);
    expect([unfiltered.status, unfiltered.body._embedded.errors[0].field]).toEqual([400, "linked_to"]);
    // The fee's own field is not a filter the reference documents: the processor would ignore it and list every fee.
    const misfiltered = await processor("GET", `/fees?linked_id=${first.body.id}`, undefined, unlisted);
    expect([misfiltered.status, misfiltered.body._embedded.errors[0].field]).toEqual([400, "linked_id"]);
  });
});
