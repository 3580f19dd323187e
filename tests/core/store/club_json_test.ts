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

Deno.test("ClubJsonText holds each club's JSON as club_json has it, across chunks of any size", () => {
  const count = fx.store.db.prepare("SELECT count(*) AS n FROM club_json").get() as { n: number };
  for (const chunk of [1, 7, 29, 30, 4096]) {
    const text = ClubJsonText.load(fx.store.db, { chunk })!;
    for (let rank = 1; rank <= Number(count.n); rank++) {
      assertStrictEquals(text.get(rank), sqliteJson(rank), `rank ${rank}, chunk ${chunk}`);
    }
    assertEquals(text.join([3, 1, 30]), [3, 1, 30].map(sqliteJson).join(","));
    assertStrictEquals(text.join([2], "[", "]"), `[${sqliteJson(2)}]`);
    assertStrictEquals(text.join([], "[", "]"), "[]");
  }
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
