import { clubBits, clubNames, keyIndex, typeMask } from "../../../core/search/key_index.ts";
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
