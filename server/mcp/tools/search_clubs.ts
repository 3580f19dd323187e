/**
 * `search_clubs`: the REST search (spec §4.1) as an MCP tool, sized for a
 * model's context. Its arguments are the search parameters of the one
 * table (core/model/search_params.ts), and they go through the same
 * `parseSearch` as `GET /api/v1/clubs`, so they are accepted and rejected
 * exactly as there. What differs: `q` matches words by default (the MCP
 * defaults of the search core), the page size (10 by default, at most 50),
 * and the rows, compact unless `detail` asks for the full profiles. A search
 * that finds nothing carries the search core's suggestions.
 *
 * @module
 */
import { z } from "zod";
import { SuggestionsSchema } from "../../../core/schema/mod.ts";
import {
  findPage,
  MAX_LIMIT,
  MCP_SEARCH_DEFAULTS,
  parseSearch,
  type RawSearch,
  SEARCH_PARAM_NAMES,
  SEARCH_PARAMS,
  type SearchError,
  searchKey,
  type SearchParam,
  type SearchParamInfo,
  type SearchQuery,
  suggest,
  type Suggestion,
} from "../../../core/search/mod.ts";
import { PROBLEMS, TYPE_ALIASES, TYPE_GROUPS } from "../../../core/model/mod.ts";
import type { ClubStore } from "../../../core/store/mod.ts";
import { clubProfile, ClubRowSchema, compactRows, NO_LINKS } from "../club_rows.ts";
import { toolArguments } from "../arguments.ts";
import { READ_ONLY, result, type Tool, toolError, withStore } from "../tool.ts";
import { shared } from "../checked.ts";

export { COMPACT_FIELDS } from "../club_rows.ts";

/** Page size when none is sent: ten compact rows are about 2 KB of JSON. */
export const TOOL_DEFAULT_LIMIT = 10;
/** Largest page of compact rows (about 10 KB); larger values count as this. */
export const TOOL_MAX_LIMIT = 50;
/** Largest page of full profiles (about 1 KB each); larger values count as this. */
export const TOOL_MAX_DETAIL_LIMIT = 10;

/** The type groups as the description states them, from the one table search uses. */
const GROUPS = [
  ...Object.entries(TYPE_GROUPS).map(([name, types]) =>
    `${name} (+${types.filter((t) => t !== name).join(", ")})`
  ),
  ...Object.entries(TYPE_ALIASES).map(([alias, name]) => `${alias} = ${name}`),
].join(", ");

/**
 * Each parameter's rule in a model's terms, short (every client sends the
 * listing to its model; the REST wording is in the parameter table).
 * Typed by the table's names, so a new parameter cannot go undescribed.
 */
export const DESCRIPTIONS: Record<SearchParam, string> = {
  type: `Club type (list_club_types). Groups: ${GROUPS}.`,
  state: 'Region name or code ("FL"); searches US and Canada unless country is sent.',
  country: 'Name or ISO code ("GB"); omit for all.',
  city: "City name; any case or accents.",
  q: "Name words; any case or accents.",
  match: "words: every word of q, any order; substring: q as typed; fuzzy: typos too.",
  sort: "relevance needs q.",
  waitlist: 'Array or "open,waitlist"; by_invitation includes invite_only.',
  page: "From 1.",
  limit: `Max ${TOOL_MAX_LIMIT} (${TOOL_MAX_DETAIL_LIMIT} with detail).`,
};

/**
 * The argument schema of one search parameter. Any value of the right JSON
 * type reaches parseSearch, so a value too long, out of range or unknown
 * (`page: 0`, `match: "exact"`) gets the search's own wording rather than a
 * schema error; `meta` only advertises the rule a model needs (values,
 * defaults, whole numbers from 1; digit strings are read too).
 */
export function argument(name: SearchParam): z.ZodType {
  const p: SearchParamInfo = SEARCH_PARAMS[name];
  switch (p.kind) {
    case "text":
      return z.string();
    case "choice": {
      const mcpDefault = (MCP_SEARCH_DEFAULTS as Partial<Record<SearchParam, string>>)[name];
      return z.string().meta({ enum: [...p.values!], default: mcpDefault ?? p.default });
    }
    case "list":
      return z.union([z.array(z.string().meta({ enum: [...p.values!] })), z.string()]);
    case "whole":
      return z.union([z.number(), z.string()]).meta({
        anyOf: undefined,
        type: "integer",
        minimum: 1,
        default: name === "limit" ? TOOL_DEFAULT_LIMIT : p.default,
      });
  }
}

/** Arguments of `search_clubs`: every search parameter, and `detail`. */
export const inputSchema = toolArguments({
  ...Object.fromEntries(
    SEARCH_PARAM_NAMES.map((name: SearchParam) => [
      name,
      argument(name).optional().describe(DESCRIPTIONS[name]),
    ]),
  ) as { [K in SearchParam]: z.ZodOptional<z.ZodType<NonNullable<RawSearch[K]>>> },
  detail: z.boolean().optional().describe("Full profiles (get_club's fields) instead of rows."),
});

/** Result of `search_clubs`. */
export const outputSchema = z.object({
  clubs: z.array(ClubRowSchema).describe(
    "This page of clubs: compact rows, or the full profiles with detail.",
  ),
  total: z.int().min(0).meta({ maximum: undefined }).describe("Matches across all pages."),
  page: z.int().min(1).meta({ maximum: undefined }),
  limit: z.int().min(1).max(TOOL_MAX_LIMIT),
  has_more: z.boolean(),
  next_page: z.int().min(2).meta({ maximum: undefined }).nullable().describe(
    "The page argument for the next page; null on the last.",
  ),
  suggestions: SuggestionsSchema.optional(),
});

/** What `search_clubs` answers. */
export type SearchAnswer = z.infer<typeof outputSchema>;

/** How to fix a rejected argument, in this tool's terms (not REST's query strings and defaults). */
function hint(param: SearchParam): string {
  const p: SearchParamInfo = SEARCH_PARAMS[param];
  switch (p.kind) {
    case "text":
      return `Send ${param} as text of at most ${p.maxLength} characters, without control characters.`;
    case "choice": {
      const mcpDefault = (MCP_SEARCH_DEFAULTS as Partial<Record<SearchParam, string>>)[param];
      return `Send ${param} as one of ${p.values!.join(", ")}, or leave it out for ${
        mcpDefault ?? p.default
      }.`;
    }
    case "list":
      return `Send ${param} as one or more of ${p.values!.join(", ")}: ` +
        '["open", "waitlist"] or "open,waitlist".';
    case "whole":
      return param === "limit"
        ? `Send limit as a whole number from 1 to ${TOOL_MAX_LIMIT}, or leave it out for ${TOOL_DEFAULT_LIMIT}.`
        : `Send ${param} as a whole number from 1, or leave it out for the first ${param}.`;
  }
}

/** A rejected argument as one line: the problem's title, what was wrong, how to fix it. */
export function searchErrorText(e: SearchError): string {
  // The REST detail quotes REST's maximum; here larger values are clamped to this tool's.
  const detail = e.code === "invalid_limit" ? e.detail.replace(` to ${MAX_LIMIT}`, "") : e.detail;
  return `${PROBLEMS[e.code].title}: ${detail}. ${hint(e.param)}`;
}

/** One line per club: its name, where it is, and its link (or its slug, without links). */
function listing(clubs: SearchAnswer["clubs"]): string {
  return clubs.map((c) => {
    const place = [c.city, c.state, c.country].filter((p) => p).join(", ");
    return `- ${c.name}${place ? ` (${place})` : ""} ${c.url ?? `slug ${c.slug}`}`;
  }).join("\n");
}

/** A suggestion as a model reads it: `q "royal" (2)`, `no state, country "AU" (1)`. */
function suggestionText({ params, total }: Suggestion): string {
  const changes = Object.entries(params).map(([k, v]) => v === null ? `no ${k}` : `${k} "${v}"`);
  return `${changes.join(", ")} (${total})`;
}

/**
 * The text content: a summary a model can act on without structuredContent
 * (names, places, links, how to page on, what to try instead), much
 * shorter than the rows.
 */
export function summary(
  answer: SearchAnswer,
  query: Pick<SearchQuery, "sort">,
  linked = true,
): string {
  const { clubs, total, page, limit, suggestions } = answer;
  if (total === 0) {
    const tries = suggestions?.length ? ` Try: ${suggestions.map(suggestionText).join("; ")}.` : "";
    return `No club matches these arguments.${tries}`;
  }
  if (clubs.length === 0) {
    return `No clubs on page ${page}: ${total} match, so the last page is ${
      Math.ceil(total / limit)
    }.`;
  }
  const first = (page - 1) * limit + 1;
  const last = first + clubs.length - 1;
  const order = query.sort === "relevance" ? "best matches first" : "sorted by name";
  const more = last < total ? ` Next: page ${page + 1}.` : "";
  const links = linked ? "" : `\n${NO_LINKS}`;
  const matching = total === 1 ? "1 club matches" : `${total} clubs match`;
  return `${matching}; ${first}-${last} ${order}.${more}\n${listing(clubs)}${links}`;
}

/** The `search_clubs` tool. */
export const searchClubs: Tool<typeof inputSchema, typeof outputSchema> = {
  name: "search_clubs",
  config: {
    title: "Search clubs",
    description:
      "Find private membership clubs by name words, type, place and waitlist status; arguments " +
      "combine. Rows: name, city, state, country, type, waitlist_status, url (for get_club). " +
      "total counts all matches; if has_more, repeat with page: next_page. Nothing found: " +
      "suggestions. No fees.",
    inputSchema,
    outputSchema,
    annotations: READ_ONLY,
  },
  handler(ctx, { detail = false, ...filters }) {
    // Empty counts as not sent, as in REST.
    const noLimit = filters.limit === undefined || String(filters.limit).trim() === "";
    const raw: RawSearch = noLimit ? { ...filters, limit: TOOL_DEFAULT_LIMIT } : filters;
    const parsed = parseSearch(raw, MCP_SEARCH_DEFAULTS);
    if (!parsed.ok) return toolError(searchErrorText(parsed.error));
    const max = detail ? TOOL_MAX_DETAIL_LIMIT : TOOL_MAX_LIMIT;
    const query = { ...parsed.value, limit: Math.min(parsed.value.limit, max) };
    return withStore(ctx, (store) => {
      // The search's page key, then what shapes this tool's answer.
      const key = JSON.stringify([searchKey(query), detail, ctx.baseUrl]);
      const answer = store.memo<string, Answer>("mcp.pages", PAGES_BYTES, { weigh: weighAnswer })
        .use(key, () => answerPage(store, query, detail, ctx.baseUrl));
      return result(answer.value, answer.text);
    });
  },
};

/** A page as the tool answers it: the structured value (shared: never changed) and the text. */
interface Answer {
  value: SearchAnswer;
  text: string;
  /** Characters of the value as JSON, to weigh it. */
  size: number;
}

/**
 * What the answers of recent searches may hold, per snapshot. As REST keeps
 * its page bodies, a repeated search is answered without running again.
 */
const PAGES_BYTES = 1024 * 1024;

/** An answer's weight: its key, text and value at two bytes a character. */
function weighAnswer(a: Answer, key: string): number {
  return 2 * (key.length + a.text.length + a.size);
}

function answerPage(
  store: ClubStore,
  query: SearchQuery,
  detail: boolean,
  baseUrl: string | null,
): Answer {
  const page = findPage(store, query);
  const clubs = detail
    ? store.records(page.ranks).map((r) => clubProfile(r, baseUrl))
    : compactRows(store, page.ranks, baseUrl);
  const hasMore = page.page * page.limit < page.total;
  const suggestions = page.total === 0 ? suggest(store, query) : [];
  const value: SearchAnswer = {
    clubs,
    total: page.total,
    page: page.page,
    limit: page.limit,
    has_more: hasMore,
    next_page: hasMore ? page.page + 1 : null,
    ...(suggestions.length ? { suggestions } : {}),
  };
  return {
    value: shared(value),
    text: summary(value, query, baseUrl !== null),
    size: JSON.stringify(value).length,
  };
}
