/**
 * Facet counts: for a search, how many clubs each value of a facet (type,
 * country, state, waitlist) would return. REST `facets=`, MCP, `query
 * --facets` and the website's filter links all read {@link facetCounts}.
 *
 * A count is exactly the `total` of the search with that facet's own filter
 * set to the value, every other filter kept (counts that ignore their own
 * facet's filter, as shops' filter lists do). Choosing another country drops
 * `state`, because a state belongs to its country, so `country` counts ignore
 * `state` too. Values are what a filter accepts back: type filter keys (groups
 * such as `golf` count their members; aliases such as `wine` are not listed,
 * they read as another key), English place names (or the name as listed for
 * a place outside ISO 3166), waitlist values (`by_invitation` counts
 * `invite_only` too). The `state` facet lists the regions of the chosen
 * country; without a country, those of the United States and Canada, where
 * a `state` filter searches when no country is sent. Values with no club are
 * left out; the rest come most clubs first, then by value.
 *
 * The matches come from {@link findPage}, the one engine, so a facet can
 * never disagree with a search.
 *
 * @example
 * ```ts ignore
 * import { facetCounts, parseSearch } from "./mod.ts";
 * const q = parseSearch({ type: "golf" });
 * if (q.ok) facetCounts(store, q.value, ["country"]).country?.[0]; // { value: "United States", count: 20 }
 * ```
 * @module
 */
import { FACET_NAMES } from "../model/fields.ts";
import { TYPE_ALIASES, typeKeysOf } from "../model/types.ts";
import { isIsoKey, NORTH_AMERICA, resolveCountryKey } from "../places/resolve.ts";
import { countryCounts, regionCounts } from "../stats/stats.ts";
import type { ClubStore } from "../store/store.ts";
import {
  type CodeColumn,
  filterKey,
  findPage,
  keyIndex,
  type Result,
  type SearchQuery,
} from "../search/mod.ts";

export { FACET_NAMES };

/** One facet a search can count by. */
export type FacetName = typeof FACET_NAMES[number];

/** One value of a facet and the clubs it would return. */
export interface FacetCount {
  /** The filter value, as the facet's parameter accepts it. */
  value: string;
  count: number;
}

/** Counts per requested facet, most clubs first. */
export type Facets = Partial<Record<FacetName, FacetCount[]>>;

/** A `facets` parameter naming something that is not a facet. */
export interface FacetError {
  code: "invalid_facets";
  param: "facets";
  value: string;
  /** One sentence saying what was wrong, quoting the value. */
  detail: string;
}

/** Longest `facets` value read: the four names fit many times over. */
const MAX_FACETS_LENGTH = 200;

/**
 * Reads a `facets` value: names separated by commas (or a list of such
 * values), duplicates dropped, in {@link FACET_NAMES} order. Empty or absent
 * means no facets.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFacets } from "./facets.ts";
 * assert.deepStrictEqual(parseFacets("waitlist, type"), { ok: true, value: ["type", "waitlist"] });
 * assert.deepStrictEqual(parseFacets("colour").ok, false);
 * ```
 */
export function parseFacets(
  raw: string | readonly string[] | null | undefined,
): Result<FacetName[], FacetError> {
  if (raw == null) return { ok: true, value: [] };
  const joined = typeof raw === "string" ? raw : raw.join(",");
  const items = joined.slice(0, MAX_FACETS_LENGTH + 1).split(",")
    .map((s) => s.trim().toLowerCase()).filter((s) => s !== "");
  const bad = joined.length > MAX_FACETS_LENGTH
    ? joined.slice(0, 40) + "…"
    : items.find((s) => !(FACET_NAMES as readonly string[]).includes(s));
  if (bad !== undefined) {
    return {
      ok: false,
      error: {
        code: "invalid_facets",
        param: "facets",
        value: bad,
        detail: `Facet "${bad}" is not recognised: use one or more of ${
          FACET_NAMES.join(", ")
        }, separated by commas`,
      },
    };
  }
  return { ok: true, value: FACET_NAMES.filter((f) => items.includes(f)) };
}

/** Bytes of facet answers kept per snapshot: an answer is at most a few hundred values. */
const FACETS_BYTES = 2 * 1024 * 1024;

/** The 0-based indexes of every club matching `q`, from the one engine. */
function matches(store: ClubStore, q: SearchQuery): number[] {
  const all = findPage(store, { ...q, page: 1, limit: Math.max(1, keyIndex(store).size) });
  return all.ranks.map((r) => r - 1);
}

/** How many of `rows` have each code of a key column. */
function perCode(rows: readonly number[], column: CodeColumn, codes: number): Uint32Array {
  const n = new Uint32Array(codes);
  for (const i of rows) n[column[i]!]!++;
  return n;
}

/** Sums counts per value, drops zeros, sorts most clubs first, then by value. */
function ranked(counts: Map<string, number>): FacetCount[] {
  return [...counts].filter(([, count]) => count > 0)
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

function add(counts: Map<string, number>, value: string, n: number): void {
  counts.set(value, (counts.get(value) ?? 0) + n);
}

function typeFacet(store: ClubStore, q: SearchQuery): FacetCount[] {
  const idx = keyIndex(store);
  const per = perCode(
    matches(store, { ...q, types: null, typeKey: null }),
    idx.type,
    idx.types.values.length,
  );
  const counts = new Map<string, number>();
  idx.types.values.forEach((stored, code) => {
    if (stored === null || !per[code]) return;
    // A club counts under its own type and every group listing it; an alias
    // cannot be filtered on by itself, so it is not a value.
    for (const key of typeKeysOf(stored)) if (!(key in TYPE_ALIASES)) add(counts, key, per[code]!);
  });
  return ranked(counts);
}

function countryFacet(store: ClubStore, q: SearchQuery): FacetCount[] {
  const idx = keyIndex(store);
  const rows = matches(store, { ...q, country: null, state: null });
  const per = perCode(rows, idx.country, idx.countries.values.length);
  const names = new Map(countryCounts(store).map((c) => [c.key, c.name]));
  const counts = new Map<string, number>();
  idx.countries.values.forEach((key, code) => {
    const name = names.get(key);
    if (key !== null && name && per[code]) add(counts, name, per[code]!);
  });
  return ranked(counts);
}

function stateFacet(store: ClubStore, q: SearchQuery): FacetCount[] {
  const idx = keyIndex(store);
  const scope = q.country === null ? NORTH_AMERICA : [resolveCountryKey(store, q.country)];
  // Outside ISO 3166 a state filter never sees the country: no regions to offer.
  if (q.country !== null && !isIsoKey(scope[0]!)) return [];
  const names = new Map<string, string>();
  for (const country of scope) {
    for (const r of regionCounts(store, country)) if (r.key && r.name) names.set(r.key, r.name);
  }
  const within = idx.countries.mask(scope);
  const rows = matches(store, { ...q, state: null }).filter((i) => within[idx.country[i]!]);
  const per = perCode(rows, idx.state, idx.states.values.length);
  const counts = new Map<string, number>();
  idx.states.values.forEach((key, code) => {
    const name = key === null ? undefined : names.get(key);
    if (name && per[code]) add(counts, name, per[code]!);
  });
  return ranked(counts);
}

function waitlistFacet(store: ClubStore, q: SearchQuery): FacetCount[] {
  const idx = keyIndex(store);
  const per = perCode(
    matches(store, { ...q, waitlist: null }),
    idx.waitlist,
    idx.waitlists.values.length,
  );
  const counts = new Map<string, number>();
  idx.waitlists.values.forEach((key, code) => {
    if (key === null || !per[code]) return;
    add(counts, key, per[code]!);
    // The `by_invitation` filter also keeps clubs stored as `invite_only`.
    if (key === "invite_only") add(counts, "by_invitation", per[code]!);
  });
  return ranked(counts);
}

const FACETS: Record<FacetName, (store: ClubStore, q: SearchQuery) => FacetCount[]> = {
  type: typeFacet,
  country: countryFacet,
  state: stateFacet,
  waitlist: waitlistFacet,
};

/**
 * Counts the requested facets for a search (its page and limit do not
 * matter). Computed once per snapshot, filters and facet, then kept.
 *
 * @example
 * ```ts ignore
 * import { facetCounts } from "./facets.ts";
 * facetCounts(store, query, ["type", "waitlist"]);
 * // { type: [{ value: "golf", count: 12 }, …], waitlist: [{ value: "open", count: 9 }, …] }
 * ```
 */
export function facetCounts(
  store: ClubStore,
  q: SearchQuery,
  names: readonly FacetName[],
): Facets {
  const cache = store.memo<string, FacetCount[]>("search.facets", FACETS_BYTES);
  const filters = filterKey(q);
  const out: Facets = {};
  for (const name of names) {
    const key = `${name}|${filters}`;
    out[name] = cache.use(key, () => FACETS[name](store, q));
  }
  return out;
}

/**
 * Facets as the JSON object REST and MCP send: per facet, value → count,
 * most clubs first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { facetsObject } from "./facets.ts";
 * assert.deepStrictEqual(facetsObject({ waitlist: [{ value: "open", count: 9 }] }), { waitlist: { open: 9 } });
 * ```
 */
export function facetsObject(facets: Facets): Partial<Record<FacetName, Record<string, number>>> {
  const out: Partial<Record<FacetName, Record<string, number>>> = {};
  for (const name of FACET_NAMES) {
    const list = facets[name];
    if (list) out[name] = Object.fromEntries(list.map((f) => [f.value, f.count]));
  }
  return out;
}
