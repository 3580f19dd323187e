/**
 * `search_clubs`: the REST search (spec §4.1) as an MCP tool, sized for a
 * model's context. Arguments go through the same `parseSearch` as
 * `GET /api/v1/clubs`, so they are accepted and rejected exactly as there;
 * what differs is the page size (10 by default, at most 50) and the rows:
 * compact unless `detail` asks for the full profiles.
 *
 * @module
 */
import { z } from "zod";
import { PublicClubSchema, WAITLIST_VALUES } from "../../../core/schema/mod.ts";
import {
  findPage,
  parseSearch,
  type SearchError,
  type SearchErrorCode,
} from "../../../core/search/mod.ts";
import {
  type ClubRecord,
  clubUrl,
  PROBLEMS,
  toPublicClub,
  TYPE_ALIASES,
  TYPE_GROUPS,
} from "../../../core/model/mod.ts";
import { READ_ONLY, result, type Tool, toolError, withStore } from "../tool.ts";

/** Page size when none is sent: ten compact rows are about 2 KB of JSON. */
export const TOOL_DEFAULT_LIMIT = 10;
/** Largest page of compact rows (about 10 KB); larger values count as this. */
export const TOOL_MAX_LIMIT = 50;
/** Largest page of full profiles (about 1 KB each); larger values count as this. */
export const TOOL_MAX_DETAIL_LIMIT = 10;

/**
 * The fields of a compact row: what a model needs to choose a club, under the
 * names every other surface uses. `url` leads to the full profile (get_club).
 */
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

// Any number or string reaches parseSearch, so "0", 1.5 or "x" (or an
// unknown waitlist value) get the search's own wording rather than a schema
// error. `meta` only shapes the advertised JSON Schema (integers from 1,
// digit strings, the waitlist values) as single-type `anyOf` branches, which
// every client can map.
const wholeNumber = z.union([
  z.number().meta({ type: "integer", minimum: 1 }),
  z.string().meta({ pattern: "^[0-9]+$" }),
]);

/** The type groups as the description states them, from the one table search uses. */
const GROUPS = [
  ...Object.entries(TYPE_GROUPS).map(([name, types]) =>
    `${name} (+${types.filter((t) => t !== name).join(", ")})`
  ),
  ...Object.entries(TYPE_ALIASES).map(([alias, name]) => `${alias} = ${name}`),
].join(", ");

/** Arguments of `search_clubs`. */
export const inputSchema = z.object({
  q: z.string().optional().describe("Part of the name; any case or accents."),
  type: z.string().optional().describe(`Club type (list_club_types). Groups: ${GROUPS}.`),
  country: z.string().optional().describe('Name or ISO code ("GB"); omit for all.'),
  state: z.string().optional().describe(
    'Region name or code ("FL"); searches US and Canada unless country is sent.',
  ),
  waitlist: z.union([
    z.array(z.string().meta({ enum: [...WAITLIST_VALUES] })),
    z.string(),
  ]).optional().describe(
    'Array or "open,waitlist"; by_invitation includes invite_only.',
  ),
  page: wholeNumber.optional().describe("From 1."),
  limit: wholeNumber.optional().describe(
    `Default ${TOOL_DEFAULT_LIMIT}, max ${TOOL_MAX_LIMIT} (${TOOL_MAX_DETAIL_LIMIT} with detail).`,
  ),
  detail: z.boolean().optional().describe("Full profiles (get_club's fields) instead of rows."),
});

/** Result of `search_clubs`. */
export const outputSchema = z.object({
  clubs: z.array(ClubRowSchema).describe("This page, sorted by name."),
  total: z.int().min(0).meta({ maximum: undefined }).describe("Matches across all pages."),
  page: z.int().min(1).meta({ maximum: undefined }),
  limit: z.int().min(1).max(TOOL_MAX_LIMIT),
  has_more: z.boolean(),
  next_page: z.int().min(2).meta({ maximum: undefined }).nullable().describe(
    "The page argument for the next page; null on the last.",
  ),
});

/** The tool's rewording of the search errors: MCP arguments, not REST query strings. */
const HINTS: Partial<Record<SearchErrorCode, string>> = {
  invalid_page: "Send page as a whole number from 1, or leave it out for the first page.",
  invalid_limit: `Send limit as a whole number from 1 to ${TOOL_MAX_LIMIT}, ` +
    `or leave it out for ${TOOL_DEFAULT_LIMIT}.`,
  invalid_waitlist: `Send waitlist as one or more of ${WAITLIST_VALUES.join(", ")}: ` +
    '["open", "waitlist"] or "open,waitlist".',
};

/** A rejected argument as one line: the problem's title, what was wrong, how to fix it. */
export function searchErrorText(e: SearchError): string {
  // The REST detail quotes REST's maximum; here larger values are simply clamped.
  const detail = e.code === "invalid_limit"
    ? `Limit "${e.value}" is not a whole number from 1`
    : e.detail;
  return `${PROBLEMS[e.code].title}: ${detail}. ${HINTS[e.code] ?? `Check ${e.param}.`}`;
}

/** The compact row of a club. */
export function compactRow(record: ClubRecord, baseUrl: string): z.infer<typeof ClubRowSchema> {
  return {
    name: record.name,
    city: record.city,
    state: record.state,
    country: record.country,
    type: record.type,
    waitlist_status: record.waitlist_status,
    url: clubUrl(baseUrl, record.slug),
  };
}

/** One line per club: its name, where it is, and its link. */
function listing(clubs: z.infer<typeof ClubRowSchema>[]): string {
  return clubs.map((c) => {
    const place = [c.city, c.state, c.country].filter((p) => p).join(", ");
    return `- ${c.name}${place ? ` (${place})` : ""} ${c.url}`;
  }).join("\n");
}

/**
 * The text content: a summary a model can act on without structuredContent
 * (names, places, links, how to page on), much shorter than the rows.
 */
export function summary(
  clubs: z.infer<typeof ClubRowSchema>[],
  total: number,
  page: number,
  limit: number,
): string {
  if (total === 0) return "No club matches these arguments.";
  if (clubs.length === 0) {
    return `No clubs on page ${page}: ${total} match, so the last page is ${
      Math.ceil(total / limit)
    }.`;
  }
  const first = (page - 1) * limit + 1;
  const last = first + clubs.length - 1;
  const more = last < total ? ` Next: page ${page + 1}.` : "";
  return `${total} clubs match; ${first}-${last} sorted by name.${more}\n${listing(clubs)}`;
}

/** The `search_clubs` tool. */
export const searchClubs: Tool<typeof inputSchema, typeof outputSchema> = {
  name: "search_clubs",
  config: {
    title: "Search clubs",
    description:
      "Find private membership clubs by name, type, place and waitlist status; arguments combine " +
      "(AND), results sorted by name. Rows: name, city, state, country, type, waitlist_status, " +
      "url (get_club takes it). total counts all matches; if has_more, repeat with " +
      "page: next_page. No fees.",
    inputSchema,
    outputSchema,
    annotations: READ_ONLY,
  },
  handler(ctx, { detail = false, ...filters }) {
    // Empty counts as not sent, as in REST.
    const noLimit = filters.limit === undefined || String(filters.limit).trim() === "";
    const parsed = parseSearch(noLimit ? { ...filters, limit: TOOL_DEFAULT_LIMIT } : filters);
    if (!parsed.ok) return toolError(searchErrorText(parsed.error));
    const max = detail ? TOOL_MAX_DETAIL_LIMIT : TOOL_MAX_LIMIT;
    const query = { ...parsed.value, limit: Math.min(parsed.value.limit, max) };
    return withStore(ctx, (store) => {
      const page = findPage(store, query);
      const records = store.records(page.ranks);
      const clubs = records.map((r) =>
        detail ? toPublicClub(r, ctx.baseUrl) : compactRow(r, ctx.baseUrl)
      );
      const hasMore = page.page * page.limit < page.total;
      const value = {
        clubs,
        total: page.total,
        page: page.page,
        limit: page.limit,
        has_more: hasMore,
        next_page: hasMore ? page.page + 1 : null,
      };
      return result(value, summary(clubs, page.total, page.page, page.limit));
    });
  },
};
