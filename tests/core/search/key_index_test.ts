import {
  clubBits,
  clubNames,
  KEY_COLUMNS,
  keyIndex,
  typeMask,
  warmClubBits,
} from "../../../core/search/key_index.ts";
import { fixture } from "../../_fixture.ts";
import { pageOfBits } from "../../../core/search/bits.ts";
import { sharedFixture } from "../../_fixture.ts";
import { assert, assertEquals } from "../../_assert.ts";

const { store } = await sharedFixture();

Deno.test("KeyIndex holds one coded entry per club, in name order", () => {
  const idx = keyIndex(store);
  assertEquals(idx.size, 30);
  const rows = store.db.prepare(
    "SELECT type, country, state, waitlist, name FROM club_keys ORDER BY rank",
  ).all() as {
    type: string | null;
    country: string | null;
    state: string | null;
    waitlist: string;
    name: string;
  }[];
  rows.forEach((r, i) => {
    assertEquals(idx.types.values[idx.type[i]!], r.type);
    assertEquals(idx.countries.values[idx.country[i]!], r.country);
    assertEquals(idx.states.values[idx.state[i]!], r.state);
    assertEquals(idx.waitlists.values[idx.waitlist[i]!], r.waitlist);
    assertEquals(clubNames(store)[i], r.name);
  });
});

Deno.test("typeMask() covers a group's members and nothing else", () => {
  const idx = keyIndex(store);
  const mask = typeMask(store, "golf");
  const matched = idx.types.values.filter((_, c) => mask[c]).sort();
  assertEquals(matched, ["country_club", "golf"]);
  assert(idx.types.find("no_such_type") === -1);
});

Deno.test("keyIndex() is loaded once per snapshot, through the store's memo", () => {
  assert(keyIndex(store) === keyIndex(store));
  const stats = store.memoStats()["search.key_index"]!;
  assertEquals(stats.size, 1);
  assert(stats.bytes > 0 && stats.bytes <= stats.budget);
});

Deno.test("clubBits() holds exactly the clubs whose code the mask or the code allows", () => {
  const idx = keyIndex(store);
  const open = clubBits(store, "waitlist", idx.waitlists.mask(["open"]));
  const expected = [...idx.waitlist.keys()].filter((i) =>
    idx.waitlists.values[idx.waitlist[i]!] === "open"
  );
  assert(expected.length > 0);
  assertEquals(pageOfBits(open, 0, idx.size), expected);
  const code = idx.waitlists.find("open");
  assertEquals(pageOfBits(clubBits(store, "waitlist", code), 0, idx.size), expected);
  assert(clubBits(store, "waitlist", idx.waitlists.mask(["open"])) === open, "kept");
});

/** The clubs whose code in `column` the mask allows, by a plain scan of the column. */
function scanned(column: typeof KEY_COLUMNS[number], allowed: Uint8Array): number[] {
  const data = keyIndex(store).column(column);
  return [...data.keys()].filter((i) => allowed[data[i]!] === 1);
}

Deno.test("clubBits() of every code and of masks of few or many codes equals a scan, warmed or not", async () => {
  await using fresh = await fixture();
  for (const [s, warm] of [[store, false], [fresh.store, true]] as const) {
    if (warm) warmClubBits(s);
    const idx = keyIndex(s);
    for (const column of KEY_COLUMNS) {
      const n = idx.codes(column).values.length;
      for (let c = 0; c < n; c++) {
        const one = new Uint8Array(n);
        one[c] = 1;
        assertEquals(pageOfBits(clubBits(s, column, c), 0, idx.size), scanned(column, one));
      }
      // Every other code (more than 8 codes for states and cities), the first two, none, all.
      const masks = [
        Uint8Array.from({ length: n }, (_, c) => c % 2),
        Uint8Array.from({ length: n }, (_, c) => c < 2 ? 1 : 0),
        new Uint8Array(n),
        new Uint8Array(n).fill(1),
      ];
      for (const m of masks) {
        assertEquals(pageOfBits(clubBits(s, column, m), 0, idx.size), scanned(column, m), column);
      }
    }
  }
});

Deno.test("warmClubBits() builds the sets of common codes, so filtering on them builds none", async () => {
  await using fx = await fixture();
  warmClubBits(fx.store);
  const before = fx.store.memoStats()["search.bits"]!;
  assert(before.size > 0);
  const idx = keyIndex(fx.store);
  for (const column of ["type", "waitlist", "country", "state"] as const) {
    for (let c = 0; c < idx.codes(column).values.length; c++) clubBits(fx.store, column, c);
  }
  const after = fx.store.memoStats()["search.bits"]!;
  // The fixture's 30 clubs make every code common (at least 1 club in 256).
  assertEquals(after.misses, before.misses);
  assertEquals(after.size, before.size);
});
