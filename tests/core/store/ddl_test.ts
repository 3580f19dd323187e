import { DatabaseSync } from "node:sqlite";
import { CREATE_TABLES } from "../../../core/store/ddl.ts";
import { CLUB_FIELDS } from "../../../core/model/fields.ts";
import { recordToColumns, type Row, rowToRecord } from "../../../core/store/rows.ts";
import { sharedFixture } from "../../_fixture.ts";
import { assertEquals, assertThrows } from "../../_assert.ts";

const fx = await sharedFixture();

Deno.test("CREATE_TABLES gives every Club field a column, in field order, typed from its schema", () => {
  const db = new DatabaseSync(":memory:");
  db.exec(CREATE_TABLES);
  const columns = db.prepare("PRAGMA table_info(clubs)").all() as {
    name: string;
    type: string;
    notnull: number;
  }[];
  db.close();
  assertEquals(columns.slice(0, CLUB_FIELDS.length).map((c) => c.name), [...CLUB_FIELDS]);
  const typed = Object.fromEntries(
    columns.map((c) => [c.name, `${c.type}${c.notnull ? " NOT NULL" : ""}`]),
  );
  assertEquals(
    [typed.id, typed.city, typed.verified, typed.annual_dues, typed.holes, typed.amenities],
    ["TEXT NOT NULL", "TEXT", "INTEGER", "REAL", "INTEGER", "TEXT"],
  );
  assertEquals([typed.currency, typed.google_rating], ["TEXT NOT NULL", "REAL"]);
});

Deno.test("A club stored in the generated columns reads back unchanged", () => {
  const clubs = CLUB_FIELDS.join(", ");
  const stored = fx.store.db.prepare(`SELECT ${clubs} FROM clubs ORDER BY line`).all() as Row[];
  const db = new DatabaseSync(":memory:");
  db.exec(CREATE_TABLES);
  const insert = db.prepare(
    `INSERT INTO clubs(${clubs}, line, derived_slug, name_fold, waitlist_key)
     VALUES (${CLUB_FIELDS.map(() => "?").join(", ")}, 1, 0, '', '')`,
  );
  for (const row of stored) insert.run(...recordToColumns(rowToRecord(row)));
  const again = db.prepare(`SELECT ${clubs} FROM clubs ORDER BY rowid`).all() as Row[];
  db.close();
  assertEquals(again.map(rowToRecord), stored.map(rowToRecord));
});

Deno.test("CREATE_TABLES refuses NULL where the schema does", () => {
  const db = new DatabaseSync(":memory:");
  db.exec(CREATE_TABLES);
  assertThrows(
    () =>
      db.prepare(
        "INSERT INTO clubs(id, name, slug, currency, line, derived_slug, name_fold, waitlist_key) VALUES (NULL, 'x', 'x', 'USD', 1, 0, 'x', 'unknown')",
      )
        .run(),
    /NOT NULL/,
  );
  db.close();
});
