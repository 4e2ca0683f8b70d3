/** The terminal capability's public surface: its routes, the reader's Durable Object (to be given a context), the sweep. */
export { default as terminalRouter } from "./terminal.router";
export { ReaderObject } from "./reader.durable-object";
export { sweepTerminalSales } from "./sweep";
export * as terminalTables from "./terminal.schema";
