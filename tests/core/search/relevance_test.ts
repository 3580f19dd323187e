// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * `match=substring&sort=relevance` pages found by the bounded walk
 * (core/search/relevance.ts) against the documented order computed the
 * long way: every match, in name order from the name-sorted pages, sorted
 * stably by how its folded name holds `q` (docs/api.md `sort`), on
 * generated directories, for fragments taken from their names, filters,
 * pages and limits.
 */
import fc from "fast-check";
import { findPage } from "../../../core/search/search.ts";
import { parseSearch, type RawSearch } from "../../../core/search/query.ts";
import { clubNames } from "../../../core/search/key_index.ts";
import { RELEVANCE_WORK, substringTier } from "../../../core/search/relevance.ts";
import { csvFile, fixture } from "../../_fixture.ts";
import { generateClubs, toCsv } from "../../../data/generate.ts";
import type { ClubStore } from "../../../core/store/store.ts";
import { assert, assertEquals } from "../../_assert.ts";

/** Every match of `raw` (ranks) in the documented relevance order. */
function fullOrder(store: ClubStore, raw: RawSearch): number[] {
  const all: number[] = [];
  for (let page = 1;; page++) {
    const q = parseSearch({ ...raw, sort: "name", page: String(page), limit: "200" });
    if (!q.ok) throw new Error(q.error.detail);
    const found = findPage(store, q.value);
    all.push(...found.ranks);
    if (found.ranks.length < 200) break;
  }
  const names = clubNames(store);
  const fragment = parseSearch(raw);
  if (!fragment.ok || fragment.value.q === null) throw new Error("no q");
  const tier = (rank: number) => substringTier(names[rank - 1]!, fragment.value.q!);
  return all.map((rank, at) => ({ rank, at, tier: tier(rank) }))
    .sort((a, b) => a.tier - b.tier || a.at - b.at).map((m) => m.rank);
}

function agrees(store: ClubStore, runs: number): void {
  const names = clubNames(store);
  const fragment = fc.oneof(
    // A piece of a real name: from a word's start, or anywhere.
    fc.tuple(fc.constantFrom(...names), fc.nat(), fc.integer({ min: 1, max: 12 }), fc.boolean())
      .map(([name, at, length, wordStart]) => {
        let start = at % Math.max(1, name.length);
        if (wordStart) start = Math.max(0, name.lastIndexOf(" ", start) + 1);
        return name.slice(start, start + length).trim() || name;
      }),
    fc.constantFrom("club", "golf", "c", "a", "s", "the", "royal", "-", "'s", "st.", "zzkq", "é"),
  );
  fc.assert(
    fc.property(
      fragment,
      fc.constantFrom(undefined, "golf", "city", "tennis"),
      fc.constantFrom(undefined, "US", "GB"),
      fc.integer({ min: 1, max: 6 }),
      fc.constantFrom("1", "7", "50", "200"),
      fc.boolean(),
      (q, type, country, page, limit, cold) => {
        if (cold) store.clearCaches();
        const raw: RawSearch = { q, match: "substring", type, country, limit };
        const order = fullOrder(store, raw);
        const parsed = parseSearch({ ...raw, sort: "relevance", page: String(page) });
        if (!parsed.ok) throw new Error(parsed.error.detail);
        const found = findPage(store, parsed.value);
        const n = Number(limit);
        assertEquals(
          { ranks: found.ranks, total: found.total },
          { ranks: order.slice((page - 1) * n, page * n), total: order.length },
          `q=${q} type=${type} country=${country} page=${page} limit=${limit}`,
        );
      },
    ),
    { numRuns: runs },
  );
}

for (const seed of [3, 29]) {
  Deno.test(`relevance pages of match=substring equal the full ranking on 3,000 generated clubs (seed ${seed}, property)`, async () => {
    await using fx = await fixture({
      csv: await csvFile(toCsv(generateClubs({ seed, count: 3_000 }))),
    });
    assert(fx.store.clubs < RELEVANCE_WORK, "the bounded walk answers every query here");
    agrees(fx.store, 250);
  });
}
