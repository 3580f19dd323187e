/**
 * The search parameters (docs/api.md#the-search-endpoint and the additions of issue 11), defined
 * once as plain data: their names, kinds, length limits, allowed values,
 * defaults and descriptions. `parseSearch` enforces them; the problem
 * registry, the zod schemas (core/schema/search.ts), the OpenAPI document,
 * the MCP tool and the CLI's flags and usage are derived from this table.
 * zod-free on purpose: `query` loads it on its start-up path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SEARCH_PARAMS } from "./search_params.ts";
 * assert.deepStrictEqual(SEARCH_PARAMS.q.maxLength, 200);
 * assert.deepStrictEqual(Object.keys(SEARCH_PARAMS), ["type", "state", "country", "city", "q", "match", "sort", "waitlist", "page", "limit"]);
 * ```
 * @module
 */
import { WAITLIST_VALUES } from "./fields.ts";
import { DEFAULT_LIMIT, MAX_LIMIT } from "./limits.ts";
import { TYPE_ALIASES, TYPE_GROUPS } from "./types.ts";

/** How `q` is matched against club names. */
export const MATCH_MODES = ["substring", "words", "fuzzy"] as const;
/** One way of matching `q`. */
export type MatchMode = typeof MATCH_MODES[number];

/** Orders a search can return. */
export const SORT_ORDERS = ["name", "relevance"] as const;
/** One order. */
export type SortOrder = typeof SORT_ORDERS[number];

/**
 * Typo allowance of `fuzzy` (as Meilisearch): one edit for a word of this
 * many letters or more…
 */
export const ONE_TYPO_LETTERS = 5;
/** …and two edits from this many. */
export const TWO_TYPOS_LETTERS = 9;

/**
 * What a parameter decides in the answer: which clubs match (`filter`),
 * their order (`order`), or which of them this page shows (`page`). Cache
 * keys are derived from it (core/search/key.ts): whatever is kept for a
 * filter set (a total, facet counts, suggestions) is keyed on the `filter`
 * parameters, an order on those and `order`, a page on all of them.
 */
export type SearchRole = "filter" | "order" | "page";

/** What one search parameter accepts. */
export interface SearchParamInfo {
  /** What it decides in the answer. */
  decides: SearchRole;
  /**
   * `text`: free text; `choice`: one of `values`; `list`: comma-separated
   * `values` (repeatable); `whole`: a whole number from 1.
   */
  kind: "text" | "choice" | "list" | "whole";
  /** Longest value read, in characters (all values together for a list). */
  maxLength: number;
  /** Allowed values of a `choice` or `list`. */
  values?: readonly string[];
  /** The value when the parameter is not sent. */
  default?: string | number;
  /** A typical value, for documentation. */
  example?: string;
  /** The rule, in the words of the REST API (OpenAPI, problem pages). */
  description: string;
  /** The `query` flag: its value placeholder and a one-line help text. */
  cli: { placeholder: string; help: string };
}

const groups = [
  ...Object.entries(TYPE_GROUPS).map(([name, types]) =>
    `\`${name}\` also matches ${types.filter((t) => t !== name).map((t) => `\`${t}\``).join(", ")}`
  ),
  ...Object.entries(TYPE_ALIASES).map(([from, to]) => `\`${from}\` reads as \`${to}\``),
];

/** Longest `page` or `limit` read: far more digits than any page. */
const WHOLE_CHARACTERS = 32;
/** Longest `waitlist` read (all values together): every value fits three times. */
const WAITLIST_CHARACTERS = 200;

const list = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(", ");

/**
 * Every search parameter, in the order the documentation lists them. A text
 * parameter longer than its `maxLength`, or holding a control character
 * (U+0000–U+001F except tab, line feed and carriage return, and
 * U+007F–U+009F), is rejected with the code `invalid_<name>`.
 */
export const SEARCH_PARAMS = {
  type: {
    decides: "filter",
    kind: "text",
    maxLength: 60,
    example: "golf",
    description: `A club type in lower case; a hyphen reads as an underscore. Grouped matching: ${
      groups.join("; ")
    }. Any other value matches that exact stored type.`,
    cli: {
      placeholder: "TYPE",
      help: `club type; groups: ${Object.keys(TYPE_GROUPS).join(", ")}`,
    },
  },
  state: {
    decides: "filter",
    kind: "text",
    maxLength: 100,
    example: "FL",
    description:
      "State, province or region, by full name or two-letter code; `FL` and `Florida` match the same clubs. With no `country`, the search stays within the United States and Canada. For a region elsewhere, send `country` too.",
    cli: {
      placeholder: "STATE",
      help:
        "state or region, by name or code (FL = Florida); without --country, only the US and Canada",
    },
  },
  country: {
    decides: "filter",
    kind: "text",
    maxLength: 100,
    example: "GB",
    description:
      "Country by name or ISO code; `GB` and `United Kingdom` match the same clubs. Omit it, or send `all`, to search every country.",
    cli: {
      placeholder: "COUNTRY",
      help: "country by name or ISO code (GB = United Kingdom); all = every",
    },
  },
  city: {
    decides: "filter",
    kind: "text",
    maxLength: 200,
    example: "Zurich",
    description:
      "City by name, ignoring case, accents and punctuation: `zurich` matches clubs in Zürich.",
    cli: { placeholder: "CITY", help: "city by name, any case, accents optional" },
  },
  q: {
    decides: "filter",
    kind: "text",
    maxLength: 200,
    example: "royal",
    description:
      "Club name to look for, in any case, accents optional; how it matches is set by `match`.",
    cli: { placeholder: "TEXT", help: "club name to look for, any case, accents optional" },
  },
  match: {
    decides: "filter",
    kind: "choice",
    maxLength: 20,
    values: MATCH_MODES,
    default: "substring",
    example: "words",
    description:
      `How \`q\` matches names. \`substring\` (the default): \`q\` is a piece of the name, as typed. \`words\`: every word of \`q\` is a word of the name, in any order, ignoring case, accents and punctuation (\`st andrews\` finds "St. Andrews"). \`fuzzy\`: \`words\`, and the last word may be the start of a word, and words of ${ONE_TYPO_LETTERS} letters or more may have one typo (two from ${TWO_TYPOS_LETTERS}). The MCP tool and the website default to \`words\`.`,
    cli: { placeholder: "MODE", help: `how --q matches: ${MATCH_MODES.join(", ")}` },
  },
  sort: {
    decides: "order",
    kind: "choice",
    maxLength: 20,
    values: SORT_ORDERS,
    default: "name",
    example: "relevance",
    description:
      "`name` (the default): sorted by club name. `relevance` (needs `q`): the exact name first, then names starting with `q`, then names where `q` starts a word, then the rest; then fewer typos; ties by name, so paging stays stable.",
    cli: { placeholder: "ORDER", help: "name (default) or relevance (needs --q)" },
  },
  waitlist: {
    decides: "filter",
    kind: "list",
    maxLength: WAITLIST_CHARACTERS,
    values: WAITLIST_VALUES,
    example: "open,waitlist",
    description: `Comma-separated list, each item one of ${
      list(WAITLIST_VALUES)
    }. \`by_invitation\` also matches clubs stored as \`invite_only\`. At most ${WAITLIST_CHARACTERS} characters in all.`,
    cli: { placeholder: "LIST", help: `comma list of ${WAITLIST_VALUES.join(", ")}` },
  },
  page: {
    decides: "page",
    kind: "whole",
    maxLength: WHOLE_CHARACTERS,
    default: 1,
    description:
      `Page number. Minimum 1, default 1. Leading zeros are accepted (\`01\` is page 1). An empty \`page=\` counts as not sent. A non-integer, 0, a negative value or one longer than ${WHOLE_CHARACTERS} characters answers 400 \`invalid_page\`. A page past the last one answers 200 with an empty \`clubs\` array and the real \`total\`.`,
    cli: { placeholder: "N", help: "page number from 1 (default 1)" },
  },
  limit: {
    decides: "page",
    kind: "whole",
    maxLength: WHOLE_CHARACTERS,
    default: DEFAULT_LIMIT,
    description:
      `Clubs per page. Minimum 1, maximum ${MAX_LIMIT}, default ${DEFAULT_LIMIT}. A value above ${MAX_LIMIT} is accepted and clamped to ${MAX_LIMIT}. An empty \`limit=\` counts as not sent. A non-integer, a value below 1 (such as 0) or one longer than ${WHOLE_CHARACTERS} characters answers 400 \`invalid_limit\`.`,
    cli: { placeholder: "N", help: `clubs per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT})` },
  },
} as const satisfies Record<string, SearchParamInfo>;

/** The name of a search parameter. */
export type SearchParam = keyof typeof SEARCH_PARAMS;

/** Every search parameter name, in documentation order. */
export const SEARCH_PARAM_NAMES = Object.keys(SEARCH_PARAMS) as SearchParam[];

/** The parameters a suggestion (see core/search/suggest.ts) may change. */
export const SUGGESTED_PARAMS = ["q", "match", "type", "country", "state", "city"] as const;
/** A parameter a suggestion may change. */
export type SuggestedParam = typeof SUGGESTED_PARAMS[number];

/** A parameter that holds free text. */
export type TextParam = {
  [K in SearchParam]: typeof SEARCH_PARAMS[K]["kind"] extends "text" ? K : never;
}[SearchParam];

/** The parameters that hold free text, in documentation order. */
export const TEXT_PARAMS: readonly TextParam[] = SEARCH_PARAM_NAMES.filter((k): k is TextParam =>
  SEARCH_PARAMS[k].kind === "text"
);

/** The problem code of a rejected parameter: `invalid_<name>`. */
export type SearchProblemCode = `invalid_${SearchParam}`;

/** Every code a search's parameters can be rejected with, in parameter order. */
export const SEARCH_PROBLEM_CODES: readonly SearchProblemCode[] = SEARCH_PARAM_NAMES.map((p) =>
  `invalid_${p}` as const
);

/** C0 controls but tab, LF and CR (which read as spaces), DEL and the C1 controls. */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
    (code >= 0x7f && code <= 0x9f);
}

/**
 * The first control character of a text value, or null. Such characters are
 * rejected, never stripped: they are never part of a name, and a request
 * holding one is malformed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { controlCharacter } from "./search_params.ts";
 * assert.deepStrictEqual(controlCharacter("abc\u0000def"), "\u0000");
 * assert.deepStrictEqual(controlCharacter("tab\tis fine"), null);
 * ```
 */
export function controlCharacter(text: string): string | null {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return text[i]!;
  return null;
}

/** How much of a rejected value a message quotes. */
const QUOTED_CHARACTERS = 64;

/**
 * A value as error messages quote it: at most 64 characters (then "…"),
 * with control characters written as `\uXXXX`, so a message never carries
 * terminal escapes or megabytes of input.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quoteValue } from "./search_params.ts";
 * assert.deepStrictEqual(quoteValue("abc\u0000def"), "abc\\u0000def");
 * assert.deepStrictEqual(quoteValue("x".repeat(100)).length, 65);
 * ```
 */
export function quoteValue(value: string): string {
  const chars = [...value.slice(0, 2 * QUOTED_CHARACTERS)];
  const cut = chars.length > QUOTED_CHARACTERS || value.length > 2 * QUOTED_CHARACTERS;
  const shown = chars.slice(0, QUOTED_CHARACTERS).map((c) =>
    isControl(c.charCodeAt(0)) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}` : c
  );
  return shown.join("") + (cut ? "…" : "");
}

/** How messages name a parameter: `Page`, `Type`, …, and `Parameter q`. */
function label(param: SearchParam): string {
  return param === "q" ? "Parameter q" : param[0]!.toUpperCase() + param.slice(1);
}

/**
 * The message of a value longer than its parameter's `maxLength`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tooLongDetail } from "./search_params.ts";
 * assert.deepStrictEqual(tooLongDetail("city", "x".repeat(300)).endsWith("is longer than 200 characters"), true);
 * ```
 */
export function tooLongDetail(param: SearchParam, value: string): string {
  return `${label(param)} "${quoteValue(value)}" is longer than ${
    SEARCH_PARAMS[param].maxLength
  } characters`;
}

/**
 * The message of a text value holding a control character.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { controlDetail } from "./search_params.ts";
 * assert.deepStrictEqual(controlDetail("q", "abc\u0000def"), 'Parameter q "abc\\u0000def" holds a control character (U+0000)');
 * ```
 */
export function controlDetail(param: TextParam, value: string): string {
  const c = controlCharacter(value) ?? "\u0000";
  return `${label(param)} "${quoteValue(value)}" holds a control character (U+${
    c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")
  })`;
}

/**
 * The message of a value that is not one of its parameter's values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { choiceDetail } from "./search_params.ts";
 * assert.deepStrictEqual(choiceDetail("match", "exact"), 'Match "exact" is not one of substring, words, fuzzy');
 * ```
 */
export function choiceDetail(param: "match" | "sort", value: string): string {
  return `${label(param)} "${quoteValue(value)}" is not one of ${
    SEARCH_PARAMS[param].values.join(", ")
  }`;
}

/** The message of `sort=relevance` without `q`. */
export const RELEVANCE_NEEDS_Q = 'Sort "relevance" needs q: send q, or sort by name';
