// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { loadClubJson, preloadClubJson } from "../../../server/http/snapshot_loader.ts";
import { ClubStore, Directory } from "../../../core/store/mod.ts";
import { fixture, FIXTURE_CSV, importFile } from "../../_fixture.ts";
import { assert, assertEquals, assertRejects, assertStrictEquals } from "../../_assert.ts";

Deno.test("loadClubJson reads a snapshot's club JSON in a worker into shared memory", async () => {
  await using fx = await fixture();
  const shared = await loadClubJson(fx.path);
  assert(shared !== null);
  const direct = ClubStore.open(fx.path, { holdJson: true });
  try {
    assertStrictEquals(shared.snapshot, direct.meta.snapshot);
    assert("bytes" in shared && shared.bytes instanceof SharedArrayBuffer);
    assertStrictEquals(shared.bytes.byteLength >= direct.heldJsonBytes, true);
  } finally {
    direct.close();
  }
  await assertRejects(() => loadClubJson(`${fx.dir}/missing.db`), Error, "missing.db");
});

Deno.test("a directory with the preload swaps in a snapshot that adopted the JSON read in the worker, and answers the same pages", async () => {
  await using fx = await fixture();
  const lines: string[] = [];
  const directory = new Directory(fx.path, {
    checkEveryMs: 0,
    holdJson: true,
    background: { preload: preloadClubJson((l) => lines.push(l)) },
  });
  try {
    const first = directory.current();
    await importFile(FIXTURE_CSV, fx.path);
    assertStrictEquals(directory.current(), first);
    await directory.settled();
    const second = directory.current();
    assert(second !== first && second.heldJsonBytes > 0);
    // Held in shared memory: the worker's text, adopted (one read by the open itself is not).
    assert(second.sharedJson() !== null, "the JSON read in the worker was adopted");
    assertStrictEquals(first.db.isOpen, false);
    const reference = ClubStore.open(fx.path, { holdJson: true });
    try {
      const ranks = Array.from({ length: 30 }, (_, i) => i + 1);
      assertEquals(second.anonymousJson(ranks), reference.anonymousJson(ranks));
    } finally {
      reference.close();
    }
    assertEquals(lines, []);
  } finally {
    directory.close();
  }
});

Deno.test("preloadClubJson logs why it could not load, and the open reads the JSON itself", async () => {
  const lines: string[] = [];
  await preloadClubJson((l) => lines.push(l))("/nonexistent/clubs.db");
  assertStrictEquals(lines.length, 1);
  assert(lines[0]!.startsWith("warning: club JSON not loaded in the background ("), lines[0]);
});
