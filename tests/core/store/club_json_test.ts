// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { ClubJsonText } from "../../../core/store/club_json.ts";
import { ClubStore } from "../../../core/store/store.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";

const fx = await sharedFixture();

function sqliteJson(rank: number): string {
  return (fx.store.db.prepare("SELECT json FROM club_json WHERE rank = ?").get(rank) as {
    json: string;
  }).json;
}

function assertHoldsClubJson(text: ClubJsonText): void {
  const count = fx.store.db.prepare("SELECT count(*) AS n FROM club_json").get() as { n: number };
  for (let rank = 1; rank <= Number(count.n); rank++) {
    assertStrictEquals(text.get(rank), sqliteJson(rank), `rank ${rank}`);
  }
  assertEquals(text.join([3, 1, 30]), [3, 1, 30].map(sqliteJson).join(","));
  assertStrictEquals(text.join([2], "[", "]"), `[${sqliteJson(2)}]`);
  // Text around the clubs that is not ASCII is kept as given.
  assertStrictEquals(text.join([2, 4], "«", "»"), `«${sqliteJson(2)},${sqliteJson(4)}»`);
  assertStrictEquals(text.join([], "[", "]"), "[]");
}

Deno.test("ClubJsonText holds each club's JSON as club_json has it, whatever the chunk read at once", () => {
  for (const chunk of [1, 7, 29, 30, 4096]) {
    const text = ClubJsonText.load(fx.store.db, { chunk })!;
    assertHoldsClubJson(text);
    assertStrictEquals(text.count, 30);
  }
});

Deno.test("ClubJsonText holds the JSON's bytes once, as many as club_json's text has", () => {
  const text = ClubJsonText.load(fx.store.db)!;
  const { bytes } = fx.store.db.prepare(
    "SELECT sum(length(CAST(json AS BLOB))) AS bytes FROM club_json",
  ).get() as { bytes: number };
  assertStrictEquals(text.bytes, Number(bytes));
  assertStrictEquals(text.share("s"), null);
});

Deno.test("ClubJsonText in shared memory is read by another holder without a copy", () => {
  const text = ClubJsonText.load(fx.store.db, { shared: true })!;
  const shared = text.share("snapshot-1")!;
  assertStrictEquals(shared.snapshot, "snapshot-1");
  assert("bytes" in shared && shared.bytes instanceof SharedArrayBuffer);
  const adopted = ClubJsonText.adopt(structuredClone(shared));
  assertHoldsClubJson(adopted);
  assertStrictEquals(adopted.bytes, text.bytes);
});

Deno.test("ClubJsonText keeps text around the clubs that UTF-8 cannot carry as it is", () => {
  const text = ClubJsonText.load(fx.store.db)!;
  assertStrictEquals(text.join([1], "\ud800[", "]"), `\ud800[${sqliteJson(1)}]`);
  assertStrictEquals(
    text.join([1, 2], "[", "]\udfff"),
    `[${sqliteJson(1)},${sqliteJson(2)}]\udfff`,
  );
});

Deno.test("ClubJsonText answers pages larger than its first scratch buffer", () => {
  const text = ClubJsonText.load(fx.store.db)!;
  const ranks = Array.from({ length: 200 }, (_, i) => 1 + (i % 30));
  const long = "x".repeat(70_000);
  assertStrictEquals(text.join(ranks, long, long), long + ranks.map(sqliteJson).join(",") + long);
});

Deno.test("ClubJsonText is not held for a directory larger than its bound", () => {
  assertStrictEquals(ClubJsonText.load(fx.store.db, { maxBytes: 1000 }), null);
});

Deno.test("a store holding its club JSON answers pages byte for byte as one reading SQLite", () => {
  const held = ClubStore.open(fx.path, { holdJson: true });
  try {
    assert(held.heldJsonBytes > 0);
    assertStrictEquals(fx.store.heldJsonBytes, 0);
    for (const ranks of [[1], [1, 2, 3], [30, 2, 17], []]) {
      assertStrictEquals(held.anonymousJsonList(ranks), fx.store.anonymousJsonList(ranks));
      assertStrictEquals(
        held.anonymousJsonList(ranks, "{[", "]}"),
        fx.store.anonymousJsonList(ranks, "{[", "]}"),
      );
      assertEquals(held.anonymousJson(ranks), fx.store.anonymousJson(ranks));
    }
  } finally {
    held.close();
  }
});
