import { z } from "zod";

import { cancelDeviceSale, createDevice, updateDevice } from "../../resources/devices";
import { jsonBody, list, pageRequest, queryFilters, resource, type RestContext } from "./http";
import { Tags } from "./schemas";

const CreateDeviceBody = z.object({
  name: z.string().min(1),
  model: z.string().min(1),
  serial_number: z.string().nullish(),
  description: z.string().nullish(),
  // The processor's current reference requires it; its 2022-02-01 document does not.
  configuration: z.looseObject({}),
  tags: Tags,
});

const UpdateDeviceBody = z.object({
  action: z.enum(["ACTIVATE", "DEACTIVATE", "REBOOT", "CREATE_IDLE_MESSAGE", "CANCEL"]).optional(),
  idle_message: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  serial_number: z.string().optional(),
  configuration_details: z.looseObject({}).optional(),
  tags: Tags,
});

/** The processor answers 200 to device creation. */
export async function create(c: RestContext) {
  const { body } = await jsonBody(c, CreateDeviceBody);
  return resource(c, "device", createDevice(c.env.sandbox, c.req.param("merchant_id")!, body), 200);
}

export async function get(c: RestContext) {
  const includeConnection = c.req.query("include_connection") === "true";
  return resource(c, "device", c.env.sandbox.store.get("device", c.req.param("device_id")!), 200, { includeConnection });
}

/** An action on the device; CANCEL answers the canceled (or, when the buyer tapped first, the succeeded) sale or hold instead. */
export async function update(c: RestContext) {
  const {
    body: { action, ...fields },
  } = await jsonBody(c, UpdateDeviceBody);
  const deviceId = c.req.param("device_id")!;
  if (action === "CANCEL") {
    const canceled = cancelDeviceSale(c.env.sandbox, deviceId);
    return canceled.kind === "transfer" ? resource(c, "transfer", canceled.stored) : resource(c, "authorization", canceled.stored);
  }
  return resource(c, "device", updateDevice(c.env.sandbox, deviceId, { ...fields, action }));
}

/** `GET /devices`, filtered by merchant and serial number as the processor's reference documents. */
export async function index(c: RestContext) {
  const page = pageRequest(c);
  const filters = queryFilters(c, { merchant_id: "merchant", serial_number: "serial_number" });
  return list(c, "device", c.env.sandbox.store.list("device", filters, page), page);
}
