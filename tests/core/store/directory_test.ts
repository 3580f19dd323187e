// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { DatabaseSync } from "node:sqlite";
import { Directory, isStorageFailure } from "../../../core/store/directory.ts";
import { importSnapshot, openSource } from "../../../core/import/build/import.ts";
import { StoreError } from "../../../core/store/store.ts";
import { keyIndex } from "../../../core/search/key_index.ts";
import { fixture, FIXTURE_CSV, importFile } from "../../_fixture.ts";
import { setTimeout as sleep } from "node:timers/promises";
import { assert, assertEquals, assertThrows } from "../../_assert.ts";

async function importFixture(path: string): Promise<void> {
  await importSnapshot(openSource(FIXTURE_CSV), { dbPath: path });
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
  assert(second !== first);
  assert(second.meta.snapshot !== before);
  assert(!first.db.isOpen, "the old snapshot is closed");
  directory.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("Directory answers StoreError, never the old snapshot, once its file is replaced by one it cannot open", async () => {
  await using fx = await fixture({ checkEveryMs: 50 });
  const first = fx.directory.current();
  await Deno.writeTextFile(`${fx.dir}/broken.db`, "not a database");
  await Deno.rename(`${fx.dir}/broken.db`, fx.path);
  await sleep(60);
  assertThrows(() => fx.directory.current(), StoreError);
  // Within checkEveryMs of that check: the same answer, not the old data.
  assertThrows(() => fx.directory.current(), StoreError);
  assert(!first.db.isOpen, "the old snapshot is closed");
  await importFile(FIXTURE_CSV, fx.path);
  await sleep(60);
  assertEquals(keyIndex(fx.directory.current()).size, 30);
});

Deno.test("Directory checks an unusable file at most every checkEveryMs", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/clubs.db`;
  const directory = new Directory(path, { checkEveryMs: 60_000 });
  assertThrows(() => directory.current(), /Cannot read database/);
  await importFixture(path);
  assertThrows(() => directory.current(), /Cannot read database/);
  directory.invalidate();
  assertEquals(keyIndex(directory.current()).size, 30);
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

Deno.test("Directory.read() turns a handle closed under the reader into StoreError and reopens", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/clubs.db`;
  await importFixture(path);
  const directory = new Directory(path, { checkEveryMs: 60_000 });
  const first = directory.current();
  first.db.close();
  assertThrows(() => directory.read((store) => store.bySlug("mystery")), StoreError);
  const club = directory.read((store) => store.bySlug("mystery"));
  assertEquals(club?.name, "Mystery Club");
  assert(directory.current() !== first, "a fresh snapshot");
  directory.close();
  await Deno.remove(dir, { recursive: true });
});

/** Overwrites every page of `path` but the schema's and the meta table's: it opens, and reads fail. */
function corruptAllButMeta(path: string): void {
  const db = new DatabaseSync(path, { readOnly: true });
  const { page_size: size } = db.prepare("PRAGMA page_size").get() as { page_size: number };
  const { rootpage: meta } = db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'meta'")
    .get() as { rootpage: number };
  db.close();
  const bytes = Deno.readFileSync(path);
  for (let page = 2; page * size <= bytes.length; page++) {
    if (page !== meta) bytes.fill(0xff, (page - 1) * size, page * size);
  }
  Deno.writeFileSync(path, bytes);
}

Deno.test("Directory.read() reopens a file whose reads fail at its next check, not on every read", async () => {
  await using fx = await fixture({ checkEveryMs: 60_000 });
  const good = Deno.readFileSync(fx.path);
  corruptAllButMeta(fx.path);
  assertThrows(() => fx.directory.read((store) => store.bySlug("mystery")), StoreError);
  Deno.writeFileSync(fx.path, good);
  // Within checkEveryMs of the failure, the file is not opened again.
  assertThrows(
    () => fx.directory.read((store) => store.bySlug("mystery")),
    /malformed/,
  );
  fx.directory.invalidate();
  assertEquals(fx.directory.read((store) => store.bySlug("mystery"))?.name, "Mystery Club");
});

Deno.test("Directory.read() passes a bug through unchanged and keeps the snapshot", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/clubs.db`;
  await importFixture(path);
  const directory = new Directory(path, { checkEveryMs: 60_000 });
  const first = directory.current();
  assertThrows(() =>
    directory.read(() => {
      throw new TypeError("a plain bug");
    }), TypeError);
  // An FTS5 syntax error is a query bug, not a failing file.
  assertThrows(
    () =>
      directory.read((store) =>
        store.db.prepare("SELECT 1 FROM club_names WHERE club_names MATCH ?").all('"x')
      ),
    (e: Error) => !(e instanceof StoreError),
  );
  assert(directory.current() === first, "the snapshot stays");
  directory.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("isStorageFailure() tells failing files from bugs", async () => {
  const dir = await Deno.makeTempDir();
  const garbage = `${dir}/garbage.db`;
  await Deno.writeTextFile(garbage, "not a database ".repeat(1000));
  const failure = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return isStorageFailure(e);
    }
    throw new Error("did not throw");
  };
  const bad = new DatabaseSync(garbage, { readOnly: true });
  assert(failure(() => bad.prepare("SELECT * FROM meta").all()), "not a database");
  bad.close();
  const empty = new DatabaseSync(":memory:");
  assert(failure(() => empty.prepare("SELECT * FROM clubs").all()), "no such table");
  empty.exec("CREATE VIRTUAL TABLE t USING fts5(x)");
  assert(!failure(() => empty.prepare("SELECT * FROM t WHERE t MATCH ?").all('"x')), "FTS syntax");
  empty.close();
  assert(failure(() => empty.prepare("SELECT 1")), "closed handle");
  assert(!failure(() => (null as unknown as { x: () => void }).x()), "TypeError");
  assert(isStorageFailure(new StoreError("x")));
  await Deno.remove(dir, { recursive: true });
});
