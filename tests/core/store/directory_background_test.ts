// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * `DirectoryOptions.background`: a new snapshot is opened and warmed a step
 * at a time while readers keep the current one, and swapped in when ready.
 */
import { Directory } from "../../../core/store/directory.ts";
import { type ClubStore, StoreError } from "../../../core/store/store.ts";
import { fixture, FIXTURE_CSV, importFile } from "../../_fixture.ts";
import { assert, assertEquals, assertStrictEquals, assertThrows } from "../../_assert.ts";

/** A warm-up of three steps that records when each ran. */
function recordingWarm(events: string[]) {
  return function* (store: ClubStore) {
    for (const step of ["a", "b", "c"]) {
      events.push(`${step}:${store.meta.snapshot}`);
      yield;
    }
  };
}

Deno.test("background: the current snapshot answers while the new one is warmed a step at a time, then it is swapped in", async () => {
  await using fx = await fixture();
  const events: string[] = [];
  const preloaded: string[] = [];
  const directory = new Directory(fx.path, {
    checkEveryMs: 0,
    warm: recordingWarm(events),
    background: { preload: (path) => Promise.resolve(void preloaded.push(path)) },
  });
  try {
    // The first snapshot opens at once: there is nothing else to serve.
    const first = directory.current();
    assertEquals(events.length, 3);
    assertEquals(preloaded, []);
    events.length = 0;
    await importFile(FIXTURE_CSV, fx.path);
    // The check sees the new file and goes on answering from the old one.
    assertStrictEquals(directory.current(), first);
    assertStrictEquals(directory.current(), first, "asked again: one preparation, still the old");
    assertEquals(preloaded, [fx.path]);
    // Other work runs between the steps.
    const ticks = setInterval(() => events.push("tick"), 0);
    try {
      await directory.settled();
    } finally {
      clearInterval(ticks);
    }
    const steps = events.filter((e) => e !== "tick");
    assertEquals(steps.length, 3);
    assert(steps.every((e) => !e.endsWith(`:${first.meta.snapshot}`)), "warmed the new file");
    const between = events.slice(events.indexOf(steps[0]!), events.indexOf(steps[2]!));
    assert(between.includes("tick"), `nothing ran between the steps: ${events}`);
    const second = directory.current();
    assert(second !== first);
    assert(!first.db.isOpen, "the old snapshot is closed");
    assert(second.meta.snapshot !== first.meta.snapshot);
  } finally {
    directory.close();
  }
});

Deno.test("background: a file that replaced a good one and cannot be opened drops the old snapshot, as a check that opens it at once does", async () => {
  await using fx = await fixture();
  const directory = new Directory(fx.path, { checkEveryMs: 0, background: {} });
  try {
    const first = directory.current();
    await Deno.writeTextFile(`${fx.dir}/broken.db`, "not a database ".repeat(400));
    await Deno.rename(`${fx.dir}/broken.db`, fx.path);
    assertStrictEquals(directory.current(), first, "answered from the old one meanwhile");
    await directory.settled();
    assertThrows(() => directory.current(), StoreError);
    assert(!first.db.isOpen, "the old snapshot is closed");
    // A good file back: opened at the next check (there is no snapshot to keep serving).
    await importFile(FIXTURE_CSV, fx.path);
    assertStrictEquals(directory.current().meta.schema_version !== undefined, true);
  } finally {
    directory.close();
  }
});

Deno.test("background: a newer file while one is being prepared replaces it; close() gives a preparation up", async () => {
  await using fx = await fixture();
  const events: string[] = [];
  const gates: PromiseWithResolvers<void>[] = [];
  const directory = new Directory(fx.path, {
    checkEveryMs: 0,
    warm: recordingWarm(events),
    background: {
      preload: () => {
        gates.push(Promise.withResolvers<void>());
        return gates.at(-1)!.promise;
      },
    },
  });
  try {
    const first = directory.current();
    events.length = 0;
    await importFile(FIXTURE_CSV, fx.path);
    assertStrictEquals(directory.current(), first);
    await importFile(FIXTURE_CSV, fx.path);
    assertStrictEquals(directory.current(), first, "the newer file: a second preparation");
    assertStrictEquals(gates.length, 2);
    for (const g of gates) g.resolve();
    await directory.settled();
    const served = directory.current();
    assert(served !== first && served.db.isOpen);
    // Only the newest file was opened and warmed; it is the one served.
    assertEquals(events, ["a", "b", "c"].map((step) => `${step}:${served.meta.snapshot}`));
    assertStrictEquals(directory.current(), served);
    // Closed while preparing: nothing is swapped in afterwards.
    await importFile(FIXTURE_CSV, fx.path);
    assertStrictEquals(directory.current(), served);
    directory.close();
    gates.at(-1)!.resolve();
    await directory.settled();
    assert(!served.db.isOpen);
    assertStrictEquals(events.length, 3, "the preparation given up opened nothing");
  } finally {
    directory.close();
  }
});
