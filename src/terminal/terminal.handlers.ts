import type { TenantRouteHandler } from "../platform/types";
import * as readers from "./readers.service";
import { cancelSaleOnReader, startTerminalSale as startSale } from "./sale.service";
import type * as routes from "./terminal.routes";
import { toReader, toTerminalSale } from "./terminal.view";

export const registerReader: TenantRouteHandler<typeof routes.registerReader> = async (c) => {
  const reader = await readers.registerReader({ ctx: c.get("ctx"), input: { ...c.req.valid("json") } });
  return c.json(toReader(reader), 201);
};

export const listReaders: TenantRouteHandler<typeof routes.listReaders> = async (c) => {
  const page = await readers.listReaders({
    ctx: c.get("ctx"),
    input: { query: c.req.valid("query") },
  });
  return c.json({ ...page, data: page.data.map((reader) => toReader(reader)) }, 200);
};

export const getReader: TenantRouteHandler<typeof routes.getReader> = async (c) => {
  const { reader, connection } = await readers.getReader({
    ctx: c.get("ctx"),
    input: {
      readerId: c.req.valid("param").id,
      connection: c.req.valid("query").connection === "true",
    },
  });
  return c.json(toReader(reader, connection), 200);
};

export const activateReader: TenantRouteHandler<typeof routes.activateReader> = async (c) => {
  const reader = await readers.activateReader({
    ctx: c.get("ctx"),
    input: { readerId: c.req.valid("param").id },
  });
  return c.json(toReader(reader), 200);
};

export const deactivateReader: TenantRouteHandler<typeof routes.deactivateReader> = async (c) => {
  const reader = await readers.deactivateReader({
    ctx: c.get("ctx"),
    input: { readerId: c.req.valid("param").id },
  });
  return c.json(toReader(reader), 200);
};

export const cancelReaderSale: TenantRouteHandler<typeof routes.cancelReaderSale> = async (c) => {
  const readerId = c.req.valid("param").id;
  const payment = await cancelSaleOnReader({ ctx: c.get("ctx"), input: { readerId } });
  return c.json(toTerminalSale(payment, readerId), 200);
};

export const startTerminalSale: TenantRouteHandler<typeof routes.startTerminalSale> = async (c) => {
  const { payment, readerId } = await startSale({
    ctx: c.get("ctx"),
    // The route's idempotency middleware requires the header, so the scope is always there.
    input: { idempotency: c.get("idempotency")!, request: c.req.valid("json") },
  });
  return c.json(toTerminalSale(payment, readerId), 202);
};
