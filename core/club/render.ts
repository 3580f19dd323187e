/**
 * The shapes a stored club takes on the way out: the REST Club (with fees as
 * the caller may see them) and the public club MCP returns (no fees at all).
 *
 * @example
 * ```ts ignore
 * import { toApiClub } from "./render.ts";
 * const club = toApiClub(record, "locked"); // figures null, fee_views locked/none
 * ```
 * @module
 */
import type { Club, ClubRecord, PublicClub } from "../schema/mod.ts";
import { CLUB_FIELDS, FEE_FIELDS } from "../model/mod.ts";
import { type FeeAccess, feeViews, visibleFigures } from "./fees.ts";

/** The REST Club: every field of docs/api.md#clublist-club-and-feeview, in spec order, plus `fee_views`. */
export function toApiClub(record: ClubRecord, access: FeeAccess): Club {
  const out: Record<string, unknown> = {};
  for (const f of CLUB_FIELDS) out[f] = record[f];
  Object.assign(out, visibleFigures(record, access));
  out.fee_views = feeViews(record, access);
  return out as Club;
}

const HIDDEN: ReadonlySet<string> = new Set(FEE_FIELDS);
const PUBLIC_FIELDS = CLUB_FIELDS.filter((f) =>
  !HIDDEN.has(f)
) as (keyof PublicClub & keyof ClubRecord)[];

/**
 * The club as MCP shows it: no fee figure, band, tier or currency, plus the
 * profile link `{baseUrl}/clubs/{slug}`.
 */
export function toPublicClub(record: ClubRecord, baseUrl: string): PublicClub {
  const out: Record<string, unknown> = {};
  for (const f of PUBLIC_FIELDS) out[f] = record[f];
  out.url = clubUrl(baseUrl, record.slug);
  return out as PublicClub;
}

/** The profile link of a club. */
export function clubUrl(baseUrl: string, slug: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/clubs/${encodeURIComponent(slug)}`;
}
