// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * findPage() against a naive model of docs/api.md#the-search-endpoint (and of `city` and
 * `match=words`, issue 11): every club of the fixture
 * filtered one by one, with places resolved by the ISO libraries (not the
 * `places` table or the key columns the engine uses), sorted by name and
 * sliced into the page.
 */
import fc from "fast-check";
import { findPage, searchTuning } from "../../../core/search/search.ts";
import { parseSearch, type RawSearch } from "../../../core/search/query.ts";
import { CLUB_FIELDS, WAITLIST_VALUES } from "../../../core/model/fields.ts";
import { fold, foldKey } from "../../../core/model/fold.ts";
import { queryWords } from "../../../core/search/words.ts";
import { normalizeType, typeMatches } from "../../../core/model/types.ts";
import { resolveCountry, resolveSubdivision } from "../../../core/places/geo.ts";
import { listedCountryKey, listedStateKey } from "../../../core/places/build.ts";
import { nameOnlyKey } from "../../../core/places/resolve.ts";
import { type Row, rowToRecord } from "../../../core/store/rows.ts";
import { csvFile, fixture, sharedFixture } from "../../_fixture.ts";
import { generateClubs, toCsv } from "../../../data/generate.ts";
import type { ClubStore } from "../../../core/store/store.ts";
import { assertEquals } from "../../_assert.ts";

type Model = ReturnType<typeof modelClub>[];

function modelClub(c: ReturnType<typeof rowToRecord>) {
  const country = c.country === null ? null : listedCountryKey(c.country);
  return {
    ...c,
    country_key: country,
    state_key: c.state === null ? null : listedStateKey(c.state, country),
  };
}

/** Every club of a store, as the model sees it, in the import's name order. */
function modelOf(store: ClubStore): Model {
  return (store.db.prepare(`SELECT ${CLUB_FIELDS.join(", ")} FROM clubs`).all() as Row[])
    .map(rowToRecord)
    .map(modelClub)
    // Name order as the import ranks clubs: folded name, then name, then id.
    .sort((a, b) => cmp(fold(a.name), fold(b.name)) || cmp(a.name, b.name) || cmp(a.id, b.id));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const present = (v: string | undefined) => (v === undefined || v.trim() === "" ? null : v.trim());

/** The ids on the requested page and the total, by the contract's rules, one club at a time. */
function naive(
  clubs: Model,
  raw: RawSearch & { waitlist?: string },
): { ids: string[]; total: number } {
  const type = present(raw.type ?? undefined);
  const types = type === null ? null : typeMatches(type);
  const countryRaw = present(raw.country ?? undefined);
  const country = countryRaw === null || countryRaw.toLowerCase() === "all"
    ? null
    : resolveCountry(countryRaw) ?? nameOnlyKey(countryRaw);
  const stateRaw = present(raw.state ?? undefined);
  const scope = country === null ? ["US", "CA"] : country.startsWith("name:") ? [] : [country];
  const state = stateRaw === null
    ? null
    : resolveSubdivision(stateRaw, scope) ?? nameOnlyKey(stateRaw);
  const q = raw.q == null ? "" : fold(raw.q);
  const words = queryWords(q);
  const cityRaw = present(raw.city ?? undefined);
  const city = cityRaw === null ? "" : foldKey(cityRaw);
  const waitlist = raw.waitlist === undefined ? [] : raw.waitlist.split(",")
    .map((s) => s.trim().toLowerCase()).filter((s) => s !== "")
    .flatMap((w) => w === "by_invitation" ? [w, "invite_only"] : [w]);
  const matches = clubs.filter((c) =>
    (types === null || types.length === 0 ||
      (c.type !== null && types.includes(normalizeType(c.type)))) &&
    (country === null || c.country_key === country) &&
    (state === null || c.state_key === state) &&
    (state === null || country !== null || ["US", "CA"].includes(c.country_key ?? "")) &&
    (q === "" || (raw.match === "words"
      ? words.every((w) => queryWords(fold(c.name)).includes(w))
      : fold(c.name).includes(q))) &&
    (city === "" || (c.city !== null && foldKey(c.city) === city)) &&
    (waitlist.length === 0 || waitlist.includes(c.waitlist_status ?? "unknown"))
  );
  const page = raw.page === undefined ? 1 : Number(raw.page);
  const limit = raw.limit === undefined ? 50 : Math.min(Number(raw.limit), 200);
  return {
    ids: matches.slice((page - 1) * limit, page * limit).map((c) => c.id),
    total: matches.length,
  };
}

/** Filters to try on a store: any of these values, with pieces of its real names. */
const filtersOf = (clubs: Model) => {
  /** A piece of a real name, in a random case: the fragments most likely to match. */
  const namePiece = fc.tuple(
    fc.constantFrom(...clubs.map((c) => c.name)),
    fc.nat(),
    fc.integer({ min: 1, max: 8 }),
    fc.boolean(),
  ).map(([name, at, len, upper]) => {
    const start = at % name.length;
    const piece = name.slice(start, start + len);
    return upper ? piece.toUpperCase() : piece;
  });

  return fc.record({
    type: maybe(fc.constantFrom(
      "golf",
      "GOLF",
      "city",
      "athletic",
      "outdoor",
      "dining",
      "wine",
      "country-club",
      "Country_Club",
      "yacht",
      "ski",
      "tennis",
      "nope",
      " ",
    )),
    country: maybe(fc.constantFrom(
      "US",
      "usa",
      "United States",
      "all",
      "ALL",
      "AU",
      "Australia",
      "GB",
      "UK",
      "gbr",
      "Canada",
      "CA",
      "Switzerland",
      "ch",
      "Spain",
      "Georgia",
      "GE",
      "Germany",
      "Narnia",
      "",
    )),
    state: maybe(fc.constantFrom(
      "FL",
      "Florida",
      "fl",
      "US-FL",
      "NY",
      "New York",
      "Georgia",
      "GA",
      "ON",
      "Ontario",
      "Quebec",
      "QC",
      "NSW",
      "New South Wales",
      "Western Australia",
      "Zürich",
      "Zurich",
      "ZH",
      "Kent",
      "Valais",
      "Tbilisi",
      "Andalucía",
      "ZZ",
      "",
    )),
    q: maybe(fc.oneof(namePiece, fc.string({ maxLength: 5 }), fc.constantFrom("club", "ub", "e"))),
    city: maybe(fc.constantFrom(
      "New York",
      "new york",
      "Zurich",
      "ZÜRICH",
      "Montreal",
      "Tampa",
      "Perth",
      "St. Louis",
      "Atlantis",
    )),
    match: maybe(fc.constantFrom("substring", "words")),
    waitlist: maybe(
      fc.subarray([...WAITLIST_VALUES], { minLength: 1 }).map((w) => w.join(",")),
    ),
    page: maybe(fc.integer({ min: 1, max: 8 }).map(String)),
    limit: maybe(fc.constantFrom("1", "2", "3", "5", "7", "12", "200", "500")),
  }, { requiredKeys: [] });
};

const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: arb, weight: 1 });

/** The property: findPage() equals the model on `store` for any filters, page and limit. */
function agreesWithModel(store: ClubStore, runs: number): void {
  const clubs = modelOf(store);
  fc.assert(
    fc.property(filtersOf(clubs), fc.boolean(), (raw, cold) => {
      if (cold) store.clearCaches();
      const parsed = parseSearch(raw);
      if (!parsed.ok) throw new Error(parsed.error.detail);
      const page = findPage(store, parsed.value);
      const ids = store.records(page.ranks).map((c) => c.id);
      assertEquals({ ids, total: page.total }, naive(clubs, raw));
    }),
    { numRuns: runs },
  );
}

Deno.test("findPage() agrees with a naive filter of the whole fixture for any filters, page and limit (property)", async () => {
  agreesWithModel((await sharedFixture()).store, 1500);
});

Deno.test("findPage() agrees with a naive filter of 2,500 generated clubs: sets span many words, common fragments are bitsets (property)", async () => {
  await using fx = await fixture({
    csv: await csvFile(toCsv(generateClubs({ seed: 11, count: 2_500 }))),
  });
  agreesWithModel(fx.store, 300);
});

Deno.test("findPage() agrees with a naive filter on every page of the same key filters when their totals are kept, as for a large directory (property)", async () => {
  await using fx = await fixture({
    csv: await csvFile(toCsv(generateClubs({ seed: 12, count: 2_500 }))),
  });
  const kept = searchTuning.keptTotalWords;
  // Every directory takes the path of one over 131,072 clubs: the first
  // page of a set of key filters keeps their total, and every later one
  // walks their sets only up to itself, from the nearer end.
  searchTuning.keptTotalWords = 0;
  try {
    for (const store of [fx.store, (await sharedFixture()).store]) {
      const clubs = modelOf(store);
      fc.assert(
        fc.property(filtersOf(clubs), (raw) => {
          const { q: _q, page: _page, ...keys } = raw;
          for (let page = 1; page <= 9; page++) {
            const asked = { ...keys, page: String(page) };
            const parsed = parseSearch(asked);
            if (!parsed.ok) throw new Error(parsed.error.detail);
            const found = findPage(store, parsed.value);
            const ids = store.records(found.ranks).map((c) => c.id);
            assertEquals({ ids, total: found.total }, naive(clubs, asked), `page ${page}`);
          }
        }),
        { numRuns: 300 },
      );
    }
  } finally {
    searchTuning.keptTotalWords = kept;
  }
});
