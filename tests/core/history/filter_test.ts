// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
// The history's filters against the search's: over every club of a snapshot,
// read with the keys the history records, both find the same clubs.
import { changeFilter, type RecordedKeys } from "../../../core/history/mod.ts";
import { findPage, parseSearch, type RawSearch } from "../../../core/search/mod.ts";
import { assert, assertEquals } from "../../_assert.ts";
import { twoImports } from "./_two_imports.ts";

const QUERIES: RawSearch[] = [
  {},
  { type: "golf" },
  { type: "country club" },
  { type: "social" },
  { country: "US" },
  { country: "United Kingdom" },
  { country: "canada", state: "ON" },
  { state: "FL" },
  { state: "florida" },
  { state: "Texas", type: "golf" },
  { country: "nowhere" },
  { q: "club" },
  { q: "royal" },
  { q: "golf club", match: "words" },
  { q: "gulf clb", match: "fuzzy" },
  { q: "yacht", match: "fuzzy" },
  { q: "count", match: "fuzzy" },
  { waitlist: "open" },
  { waitlist: "waitlist,closed" },
  { waitlist: "unknown", type: "golf" },
];

Deno.test("a change is found by the filters that find its club: the history's filter equals the search on every club", async () => {
  await using h = await twoImports(1500);
  const store = h.store;
  const rows = store.db.prepare(
    `SELECT k.rank, c.name_fold, c.type_key, c.country_key, c.state_key, c.waitlist_key, c.city_key, c.city
     FROM club_keys k JOIN clubs c ON c.rowid = k.club ORDER BY k.rank`,
  ).all() as unknown as (RecordedKeys & { rank: number; city: string | null })[];
  const cities = [...new Set(rows.map((r) => r.city).filter((c) => c !== null))].slice(0, 3);
  let nonEmpty = 0;
  for (const raw of [...QUERIES, ...cities.map((city) => ({ city: city! }))]) {
    const q = parseSearch(raw);
    assert(q.ok);
    const page = findPage(store, { ...q.value, page: 1, limit: 100_000, sort: "name" });
    const test = changeFilter(store, q.value);
    const ours = rows.filter(test).map((r) => r.rank);
    assertEquals(ours, page.ranks, JSON.stringify(raw));
    if (ours.length > 0 && ours.length < rows.length) nonEmpty++;
  }
  assert(nonEmpty >= 15, `most queries narrow the clubs (${nonEmpty})`);
});
