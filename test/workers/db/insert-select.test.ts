import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "../../../src/db/client";
import { insertSelectFields } from "../../../src/db/insert-select";

// A table of this file's own, whose D1 columns have no DEFAULT: whatever fills a column the insert does not name comes
// from the drizzle table, as it does for the service's tables.
const owners = sqliteTable("probe_insert_select_owners", { id: text("id").primaryKey(), tenantId: text("tenant_id").notNull() });
const notes = sqliteTable("probe_insert_select_notes", {
  id: text("id").primaryKey(),
  tenantId: text("tenant_id").notNull(),
  body: text("body"),
  status: text("status", { enum: ["pending", "sent"] })
    .notNull()
    .default("pending"),
  attempts: integer("attempts").notNull().default(0),
  flagged: integer("flagged", { mode: "boolean" }).notNull().default(true),
  token: text("token")
    .notNull()
    .$defaultFn(() => "generated"),
  touchedAt: text("touched_at").$onUpdate(() => "touched"),
  meta: text("meta", { mode: "json" }).$type<{ source: string }>(),
});

const db = database(env);
const everyTime = sql`(SELECT 1)`;

/** The row as D1 stores it (a boolean as 0 or 1, JSON as text), read past drizzle's mapping on purpose. */
async function storedNote(id: string) {
  return env.DB.prepare("SELECT * FROM probe_insert_select_notes WHERE id = ?").bind(id).first();
}

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare("CREATE TABLE probe_insert_select_owners (id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL)"),
    env.DB.prepare(
      `CREATE TABLE probe_insert_select_notes (id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, body TEXT, status TEXT NOT NULL,
        attempts INTEGER NOT NULL, flagged INTEGER NOT NULL, token TEXT NOT NULL, touched_at TEXT, meta TEXT)`,
    ),
  ]);
  await db.insert(owners).values({ id: "own_1", tenantId: "ten_owner" });
});

describe("INSERT … SELECT built from the table (insertSelectFields)", () => {
  it("fills every column the insert does not name as .values() does: default, $defaultFn, $onUpdate, else NULL", async () => {
    await db.insert(notes).select(db.select(insertSelectFields(notes, { id: "note_selected", tenantId: "ten_a" })).from(everyTime));
    await db.insert(notes).values({ id: "note_values", tenantId: "ten_a" });

    const selected = await storedNote("note_selected");
    expect(selected).toEqual({
      id: "note_selected",
      tenant_id: "ten_a",
      body: null,
      status: "pending",
      attempts: 0,
      flagged: 1,
      token: "generated",
      touched_at: "touched",
      meta: null,
    });
    expect({ ...(await storedNote("note_values")), id: "note_selected" }).toEqual(selected);
  });

  it("binds values through their column and reads columns and expressions from the SELECT's own tables", async () => {
    await db.insert(notes).select(
      db
        .select(
          insertSelectFields(notes, {
            id: "note_owned",
            tenantId: owners.tenantId,
            body: sql`upper(${owners.id})`,
            status: "sent",
            flagged: false,
            meta: { source: "test" },
          }),
        )
        .from(owners)
        .where(eq(owners.id, "own_1")),
    );

    expect(await storedNote("note_owned")).toMatchObject({
      tenant_id: "ten_owner",
      body: "OWN_1",
      status: "sent",
      flagged: 0,
      meta: '{"source":"test"}',
      attempts: 0,
    });
  });

  it("writes nothing when the SELECT finds no row: the insert's condition", async () => {
    await db.insert(notes).select(
      db
        .select(insertSelectFields(notes, { id: "note_refused", tenantId: owners.tenantId }))
        .from(owners)
        .where(eq(owners.id, "own_missing")),
    );

    expect(await storedNote("note_refused")).toBeNull();
  });

  it("keeps working when the table gains a column, where a select list written by hand is refused at run time", async () => {
    // A select list spelt by hand, as the service's conditional inserts were: the columns before `flagged` was added.
    const writtenBeforeFlagged = {
      id: sql`${"note_by_hand"}`.as("id"),
      tenantId: sql`${"ten_a"}`.as("tenant_id"),
      body: sql`NULL`.as("body"),
      status: sql`'pending'`.as("status"),
      attempts: sql`0`.as("attempts"),
      token: sql`'generated'`.as("token"),
      touchedAt: sql`NULL`.as("touched_at"),
      meta: sql`NULL`.as("meta"),
    };
    expect(() => db.insert(notes).select(db.select(writtenBeforeFlagged).from(everyTime))).toThrow(/Insert select error/);

    await db.insert(notes).select(db.select(insertSelectFields(notes, { id: "note_by_table", tenantId: "ten_a" })).from(everyTime));
    expect(await storedNote("note_by_table")).toMatchObject({ flagged: 1 });
  });
});
