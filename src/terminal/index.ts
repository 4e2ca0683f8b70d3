/** The terminal capability's public surface: its routes, the reader's Durable Object (to be given a context), the sweep. */
export { default as terminalRouter } from "./terminal.router";
export { ReaderObject } from "./reader.durable-object";
export { sweepTerminalSales } from "./sweep";
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
export { PAX_MODELS, type ReaderStatus } from "./terminal.schema";
export { RegisterReaderRequestSchema, TerminalSaleRequestSchema, terminalSalePath } from "./terminal.routes";
export { toTerminalSale, type Connection, type ReaderState } from "./terminal.view";
