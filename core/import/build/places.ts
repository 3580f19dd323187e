/**
 * Places settled at import: a country or region given as a code is stored
 * as the full English name the API promises ("JP" as "Japan", "ON" as
 * "Ontario"), an unknown one is kept as written, each with a warning, and
 * the search keys of both are computed (ISO 3166 codes where known). The
 * importing thread applies it, so the ISO data loads there while the parse
 * worker starts.
 *
 * @example
 * ```ts ignore
 * import { settlePlace } from "./places.ts";
 * const p = settlePlace("JP", null);
 * p.country; // "Japan"
 * p.countryKey; // "JP"
 * p.warnings[0].rule; // "country_code"
 * ```
 * @module
 */
import { foldKey } from "../../model/fold.ts";
import {
  countryName,
  resolveCountry,
  resolveSubdivision,
  subdivisionName,
  subdivisionsOf,
} from "../../places/geo.ts";
import { nameOnlyKey } from "../../places/resolve.ts";
import type { RowWarning } from "../read/quality.ts";

/** Country and region as stored, their search keys, and what was said about them. */
export interface Place {
  country: string | null;
  state: string | null;
  countryKey: string | null;
  stateKey: string | null;
  warnings: Omit<RowWarning, "line">[];
}

// Listings repeat a few hundred places: each is settled once.
const places = new Map<string, Place>();

const looksLikeCountryCode = (s: string) => /^[A-Za-z]{2,3}$/.test(s);
const looksLikeRegionCode = (s: string) => /^(?:[A-Za-z]{2}-)?[A-Za-z0-9]{1,3}$/.test(s);

/**
 * Settles a listing's country and region (memoised: listings repeat a few
 * hundred places).
 *
 * @example
 * ```ts ignore
 * import { settlePlace } from "./places.ts";
 * settlePlace("Canada", "ON").state; // "Ontario"
 * ```
 */
export function settlePlace(country: string | null, state: string | null): Place {
  const memo = `${country}\u0000${state}`;
  const known = places.get(memo);
  if (known) return known;
  const place: Place = { country, state, countryKey: null, stateKey: null, warnings: [] };
  const code = country === null ? null : resolveCountry(country);
  if (country !== null) {
    place.countryKey = code ?? nameOnlyKey(country);
    if (code === null) {
      place.warnings.push({
        rule: "unknown_country",
        key: `country:${foldKey(country)}`,
        column: "country",
        value: country,
        message:
          `"${country}" is not a country we know (ISO 3166 names and codes are): stored as written, and found only by this exact name`,
      });
    } else if (looksLikeCountryCode(country) && countryName(code) !== country) {
      place.country = countryName(code);
      place.warnings.push({
        rule: "country_code",
        key: `country:${country}`,
        column: "country",
        value: country,
        message: `"${country}" is a country code: stored as "${place.country}"`,
      });
    }
  }
  if (state !== null) {
    const sub = code === null ? null : resolveSubdivision(state, [code]);
    place.stateKey = sub ?? nameOnlyKey(state);
    if (sub !== null && looksLikeRegionCode(state) && subdivisionName(sub) !== state) {
      place.state = subdivisionName(sub);
      place.warnings.push({
        rule: "region_code",
        key: `state:${code}:${state}`,
        column: "state",
        value: state,
        message: `"${state}" is a region code of ${place.country}: stored as "${place.state}"`,
      });
    } else if (sub === null && code !== null && subdivisionsOf(code).length > 0) {
      place.warnings.push({
        rule: "unknown_region",
        key: `state:${code}:${foldKey(state)}`,
        column: "state",
        value: state,
        message:
          `"${state}" is not a region of ${place.country} we know (ISO 3166-2 names and codes are): stored as written, and found only by this exact name`,
      });
    }
  }
  // Bounded: a file of endless distinct places must not grow the memo forever.
  if (places.size >= 10_000) places.clear();
  places.set(memo, place);
  return place;
}
