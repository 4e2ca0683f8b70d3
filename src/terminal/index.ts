/** The terminal capability's public surface: its routes, the reader's Durable Object (to be given a context), the sweep. */
export { ReaderObject } from "./reader.durable-object";
export { sweepTerminalSales } from "./sweep";
export { default as terminalRouter } from "./terminal.router";
export * as terminalTables from "./terminal.schema";
// The dashboard's readers page works through these, as the /v1 routes do.
export {
  activateReader,
  deactivateReader,
  getReader,
  listReaders,
  readerConnection,
  readerTenant,
  registerReader,
} from "./readers.service";
export { cancelSaleOnReader, listReaderSales, startTerminalSale, type TerminalSaleInput } from "./sale.service";
export { RegisterReaderRequestSchema, terminalSalePath, TerminalSaleRequestSchema } from "./terminal.routes";
export { PAX_MODELS, type ReaderStatus } from "./terminal.schema";
export { type Connection, type ReaderState, toTerminalSale } from "./terminal.view";
