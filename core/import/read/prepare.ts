/**
 * A valid club made ready to store, in the parse worker: the row rules
 * applied (quality.ts), a slug derived when the row has none and the search
 * keys computed ({@link prepareClub}). The importing thread finishes it
 * (club_row.ts). Nothing here loads the ISO 3166 tables, so the worker
 * starts without them.
 *
 * @example
 * ```ts ignore
 * import { prepareClub } from "./prepare.ts";
 * const { keys, values } = prepareClub(value, 2, 2026); // keys follow INSERT_COLUMNS
 * ```
 * @module
 */
import { CLUB_FIELDS, type ClubRecord } from "../../schema/club.ts";
import { fold } from "../../model/fold.ts";
import { slugify } from "../../model/slug.ts";
import { normalizeType } from "../../model/types.ts";
import { cityKey } from "../../search/key_index.ts";
import { CLUB_KEY_COLUMNS } from "../../store/layout.ts";
import { checkClub, type RowWarning } from "./quality.ts";

/** `clubs` columns in insert order: bookkeeping, search keys, then the Club fields. */
export const INSERT_COLUMNS = [
  "line",
  "derived_slug",
  ...CLUB_KEY_COLUMNS,
  ...CLUB_FIELDS,
] as const;

/** Key columns before the Club fields in {@link INSERT_COLUMNS}. */
export const KEY_CELLS = INSERT_COLUMNS.length - CLUB_FIELDS.length;

/** Cells of one prepared row: its key columns, then its Club field values. */
export const ROW_CELLS = INSERT_COLUMNS.length;

/** SQLite values of one row, in {@link INSERT_COLUMNS} order. */
export type RowParams = (string | number | null)[];

/** The bookkeeping and key columns of a row (the first eight of {@link INSERT_COLUMNS}). */
export type RowKeys = [
  number,
  number,
  string,
  string | null,
  string | null,
  string | null,
  string,
  string | null,
];

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
  // The place keys are settled by the importing thread (club_row.ts).
  const keys: RowKeys = [
    line,
    derived ? 1 : 0,
    fold(record.name),
    record.type === null ? null : normalizeType(record.type),
    null,
    null,
    record.waitlist_status ?? "unknown",
    record.city === null ? null : cityKey(record.city),
  ];
  return { keys, values: CLUB_FIELDS.map((f) => record[f]), warnings };
}
