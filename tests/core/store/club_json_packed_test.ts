// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * A directory packed at import (core/store/club_json_pack.ts) is held
 * packed and gives the very bytes of `club_json`, for every club and every
 * shape of page, in one isolate and adopted by another.
 */
import { DatabaseSync } from "node:sqlite";
import { ClubJsonText } from "../../../core/store/club_json.ts";
import { packClubJson } from "../../../core/store/club_json_pack.ts";
import { ClubStore } from "../../../core/store/store.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { fixture } from "../../_fixture.ts";

const fx = await fixture();
const reader = ClubStore.open(fx.path);
const COUNT = reader.clubs;

{
  const db = new DatabaseSync(fx.path);
  // The fixture is small: it is over the bound only with the bound at 0.
  assertStrictEquals(packClubJson(db), false);
  assertStrictEquals(packClubJson(db, { aboveBytes: 0, part: 7 }), true);
  db.close();
}

function sqliteJson(rank: number): string {
  return reader.anonymousJson([rank])[0]!;
}

function assertSameAsSqlite(text: ClubJsonText): void {
  assert(text.packed);
  assertStrictEquals(text.count, COUNT);
  for (let rank = 1; rank <= COUNT; rank++) assertStrictEquals(text.get(rank), sqliteJson(rank));
  const all = Array.from({ length: COUNT }, (_, i) => COUNT - i);
  assertStrictEquals(text.join(all, "[", "]"), `[${all.map(sqliteJson).join(",")}]`);
  assertStrictEquals(text.join([2, 4], "«", "»"), `«${sqliteJson(2)},${sqliteJson(4)}»`);
  assertStrictEquals(text.join([1], "\ud800[", "]"), `\ud800[${sqliteJson(1)}]`);
  assertStrictEquals(text.join([], "[", "]"), "[]");
  // Pages larger than the first scratch buffer grow it, dictionary kept.
  const long = "x".repeat(70_000);
  const many = Array.from({ length: 300 }, (_, i) => 1 + (i % COUNT));
  assertStrictEquals(text.join(many, long, long), long + many.map(sqliteJson).join(",") + long);
  assertStrictEquals(text.get(3), sqliteJson(3));
  const bytes = text.joinBytes([5, 1], "{", "}");
  assertStrictEquals(new TextDecoder().decode(bytes), `{${sqliteJson(5)},${sqliteJson(1)}}`);
}

Deno.test("a packed directory is held packed, each club's JSON as club_json has it", () => {
  const db = new DatabaseSync(fx.path, { readOnly: true });
  try {
    assertSameAsSqlite(ClubJsonText.load(db, { maxBytes: 0 })!);
    // Within the text bound the text is held as it is.
    assertStrictEquals(ClubJsonText.load(db)!.packed, false);
    assertStrictEquals(ClubJsonText.load(db, { maxBytes: 0, packedMaxBytes: 1000 }), null);
  } finally {
    db.close();
  }
});

Deno.test("packed JSON in shared memory is read by another holder without a copy", () => {
  const db = new DatabaseSync(fx.path, { readOnly: true });
  try {
    // Packed text is held in shared memory whatever `shared` says.
    const text = ClubJsonText.load(db, { maxBytes: 0 })!;
    const shared = text.share("snapshot-1")!;
    assert("packed" in shared && shared.packed.memory.buffer instanceof SharedArrayBuffer);
    const adopted = ClubJsonText.adopt(structuredClone(shared));
    assertSameAsSqlite(adopted);
    assertStrictEquals(adopted.bytes, text.bytes);
  } finally {
    db.close();
  }
});

Deno.test("a store holding packed JSON answers pages byte for byte as one reading SQLite", () => {
  const held = ClubStore.open(fx.path, { holdJson: true, heldJsonBounds: { maxBytes: 0 } });
  try {
    assert(held.heldJsonPacked);
    for (const ranks of [[1], [1, 2, 3], [30, 2, 17], []]) {
      assertStrictEquals(held.anonymousJsonList(ranks), reader.anonymousJsonList(ranks));
      assertStrictEquals(
        new TextDecoder().decode(held.anonymousJsonListBytes(ranks, "{[", "]}")!),
        reader.anonymousJsonList(ranks, "{[", "]}"),
      );
      assertEquals(held.anonymousJson(ranks), reader.anonymousJson(ranks));
    }
  } finally {
    held.close();
  }
});
