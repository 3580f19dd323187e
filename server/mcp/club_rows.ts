/**
 * The club rows of `search_clubs` and the profile of `get_club`, derived from
 * the public club schema. A compact row is what a model needs to choose a
 * club, under the names every other surface uses; rows are kept per club in
 * a bounded memo of the snapshot, so a page of clubs listed before reads
 * nothing from SQLite.
 *
 * Links are right or absent: a server that knows its site's address (HTTP
 * always; stdio with `--base-url` or `CLUBDIR_BASE_URL`) gives each club its
 * profile `url`; one that does not (stdio without either) gives none, and a
 * compact row then carries the `slug` instead, which `get_club` takes as well.
 *
 * @example
 * ```ts ignore
 * import { compactRows } from "./club_rows.ts";
 * compactRows(store, [0, 1], "https://clubs.example")[0]?.url; // "https://clubs.example/clubs/…"
 * compactRows(store, [0, 1], null)[0]?.slug; // "…", and no url
 * ```
 * @module
 */
import { z } from "zod";
import { PublicClubSchema } from "../../core/schema/mod.ts";
import { type ClubRecord, clubUrl, toPublicClub } from "../../core/club/mod.ts";
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

/** The compact fields every row has, whether or not the server knows its site. */
const ALWAYS = COMPACT_FIELDS.filter((f) => f !== "url");
const always = Object.fromEntries(ALWAYS.map((f) => [f, true])) as {
  [K in typeof ALWAYS[number]]: true;
};

/**
 * A club's public profile (get_club, and the rows of `detail: true`): every
 * public field; `url` only when the server knows its site's address.
 */
export const ClubProfileSchema = PublicClubSchema.extend({
  url: PublicClubSchema.shape.url.optional(),
});

/** A public profile, with its link when the server knows its site. */
export type ClubProfile = z.infer<typeof ClubProfileSchema>;

/**
 * A compact row: the compact fields, with `url` when the server knows its
 * site's address, else `slug` (see the module documentation).
 */
export const CompactRowSchema = z.strictObject({
  ...PublicClubSchema.pick(always).shape,
  url: PublicClubSchema.shape.url.optional(),
  slug: PublicClubSchema.shape.slug.optional(),
});

/** A row of `search_clubs`: compact by default, the full profile with `detail: true`. */
export const ClubRowSchema = z.union([CompactRowSchema, ClubProfileSchema]);

/** A compact row. */
export type ClubRow = z.infer<typeof CompactRowSchema>;

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
 * The compact rows of the clubs at `ranks`, in order, linked under
 * `baseUrl` (null: no links, the slug instead). Rows are kept per club (a
 * bounded memo of the snapshot), so a page of clubs listed before reads
 * nothing from SQLite; reading full records was a fifth of a call.
 */
export function compactRows(
  store: ClubStore,
  ranks: readonly number[],
  baseUrl: string | null,
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
    return baseUrl === null ? { ...row, slug } : { ...row, url: clubUrl(baseUrl, slug) };
  });
}

/** A club's public profile, linked under `baseUrl`; null: no `url` at all. */
export function clubProfile(record: ClubRecord, baseUrl: string | null): ClubProfile {
  if (baseUrl !== null) return toPublicClub(record, baseUrl);
  const { url: _, ...profile } = toPublicClub(record, "");
  return profile;
}

/**
 * What a result without links says about them, after its data: why there
 * are none and how to have them (for a model, and for whoever reads along).
 */
export const NO_LINKS =
  "No profile links: this MCP server was started without --base-url, so it does not know the " +
  "site's address. get_club takes a club's slug. For links, start it with --base-url and the " +
  "site's address (e.g. --base-url http://127.0.0.1:8000 for a local main.ts serve).";
