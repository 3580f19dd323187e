/**
 * The Club field names and enum values as plain constants. The zod schemas
 * in club.ts are built from (and type-checked against) these lists; code on
 * start-up-sensitive paths (the `query` command, the REST hot path) reads
 * them from here so it does not load zod.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CLUB_FIELDS } from "./fields.ts";
 * assert.deepStrictEqual(CLUB_FIELDS[0], "id");
 * ```
 * @module
 */

/** Every stored Club field (docs/api.md#clublist-club-and-feeview minus `fee_views`), in spec order. */
export const CLUB_FIELDS = [
  "id",
  "name",
  "slug",
  "city",
  "state",
  "country",
  "type",
  "status",
  "verified",
  "hero_image_url",
  "initiation_fee",
  "annual_dues",
  "monthly_dues",
  "fee_tier",
  "waitlist_status",
  "holes",
  "par",
  "yardage",
  "course_architect",
  "founded_year",
  "opened_year",
  "currency",
  "amenities",
  "description",
  "google_rating",
  "google_review_count",
] as const;

/** One stored Club field name. */
export type ClubField = typeof CLUB_FIELDS[number];

/** The fields that carry fee figures; hidden from anyone but members. */
export const FEE_FIGURE_FIELDS = ["initiation_fee", "annual_dues", "monthly_dues"] as const;

/** Fields MCP never returns: fee figures, the fee tier and the fee currency. */
export const FEE_FIELDS = [
  ...FEE_FIGURE_FIELDS,
  "fee_tier",
  "currency",
] as const satisfies readonly ClubField[];

/** Waitlist values a listing may store (docs/api.md#clublist-club-and-feeview). */
export const WAITLIST_VALUES = [
  "open",
  "waitlist",
  "by_invitation",
  "invite_only",
  "closed",
  "unknown",
] as const;

/** Where a club's fees come from (docs/api.md#clublist-club-and-feeview). */
export const FEE_TIERS = ["verified", "estimate", "none"] as const;

/** What a caller may see of fees, per response (docs/api.md#fee-visibility). */
export const FEE_ACCESS = ["locked", "band", "exact"] as const;

/** Kinds of a single fee view (docs/api.md#clublist-club-and-feeview FeeView). */
export const FEE_VIEW_KINDS = ["none", "locked", "band", "exact"] as const;

/** Facets a search can count by (REST `facets`, MCP, `query --facets`, the website). */
export const FACET_NAMES = ["type", "country", "state", "waitlist"] as const;
