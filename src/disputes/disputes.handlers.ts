import type { TenantRouteHandler } from "../platform/types";
import { evidenceOf, getDispute as findDispute, listDisputes as queryDisputes } from "./disputes.queries";
import type * as routes from "./disputes.routes";
import { acceptDispute as accept, submitDispute as submit } from "./disputes.service";
import { toDispute, toEvidence } from "./disputes.view";
import { addEvidence } from "./evidence.service";

export const listDisputes: TenantRouteHandler<typeof routes.listDisputes> = async (c) => {
  const ctx = c.get("ctx");
  const page = await queryDisputes({ ctx, input: { query: c.req.valid("query") } });
  const evidence = await evidenceOf({ ctx, input: { disputeIds: page.data.map((dispute) => dispute.id) } });
  const now = ctx.clock.nowMs();
  return c.json({ ...page, data: page.data.map((dispute) => toDispute(dispute, evidence.get(dispute.id) ?? [], now)) }, 200);
};

export const getDispute: TenantRouteHandler<typeof routes.getDispute> = async (c) => {
  const ctx = c.get("ctx");
  const dispute = await findDispute({ ctx, input: { disputeId: c.req.valid("param").id } });
  const evidence = await evidenceOf({ ctx, input: { disputeIds: [dispute.id] } });
  return c.json(toDispute(dispute, evidence.get(dispute.id) ?? [], ctx.clock.nowMs()), 200);
};

export const uploadEvidence: TenantRouteHandler<typeof routes.uploadEvidence> = async (c) => {
  const { evidence, created } = await addEvidence({
    ctx: c.get("ctx"),
    input: { disputeId: c.req.valid("param").id, file: c.req.valid("form").file },
  });
  return created ? c.json(toEvidence(evidence), 201) : c.json(toEvidence(evidence), 200);
};

export const submitDispute: TenantRouteHandler<typeof routes.submitDispute> = async (c) => {
  const ctx = c.get("ctx");
  const dispute = await submit({
    ctx,
    input: {
      disputeId: c.req.valid("param").id,
      note: c.req.valid("json").note,
      idempotency: c.get("idempotency"),
    },
  });
  const evidence = await evidenceOf({ ctx, input: { disputeIds: [dispute.id] } });
  return c.json(toDispute(dispute, evidence.get(dispute.id) ?? [], ctx.clock.nowMs()), 200);
};

export const acceptDispute: TenantRouteHandler<typeof routes.acceptDispute> = async (c) => {
  const ctx = c.get("ctx");
  const { dispute } = await accept({
    ctx,
    input: { disputeId: c.req.valid("param").id, note: c.req.valid("json").note },
  });
  const evidence = await evidenceOf({ ctx, input: { disputeIds: [dispute.id] } });
  return c.json(toDispute(dispute, evidence.get(dispute.id) ?? [], ctx.clock.nowMs()), 200);
};
