/**
 * One search, one address: the place values of a results-page search
 * written as the snapshot names them. `country=US`, `country=usa` and
 * `country=United States` are one search, so all of them are written
 * `country=United States`; `state=fl` and `state=FL` are `state=Florida`
 * (in the country given, else in the United States and Canada, as the
 * filter reads them); a city is written as its clubs spell it. A name is
 * used only when it reads back as the same place, so the canonical address
 * of a canonical address is itself (no redirect loop). Values the snapshot
 * does not know are kept as sent. Type, waitlist, `match`, `sort` and
 * `limit` are written canonically by {@link readSiteSearch} already.
 *
 * @example
 * ```ts ignore
 * import { canonicalSearch } from "./canonical.ts";
 * canonicalSearch(store, readSiteSearch("type=golf&state=FL").value).link.state; // "Florida"
 * ```
 * @module
 */
import { foldKey } from "../../core/model/mod.ts";
import {
  isIsoKey,
  NORTH_AMERICA,
  placeName,
  resolveCountryKey,
  resolveStateKey,
} from "../../core/places/mod.ts";
import { findPage, parseSearch } from "../../core/search/mod.ts";
import { approxBytes, type ClubStore } from "../../core/store/mod.ts";
import { type SearchLink, searchQuery } from "../html/mod.ts";
import { readSiteSearch, type SiteSearch, siteSearchKey } from "./search.ts";

/** Bytes of canonical searches kept per snapshot. */
const CANONICAL_BYTES = 1024 * 1024;

/** The name of a country as the snapshot lists it, when it reads back as the same country. */
function countryName(store: ClubStore, raw: string): string {
  const key = resolveCountryKey(store, raw);
  if (!isIsoKey(key)) return raw;
  const name = placeName(store, key);
  return name !== null && resolveCountryKey(store, name) === key ? name : raw;
}

/** The name of a region among `scope`, when it reads back as the same region. */
function stateName(store: ClubStore, raw: string, scope: readonly string[]): string {
  const key = resolveStateKey(store, raw, scope);
  if (!isIsoKey(key)) return raw;
  const name = placeName(store, key);
  return name !== null && resolveStateKey(store, name, scope) === key ? name : raw;
}

/** A city as its first club (in name order) spells it, or as sent. */
function cityName(store: ClubStore, raw: string): string {
  const q = parseSearch({ city: raw, limit: 1 });
  if (!q.ok || q.value.city === null) return raw;
  const rank = findPage(store, q.value).ranks[0];
  const stored = rank === undefined ? null : store.records([rank])[0]?.city ?? null;
  return stored !== null && foldKey(stored) === q.value.city ? stored : raw;
}

/**
 * The link of a search with its places named as the snapshot names them.
 *
 * @example
 * ```ts ignore
 * import { canonicalLink } from "./canonical.ts";
 * canonicalLink(store, { country: "US", state: "ny" }); // { country: "United States", state: "New York" }
 * ```
 */
export function canonicalLink(store: ClubStore, link: SearchLink): SearchLink {
  const out = { ...link };
  const country = link.country ?? null;
  if (country !== null) out.country = countryName(store, country);
  if (link.state) {
    const countryKey = country === null ? null : resolveCountryKey(store, country);
    const scope = countryKey === null ? NORTH_AMERICA : isIsoKey(countryKey) ? [countryKey] : [];
    out.state = scope.length ? stateName(store, link.state, scope) : link.state;
  }
  if (link.city) out.city = cityName(store, link.city);
  return out;
}

/**
 * A search as its canonical address states it (the same query, its link's
 * places named), kept per snapshot.
 *
 * @example
 * ```ts ignore
 * import { canonicalSearch } from "./canonical.ts";
 * const s = canonicalSearch(store, search);
 * searchQuery(s.link); // "type=golf&state=Florida"
 * ```
 */
export function canonicalSearch(store: ClubStore, search: SiteSearch): SiteSearch {
  return store.memo<string, SiteSearch>("site.canonical", CANONICAL_BYTES, {
    weigh: (v, k) => approxBytes(v.link) + v.key.length * 2 + k.length * 2 + 64,
  }).use(search.key, () => {
    const link = canonicalLink(store, search.link);
    return { link, query: search.query, key: siteSearchKey(search.query, link) };
  });
}

/**
 * The canonical search of a link the site builds (a suggestion, a search
 * without one filter), or null when it is not a valid search.
 *
 * @example
 * ```ts ignore
 * import { canonicalOf } from "./canonical.ts";
 * canonicalOf(store, { type: "Golf", state: "fl" })?.link; // { type: "golf", state: "Florida", … }
 * ```
 */
export function canonicalOf(store: ClubStore, link: SearchLink): SiteSearch | null {
  const r = readSiteSearch(searchQuery(link));
  return r.ok ? canonicalSearch(store, r.value) : null;
}
