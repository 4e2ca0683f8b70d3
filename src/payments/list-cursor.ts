import type { ListPosition } from "../lib/keyset-cursor";
import { decodeSignedCursor, encodeSignedCursor } from "../lib/signed-cursor";

type CursorContext = { tenantId: string; filters: string; secret: string };

export const encodeCursor = (position: ListPosition, context: CursorContext) =>
  encodeSignedCursor(position, { list: "payments-cursor", ...context });

export const decodeCursor = (cursor: string, context: CursorContext) => decodeSignedCursor(cursor, { list: "payments-cursor", ...context });
