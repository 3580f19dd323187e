// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { DatabaseSync } from "node:sqlite";
import { clubHistory, latestChanges, listChanges, snapshots } from "../../../core/history/mod.ts";
import { parseSearch, type SearchQuery } from "../../../core/search/mod.ts";
import { ClubStore } from "../../../core/store/mod.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { FIRST_DAY, importClubs, SECOND_DAY, twoImports, twoSnapshots } from "./_two_imports.ts";

const all = (): SearchQuery => {
  const q = parseSearch({});
  assert(q.ok);
  return q.value;
};

Deno.test("two imports record the second's changes: added, removed, changed with their fields, in words", async () => {
  await using h = await twoImports();
  const [one, two] = h.summaries;
  assertEquals(one.history.snapshot.compared, false);
  assertEquals(one.history.recorded, 0);
  assertEquals(two.history.snapshot.date, SECOND_DAY);
  assertEquals(
    [two.history.snapshot.added, two.history.snapshot.removed, two.history.snapshot.changed],
    [3, 2, 5],
  );
  assertEquals([two.history.recorded, two.history.kept, two.history.dropped], [10, 2, 0]);
  const list = snapshots(h.store);
  assertEquals(list.map((s) => [s.id, s.date, s.compared]), [[2, SECOND_DAY, true], [
    1,
    FIRST_DAY,
    false,
  ]]);
  const { total, changes } = listChanges(h.store, all(), { access: "locked", page: 1, limit: 50 });
  assertEquals(total, 10);
  const byId = new Map(changes.map((c) => [c.club.id, c]));
  for (const c of h.edits.added) {
    const change = byId.get(c.id)!;
    assertEquals(change.kind, "added");
    assert(change.words[0]!.startsWith("New in "), change.words[0]);
  }
  for (const c of h.edits.removed) {
    assertEquals(byId.get(c.id)!.kind, "removed");
    assertEquals(byId.get(c.id)!.club.name, c.name);
    assertEquals(byId.get(c.id)!.words, ["Removed from the directory"]);
  }
  assertEquals(byId.get(h.edits.opened.id)!.fields, [
    { field: "waitlist_status", old: "waitlist", new: "open" },
  ]);
  assertEquals(byId.get(h.edits.opened.id)!.words, ["Opened for applications"]);
  assertEquals(byId.get(h.edits.closedWaitlist.id)!.words, ["Closed its waitlist"]);
  assertEquals(byId.get(h.edits.launched.id)!.words, ["Opened"]);
  assertEquals(byId.get(h.edits.verifiedFees.id)!.words, ["Fees updated"]);
  // Newest snapshot first, then name order.
  const names = changes.map((c) => c.club.name.toLowerCase());
  assertEquals(names, [...names].sort());
});

Deno.test("fee changes are seen as each access allows: anonymous and free callers only that fees changed", async () => {
  await using h = await twoImports();
  const { verifiedFees, estimateFees } = h.edits;
  for (const access of ["locked", "band"] as const) {
    for (const club of [verifiedFees, estimateFees]) {
      const [change] = clubHistory(h.store, club.id, access);
      assertEquals(change!.fields, [{ field: "fees", old: null, new: null }]);
      assertEquals(change!.words, ["Fees updated"]);
      const text = JSON.stringify(change);
      assert(!text.includes(String(club.initiation_fee)), text);
      assert(!/\$\d/.test(text), `no figure or band: ${text}`);
    }
  }
  const [verified] = clubHistory(h.store, verifiedFees.id, "exact");
  const initiation = verified!.fields.find((f) => f.field === "fee_views.initiation")!;
  assertEquals((initiation.new as { kind: string }).kind, "exact");
  assert(
    (initiation.new as { label: string }).label.includes(
      verifiedFees.initiation_fee!.toLocaleString("en-US"),
    ),
  );
  // A member sees an estimate as a band, as on the club's page.
  const [estimate] = clubHistory(h.store, estimateFees.id, "exact");
  for (const f of estimate!.fields) {
    if (f.field.startsWith("fee_views.")) assertEquals((f.new as { kind: string }).kind, "band");
  }
});

Deno.test("latestChanges marks the latest snapshot's added and changed clubs, not the removed", async () => {
  await using h = await twoImports();
  const marks = latestChanges(h.store);
  assertEquals(marks.size, 8);
  assertStrictEquals(marks.get(h.edits.added[0]!.id), "added");
  assertStrictEquals(marks.get(h.edits.opened.id), "changed");
  assertStrictEquals(marks.get(h.edits.removed[0]!.id), undefined);
});

Deno.test("an import that changes nothing records an empty snapshot, and the history is carried over", async () => {
  await using h = await twoImports();
  const third = await importClubs(h.dir, h.path, h.second, { snapshotDate: "2025-03-05" });
  assertEquals(third.history.snapshot.compared, true);
  assertEquals([third.history.recorded, third.history.kept, third.history.dropped], [0, 3, 0]);
  const store = ClubStore.open(h.path);
  try {
    assertEquals(snapshots(store).map((s) => s.date), ["2025-03-05", SECOND_DAY, FIRST_DAY]);
    assertEquals(listChanges(store, all(), { access: "locked", page: 1, limit: 5 }).total, 10);
    assertEquals(
      listChanges(store, all(), { access: "locked", page: 1, limit: 5, since: "2025-03-04" }).total,
      0,
    );
  } finally {
    store.close();
  }
});

Deno.test("the history keeps --keep-snapshots snapshots and its byte bound, oldest dropped first", async () => {
  await using h = await twoImports();
  const kept = await importClubs(h.dir, h.path, h.first, { keepSnapshots: 2 });
  assertEquals([kept.history.kept, kept.history.dropped], [2, 1]);
  const db = new DatabaseSync(h.path, { readOnly: true });
  try {
    const ids = db.prepare("SELECT id FROM history_snapshots ORDER BY id").all().map((r) => r.id);
    assertEquals(ids, [2, 3]);
    const orphans = db.prepare(
      "SELECT count(*) AS n FROM history_changes WHERE snapshot NOT IN (SELECT id FROM history_snapshots)",
    ).get()!.n;
    assertEquals(orphans, 0);
  } finally {
    db.close();
  }
  // A bound smaller than the newest snapshot's changes: its first changes, marked incomplete.
  const small = await importClubs(h.dir, h.path, h.second, { historyBytes: 1000 });
  assertEquals(small.history.snapshot.complete, false);
  assert(small.history.recorded > 0 && small.history.recorded < 10, String(small.history.recorded));
  assert(small.history.bytes <= 1000);
  assertEquals(small.history.kept, 1);
});

Deno.test("a dry run reports the snapshot it would record and leaves the history as it was", async () => {
  await using h = await twoImports();
  const { second } = twoSnapshots();
  const dry = await importClubs(h.dir, h.path, second.slice(5), { dryRun: true });
  assertEquals(dry.history.snapshot.removed, 5);
  assertEquals(dry.history.snapshot.id, 3);
  const store = ClubStore.open(h.path);
  try {
    assertEquals(snapshots(store).length, 2);
  } finally {
    store.close();
  }
});

Deno.test("a removed club is found by the filters of its recorded fields; since and paging bound the list", async () => {
  await using h = await twoImports();
  const gone = h.edits.removed.find((c) => c.state !== null)!;
  const q = parseSearch({ state: gone.state, country: gone.country, type: gone.type });
  assert(q.ok);
  const found = listChanges(h.store, q.value, { access: "locked", page: 1, limit: 50 });
  assert(found.changes.some((c) => c.club.id === gone.id && c.kind === "removed"));
  const page2 = listChanges(h.store, all(), { access: "locked", page: 2, limit: 4 });
  assertEquals([page2.total, page2.changes.length], [10, 4]);
  const page3 = listChanges(h.store, all(), { access: "locked", page: 3, limit: 4 });
  assertEquals(page3.changes.length, 2);
  const later = listChanges(h.store, all(), {
    access: "locked",
    page: 1,
    limit: 4,
    since: "2025-03-04",
  });
  assertEquals(later, { total: 0, changes: [] });
});
