/**
 * A valid club made ready to store, in the parse worker: places settled and
 * warned about (quality.ts), a slug derived when the row has none, the
 * search keys computed, and the JSON an anonymous caller is sent. The
 * importing thread then only inserts what it gets.
 *
 * @example
 * ```ts ignore
 * import { INSERT_COLUMNS, prepareClub } from "./prepare.ts";
 * const { params, json, warnings } = prepareClub(value, 2, 2026);
 * insert.run(...params); // params follow INSERT_COLUMNS
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

/** A club ready to insert. */
export interface PreparedClub {
  params: RowParams;
  /** The club as an anonymous caller sees it, as ASCII JSON. */
  json: string;
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
  const { club, countryKey, stateKey, warnings } = checkClub(value, line, year);
  const derived = club.slug === null;
  const record = (derived ? { ...club, slug: slugify(club.name, club.city) } : club) as ClubRecord;
  const params: RowParams = [
    line,
    derived ? 1 : 0,
    fold(record.name),
    record.type === null ? null : normalizeType(record.type),
    countryKey,
    stateKey,
    record.waitlist_status ?? "unknown",
    ...recordToColumns(record),
  ];
  return { params, json: asciiJson(toApiClub(record, "locked")), warnings };
}
