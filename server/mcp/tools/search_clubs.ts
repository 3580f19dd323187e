/**
 * `search_clubs`: the REST search (spec §4.1) as an MCP tool. Arguments go
 * through the same `parseSearch` as `GET /api/v1/clubs`, so they are accepted
 * and rejected exactly as there, with the same error wording.
 *
 * @module
 */
import { z } from "zod";
import { PublicClubSchema, WAITLIST_VALUES } from "../../../core/schema/mod.ts";
import { findPage, MAX_LIMIT, parseSearch } from "../../../core/search/mod.ts";
import { toPublicClub, TYPE_ALIASES, TYPE_GROUPS } from "../../../core/model/mod.ts";
import { problemText, READ_ONLY, result, type Tool, toolError, withStore } from "../tool.ts";

// Any number or string reaches parseSearch, so "0", 1.5 or "x" get the REST
// problem wording rather than a schema error. `meta` only shapes the
// advertised JSON Schema (integers from 1, digit strings, the waitlist
// values), as single-type `anyOf` branches, which every client can map.
const wholeNumber = z.union([
  z.number().meta({ type: "integer", minimum: 1 }),
  z.string().meta({ pattern: "^[0-9]+$" }),
]);

/**
 * Page size when none is sent. REST's default of 50 full profiles is about
 * 100 KB of JSON, too much for a model's context; everything else is REST's.
 */
export const TOOL_DEFAULT_LIMIT = 10;

/** The type groups as the description states them, from the one table search uses. */
const GROUPS = [
  ...Object.entries(TYPE_GROUPS).map(([name, types]) => `${name} = ${types.join(" + ")}`),
  ...Object.entries(TYPE_ALIASES).map(([alias, name]) => `${alias} reads as ${name}`),
].join("; ");

/** Arguments of `search_clubs`. */
export const inputSchema = z.object({
  q: z.string().optional().describe(
    'Part of the club name, any case, accents optional: "pine valley", "royal", "zurich".',
  ),
  type: z.string().optional().describe(
    'Club type: "golf", "country_club", "tennis", "yacht", "cigar", … (a hyphen reads as an underscore). ' +
      `Some names cover a group: ${GROUPS}. list_club_types lists every type with its count.`,
  ),
  country: z.string().optional().describe(
    'Country by English name or ISO code: "GB", "GBR" and "United Kingdom" are the same. ' +
      'Leave it out (or send "all") for every country. list_locations lists countries with their codes.',
  ),
  state: z.string().optional().describe(
    'State, province or region by name or code: "FL" and "Florida" are the same. Without country, ' +
      "only the United States and Canada are searched, so send country too for a region elsewhere " +
      '(state "NSW", country "AU"). list_locations with a country lists its regions.',
  ),
  waitlist: z.union([
    z.array(z.string().meta({ enum: [...WAITLIST_VALUES] })),
    z.string(),
  ]).optional().describe(
    `Membership availability, one or more of ${WAITLIST_VALUES.join(", ")}: ["open", "waitlist"] ` +
      'or "open,waitlist". by_invitation also matches invite_only; unknown also matches listings that say nothing.',
  ),
  page: wholeNumber.optional().describe(
    "Page number, a whole number from 1 (default 1). When the result has has_more: true, call again with page: next_page.",
  ),
  limit: wholeNumber.optional().describe(
    `Clubs per page, a whole number from 1 to ${MAX_LIMIT} (default ${TOOL_DEFAULT_LIMIT}; larger values ` +
      `count as ${MAX_LIMIT}). Each club is a full profile, so ask for more only when needed.`,
  ),
});

/** Result of `search_clubs`. */
export const outputSchema = z.object({
  clubs: z.array(PublicClubSchema).describe(
    "Clubs on this page, sorted by name. Empty when the page is past the last one.",
  ),
  total: z.int().min(0).describe("Clubs matching the filters across all pages."),
  page: z.int().min(1).describe("This page's number."),
  limit: z.int().min(1).max(MAX_LIMIT).describe("Clubs per page, as applied."),
  has_more: z.boolean().describe("True when later pages hold more matching clubs."),
  next_page: z.int().min(2).nullable().describe(
    "The page argument for the next page, or null on the last page.",
  ),
});

/** The `search_clubs` tool. */
export const searchClubs: Tool<typeof inputSchema, typeof outputSchema> = {
  name: "search_clubs",
  config: {
    title: "Search clubs",
    description:
      "Search the directory of private membership clubs by name, type, place and waitlist status. " +
      "All arguments are optional and combine (each club matches all of them); with none, the whole " +
      "directory comes back page by page, sorted by name. The result gives total (matches across all " +
      "pages), has_more and next_page: to read on, call again with the same filters and page: next_page. " +
      "Each club is its public profile plus url, the link to its profile page on the directory's website " +
      "(…/clubs/<slug>); get_club takes a slug. Fees, dues and their currency are never included.",
    inputSchema,
    outputSchema,
    annotations: READ_ONLY,
  },
  handler(ctx, args) {
    // Empty counts as not sent, as in REST.
    const noLimit = args.limit === undefined || String(args.limit).trim() === "";
    const parsed = parseSearch(noLimit ? { ...args, limit: TOOL_DEFAULT_LIMIT } : args);
    if (!parsed.ok) return toolError(problemText(ctx, parsed.error.code, parsed.error.detail));
    return withStore(ctx, (store) => {
      const page = findPage(store, parsed.value);
      const hasMore = page.page * page.limit < page.total;
      return result({
        clubs: store.records(page.ranks).map((r) => toPublicClub(r, ctx.baseUrl)),
        total: page.total,
        page: page.page,
        limit: page.limit,
        has_more: hasMore,
        next_page: hasMore ? page.page + 1 : null,
      });
    });
  },
};
