/**
 * The compact club row of `search_clubs`: what a model needs to choose a
 * club, under the names every other surface uses, derived from the public
 * club schema. Rows are kept per club in a bounded memo of the snapshot, so
 * a page of clubs listed before reads nothing from SQLite.
 *
 * @example
 * ```ts ignore
 * import { compactRows } from "./club_rows.ts";
 * compactRows(store, [0, 1], "https://clubs.example")[0]?.url; // "https://clubs.example/clubs/…"
 * ```
 * @module
 */
import { z } from "zod";
import { PublicClubSchema } from "../../core/schema/mod.ts";
import { type ClubRecord, clubUrl, type PublicClub } from "../../core/club/mod.ts";
import type { ClubStore } from "../../core/store/mod.ts";

/** The fields of a compact row. `url` leads to the full profile (get_club). */
export const COMPACT_FIELDS = [
  "name",
  "city",
  "state",
  "country",
  "type",
  "waitlist_status",
  "url",
] as const;

const compactMask = Object.fromEntries(COMPACT_FIELDS.map((f) => [f, true])) as {
  [K in typeof COMPACT_FIELDS[number]]: true;
};

/**
 * A club row: the compact fields, and with `detail` every other public field
 * too (so the schema lets further properties through; get_club's output
 * schema describes them).
 */
export const ClubRowSchema = z.looseObject(PublicClubSchema.pick(compactMask).shape);

/** A compact row. */
export type ClubRow = Pick<PublicClub, typeof COMPACT_FIELDS[number]>;

/** A compact row before its link, which depends on the request's site root. */
type RowBase = Pick<ClubRecord, Exclude<typeof COMPACT_FIELDS[number], "url"> | "slug">;

/** What the compact rows of recently listed clubs may hold, per snapshot. */
const ROWS_BYTES = 1024 * 1024;

/** The record fields a row is made of: the compact fields but the link, and the slug for it. */
const BASE_FIELDS = [...COMPACT_FIELDS.filter((f) => f !== "url"), "slug"] as (keyof RowBase)[];

function rowBase(r: ClubRecord): RowBase {
  return Object.fromEntries(BASE_FIELDS.map((f) => [f, r[f]])) as RowBase;
}

/**
 * The compact rows of the clubs at `ranks`, in order. Rows are kept per
 * club (a bounded memo of the snapshot), so a page of clubs listed before
 * reads nothing from SQLite; reading full records was a fifth of a call.
 */
export function compactRows(
  store: ClubStore,
  ranks: readonly number[],
  baseUrl: string,
): ClubRow[] {
  const memo = store.memo<number, RowBase>("mcp.rows", ROWS_BYTES);
  const missing = ranks.filter((r) => memo.get(r) === undefined);
  const read = new Map<number, RowBase>();
  store.records(missing).forEach((record, i) => {
    const base = rowBase(record);
    read.set(missing[i]!, base);
    memo.set(missing[i]!, base);
  });
  return ranks.map((rank) => {
    const { slug, ...row } = read.get(rank) ?? memo.get(rank)!;
    return { ...row, url: clubUrl(baseUrl, slug) };
  });
}
