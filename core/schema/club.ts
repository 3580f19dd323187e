/**
 * The Club record, defined once. Every other shape is derived from these zod
 * schemas: TypeScript types, CSV validation, the OpenAPI document and the MCP
 * tool schemas.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ClubRecordSchema } from "./club.ts";
 * assert.equal(ClubRecordSchema.shape.waitlist_status.parse("open"), "open");
 * assert.equal(ClubRecordSchema.shape.waitlist_status.safeParse("maybe").success, false);
 * ```
 * @module
 */
import { z } from "zod";
import { SuggestionsSchema } from "./search.ts";

import {
  CLUB_FIELDS,
  type ClubField,
  FACET_NAMES,
  FEE_ACCESS,
  FEE_FIELDS,
  FEE_FIGURE_FIELDS,
  FEE_TIERS,
  FEE_VIEW_KINDS,
  WAITLIST_VALUES,
} from "../model/fields.ts";

export { CLUB_FIELDS, FEE_ACCESS, FEE_FIGURE_FIELDS, FEE_TIERS, FEE_VIEW_KINDS, WAITLIST_VALUES };

/** The waitlist enum. */
export const WaitlistSchema = z.enum(WAITLIST_VALUES);
/** The fee tier enum. */
export const FeeTierSchema = z.enum(FEE_TIERS);
/** The fee access enum. */
export const FeeAccessSchema = z.enum(FEE_ACCESS).describe(
  "What this caller may see of fees: `locked` (no session), `band` (free account) or `exact` (paying member).",
);

const text = z.string().min(1);
const count = z.int().min(0).max(2_147_483_647);
const money = z.number().min(0).max(1e12);

/**
 * One club as stored: every field of docs/api.md#clublist-club-and-feeview except `fee_views`, which is
 * computed per caller. Fee figures are stored here and hidden on the way out.
 */
export const ClubRecordSchema = z.object(
  {
    id: z.uuid().describe("The club's id."),
    name: text.max(300).describe("The club's name."),
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(200).describe(
      "Identifier used in profile links and MCP tool arguments.",
    ),
    city: text.max(200).nullable(),
    state: text.max(200).nullable().describe(
      "State, province or region, as a full name.",
    ),
    country: text.max(200).nullable().describe("Country, as a full name."),
    type: z.string().regex(/^[a-z][a-z0-9_]*$/).max(60).nullable().describe(
      "Stored club type, such as `golf` or `country_club`.",
    ),
    status: z.string().regex(/^[a-z][a-z0-9_]*$/).max(60).nullable().describe(
      "Listing status on the site, such as `published`, `unclaimed` or `coming_soon`.",
    ),
    verified: z.boolean().nullable().describe(
      "Whether the listing is marked verified.",
    ),
    hero_image_url: z.url({ protocol: /^https?$/ }).max(2000).nullable()
      .describe("URL of the club's main image."),
    initiation_fee: money.nullable().describe(
      "Returned only to paying members for club-verified fees; null otherwise.",
    ),
    annual_dues: money.nullable().describe(
      "Same visibility as initiation_fee.",
    ),
    monthly_dues: money.nullable().describe(
      "Same visibility as initiation_fee.",
    ),
    fee_tier: FeeTierSchema.nullable().describe(
      "Where the club's fees come from. A label, never a figure.",
    ),
    waitlist_status: WaitlistSchema.nullable().describe(
      "`by_invitation` and `invite_only` both mean membership is by invitation; `unknown` or null means the listing does not say.",
    ),
    holes: z.int().min(1).max(200).nullable(),
    par: z.int().min(1).max(1000).nullable(),
    yardage: z.int().min(1).max(100_000).nullable().describe(
      "Course length in yards.",
    ),
    course_architect: text.max(300).nullable(),
    founded_year: z.int().min(1000).max(2200).nullable(),
    opened_year: z.int().min(1000).max(2200).nullable().describe(
      "For a `coming_soon` club, the year it expects to open.",
    ),
    currency: z.string().regex(/^[A-Z]{3}$/).describe(
      "Three-letter ISO 4217 code.",
    ),
    amenities: z.array(text.max(200)).max(200).nullable(),
    description: text.max(20_000).nullable().describe(
      "Editorial text about the club.",
    ),
    google_rating: z.number().min(0).max(5).nullable(),
    google_review_count: count.nullable(),
  } satisfies Record<ClubField, z.ZodType>,
);

/** One stored club. */
export type ClubRecord = z.infer<typeof ClubRecordSchema>;

/** One fee as a given caller may see it (docs/api.md#clublist-club-and-feeview FeeView). */
export const FeeViewSchema = z.object({
  kind: z.enum(FEE_VIEW_KINDS).describe(
    "`none`: no figure on file. `locked`: a figure exists but this caller may not see it. `band`: a range. `exact`: the club-verified figure.",
  ),
  label: z.string().optional().describe(
    "The range or the figure as text; present for `band` and `exact`.",
  ),
  estimate: z.boolean().optional().describe(
    "Present for `band`: true when the figure behind the range is an estimate.",
  ),
});

/** One fee view. */
export type FeeView = z.infer<typeof FeeViewSchema>;

/** The four fee views of a club. */
export const FeeViewsSchema = z.object({
  initiation: FeeViewSchema,
  annual: FeeViewSchema,
  monthly: FeeViewSchema,
  firstYear: FeeViewSchema,
}).describe("Fees as this caller may see them.");

/** The four fee views of a club. */
export type FeeViews = z.infer<typeof FeeViewsSchema>;

/** A club as the REST API returns it: the record plus `fee_views`. */
export const ClubSchema = ClubRecordSchema.extend({
  fee_views: FeeViewsSchema,
});

/** A club as the REST API returns it. */
export type Club = z.infer<typeof ClubSchema>;

/** Facet counts (REST `facets=`): per requested facet, filter value → clubs it would return. */
export const FacetsSchema = z.object(
  Object.fromEntries(
    FACET_NAMES.map((f) => [f, z.record(z.string(), z.int().min(1)).optional()]),
  ) as Record<typeof FACET_NAMES[number], z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodInt>>>,
).describe(
  "Present when `facets` is sent: for each facet asked for, each value (as the filter accepts it) and the `total` that setting that filter to it would return, every other filter kept (`country` counts also drop `state`). Values with no club are left out; most clubs first.",
);

/** Body of a 200 from `GET /api/v1/clubs`. */
export const ClubListSchema = z.object({
  clubs: z.array(ClubSchema).describe(
    "Clubs on this page. Empty when the page is past the last one.",
  ),
  total: z.int().min(0).describe(
    "Clubs matching the filters across all pages.",
  ),
  fee_access: FeeAccessSchema,
  suggestions: SuggestionsSchema.optional(),
  facets: FacetsSchema.optional(),
});

/** Body of a 200 from `GET /api/v1/clubs`. */
export type ClubList = z.infer<typeof ClubListSchema>;

/** A club as MCP returns it: no fee figure, band, tier or currency, plus its profile link. */
export const PublicClubSchema = ClubRecordSchema.omit(
  Object.fromEntries(FEE_FIELDS.map((f) => [f, true])) as Record<typeof FEE_FIELDS[number], true>,
).extend({
  url: z.url().describe("The club's profile page."),
});

/** A club as MCP returns it. */
export type PublicClub = z.infer<typeof PublicClubSchema>;
