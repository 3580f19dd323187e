/**
 * Data-quality rules that warn instead of rejecting: a row that breaks one
 * can still be served correctly, so it is imported (and `--strict` turns
 * the warning into an error). Rows that cannot be served correctly (wrong
 * types, a missing name, duplicate ids or slugs) are rejected elsewhere.
 *
 * Places are also settled here: a country or region given as a code is
 * stored as the full English name the API promises ("JP" as "Japan", "ON"
 * as "Ontario"), and the search keys of both are computed.
 *
 * @example
 * ```ts ignore
 * import { checkClub } from "./quality.ts";
 * const { record, warnings } = checkClub({ ...club, country: "JP" }, 2, 2026);
 * record.country; // "Japan"
 * warnings[0].rule; // "country_code"
 * ```
 * @module
 */
import type { ClubRecord } from "../schema/club.ts";
import { FEE_FIGURE_FIELDS } from "../model/fields.ts";
import { CLUB_TYPES, TYPE_GROUPS } from "../model/types.ts";
import { foldKey } from "../model/fold.ts";
import {
  countryName,
  resolveCountry,
  resolveSubdivision,
  subdivisionName,
  subdivisionsOf,
} from "../places/geo.ts";
import { nameOnlyKey } from "../places/resolve.ts";
import type { RowError } from "./csv_row.ts";

import { WARNING_RULES } from "./errors.ts";

export { WARNING_RULES };

/** One warning rule. */
export type WarningRule = keyof typeof WARNING_RULES;

/**
 * A row that breaks a warning rule. Rules about a value rather than a row
 * (a code, an unknown name) carry a `key`: they are listed once per
 * distinct value, with the number of rows.
 */
export interface RowWarning extends RowError {
  rule: WarningRule;
  key?: string;
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(CLUB_TYPES);
const GOLF_TYPES: ReadonlySet<string> = new Set(TYPE_GROUPS.golf);
const GOLF_FACTS = ["holes", "par", "yardage", "course_architect"] as const;

/** Country and region as stored, their search keys, and what was said about them. */
interface Place {
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

function settlePlace(country: string | null, state: string | null): Place {
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
  places.set(memo, place);
  return place;
}

/**
 * Applies the warning rules to a valid club (`year` is the current year):
 * the club as it is stored (places settled), its place keys, and the
 * warnings of its line.
 *
 * @example
 * ```ts ignore
 * import { checkClub } from "./quality.ts";
 * checkClub({ ...club, type: "golf_course" }, 7, 2026).warnings[0].rule; // "unknown_type"
 * ```
 */
export function checkClub<T extends ClubRecord | (Omit<ClubRecord, "slug"> & { slug: unknown })>(
  club: T,
  line: number,
  year: number,
): { club: T; countryKey: string | null; stateKey: string | null; warnings: RowWarning[] } {
  const warnings: RowWarning[] = [];
  const place = settlePlace(club.country, club.state);
  for (const w of place.warnings) warnings.push({ ...w, line });
  if (place.country !== club.country || place.state !== club.state) {
    club = { ...club, country: place.country, state: place.state };
  }
  if (club.type !== null && !KNOWN_TYPES.has(club.type)) {
    warnings.push({
      rule: "unknown_type",
      key: `type:${club.type}`,
      line,
      column: "type",
      value: club.type,
      message: `"${club.type}" is not a club type we know (${
        CLUB_TYPES.join(", ")
      }): stored as written, and found only by type=${club.type}`,
    });
  }
  if (club.type !== null && !GOLF_TYPES.has(club.type)) {
    const facts = GOLF_FACTS.filter((f) => club[f] !== null);
    if (facts.length) {
      warnings.push({
        rule: "golf_facts",
        line,
        column: facts[0]!,
        value: String(club[facts[0]!]),
        message: `${facts.join(", ")} on a club of type ${club.type}: golf facts belong to ${
          [...GOLF_TYPES].join(" and ")
        } clubs; imported as they are`,
      });
    }
  }
  if (club.status === "coming_soon" && club.opened_year !== null && club.opened_year < year) {
    warnings.push({
      rule: "opened_in_past",
      line,
      column: "opened_year",
      value: String(club.opened_year),
      message:
        `opened_year ${club.opened_year} is in the past for a coming_soon club (it is the year the club expects to open): imported as it is`,
    });
  }
  if (club.fee_tier !== "verified" && club.fee_tier !== "estimate") {
    if (FEE_FIGURE_FIELDS.some((f) => club[f] !== null)) {
      warnings.push({
        rule: "fee_figures_untiered",
        line,
        column: "fee_tier",
        value: club.fee_tier ?? "",
        message: `fee figures are present but fee_tier is ${
          club.fee_tier ?? "empty"
        }: imported, and shown to members only as estimated ranges, never as exact figures; set fee_tier to verified or estimate`,
      });
    }
  }
  return { club, countryKey: place.countryKey, stateKey: place.stateKey, warnings };
}
