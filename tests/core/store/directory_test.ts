import { DatabaseSync } from "node:sqlite";
import { assertEquals, assertThrows, ok } from "../../_assert.ts";
import { Directory } from "../../../core/store/directory.ts";
import { importCsv, openSource } from "../../../core/import/import.ts";
import { StoreError } from "../../../core/store/store.ts";
import { keyIndex } from "../../../core/search/key_index.ts";
import { FIXTURE_CSV } from "../../_fixture.ts";

async function importFixture(path: string): Promise<void> {
  await importCsv(openSource(FIXTURE_CSV).stream, { dbPath: path });
}

Deno.test("Directory answers StoreError while the file is missing and opens it once it exists", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/clubs.db`;
  const directory = new Directory(path, { checkEveryMs: 0 });
  assertThrows(() => directory.current(), StoreError);
  await importFixture(path);
  assertEquals(keyIndex(directory.current()).size, 30);
  directory.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("Directory swaps to a newly imported file and drops the old snapshot", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/clubs.db`;
  await importFixture(path);
  const directory = new Directory(path, { checkEveryMs: 0 });
  const first = directory.current();
  const before = first.meta.snapshot;
  await importFixture(path);
  const second = directory.current();
  ok(second !== first);
  ok(second.meta.snapshot !== before);
  ok(!first.db.isOpen, "the old snapshot is closed");
  directory.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("Directory refuses a database of another layout, naming the fix", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/clubs.db`;
  const db = new DatabaseSync(path);
  db.exec(
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('schema_version', '1')",
  );
  db.close();
  const directory = new Directory(path, { checkEveryMs: 0 });
  assertThrows(() => directory.current(), /schema version 1, expected \d+ \(run import again\)/);
  directory.close();
  await Deno.remove(dir, { recursive: true });
});
