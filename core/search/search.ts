/**
 * The one search engine behind REST, MCP and the CLI (docs/api.md#the-search-endpoint): filters in,
 * a page of clubs and the total out. Rows come in name order because a
 * club's rank (its rowid) is its position in name order.
 *
 * @example
 * ```ts ignore
 * import { search } from "./search.ts";
 * const r = search(store, { type: "golf", state: "FL", limit: "10" });
 * if (r.ok) console.log(r.value.total, r.value.clubs.length);
 * ```
 * @module
 */
import type { ClubRecord } from "../schema/club.ts";
import {
  parseSearch,
  type RawSearch,
  type Result,
  type SearchDefaults,
  type SearchError,
  type SearchQuery,
} from "./query.ts";
import { isIsoKey, NORTH_AMERICA, resolveCountryKey, resolveStateKey } from "../places/resolve.ts";
import type { ClubStore } from "../store/store.ts";
import { approxBytes } from "../store/memo.ts";
import { clubBits, clubNames, keyIndex, longestName, typeMask } from "./key_index.ts";
import { eachBit, hasBit, intersectCounted, pageOfBits } from "./bits.ts";
import { pageOfIntersection } from "./intersection_page.ts";
import { wordHits, wordIndex } from "./words.ts";
import { countWordMatches, wordMatches, wordTier } from "./word_matches.ts";
import { nameMatches } from "./trigrams.ts";
import { searchKey } from "./key.ts";
import { relevanceHead, substringTier } from "./relevance.ts";

export { substringTier };

/** One page of matches as ranks, before any representation is chosen. */
export interface SearchPage {
  total: number;
  page: number;
  limit: number;
  ranks: number[];
}

/** One page of matching clubs. */
export interface SearchResult {
  clubs: ClubRecord[];
  total: number;
  page: number;
  limit: number;
}

// Budgets of this module's memos (see core/store/memo.ts).
const TOTALS_BYTES = 1024 * 1024;
const RELEVANCE_BYTES = 2 * 1024 * 1024;

/** Totals per filter set (see {@link filterKey}). */
function totals(store: ClubStore) {
  return store.memo<string, number>("search.totals", TOTALS_BYTES, {
    weigh: (_, key) => 16 + 2 * key.length,
  });
}

/**
 * The key of a query's filter set (not its order or page), for what is kept
 * per filter set: {@link searchKey} in the `filter` scope.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSearch } from "./query.ts";
 * import { filterKey } from "./search.ts";
 * const a = parseSearch({ type: "golf", page: "3" });
 * const b = parseSearch({ type: "golf" });
 * assert.ok(a.ok && b.ok);
 * assert.equal(filterKey(a.value), filterKey(b.value));
 * ```
 */
export function filterKey(q: SearchQuery): string {
  return searchKey(q, "filter");
}

/**
 * How the matches of a query are found: the clubs the key filters allow (a
 * bitset) and the clubs `q` matches, when that is a list (a match of `q`
 * held as a bitset is ANDed into the filter).
 */
interface Plan {
  /**
   * The AND of every key filter's clubs; null when no key is filtered (every
   * club). A kept set or {@link scratchBits}: read only, within the query.
   */
  filter: Uint32Array | null;
  /** Clubs in `filter` (the number of clubs when it is null). */
  allowed: number;
  /** The clubs `q` matches, ascending, each kept if `filter` holds it; null for no `q`. */
  candidates: Int32Array | null;
}

/**
 * The set two or more filters are ANDed into, one for every query of this
 * isolate: a new set a query would be 50 KB to allocate and clear at
 * 400,000 clubs. Reuse is safe because a query is answered synchronously
 * and no plan outlives it (its set is read, never kept); the kept sets of
 * key_index.ts and trigrams.ts are only read.
 */
let scratch = new Uint32Array(0);

function scratchBits(clubs: number): Uint32Array {
  const words = (clubs + 31) >>> 5;
  if (scratch.length !== words) scratch = new Uint32Array(words);
  return scratch;
}

/**
 * Sets of at least `keptTotalWords` words (131,072 clubs) have the total of their
 * intersection kept, so that a later page walks them only up to itself. A
 * smaller directory ANDs and counts faster than it keeps and looks up the
 * total (measured at 40,000 clubs, 1,250 words: 2.7 µs to AND, count and
 * page two sets; at 400,000: 22–29 µs, 9–11 µs with the total known).
 */
export const searchTuning = {
  /** Tests set it to 0, so their small directories take the large one's path. */
  keptTotalWords: 4096,
};

/** The clubs a query's key filters allow, or null when none can match (a value no club has). */
function keyFilter(
  store: ClubStore,
  sets: Uint32Array[] | null,
): { filter: Uint32Array | null; allowed: number } | null {
  if (sets === null) return null;
  const idx = keyIndex(store);
  const counted = intersectCounted(sets, scratchBits(idx.size));
  const allowed = counted ? counted.count : idx.size;
  return allowed === 0 ? null : { filter: counted?.set ?? null, allowed };
}

/** The sets of a query's key filters (none: every club), or null when a value is no club's. */
function keySets(store: ClubStore, q: SearchQuery): Uint32Array[] | null {
  const idx = keyIndex(store);
  // Without a country, a state search stays within the US and Canada.
  const countryKey = q.country === null ? null : resolveCountryKey(store, q.country);
  const stateWithin = countryKey === null
    ? NORTH_AMERICA
    : isIsoKey(countryKey)
    ? [countryKey]
    : [];
  const stateKey = q.state === null ? null : resolveStateKey(store, q.state, stateWithin);
  // -1: no club has this value, so nothing can match; -2: not filtered.
  const country = countryKey === null ? -2 : idx.countries.find(countryKey);
  const state = stateKey === null ? -2 : idx.states.find(stateKey);
  const city = q.city === null ? -2 : idx.cities.find(q.city);
  if (country === -1 || state === -1 || city === -1) return null;

  const sets: Uint32Array[] = [];
  if (country >= 0) sets.push(clubBits(store, "country", country));
  // A region's ISO key names its country (US-FL is in US): no country set needed.
  else if (stateKey !== null && !(state >= 0 && isIsoKey(stateKey))) {
    sets.push(clubBits(store, "country", northAmerica(store)));
  }
  if (state >= 0) sets.push(clubBits(store, "state", state));
  if (city >= 0) sets.push(clubBits(store, "city", city));
  if (q.typeKey !== null) sets.push(clubBits(store, "type", typeMask(store, q.typeKey)));
  if (q.waitlist) sets.push(clubBits(store, "waitlist", idx.waitlists.mask(q.waitlist)));
  return sets;
}

/**
 * The plan of a query, or null when no club can match (a value no club has).
 * Whatever the mode, `q` gives the exact clubs it matches, from an index
 * whose work follows the matches (trigrams.ts, word_matches.ts): a list, then
 * passed through the filter club by club, or a bitset ANDed into it. No club
 * that `q` does not reach is looked at.
 */
function plan(store: ClubStore, q: SearchQuery, sets = keySets(store, q)): Plan | null {
  const keys = keyFilter(store, sets);
  if (keys === null) return null;
  const { filter, allowed } = keys;
  const out: Plan = { filter, allowed, candidates: null };
  if (q.q === null) return out;

  if (q.match !== "substring") {
    if (q.words.length === 0) return out;
    const words = wordMatches(store, q.words, q.match);
    return words.list.length ? { ...out, candidates: words.list } : null;
  }

  // A fragment longer than every name is in none: no need to look.
  if (q.q.length > longestName(store)) return null;
  const matches = nameMatches(store, q.q);
  if (matches instanceof Int32Array) {
    return matches.length ? { ...out, candidates: matches } : null;
  }
  // filter is the scratch set or a kept one: the AND goes into the scratch set.
  const { set, count } = intersectCounted(
    filter ? [filter, matches] : [matches],
    scratchBits(keyIndex(store).size),
  )!;
  return count === 0 ? null : { filter: set, allowed: count, candidates: null };
}

/** The country codes of the US and Canada, where a state without a country is looked up. */
function northAmerica(store: ClubStore): Uint8Array {
  return keyIndex(store).countries.mask(NORTH_AMERICA);
}

/**
 * Calls `visit` with each club of a plan (0-based), in name order, until it
 * returns false.
 */
function eachMatch(store: ClubStore, p: Plan, visit: (i: number) => boolean): void {
  const { filter, candidates } = p;
  if (candidates) {
    for (let j = 0; j < candidates.length; j++) {
      const i = candidates[j]!;
      if (filter && !hasBit(filter, i)) continue;
      if (!visit(i)) return;
    }
  } else if (filter) {
    eachBit(filter, visit);
  } else {
    const size = keyIndex(store).size;
    for (let i = 0; i < size; i++) if (!visit(i)) return;
  }
}

/**
 * Runs a validated query: the total across pages and this page's ranks.
 * Key filters alone are answered from bitsets: the total is their count
 * and the page is read off their words, with no scan of the clubs. With
 * `q`, one pass in name order over the candidates counts the matches and
 * keeps those on the requested page; once the total is known for these
 * filters, the pass stops at the page. In relevance order, a `substring`
 * page is found by a walk that stops at the page (relevance.ts); otherwise,
 * or when that walk would look at too many clubs, every match is ranked
 * once per filter set and the order kept.
 *
 * @example
 * ```ts ignore
 * const q = parseSearch({ q: "royal", match: "words", sort: "relevance" });
 * if (q.ok) findPage(store, q.value).ranks; // best matches first
 * ```
 */
export function findPage(store: ClubStore, q: SearchQuery): SearchPage {
  const offset = (q.page - 1) * q.limit;
  const end = offset + q.limit;
  let ranks: number[] = [];
  const page = (total: number): SearchPage => ({ total, page: q.page, limit: q.limit, ranks });
  if (q.sort === "relevance" && q.q !== null) {
    const head = relevanceMemo(store).get(searchKey(q, "order")) === undefined
      ? boundedRelevance(store, q, end)
      : null;
    if (head) {
      ranks = head.ranks.slice(offset, end).map((i) => i + 1);
      return page(head.total);
    }
    const order = relevanceOrder(store, q);
    for (let j = offset; j < Math.min(end, order.length); j++) ranks.push(order[j]! + 1);
    return page(order.length);
  }
  const sets = keySets(store, q);
  if (sets === null) return page(0);
  if (q.q === null && sets.length >= 2 && sets[0]!.length >= searchTuning.keptTotalWords) {
    // Two key filters or more over a large directory: the page is read off
    // their sets as they are ANDed, up to the page once their total is
    // known (intersection_page.ts).
    const key = filterKey(q);
    const known = totals(store).get(key);
    const found = pageOfIntersection(
      sets,
      offset,
      q.limit,
      known,
      scratchBits(keyIndex(store).size),
    );
    ranks = found.ranks.map((i) => i + 1);
    if (known === undefined) totals(store).set(key, found.count);
    return page(found.count);
  }
  const p = plan(store, q, sets);
  if (p === null) return page(0);
  if (p.candidates === null) {
    if (offset < p.allowed) {
      ranks = p.filter
        ? pageOfBits(p.filter, offset, q.limit, p.allowed).map((i) => i + 1)
        : Array.from({ length: Math.min(end, p.allowed) - offset }, (_, j) => offset + j + 1);
    }
    return page(p.allowed);
  }
  const key = filterKey(q);
  const known = totals(store).get(key);
  if (known !== undefined && offset >= known) return page(known);
  let total = 0;
  eachMatch(store, p, (i) => {
    if (total >= offset && total < end) ranks.push(i + 1);
    total++;
    return known === undefined || total < end;
  });
  if (known !== undefined) return page(known);
  totals(store).set(key, total);
  return page(total);
}

/**
 * How many clubs a query matches: the total {@link findPage} gives, without
 * a page. `words` and `fuzzy` are counted straight from the word lists
 * (see {@link countWordMatches}): no list of matches is built or kept, so
 * trying many corrected searches (suggest.ts) costs little each.
 *
 * @example
 * ```ts ignore
 * countMatches(store, query) === findPage(store, query).total; // true
 * ```
 */
export function countMatches(store: ClubStore, q: SearchQuery): number {
  if (q.q !== null && q.match !== "substring" && q.words.length > 0) {
    const keys = keyFilter(store, keySets(store, q));
    return keys === null ? 0 : countWordMatches(store, q.words, q.match, keys.filter);
  }
  return findPage(store, { ...q, sort: "name", page: 1, limit: 1 }).total;
}

/**
 * Every match of a query (0-based), best first: by how the name matches
 * `q` (the exact name, then names starting with it, then names where it
 * starts a word, then the rest), then by fewer typos, then by name.
 */
function relevanceOrder(store: ClubStore, q: SearchQuery): Int32Array {
  return relevanceMemo(store).use(searchKey(q, "order"), () => {
    const found: number[] = [];
    const p = plan(store, q);
    if (p) eachMatch(store, p, (i) => (found.push(i), true));
    const rank = relevanceRank(store, q);
    // A stable counting sort on the rank keeps name order within each rank.
    const keys = found.map(rank);
    // A loop, not Math.max(...keys): a spread of 300,000 arguments overflows the stack.
    let most = 0;
    for (const k of keys) if (k > most) most = k;
    const buckets = new Int32Array(most + 2);
    for (const k of keys) buckets[k + 1]!++;
    for (let b = 1; b < buckets.length; b++) buckets[b]! += buckets[b - 1]!;
    const order = new Int32Array(found.length);
    found.forEach((i, j) => (order[buckets[keys[j]!]!++] = i));
    totals(store).set(filterKey(q), order.length);
    return order;
  });
}

function relevanceMemo(store: ClubStore) {
  return store.memo<string, Int32Array>("search.relevance", RELEVANCE_BYTES, {
    weigh: (order, key) => approxBytes(order) + 2 * key.length,
  });
}

/**
 * The first `end` matches of a `match=substring` query in relevance order
 * and the total, without ranking every match (see relevance.ts); null when
 * that walk does not apply or would look at too many clubs.
 */
function boundedRelevance(
  store: ClubStore,
  q: SearchQuery,
  end: number,
): { ranks: number[]; total: number } | null {
  if (q.match !== "substring" || q.q === null) return null;
  const total = findPage(store, { ...q, sort: "name", page: 1, limit: 1 }).total;
  if (total === 0) return { ranks: [], total };
  const p = plan(store, q)!;
  const filter = p.filter;
  const ranks = relevanceHead(
    store,
    q.q,
    Math.min(end, total),
    filter ? (i) => hasBit(filter, i) : () => true,
    (visit) => eachMatch(store, p, visit),
  );
  return ranks && { ranks, total };
}

/** A club's relevance rank for a query: tier × 256 + typos (lower is better). */
function relevanceRank(store: ClubStore, q: SearchQuery): (i: number) => number {
  if (q.match === "substring" || q.words.length === 0) {
    const names = clubNames(store);
    const text = q.q!;
    return (i) => 256 * substringTier(names[i]!, text);
  }
  const index = wordIndex(store);
  const last = q.words.at(-1);
  const sets = q.words.map((w) => new Set(wordHits(store, w, q.match, w === last).ids));
  const { list, typos } = wordMatches(store, q.words, q.match);
  // Clubs come in ascending order, a subset of the list: a cursor finds each.
  let j = 0;
  return (i) => {
    if (j > 0 && list[j - 1]! > i) j = 0;
    while (j < list.length && list[j]! < i) j++;
    return 256 * wordTier(index, i, sets) + (list[j] === i ? typos[j]! : 0);
  };
}

/**
 * Validates raw filters and returns the matching page of clubs, or the
 * validation error every surface reports the same way.
 */
export function search(
  store: ClubStore,
  raw: RawSearch,
  defaults?: SearchDefaults,
): Result<SearchResult, SearchError> {
  const parsed = parseSearch(raw, defaults);
  if (!parsed.ok) return parsed;
  const page = findPage(store, parsed.value);
  return {
    ok: true,
    value: {
      clubs: store.records(page.ranks),
      total: page.total,
      page: page.page,
      limit: page.limit,
    },
  };
}
