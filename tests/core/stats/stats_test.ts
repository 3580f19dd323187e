import {
  countryCounts,
  regionCounts,
  statusCounts,
  totalClubs,
  typeCounts,
  waitlistCounts,
} from "../../../core/stats/stats.ts";
import { search } from "../../../core/search/search.ts";
import { TYPE_ALIASES, TYPE_GROUPS } from "../../../core/model/types.ts";
import { csvFile, fixture, FIXTURE_CSV, sharedFixture } from "../../_fixture.ts";
import { assert, assertEquals } from "../../_assert.ts";

const fx = await sharedFixture();
const store = fx.store;

Deno.test("totalClubs() counts every club", () => {
  assertEquals(totalClubs(store), 30);
});

Deno.test("typeCounts() lists stored types, most clubs first, untyped last", () => {
  const types = typeCounts(store);
  assertEquals(types.slice(0, 3), [
    { key: "golf", count: 9 },
    { key: "country_club", count: 4 },
    { key: "adventure", count: 1 },
  ]);
  assertEquals(types.at(-1), { key: null, count: 1 });
  assertEquals(types.reduce((n, t) => n + t.count, 0), 30);
});

Deno.test("typeCounts() agrees with search() for every stored type", () => {
  for (const t of typeCounts(store)) {
    if (t.key === null || t.key in TYPE_GROUPS || t.key in TYPE_ALIASES) {
      continue; // group names and aliases match more than their own type
    }
    const r = search(store, { type: t.key });
    assert(r.ok);
    assertEquals(r.value.total, t.count, t.key);
  }
});

Deno.test("waitlistCounts() keeps by_invitation and invite_only apart; silence is unknown", () => {
  assertEquals(waitlistCounts(store), [
    { key: "unknown", count: 17 },
    { key: "open", count: 5 },
    { key: "waitlist", count: 3 },
    { key: "by_invitation", count: 2 },
    { key: "invite_only", count: 2 },
    { key: "closed", count: 1 },
  ]);
});

Deno.test("statusCounts() counts listing statuses, null last", () => {
  assertEquals(statusCounts(store), [
    { key: "published", count: 27 },
    { key: "coming_soon", count: 1 },
    { key: "unclaimed", count: 1 },
    { key: null, count: 1 },
  ]);
});

Deno.test("countryCounts() names ISO countries in English, whatever the listing wrote", () => {
  const countries = countryCounts(store);
  // The fixture writes both "United States" and "USA".
  assertEquals(countries[0], { key: "US", name: "United States", count: 20 });
  assertEquals(countries.find((c) => c.key === "GB"), {
    key: "GB",
    name: "United Kingdom",
    count: 1,
  });
  assertEquals(countries.at(-1), { key: null, name: null, count: 1 });
  assertEquals(countries.reduce((n, c) => n + c.count, 0), 30);
});

Deno.test("regionCounts() lists a country's regions with ISO 3166-2 codes", () => {
  const us = regionCounts(store, "US");
  assertEquals(us.slice(0, 2), [
    { key: "US-NY", name: "New York", count: 5 },
    { key: "US-FL", name: "Florida", count: 3 },
  ]);
  assertEquals(regionCounts(store, "CH"), [
    { key: "CH-VS", name: "Valais", count: 1 },
    { key: "CH-ZH", name: "Zürich", count: 1 },
  ]);
  for (const r of us) {
    const s = search(store, { country: "US", state: r.key! });
    assert(s.ok);
    assertEquals(s.value.total, r.count, r.key!);
  }
});

Deno.test("regionCounts() is empty for a country without clubs", () => {
  assertEquals(regionCounts(store, "FR"), []);
  assertEquals(regionCounts(store, "name:narnia"), []);
});

Deno.test("places outside ISO 3166 keep the name the listing gives", async () => {
  const header = (await Deno.readTextFile(FIXTURE_CSV)).split("\n")[0];
  const row = (name: string, state: string, country: string, n: number) =>
    `${name},City,${state},${country},golf,published,,,,,,,USD,,,,,,,,,,,,00000000-0000-4000-8000-${
      String(n).padStart(12, "0")
    },slug-${n}`;
  const dir = await Deno.makeTempDir({ prefix: "clubdir-stats-" });
  const path = await csvFile(
    [header, row("A", "Cair Paravel", "Narnia", 1), row("B", "Atlantis", "USA", 2)].join("\n"),
    dir,
  );
  await using db = await fixture({ csv: path });
  await Deno.remove(dir, { recursive: true });
  const countries = countryCounts(db.store);
  assertEquals(countries, [
    { key: "name:narnia", name: "Narnia", count: 1 },
    { key: "US", name: "United States", count: 1 },
  ]);
  assertEquals(regionCounts(db.store, "name:narnia"), [
    { key: "name:cair paravel", name: "Cair Paravel", count: 1 },
  ]);
  assertEquals(regionCounts(db.store, "US"), [
    { key: "name:atlantis", name: "Atlantis", count: 1 },
  ]);
});

Deno.test("counts are computed once per snapshot", () => {
  assert(typeCounts(store) === typeCounts(store));
  assert(regionCounts(store, "US") === regionCounts(store, "US"));
});
