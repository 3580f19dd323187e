/**
 * `list_changes`: the snapshot history (docs/data.md#snapshot-history) as an
 * MCP tool, served at `/api/mcp/changes` and by `main.ts mcp --with-changes`
 * (the five tools of `/api/mcp` stay five). What recent imports changed for
 * the clubs a search's filters find: clubs added, removed and changed,
 * newest import first, in words. Its arguments are search_clubs's filters
 * and paging (from the one parameter table: what decides a filter or a
 * page, not the order), read by the same `parseSearch` with the same MCP
 * defaults, plus `since`; the answer is `GET /api/v1/changes`'s body as an
 * anonymous caller gets it (core/history's `changeListJson`), without
 * `fee_access`: MCP returns no fees, so a fee change is one `fees` field
 * with null values and the words "Fees updated".
 *
 * @module
 */
import { z } from "zod";
import { ChangeListSchema } from "../../../core/schema/mod.ts";
import {
  MCP_SEARCH_DEFAULTS,
  parseSearch,
  type RawSearch,
  SEARCH_PARAM_NAMES,
  SEARCH_PARAMS,
  type SearchParam,
} from "../../../core/search/mod.ts";
import { changeListJson, listChanges, parseSince } from "../../../core/history/mod.ts";
import { PROBLEMS } from "../../../core/model/mod.ts";
import { toolArguments } from "../arguments.ts";
import { NO_LINKS } from "../club_rows.ts";
import { READ_ONLY, result, type Tool, toolError, withStore } from "../tool.ts";
import {
  argument,
  DESCRIPTIONS,
  searchErrorText,
  TOOL_DEFAULT_LIMIT,
  TOOL_MAX_LIMIT,
} from "./search_clubs.ts";

/** The search parameters this tool takes: every one but those that only order the matches. */
export const CHANGE_PARAMS: readonly SearchParam[] = SEARCH_PARAM_NAMES.filter((n) =>
  SEARCH_PARAMS[n].decides !== "order"
);
type ChangeParam = Exclude<SearchParam, "sort">;

/** search_clubs's words for each argument, but the page size (no `detail` here). */
const WORDS: Record<string, string> = { ...DESCRIPTIONS, limit: `Max ${TOOL_MAX_LIMIT}.` };

/** Arguments of `list_changes`: search_clubs's filters and paging, and `since`. */
export const inputSchema = toolArguments({
  ...Object.fromEntries(
    CHANGE_PARAMS.map((name) => [name, argument(name).optional().describe(WORDS[name]!)]),
  ) as { [K in ChangeParam]: z.ZodOptional<z.ZodType<NonNullable<RawSearch[K]>>> },
  since: z.string().optional().meta({ format: "date" }).describe(
    "A day, YYYY-MM-DD: only imports dated on or after it. Omit for every import kept.",
  ),
});

/** Result of `list_changes`: the REST body without `fee_access`, with search_clubs's paging. */
export const outputSchema = ChangeListSchema.omit({ fee_access: true }).extend({
  limit: z.int().min(1).max(TOOL_MAX_LIMIT),
  has_more: z.boolean(),
  next_page: z.int().min(2).meta({ maximum: undefined }).nullable().describe(
    "The page argument for the next page; null on the last.",
  ),
});

/** What `list_changes` answers. */
export type ChangesAnswer = z.infer<typeof outputSchema>;

/** A rejected `since`, worded like the REST problem, with this tool's fix. */
function sinceErrorText(detail: string): string {
  return `${PROBLEMS.invalid_since.title}: ${detail}. Send since as a day written YYYY-MM-DD, ` +
    "such as 2025-03-01, or leave it out for every import kept.";
}

/**
 * The text content: what changed, one line per club (date, name, place,
 * words, link), and how to page on; much shorter than the structured value.
 */
export function changesSummary(answer: ChangesAnswer, linked = true): string {
  const { changes, total, page, limit, since, kept } = answer;
  const span = kept.oldest === null
    ? "The history is empty: each import records what it changed from the next one on."
    : `The history kept covers imports from ${kept.oldest} to ${kept.newest}.`;
  if (total === 0) return `No change matches these arguments. ${span}`;
  if (changes.length === 0) {
    return `No changes on page ${page}: ${total} match, so the last page is ${
      Math.ceil(total / limit)
    }.`;
  }
  const first = (page - 1) * limit + 1;
  const last = first + changes.length - 1;
  const more = answer.has_more ? ` Next: page ${answer.next_page}.` : "";
  const counted = total === 1 ? "1 change" : `${total} changes`;
  const lines = changes.map(({ snapshot, kind, club, words }) => {
    const place = [club.city, club.state, club.country].filter((p) => p).join(", ");
    const link = kind === "removed" ? "" : ` ${club.url ?? `slug ${club.slug}`}`;
    return `- ${snapshot.date} ${club.name}${place ? ` (${place})` : ""}: ${
      words.join("; ")
    }.${link}`;
  });
  const links = linked ? "" : `\n${NO_LINKS}`;
  const window = since === null ? "in the history kept" : `since ${since}`;
  return `${counted} ${window}; ${first}-${last}, newest first.${more}\n${
    lines.join("\n")
  }${links}`;
}

/** The `list_changes` tool. */
export const listChangesTool: Tool<typeof inputSchema, typeof outputSchema> = {
  name: "list_changes",
  config: {
    title: "List changes",
    description:
      "What recent imports of the directory changed: clubs added, removed and changed (a waitlist " +
      "opened, a club opened, renamed, moved), newest first, for search_clubs's filters; since " +
      "(YYYY-MM-DD) keeps the imports from that day. Each change: snapshot date, kind, club " +
      "(url for get_club; none once removed), fields before/after, words. Paging as " +
      'search_clubs. No fees: a fee change is only "Fees updated".',
    inputSchema,
    outputSchema,
    annotations: READ_ONLY,
  },
  handler(ctx, { since, ...filters }) {
    // Empty counts as not sent, as in REST.
    const noLimit = filters.limit === undefined || String(filters.limit).trim() === "";
    const raw: RawSearch = noLimit ? { ...filters, limit: TOOL_DEFAULT_LIMIT } : filters;
    const parsed = parseSearch(raw, MCP_SEARCH_DEFAULTS);
    if (!parsed.ok) return toolError(searchErrorText(parsed.error));
    const day = parseSince(since);
    if (!day.ok) return toolError(sinceErrorText(day.detail));
    const query = { ...parsed.value, limit: Math.min(parsed.value.limit, TOOL_MAX_LIMIT) };
    const { page, limit } = query;
    return withStore(ctx, (store) => {
      const options = { access: "locked", page, limit, since: day.value ?? undefined } as const;
      const list = listChanges(store, query, options);
      const meta = { ...options, since: day.value, baseUrl: ctx.baseUrl };
      const { fee_access: _, ...body } = changeListJson(store, list, meta);
      const hasMore = page * limit < list.total;
      const value: ChangesAnswer = {
        ...body,
        has_more: hasMore,
        next_page: hasMore ? page + 1 : null,
      };
      return result(value, changesSummary(value, ctx.baseUrl !== null));
    });
  },
};
