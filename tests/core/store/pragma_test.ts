import { DatabaseSync } from "node:sqlite";
import { setPragmas } from "../../../core/store/pragma.ts";
import { assertEquals, assertThrows } from "../../_assert.ts";

const read = (db: DatabaseSync, pragma: string) =>
  Object.values(db.prepare(`PRAGMA ${pragma}`).get() as Record<string, unknown>)[0];

Deno.test("setPragmas() sets numbers and keywords, per database when a schema is named", () => {
  using db = new DatabaseSync(":memory:");
  setPragmas(db, { cache_size: -4096, synchronous: "OFF", locking_mode: "EXCLUSIVE" });
  setPragmas(db, { page_size: 16384, cache_size: -2048 }, "temp");
  assertEquals(
    [
      read(db, "cache_size"),
      read(db, "synchronous"),
      read(db, "locking_mode"),
      read(db, "temp.page_size"),
      read(db, "temp.cache_size"),
    ],
    [-4096, 0, "exclusive", 16384, -2048],
  );
});

Deno.test("setPragmas() throws when SQLite keeps another value (defensive mode refuses journal_mode=OFF)", () => {
  using db = new DatabaseSync(":memory:");
  assertThrows(
    () => setPragmas(db, { journal_mode: "OFF" }),
    { message: 'SQLite did not take PRAGMA journal_mode=OFF: it reads "memory"' },
  );
});

Deno.test("setPragmas() throws for a page size asked for after the file has pages", () => {
  using db = new DatabaseSync(":memory:");
  db.exec("CREATE TABLE t(x)");
  assertThrows(
    () => setPragmas(db, { page_size: 16384 }),
    { message: "SQLite did not take PRAGMA page_size=16384: it reads 4096" },
  );
});

Deno.test("setPragmas() throws for a pragma SQLite does not know", () => {
  using db = new DatabaseSync(":memory:");
  assertThrows(() => setPragmas(db, { cache_sise: 10 }), {
    message: "SQLite does not know PRAGMA cache_sise",
  });
});

Deno.test("setPragmas() refuses names and values that are not plain words or integers", () => {
  using db = new DatabaseSync(":memory:");
  for (
    const [pragmas, schema] of [
      [{ "cache_size=1; DROP TABLE x; --": 1 }, undefined],
      [{ synchronous: "OFF; DROP TABLE x" }, undefined],
      [{ cache_size: 1.5 }, undefined],
      [{ cache_size: 1 }, "main; --"],
    ] as const
  ) {
    assertThrows(() => setPragmas(db, pragmas, schema), TypeError);
  }
});
