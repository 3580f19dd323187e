import { assertEquals, ok } from "../../_assert.ts";
import { sharedFixtureDb } from "../../_fixture.ts";

const { store } = await sharedFixtureDb();

Deno.test("KeyIndex holds one coded entry per club, in name order", () => {
  const idx = store.keys;
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
    assertEquals(idx.names[i], r.name);
  });
});

Deno.test("KeyIndex.typeMask() covers a group's members and nothing else", () => {
  const idx = store.keys;
  const mask = idx.typeMask("golf");
  const matched = idx.types.values.filter((_, c) => mask[c]).sort();
  assertEquals(matched, ["country_club", "golf"]);
  ok(idx.types.find("no_such_type") === -1);
});
