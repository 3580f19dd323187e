/**
 * Suggestions for a search that found nothing: corrected queries, each with
 * the parameters it changes and the total it would return, computed by the
 * one engine ({@link findPage}), so a suggestion never promises clubs it
 * would not find. REST adds them to an empty ClubList, MCP to its result,
 * `query` prints them on stderr.
 *
 * What is tried, in this order (at most {@link MAX_SUGGESTIONS} are kept,
 * only those that find clubs):
 * - `q`: a looser `match` (`words`, then `fuzzy`), then `q` with each word
 *   no name holds replaced by the closest words names hold;
 * - `type`: the closest stored types and group names;
 * - `country` and `state`: the closest place names and codes with clubs;
 *   a `state` sent without `country` that is a region outside the United
 *   States and Canada: the same search with that region's country, and
 *   without `state`;
 * - `city`: the closest city names.
 *
 * @example
 * ```ts ignore
 * import { suggest } from "./suggest.ts";
 * suggest(store, parseSearch({ q: "royl" }).value);
 * // [{ params: { q: "royal" }, total: 2 }]
 * ```
 * @module
 */
import { placeKey } from "../model/fold.ts";
import type { SuggestedParam } from "../model/search_params.ts";
import { TYPE_ALIASES, TYPE_GROUPS } from "../model/types.ts";
import { isIsoKey, NORTH_AMERICA, resolveCountryKey, resolveStateKey } from "../places/resolve.ts";
import type { ClubStore } from "../store/store.ts";
import { keyIndex, typeMask } from "./key_index.ts";
import type { SearchQuery } from "./query.ts";
import { countMatches, filterKey } from "./search.ts";
import { NearIndex } from "./near.ts";
import { vocabNear, wordIndex } from "./words.ts";

/** One corrected search. */
export interface Suggestion {
  /** The parameters to change: a new value, or null to leave the parameter out. */
  params: Partial<Record<SuggestedParam, string | null>>;
  /** Clubs the changed search returns. */
  total: number;
}

/**
 * Most suggestions given for one search.
 *
 * @example
 * ```ts ignore
 * suggest(store, query).length <= MAX_SUGGESTIONS; // true
 * ```
 */
export const MAX_SUGGESTIONS = 5;
/** Closest values tried per parameter (or per unknown word of `q`). */
const CLOSEST = 3;
/** Unknown words of `q` corrected at most. */
const MAX_UNKNOWN_WORDS = 8;
/** Bytes of suggestions kept per snapshot (see core/store/memo.ts). */
const SUGGESTIONS_BYTES = 512 * 1024;

/** Edits forgiven when looking for the closest value of `letters` letters. */
function reach(letters: number): number {
  return letters < 3 ? 0 : letters < 6 ? 1 : 2;
}

/**
 * The closest values of `index` to `target`: within {@link reach} edits (a
 * value starting with `target` counts as one edit when `prefix`), fewest
 * edits first, then largest `weight`, then first in the index; only
 * positions `allow` accepts, never `target` itself.
 */
function closest(
  index: NearIndex,
  target: string,
  weight: (id: number) => number,
  prefix = false,
  allow: (id: number) => boolean = () => true,
): number[] {
  const max = reach([...target].length);
  const values = index.values;
  const found: { id: number; d: number; w: number }[] = [];
  const starting = prefix ? new Set(index.startingWith(target)) : undefined;
  for (const id of starting ?? []) {
    if (values[id] !== target && allow(id)) found.push({ id, d: 1, w: weight(id) });
  }
  if (max > 0) {
    for (const [id, d] of index.near(target, max, starting)) {
      if (d > 0 && allow(id)) found.push({ id, d, w: weight(id) });
    }
  }
  return found.sort((a, b) => a.d - b.d || b.w - a.w || a.id - b.id).slice(0, CLOSEST).map((f) =>
    f.id
  );
}

/** A list of values and its deletion index, built once per snapshot (see near.ts). */
interface Indexed<T> {
  items: readonly T[];
  index: NearIndex;
}

/** Bytes of the deletion indexes kept per snapshot. */
const NEAR_BYTES = 4 * 1024 * 1024;

/** The snapshot's deletion index of `name`, built from `items` on first use. */
function indexed<T>(
  store: ClubStore,
  name: string,
  items: () => readonly T[],
  text: (item: T) => string,
): Indexed<T> {
  return store.memo<string, Indexed<T>>("search.suggest_index", NEAR_BYTES, {
    kind: "structure",
    weigh: (x) => x.index.bytes + x.items.length * 64,
  }).use(name, () => {
    const list = items();
    return { items: list, index: new NearIndex(list.map(text)) };
  });
}

/** "new south wales" → "New South Wales": folded names back in a readable case. */
function titleCase(text: string): string {
  return text.replace(/(^|\s)(\p{L})/gu, (_, s: string, c: string) => s + c.toUpperCase());
}

/** Whether a value looks like a code (`FL`, `GBR`) rather than a name. */
function codeLike(raw: string): boolean {
  return /^[A-Za-z0-9]{1,3}$/.test(raw.trim());
}

/** A candidate: the parameters it changes and the query it runs. */
type Candidate = [Suggestion["params"], SearchQuery];

/** Bytes of the closest words kept per unknown word of `q` (see core/store/memo.ts). */
const CORRECTIONS_BYTES = 256 * 1024;

/**
 * The closest words names hold to a word no name holds (`last`: the last
 * word of `q`, which may also be the start of a word), best first. Kept
 * per snapshot and word: searches that find nothing often share a
 * misspelt word, and each then looks it up once.
 */
function corrections(store: ClubStore, word: string, last: boolean): readonly string[] {
  return store.memo<string, readonly string[]>("search.word_corrections", CORRECTIONS_BYTES).use(
    `${last ? "p" : "w"}${word}`,
    () => {
      const index = wordIndex(store);
      return closest(vocabNear(store), word, (i) => index.docs(i), last).map((i) =>
        index.vocab[i]!
      );
    },
  );
}

function qCandidates(store: ClubStore, q: SearchQuery): Candidate[] {
  if (q.q === null || q.words.length === 0) return [];
  const out: Candidate[] = [];
  if (q.match === "substring") out.push([{ match: "words" }, { ...q, match: "words" }]);
  if (q.match !== "fuzzy") out.push([{ match: "fuzzy" }, { ...q, match: "fuzzy" }]);
  const index = wordIndex(store);
  const last = q.words.at(-1);
  const unknown = [...new Set(q.words)].filter((w) => index.id(w) < 0).slice(0, MAX_UNKNOWN_WORDS);
  if (!unknown.length) return out;
  const options = new Map(unknown.map((w) => [w, corrections(store, w, w === last)]));
  // The best correction of every word, then the next ones of the first word.
  const first = unknown[0]!;
  const variants = (options.get(first) ?? []).map((alt, n) =>
    q.words.map((w) => w === first ? alt : n === 0 ? options.get(w)?.[0] ?? w : w)
  );
  for (const words of variants) {
    const text = words.join(" ");
    const match = q.match === "substring" ? "words" : q.match;
    out.push([
      match === q.match ? { q: text } : { q: text, match },
      { ...q, q: text, words, match },
    ]);
  }
  return out;
}

function typeCandidates(store: ClubStore, q: SearchQuery): Candidate[] {
  if (q.typeKey === null || typeMask(store, q.typeKey).some((m) => m === 1)) return [];
  const { items: names, index } = indexed(store, "types", () => {
    const stored = keyIndex(store).types.values.filter((t): t is string => t !== null);
    return [...new Set([...stored, ...Object.keys(TYPE_GROUPS), ...Object.keys(TYPE_ALIASES)])];
  }, (t) => t);
  return closest(index, q.typeKey, () => 0).map((i) => names[i]!).map((t) => [
    { type: t },
    { ...q, typeKey: TYPE_ALIASES[t] ?? t, types: [...(TYPE_GROUPS[t] ?? [t])] },
  ]);
}

/** A place with clubs: a folded spelling, its key and the country it is in. */
interface Place {
  alias: string;
  key: string;
  scope: string;
}

/** Places of one kind with clubs, and their deletion index. */
function places(store: ClubStore, kind: "country" | "state"): Indexed<Place> {
  return indexed(
    store,
    kind,
    () =>
      store.statement("SELECT alias, key, scope FROM places WHERE kind = ?").all(kind) as {
        alias: string;
        key: string;
        scope: string;
      }[],
    (p) => p.alias,
  );
}

function countryCandidates(store: ClubStore, q: SearchQuery): Candidate[] {
  if (q.country === null) return [];
  const idx = keyIndex(store);
  // A country with clubs is not misspelled: it only has no match with the other filters.
  if (idx.countries.find(resolveCountryKey(store, q.country)) >= 0) return [];
  const { items: candidates, index } = indexed(store, "countries", () => {
    const stored = idx.countries.values.filter((k): k is string => k !== null && !isIsoKey(k));
    return [
      ...places(store, "country").items,
      ...stored.map((key) => ({ alias: key.slice("name:".length), key })),
    ];
  }, (p) => p.alias);
  const code = codeLike(q.country);
  const best = closest(index, placeKey(q.country), () => 0).map((i) => candidates[i]!);
  const values = [
    ...new Set(best.map((p) => code && isIsoKey(p.key) ? p.key : titleCase(p.alias))),
  ];
  return values.map((v) => [{ country: v }, { ...q, country: v }]);
}

function stateCandidates(store: ClubStore, q: SearchQuery): Candidate[] {
  if (q.state === null) return [];
  const idx = keyIndex(store);
  const countryKey = q.country === null ? null : resolveCountryKey(store, q.country);
  const scope = countryKey === null ? NORTH_AMERICA : isIsoKey(countryKey) ? [countryKey] : [];
  if (idx.states.find(resolveStateKey(store, q.state, scope)) >= 0) return [];
  const alias = placeKey(q.state);
  const out: Candidate[] = [];
  if (countryKey === null) {
    // Maybe a region elsewhere: the same search in its country, and without the state.
    const { items, index } = places(store, "state");
    const countries = [
      ...new Set(index.near(alias, 0).map(([i]) => items[i]!.scope)),
    ].filter((c) => !NORTH_AMERICA.includes(c));
    for (const c of countries) out.push([{ country: c }, { ...q, country: c }]);
    out.push([{ state: null }, { ...q, state: null }]);
    if (countries.length) return out;
  }
  const code = codeLike(q.state);
  const { items: states, index } = places(store, "state");
  const best = closest(index, alias, () => 0, false, (i) => scope.includes(states[i]!.scope))
    .map((i) => states[i]!);
  const values = [
    ...new Set(best.map((p) => code ? p.key.slice(p.key.indexOf("-") + 1) : titleCase(p.alias))),
  ];
  return [...values.map((v): Candidate => [{ state: v }, { ...q, state: v }]), ...out];
}

function cityCandidates(store: ClubStore, q: SearchQuery): Candidate[] {
  const idx = keyIndex(store);
  if (q.city === null || idx.cities.find(q.city) >= 0) return [];
  const { items: cities, index } = indexed(
    store,
    "cities",
    () => idx.cities.values.filter((c): c is string => c !== null),
    (c) => c,
  );
  return closest(index, q.city, () => 0).map((i) => cities[i]!).map((c) => [
    { city: titleCase(c) },
    { ...q, city: c },
  ]);
}

/** Every kind of correction, in the order they are offered. */
const MAKERS = [qCandidates, typeCandidates, countryCandidates, stateCandidates, cityCandidates];

/** The first correction of each parameter at once. */
function combine(q: SearchQuery, firsts: readonly Candidate[]): Candidate {
  const before = q as unknown as Record<string, unknown>;
  let params: Suggestion["params"] = {};
  let query = q;
  for (const [p, changed] of firsts) {
    params = { ...params, ...p };
    // Each candidate changes its own fields of the query: take those.
    const own = Object.entries(changed).filter(([k, v]) => v !== before[k]);
    query = { ...query, ...Object.fromEntries(own) };
  }
  return [params, query];
}

/**
 * Corrected searches for a query that found nothing, each with the total it
 * returns (only those that find clubs, best first, at most
 * {@link MAX_SUGGESTIONS}). Empty when nothing close finds a club. Kept per
 * snapshot and filter set.
 *
 * @example
 * ```ts ignore
 * suggest(store, query); // [{ params: { type: "golf" }, total: 13 }]
 * ```
 */
export function suggest(store: ClubStore, q: SearchQuery): Suggestion[] {
  return store.memo<string, Suggestion[]>("search.suggestions", SUGGESTIONS_BYTES).use(
    filterKey(q),
    () => {
      const out: Suggestion[] = [];
      const seen = new Set<string>();
      const firsts: Candidate[] = [];
      const tryOne = ([params, query]: Candidate) => {
        const id = JSON.stringify(params);
        if (out.length >= MAX_SUGGESTIONS || seen.has(id)) return;
        seen.add(id);
        const total = countMatches(store, query);
        if (total > 0) out.push({ params, total });
      };
      for (const make of MAKERS) {
        const candidates = make(store, q);
        if (candidates[0]) firsts.push(candidates[0]);
        candidates.forEach(tryOne);
      }
      // Two misspelt parameters: no single correction finds clubs, both together may.
      if (!out.length && firsts.length > 1) tryOne(combine(q, firsts));
      return out;
    },
  );
}
