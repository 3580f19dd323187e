/**
 * The one search engine behind REST, MCP and the CLI (spec §4.1): filters in,
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
  type SearchError,
  type SearchQuery,
} from "./query.ts";
import { isIsoKey, NORTH_AMERICA, resolveCountryKey, resolveStateKey } from "../places/resolve.ts";
import type { ClubStore } from "../store/store.ts";
import { clubNames, keyIndex, members, typeMask } from "./key_index.ts";

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

/** Trigram search needs three characters; shorter fragments scan names. */
const TRIGRAM = 3;

/** FTS5 phrase for a literal fragment: user text can never be syntax. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

// Budgets of this module's memos (see core/store/memo.ts).
const TOTALS_BYTES = 1024 * 1024;
const NAME_MATCHES_BYTES = 4 * 1024 * 1024;

/** Totals per filter set (see {@link filterKey}). */
function totals(store: ClubStore) {
  return store.memo<string, number>("search.totals", TOTALS_BYTES, {
    weigh: (_, key) => 16 + 2 * key.length,
  });
}

/** Ranks whose name contains a fragment, by fragment. */
function nameMatchMemo(store: ClubStore) {
  return store.memo<string, Int32Array>("search.name_matches", NAME_MATCHES_BYTES, {
    weigh: (list, key) => list.byteLength + 2 * key.length,
  });
}

/** Clubs (0-based) whose folded name contains `q` (3+ characters), via the trigram index. */
function nameMatches(store: ClubStore, q: string): Int32Array {
  return nameMatchMemo(store).use(q, () => {
    // FTS5 yields rowids (ranks) in ascending order: the list is name-sorted.
    const rows = store.statement("SELECT rowid AS r FROM club_names WHERE club_names MATCH ?")
      .all(phrase(q)) as { r: number }[];
    return Int32Array.from(rows, (row) => Number(row.r) - 1);
  });
}

/**
 * The trigram index pays off only for a selective fragment: "club" is in
 * most names, and intersecting its trigrams' lists costs the index far more
 * than checking 40,000 names in memory (about a millisecond). So the index
 * is used when the fragment's rarest trigram is in at most this many names.
 */
const SELECTIVE_TRIGRAM = 1_000;

/** How many names hold the fragment's rarest trigram (an upper bound on matches). */
function rarestTrigram(store: ClubStore, q: string): number {
  const docs = store.statement("SELECT docs FROM name_trigrams WHERE term = ?");
  const chars = [...q];
  let min = Infinity;
  for (let i = 0; i + TRIGRAM <= chars.length && min > 0; i++) {
    const row = docs.get(chars.slice(i, i + TRIGRAM).join("")) as { docs: number } | undefined;
    min = Math.min(min, Number(row?.docs ?? 0));
  }
  return min;
}

/** A key naming the filters of a query (not its page), for caches. */
export function filterKey(q: SearchQuery): string {
  return JSON.stringify([q.typeKey, q.country, q.state, q.q, q.waitlist]);
}

/**
 * Runs a validated query: the total across pages and this page's ranks.
 * One pass over the snapshot's key columns (or over the clubs whose name
 * matches `q`) counts the matches and keeps those on the requested page;
 * once the total is known for these filters, the pass stops at the page.
 */
export function findPage(store: ClubStore, q: SearchQuery): SearchPage {
  const idx = keyIndex(store);
  const key = filterKey(q);
  const known = totals(store).get(key);
  const offset = (q.page - 1) * q.limit;
  const end = offset + q.limit;
  const ranks: number[] = [];
  const page = (total: number): SearchPage => ({ total, page: q.page, limit: q.limit, ranks });
  if (known !== undefined && offset >= known) return page(known);

  // Without a country, a state search stays within the US and Canada.
  const countryKey = q.country === null ? null : resolveCountryKey(store, q.country);
  const stateWithin = countryKey === null
    ? NORTH_AMERICA
    : isIsoKey(countryKey)
    ? [countryKey]
    : [];
  const stateKey = q.state === null ? null : resolveStateKey(store, q.state, stateWithin);
  // -1: no club has this value, so nothing can match.
  const country = countryKey === null ? -2 : idx.countries.find(countryKey);
  const state = stateKey === null ? -2 : idx.states.find(stateKey);
  if (country === -1 || state === -1) {
    totals(store).set(key, 0);
    return page(0);
  }
  const types = q.typeKey === null ? null : typeMask(store, q.typeKey);
  const within = countryKey === null && stateKey !== null
    ? idx.countries.mask(NORTH_AMERICA)
    : null;
  const waitlist = q.waitlist ? idx.waitlists.mask(q.waitlist) : null;

  // Scan the shortest candidate list any one filter gives, checking the rest.
  const lists: Int32Array[] = [];
  if (country >= 0) lists.push(members(store, "country", idx.countries.mask([countryKey])));
  else if (within) lists.push(members(store, "country", within));
  if (state >= 0) lists.push(members(store, "state", idx.states.mask([stateKey])));
  if (types) lists.push(members(store, "type", types));
  if (waitlist) lists.push(members(store, "waitlist", waitlist));
  let shortest = lists.reduce<Int32Array | null>(
    (a, b) => (a && a.length <= b.length ? a : b),
    null,
  );
  let nameCheck = q.q;
  if (q.q !== null && [...q.q].length >= TRIGRAM) {
    let named = nameMatchMemo(store).get(q.q);
    if (
      !named &&
      rarestTrigram(store, q.q) <= Math.min(SELECTIVE_TRIGRAM, shortest?.length ?? Infinity)
    ) {
      named = nameMatches(store, q.q);
    }
    if (named && (!shortest || named.length <= shortest.length)) {
      shortest = named;
      nameCheck = null;
    }
  }

  const n = shortest ? shortest.length : idx.size;
  const [typeCol, countryCol, stateCol, waitlistCol] = [
    idx.type,
    idx.country,
    idx.state,
    idx.waitlist,
  ];
  const names = nameCheck === null ? null : clubNames(store);
  let total = 0;
  for (let j = 0; j < n; j++) {
    const i = shortest ? shortest[j]! : j;
    if (types && !types[typeCol[i]!]) continue;
    if (country >= 0 && countryCol[i] !== country) continue;
    if (within && !within[countryCol[i]!]) continue;
    if (state >= 0 && stateCol[i] !== state) continue;
    if (waitlist && !waitlist[waitlistCol[i]!]) continue;
    if (names && !names[i]!.includes(nameCheck!)) continue;
    if (total >= offset && total < end) ranks.push(i + 1);
    total++;
    if (known !== undefined && total >= end) return page(known);
  }
  totals(store).set(key, total);
  return page(total);
}

/**
 * Validates raw filters and returns the matching page of clubs, or the
 * validation error every surface reports the same way.
 */
export function search(
  store: ClubStore,
  raw: RawSearch,
): Result<SearchResult, SearchError> {
  const parsed = parseSearch(raw);
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
