/**
 * Facets: how many clubs each value of a filter (type, country, state,
 * waitlist) would return under the current search, counted by the search
 * core itself. A part of its own because naming places loads the ISO 3166
 * data, which the search core (and so `query`'s start-up) does without.
 *
 * @example
 * ```ts ignore
 * import { facetCounts } from "./mod.ts";
 * import { parseSearch } from "../search/mod.ts";
 * const q = parseSearch({ type: "golf" });
 * if (q.ok) facetCounts(store, q.value, ["country"]).country?.[0];
 * ```
 * @module
 */
export * from "./facets.ts";
