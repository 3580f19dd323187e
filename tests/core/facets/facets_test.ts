// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import fc from "fast-check";
import {
  FACET_NAMES,
  facetCounts,
  type FacetName,
  facetsObject,
  parseFacets,
} from "../../../core/facets/facets.ts";
import { parseSearch, type RawSearch, type SearchQuery } from "../../../core/search/query.ts";
import { search } from "../../../core/search/search.ts";
import { WAITLIST_VALUES } from "../../../core/model/fields.ts";
import { sharedFixture } from "../../_fixture.ts";
import { assert, assertEquals } from "../../_assert.ts";

const fx = await sharedFixture();
const store = fx.store;

function query(raw: RawSearch): SearchQuery {
  const q = parseSearch(raw);
  if (!q.ok) throw new Error(q.error.detail);
  return q.value;
}
function total(raw: RawSearch): number {
  const r = search(store, raw);
  if (!r.ok) throw new Error(r.error.detail);
  return r.value.total;
}
const counts = (raw: RawSearch, name: FacetName) =>
  Object.fromEntries(facetCounts(store, query(raw), [name])[name]!.map((f) => [f.value, f.count]));

/** The search a facet link leads to: the facet's own filter set to the value. */
function chosen(raw: RawSearch, name: FacetName, value: string): RawSearch {
  // Another country drops the state: a state belongs to its country.
  if (name === "country") return { ...raw, country: value, state: null };
  return { ...raw, [name]: value };
}

Deno.test("parseFacets() reads names in canonical order, once each", () => {
  assertEquals(parseFacets("waitlist, TYPE,type"), { ok: true, value: ["type", "waitlist"] });
  assertEquals(parseFacets(["state", "country"]), { ok: true, value: ["country", "state"] });
  assertEquals(parseFacets(""), { ok: true, value: [] });
  assertEquals(parseFacets(null), { ok: true, value: [] });
});

Deno.test("parseFacets() names the value it does not know", () => {
  const r = parseFacets("type,colour");
  assert(!r.ok);
  assertEquals(r.error.code, "invalid_facets");
  assertEquals(r.error.value, "colour");
  assert(r.error.detail.includes(FACET_NAMES.join(", ")));
  const long = parseFacets("type,".repeat(100));
  assert(!long.ok, "an oversized value is refused, not split");
});

Deno.test("type facet counts groups with their members and leaves aliases out", () => {
  const types = counts({}, "type");
  // golf: 9 stored golf clubs and 4 country clubs.
  assertEquals(types.golf, 13);
  assertEquals(types.country_club, 4);
  // city: city, social, arts, cigar, dining.
  assertEquals(types.city, 5);
  // dining: dining and wine; `wine` reads as `dining`, so it is no value of its own.
  assertEquals(types.dining, 2);
  assertEquals(types.wine, undefined);
  assertEquals(types.yacht, 1);
  assertEquals(types.ski, 1);
});

Deno.test("country facet names places in English and ignores the state filter", () => {
  const countries = counts({ state: "NY" }, "country");
  assertEquals(countries["United States"], 20);
  assertEquals(countries["Canada"], 2);
  assertEquals(countries["Switzerland"], 2);
  assertEquals(countries["United Kingdom"], 1);
  assertEquals(Object.values(countries).reduce((a, b) => a + b), 29, "every club with a country");
});

Deno.test("state facet lists the chosen country's regions, or the US and Canada's", () => {
  const us = counts({ country: "US" }, "state");
  assertEquals(us["New York"], 5);
  assertEquals(us["Florida"], 3);
  assertEquals(us["Ontario"], undefined);
  const na = counts({}, "state");
  assertEquals(na["Ontario"], 1);
  assertEquals(na["Quebec"], 1);
  assertEquals(na["Western Australia"], undefined);
  const au = counts({ country: "Australia", state: "Western Australia" }, "state");
  assertEquals(au["Western Australia"], 1);
  assertEquals(au["New South Wales"], 1);
});

Deno.test("waitlist facet counts by_invitation with invite_only", () => {
  const w = counts({}, "waitlist");
  assertEquals(w.by_invitation, 4);
  assertEquals(w.invite_only, 2);
  assertEquals(w.open, 5);
  assertEquals(w.unknown, 17, "null is stored as unknown");
});

Deno.test("values come most clubs first, then by value, without zeros", () => {
  const list = facetCounts(store, query({ type: "golf" }), ["country"]).country!;
  for (let i = 1; i < list.length; i++) {
    const [a, b] = [list[i - 1]!, list[i]!];
    assert(
      a.count > b.count || (a.count === b.count && a.value < b.value),
      `${a.value}, ${b.value}`,
    );
  }
  assert(list.every((f) => f.count > 0));
});

Deno.test("facetsObject() maps each value to its count in order", () => {
  const f = facetCounts(store, query({ country: "US" }), ["waitlist", "type"]);
  const o = facetsObject(f);
  assertEquals(Object.keys(o), ["type", "waitlist"]);
  assertEquals(Object.keys(o.waitlist!), f.waitlist!.map((v) => v.value));
});

const rawSearch = fc.record({
  type: fc.constantFrom(null, "golf", "city", "country_club", "dining", "outdoor", "tennis"),
  country: fc.constantFrom(null, "US", "Canada", "Australia", "CH", "GB", "Narnia"),
  state: fc.constantFrom(null, "NY", "Florida", "Ontario", "New South Wales", "Kent"),
  q: fc.constantFrom(null, "club", "golf", "royal", "ri"),
  waitlist: fc.constantFrom(null, "open", "by_invitation", "waitlist,unknown", "invite_only"),
}, { requiredKeys: [] });

Deno.test("every facet count is the total of the search its value leads to", () => {
  fc.assert(
    fc.property(rawSearch, (raw) => {
      const facets = facetCounts(store, query(raw), FACET_NAMES);
      for (const name of FACET_NAMES) {
        for (const { value, count } of facets[name]!) {
          assertEquals(total(chosen(raw, name, value)), count, `${name}=${value}`);
        }
      }
    }),
    { numRuns: 150 },
  );
});

Deno.test("a value left out of a facet would return no club", () => {
  fc.assert(
    fc.property(rawSearch, (raw) => {
      const listed = new Set(
        facetCounts(store, query(raw), ["waitlist"]).waitlist!.map((f) => f.value),
      );
      for (const v of WAITLIST_VALUES) {
        if (!listed.has(v)) assertEquals(total(chosen(raw, "waitlist", v)), 0, v);
      }
    }),
    { numRuns: 60 },
  );
});
