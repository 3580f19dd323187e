import fc from "fast-check";
import {
  canonicalForm,
  parseSearch,
  type RawSearch,
  SEARCH_PARAM_NAMES,
  SEARCH_PARAMS,
  searchKey,
  type SearchParam,
  type SearchQuery,
  type SearchRole,
} from "../../../core/search/mod.ts";
import { assert, assertEquals, assertNotEquals } from "../../_assert.ts";

/**
 * Raw searches over small value sets, so that generated pairs often parse to
 * the same search by different spellings (case, spaces, order, zeros) and
 * often differ in one parameter only.
 */
const rawSearch: fc.Arbitrary<RawSearch> = fc.record({
  type: fc.constantFrom(
    undefined,
    "golf",
    "Golf",
    "country-club",
    "country_club",
    "wine",
    "dining",
  ),
  state: fc.constantFrom(undefined, "FL", "Florida", " FL "),
  country: fc.constantFrom(undefined, "all", "US", "GB"),
  city: fc.constantFrom(undefined, "Zurich", "zürich", "ZURICH ", "Miami"),
  q: fc.constantFrom(
    undefined,
    "",
    "tennis club",
    "Tennis  Club",
    "royal",
    "ROYAL",
    "zz",
  ),
  match: fc.constantFrom(undefined, "substring", "words", "WORDS", "fuzzy"),
  sort: fc.constantFrom(undefined, "name", "relevance"),
  waitlist: fc.constantFrom(
    undefined,
    "open",
    "open,closed",
    "closed,open",
    "by_invitation",
  ),
  page: fc.constantFrom(undefined, "", "1", "01", "2", 3),
  limit: fc.constantFrom(undefined, "", "50", "10", "500", "200"),
}, { requiredKeys: [] });

function parsed(raw: RawSearch): SearchQuery | null {
  const r = parseSearch(raw);
  return r.ok ? r.value : null;
}

const SCOPES: readonly SearchRole[] = ["filter", "order", "page"];

function sameForm(a: SearchQuery, b: SearchQuery, scope: SearchRole): boolean {
  const fa = canonicalForm(a);
  const fb = canonicalForm(b);
  const held = SEARCH_PARAM_NAMES.filter((p) =>
    scope === "page" || SEARCH_PARAMS[p].decides === "filter" ||
    (scope === "order" && SEARCH_PARAMS[p].decides === "order")
  );
  return held.every((p) => JSON.stringify(fa[p]) === JSON.stringify(fb[p]));
}

Deno.test("searchKey(): two parsed searches get the same key exactly when their canonical forms are equal", () => {
  fc.assert(
    fc.property(rawSearch, rawSearch, (x, y) => {
      const a = parsed(x);
      const b = parsed(y);
      fc.pre(a !== null && b !== null);
      for (const scope of SCOPES) {
        assertEquals(
          searchKey(a!, scope) === searchKey(b!, scope),
          sameForm(a!, b!, scope),
        );
      }
    }),
    { numRuns: 3000 },
  );
});

Deno.test("searchKey(): every parameter of the table reaches the page key", () => {
  // A second value for each parameter that parses to another canonical value.
  const other: Record<SearchParam, [RawSearch, RawSearch]> = {
    type: [{ type: "golf" }, { type: "city" }],
    state: [{ state: "FL" }, { state: "TX" }],
    country: [{ country: "US" }, { country: "GB" }],
    city: [{ city: "Miami" }, { city: "Tampa" }],
    q: [{ q: "royal" }, { q: "club" }],
    match: [{ q: "royal", match: "words" }, { q: "royal", match: "fuzzy" }],
    sort: [{ q: "royal", sort: "name" }, { q: "royal", sort: "relevance" }],
    waitlist: [{ waitlist: "open" }, { waitlist: "closed" }],
    page: [{ page: 1 }, { page: 2 }],
    limit: [{ limit: 10 }, { limit: 20 }],
  };
  for (const p of SEARCH_PARAM_NAMES) {
    const [a, b] = other[p].map(parsed);
    assert(a && b, p);
    assertNotEquals(searchKey(a), searchKey(b), p);
    // …and the narrower keys exactly when the parameter decides within them.
    const role = SEARCH_PARAMS[p].decides;
    assertEquals(
      searchKey(a, "filter") !== searchKey(b, "filter"),
      role === "filter",
      p,
    );
    assertEquals(
      searchKey(a, "order") !== searchKey(b, "order"),
      role !== "page",
      p,
    );
  }
});

Deno.test("searchKey(): the name and relevance orders of one search are two page keys (issue 36)", () => {
  const byName = parsed({ q: "tennis club", limit: 3, sort: "name" })!;
  const byDefault = parsed({ q: "tennis club", limit: 3 })!;
  const byRelevance = parsed({
    q: "tennis club",
    limit: 3,
    sort: "relevance",
  })!;
  assertEquals(searchKey(byName), searchKey(byDefault));
  assertNotEquals(searchKey(byRelevance), searchKey(byDefault));
  assertEquals(
    searchKey(byRelevance, "filter"),
    searchKey(byDefault, "filter"),
  );
});

Deno.test("canonicalForm(): spellings of one search are one form", () => {
  const forms = [
    {
      type: "Country-Club",
      q: "Royal  Golf",
      waitlist: "open,closed",
      page: "01",
    },
    { type: "country_club", q: "royal golf", waitlist: "closed,open", page: 1 },
  ].map((raw) => canonicalForm(parsed(raw)!));
  assertEquals(forms[0], forms[1]);
  // Without q the match mode changes nothing, so it is not part of the form.
  assertEquals(
    canonicalForm(parsed({ match: "fuzzy" })!),
    canonicalForm(parsed({})!),
  );
});
