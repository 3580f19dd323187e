// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { assert, assertEquals, assertRejects } from "../../../_assert.ts";
import {
  ImportBusy,
  lockImport,
  lockPathFor,
  processAlive,
  removeStaleTemps,
} from "../../../../core/import/build/lock.ts";
import { importSnapshot, openSource } from "../../../../core/import/build/import.ts";
import { FIXTURE_CSV } from "../../../_fixture.ts";

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = new Deno.Command("true").spawn();
  await child.status;
  return child.pid;
}

Deno.test("lockImport() refuses a second import into the same database, naming the first one's pid", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  const lock = await lockImport(db);
  try {
    await assertRejects(lockImport(db), ImportBusy);
    await assertRejects(
      importSnapshot(openSource(FIXTURE_CSV), { dbPath: db }),
      (err: Error) => {
        assert(err instanceof ImportBusy);
        assertEquals(err.message, `another import into ${db} is in progress (pid ${Deno.pid})`);
        return true;
      },
    );
    assertEquals(Deno.readTextFileSync(lockPathFor(db)).trim(), String(Deno.pid));
  } finally {
    lock.release();
  }
  // Released: the next import goes ahead, and a dry run never needed the lock.
  const again = await lockImport(db);
  await importSnapshot(openSource(FIXTURE_CSV), { dbPath: db, dryRun: true });
  again.release();
  await importSnapshot(openSource(FIXTURE_CSV), { dbPath: db });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot({ wait }) waits for the running import, says so, then imports", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  const lock = await lockImport(db);
  const waited: (number | null)[] = [];
  const pending = importSnapshot(openSource(FIXTURE_CSV), {
    dbPath: db,
    wait: true,
    onWait: (pid) => waited.push(pid),
  });
  // It cannot finish while the lock is held.
  const state = await Promise.race([
    pending.then(() => "finished"),
    new Promise((r) => setTimeout(() => r("waiting"), 300)),
  ]);
  assertEquals([state, waited], ["waiting", [Deno.pid]]);
  lock.release();
  const s = await pending;
  assertEquals(s.rows, 30);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("removeStaleTemps() removes the temp files of dead imports only", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  const dead = await deadPid();
  assert(!processAlive(dead));
  const names = [
    `c.db.importing-${dead}-123`,
    `c.db.importing-${dead}-123-journal`,
    `c.db.importing-${Deno.pid}-456`, // a running import (this process)
    "c.db.importing-1-789", // a running process that is not this one (init)
    `other.db.importing-${dead}-1`, // another database's
    "c.db",
  ];
  for (const n of names) await Deno.writeTextFile(`${dir}/${n}`, "x".repeat(10));
  const removed = removeStaleTemps(db);
  assertEquals(removed.files.map((f) => f.slice(dir.length + 1)).sort(), names.slice(0, 2));
  assertEquals(removed.bytes, 20);
  assertEquals([...Deno.readDirSync(dir)].map((e) => e.name).sort(), names.slice(2).sort());
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() removes the leftovers of killed imports and reports them", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  const stale = `${db}.importing-${await deadPid()}-99`;
  await Deno.writeFile(stale, new Uint8Array(4096));
  const s = await importSnapshot(openSource(FIXTURE_CSV), { dbPath: db });
  assertEquals(s.removedTemps, { files: [stale], bytes: 4096 });
  assertEquals([...Deno.readDirSync(dir)].map((e) => e.name).sort(), ["c.db", "c.db.import-lock"]);
  await Deno.remove(dir, { recursive: true });
});
