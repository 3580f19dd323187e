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

Deno.test("ClubJsonText holds each club's JSON as club_json has it, across chunks of any size", () => {
  for (const chunk of [1, 7, 29, 30, 4096]) {
    for (const compact of ["now", false] as const) {
      assertHoldsClubJson(ClubJsonText.load(fx.store.db, { chunk, compact })!);
    }
  }
});

Deno.test("ClubJsonText holds the JSON compacted to about half its size", () => {
  const text = ClubJsonText.load(fx.store.db, { compact: "now" })!;
  assert(text.settled);
  assert(text.bytes < text.jsonBytes * 0.7, `${text.bytes} of ${text.jsonBytes}`);
  assertStrictEquals(ClubJsonText.load(fx.store.db, { compact: false })!.bytes, text.jsonBytes);
});

Deno.test("ClubJsonText compacts in the background and answers the same at every step", async () => {
  const text = ClubJsonText.load(fx.store.db, { chunk: 4 })!;
  assert(!text.settled);
  const before = text.bytes;
  while (!text.settled) {
    assertStrictEquals(text.join([30, 1, 5, 9]), [30, 1, 5, 9].map(sqliteJson).join(","));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  assert(text.bytes < before);
  assertHoldsClubJson(text);
});

Deno.test("ClubJsonText stops compacting when closed", () => {
  const text = ClubJsonText.load(fx.store.db, { chunk: 4 })!;
  text.close();
  assert(text.settled);
  assertStrictEquals(text.bytes, text.jsonBytes);
  assertHoldsClubJson(text);
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
