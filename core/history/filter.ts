/**
 * The search's filters applied to recorded clubs: a change is found by the
 * type, place, name and waitlist a search would find its club by, from the
 * keys recorded with it (the `clubs` table's, computed by the import), so
 * a removed club is found as it was. Places resolve against the snapshot
 * as the search resolves them (core/places), types through the model's
 * type groups, and `q` the way each match mode reads names (core/search's
 * words and typo allowance). tests/core/history/filter_test.ts holds this
 * to the search: over the clubs of a snapshot, both find the same clubs.
 *
 * @module
 */
import { typeKeysOf } from "../model/mod.ts";
import { isIsoKey, NORTH_AMERICA, resolveCountryKey, resolveStateKey } from "../places/mod.ts";
import { editDistance, queryWords, type SearchQuery, typoAllowance } from "../search/mod.ts";
import type { ClubStore } from "../store/mod.ts";

/** The search keys of a recorded club (see record.ts KEY_COLUMNS). */
export interface RecordedKeys {
  name_fold: string;
  type_key: string | null;
  country_key: string | null;
  state_key: string | null;
  waitlist_key: string;
  city_key: string | null;
}

/** Whether a name's words hold every word of the query, as `match` reads them. */
function wordsMatch(query: readonly string[], name: string, fuzzy: boolean): boolean {
  const words = queryWords(name);
  return query.every((w, k) => {
    if (!fuzzy) return words.includes(w);
    const last = k === query.length - 1;
    const max = typoAllowance([...w].length);
    return words.some((v) =>
      (last && v.startsWith(w)) || (max > 0 && editDistance(w, v, max, last) <= max) ||
      v === w
    );
  });
}

/**
 * The test a search's filters make of a recorded club (page, limit and
 * sort aside), with its places resolved once against `store`.
 *
 * @example
 * ```ts ignore
 * const test = changeFilter(store, parseSearch({ state: "FL" }).value);
 * test({ state_key: "US-FL", country_key: "US", … }); // true
 * ```
 */
export function changeFilter(store: ClubStore, q: SearchQuery): (club: RecordedKeys) => boolean {
  const countryKey = q.country === null ? null : resolveCountryKey(store, q.country);
  const within = countryKey === null ? NORTH_AMERICA : isIsoKey(countryKey) ? [countryKey] : [];
  const stateKey = q.state === null ? null : resolveStateKey(store, q.state, within);
  // A state that is not an ISO region keeps to the countries it was looked up in.
  const stateCountries = stateKey !== null && countryKey === null && !isIsoKey(stateKey)
    ? NORTH_AMERICA
    : null;
  const waitlist = q.waitlist === null ? null : new Set(q.waitlist);
  const text = q.q;
  const byWords = text !== null && q.match !== "substring";
  return (c) => {
    if (countryKey !== null && c.country_key !== countryKey) return false;
    if (stateKey !== null && c.state_key !== stateKey) return false;
    if (stateCountries && (c.country_key === null || !stateCountries.includes(c.country_key))) {
      return false;
    }
    if (q.city !== null && c.city_key !== q.city) return false;
    if (
      q.typeKey !== null && (c.type_key === null || !typeKeysOf(c.type_key).includes(q.typeKey))
    ) {
      return false;
    }
    if (waitlist !== null && !waitlist.has(c.waitlist_key)) return false;
    if (text === null) return true;
    if (!byWords) return c.name_fold.includes(text);
    return q.words.length === 0 || wordsMatch(q.words, c.name_fold, q.match === "fuzzy");
  };
}
