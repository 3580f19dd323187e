/**
 * A valid club made ready to store: in the parse worker, the row rules
 * applied (quality.ts), a slug derived when the row has none and the
 * search keys computed ({@link prepareClub}); in the importing thread, which
 * has time to spare while the worker parses, the place settled (places.ts),
 * the columns, the digest and the JSON an anonymous caller is sent
 * ({@link clubRow}).
 *
 * @example
 * ```ts ignore
 * import { clubRow, prepareClub } from "./prepare.ts";
 * const { keys, values } = prepareClub(value, 2, 2026);
 * const { params, json } = clubRow(keys, values); // params follow INSERT_COLUMNS
 * ```
 * @module
 */
import { CLUB_FIELDS, type ClubRecord } from "../schema/club.ts";
import { fold } from "../model/fold.ts";
import { asciiJson } from "../model/json.ts";
import { toApiClub } from "../model/render.ts";
import { slugify } from "../model/slug.ts";
import { normalizeType } from "../model/types.ts";
import { recordToColumns } from "../store/rows.ts";
import { checkClub, type RowWarning } from "./quality.ts";
import { settlePlace } from "./places.ts";

/** `clubs` columns in insert order: bookkeeping, search keys, then the Club fields. */
export const INSERT_COLUMNS = [
  "line",
  "derived_slug",
  "name_fold",
  "type_key",
  "country_key",
  "state_key",
  "waitlist_key",
  ...CLUB_FIELDS,
] as const;

/** SQLite values of one row, in {@link INSERT_COLUMNS} order. */
export type RowParams = (string | number | null)[];

/** The bookkeeping and key columns of a row (the first seven of {@link INSERT_COLUMNS}). */
export type RowKeys = [number, number, string, string | null, string | null, string | null, string];

/** A club's field values in CLUB_FIELDS order, slug settled. */
export type RowValues = ClubRecord[keyof ClubRecord][];

/** A club ready to insert. */
export interface PreparedClub {
  keys: RowKeys;
  values: RowValues;
  warnings: RowWarning[];
}

/**
 * Prepares a valid club (slug null when the row had none) read on `line`;
 * `year` is the current year, for the coming_soon rule.
 *
 * @example
 * ```ts ignore
 * import { prepareClub } from "./prepare.ts";
 * prepareClub({ ...club, slug: null }, 2, 2026).params[1]; // 1: the slug was derived
 * ```
 */
export function prepareClub(
  value: Omit<ClubRecord, "slug"> & { slug: string | null },
  line: number,
  year: number,
): PreparedClub {
  const warnings = checkClub(value, line, year);
  const derived = value.slug === null;
  const record =
    (derived ? { ...value, slug: slugify(value.name, value.city) } : value) as ClubRecord;
  // The place keys are settled by the importing thread (see clubRow).
  const keys: RowKeys = [
    line,
    derived ? 1 : 0,
    fold(record.name),
    record.type === null ? null : normalizeType(record.type),
    null,
    null,
    record.waitlist_status ?? "unknown",
  ];
  return { keys, values: CLUB_FIELDS.map((f) => record[f]), warnings };
}

const COUNTRY = CLUB_FIELDS.indexOf("country");
const STATE = CLUB_FIELDS.indexOf("state");

/**
 * The insert values, the anonymous JSON and the digest of a prepared club,
 * with its place settled (places.ts) and the warnings about it.
 *
 * @example
 * ```ts ignore
 * import { clubRow } from "./prepare.ts";
 * const { params, json, warnings } = clubRow(keys, values);
 * ```
 */
export function clubRow(
  keys: RowKeys,
  values: RowValues,
): { params: RowParams; json: string; digest: number; warnings: RowWarning[] } {
  const place = settlePlace(values[COUNTRY] as string | null, values[STATE] as string | null);
  keys[4] = place.countryKey;
  keys[5] = place.stateKey;
  values[COUNTRY] = place.country;
  values[STATE] = place.state;
  const warnings = place.warnings.map((w) => ({ ...w, line: keys[0] }));
  const record = {} as Record<string, unknown>;
  for (let f = 0; f < CLUB_FIELDS.length; f++) record[CLUB_FIELDS[f]!] = values[f];
  const club = record as ClubRecord;
  const columns = recordToColumns(club);
  return {
    warnings,
    params: [...keys, ...columns],
    json: asciiJson(toApiClub(club, "locked")),
    digest: digestOf(columns),
  };
}

/**
 * A 53-bit digest of a club's stored values (cyrb53), so that what changed
 * between two snapshots is found by comparing one number per club. Null and
 * the empty string differ; a collision (2^-53 per club) would hide a change.
 *
 * @example
 * ```ts
 * import { digestOf } from "./prepare.ts";
 * digestOf(["a", null]) !== digestOf(["a", ""]); // true
 * ```
 */
export function digestOf(columns: readonly (string | number | null)[]): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const v of columns) {
    const text = v === null ? "\u0000" : typeof v === "number" ? `#${v}` : v;
    for (let i = 0; i <= text.length; i++) {
      // The separator after each value keeps ["ab", "c"] apart from ["a", "bc"].
      const ch = i < text.length ? text.charCodeAt(i) : 0x1f;
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
