/**
 * Validation of raw search filters (docs/api.md#the-search-endpoint) into a {@link SearchQuery}.
 * REST query strings, MCP arguments and CLI flags all come through here, so
 * every surface accepts and rejects exactly the same input.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSearch } from "./query.ts";
 * const r = parseSearch({ state: "FL", page: "02" });
 * assert.ok(r.ok);
 * assert.equal(r.value.state, "FL");
 * assert.equal(r.value.page, 2);
 * ```
 * @module
 */
import { WAITLIST_VALUES } from "../model/fields.ts";
import { DEFAULT_LIMIT, MAX_LIMIT } from "../model/limits.ts";
import { fold, foldKey } from "../model/fold.ts";
import {
  choiceDetail,
  controlCharacter,
  controlDetail,
  MATCH_MODES,
  type MatchMode,
  quoteValue,
  RELEVANCE_NEEDS_Q,
  SEARCH_PARAMS,
  type SearchParam,
  type SearchProblemCode,
  SORT_ORDERS,
  type SortOrder,
  TEXT_PARAMS,
  type TextParam,
  tooLongDetail,
} from "../model/search_params.ts";
import { typeKey as typeFilterKey, typeMatches } from "../model/types.ts";
import { queryWords } from "./words.ts";

// The page sizes live in the model (problem hints quote them); the search's door passes them on.
export { DEFAULT_LIMIT, MAX_LIMIT } from "../model/limits.ts";

/** Filters as they arrive from any surface; every field optional. */
export interface RawSearch {
  type?: string | null;
  state?: string | null;
  country?: string | null;
  city?: string | null;
  q?: string | null;
  match?: string | null;
  sort?: string | null;
  waitlist?: string | readonly string[] | null;
  page?: string | number | null;
  limit?: string | number | null;
}

/** A validated search: keys already in the form the database stores. */
export interface SearchQuery {
  /** Stored types that match, or null for any. */
  types: string[] | null;
  /** The type filter key (normalised, aliases applied), or null for any. */
  typeKey: string | null;
  /**
   * Country as sent (trimmed), or null for every country. Places are
   * resolved against the snapshot by the search (see places.ts).
   */
  country: string | null;
  /** State, province or region as sent (trimmed), or null for any. */
  state: string | null;
  /** City key (folded, letters and digits only), or null for any. */
  city: string | null;
  /** Folded name text, or null. */
  q: string | null;
  /** The distinct words of `q` (see words.ts); empty when it has none. */
  words: string[];
  /** How `q` matches names. */
  match: MatchMode;
  /** The order of the rows. */
  sort: SortOrder;
  /** Stored waitlist keys that match (null status is stored as `unknown`). */
  waitlist: string[] | null;
  /** 1-based page; may exceed any real page. */
  page: number;
  limit: number;
}

/** Defaults a surface may choose for the parameters it does not receive. */
export interface SearchDefaults {
  /** `match` when not sent (REST: `substring`). */
  match?: MatchMode;
  /** `sort` when not sent and `q` is sent (REST: `name`). */
  sort?: SortOrder;
}

/**
 * The defaults of the MCP tool (and the website): people and agents type
 * words, so `q` matches words in any order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MCP_SEARCH_DEFAULTS, parseSearch } from "./query.ts";
 * const r = parseSearch({ q: "aberdeen royal" }, MCP_SEARCH_DEFAULTS);
 * assert.ok(r.ok);
 * assert.equal(r.value.match, "words");
 * ```
 */
export const MCP_SEARCH_DEFAULTS: Readonly<SearchDefaults> = Object.freeze({ match: "words" });

/** Codes of the validation errors a search can give: `invalid_<parameter>`. */
export type SearchErrorCode = SearchProblemCode;

/** A rejected filter: which parameter, the value sent, and why. */
export interface SearchError {
  code: SearchErrorCode;
  param: SearchParam;
  /** The value as sent, shortened for messages (see `quoteValue`). */
  value: string;
  /** One sentence saying what was wrong, quoting the value. */
  detail: string;
}

/** Either a value or a typed error. */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

const DIGITS = /^[0-9]+$/;

function fail(param: SearchParam, raw: string, detail: string): { ok: false; error: SearchError } {
  return {
    ok: false,
    error: { code: `invalid_${param}`, param, value: quoteValue(raw), detail },
  };
}

/** Whether a value has more characters (code points) than its parameter allows. */
function tooLong(param: SearchParam, text: string): boolean {
  const max = SEARCH_PARAMS[param].maxLength;
  // UTF-16 units are at least code points: count them only when it matters.
  return text.length > max && (text.length > 2 * max || [...text].length > max);
}

function whole(
  param: "page" | "limit",
  raw: string | number | null | undefined,
): Result<number | "absent", SearchError> {
  if (raw == null) return { ok: true, value: "absent" };
  if (typeof raw === "number") {
    return Number.isSafeInteger(raw) && raw >= 1
      ? { ok: true, value: raw }
      : wrongWhole(param, raw);
  }
  const t = raw.trim();
  if (t === "") return { ok: true, value: "absent" };
  if (tooLong(param, t)) return fail(param, raw, tooLongDetail(param, raw));
  if (!DIGITS.test(t) || Number(t) < 1) return wrongWhole(param, raw);
  // Huge pages are valid and simply past the end; keep them finite.
  return { ok: true, value: Math.min(Number(t), Number.MAX_SAFE_INTEGER) };
}

function wrongWhole(param: "page" | "limit", raw: string | number) {
  const shown = quoteValue(String(raw));
  return fail(
    param,
    String(raw),
    param === "page"
      ? `Page "${shown}" is not a whole number from 1`
      : `Limit "${shown}" is not a whole number from 1 to ${MAX_LIMIT}`,
  );
}

/** A text filter trimmed, or null when empty; too long or control characters are errors. */
function text(
  param: TextParam,
  raw: string | null | undefined,
): Result<string | null, SearchError> {
  if (raw == null) return { ok: true, value: null };
  const t = String(raw).trim();
  if (tooLong(param, t)) return fail(param, String(raw), tooLongDetail(param, String(raw)));
  if (controlCharacter(t) !== null) return fail(param, String(raw), controlDetail(param, t));
  return { ok: true, value: t === "" ? null : t };
}

/** One of a parameter's values (any case), its default when empty or absent. */
function choice<T extends string>(
  param: "match" | "sort",
  raw: string | null | undefined,
  values: readonly T[],
): Result<T | null, SearchError> {
  if (raw == null) return { ok: true, value: null };
  const t = String(raw).trim().toLowerCase();
  if (t === "") return { ok: true, value: null };
  if (!(values as readonly string[]).includes(t)) {
    return fail(param, String(raw), choiceDetail(param, String(raw)));
  }
  return { ok: true, value: t as T };
}

/** Expands the waitlist filter; `by_invitation` and `unknown` widen. */
function waitlistKeys(
  raw: string | readonly string[],
): Result<string[], SearchError> {
  const length = typeof raw === "string"
    ? raw.length
    : raw.reduce((n, s) => n + String(s).length + 1, -1);
  if (length > SEARCH_PARAMS.waitlist.maxLength) {
    const joined = typeof raw === "string" ? raw : raw.slice(0, 100).join(",");
    return fail("waitlist", joined, tooLongDetail("waitlist", joined));
  }
  const items = (typeof raw === "string" ? raw.split(",") : raw.flatMap((s) => s.split(",")))
    .map((s) => s.trim().toLowerCase()).filter((s) => s !== "");
  const keys = new Set<string>();
  for (const item of items) {
    if (!(WAITLIST_VALUES as readonly string[]).includes(item)) {
      return fail(
        "waitlist",
        item,
        `Waitlist value "${quoteValue(item)}" is not recognised: use one or more of ${
          WAITLIST_VALUES.join(", ")
        }, separated by commas`,
      );
    }
    keys.add(item);
    if (item === "by_invitation") keys.add("invite_only");
  }
  return { ok: true, value: [...keys] };
}

/**
 * Validates and normalises raw filters. Empty values are treated as not
 * sent; every rule of the parameter table (core/model/search_params.ts) is
 * checked, and the first broken one comes back as a {@link SearchError}.
 * `defaults` are the surface's choices for `match` and `sort`.
 */
export function parseSearch(
  raw: RawSearch,
  defaults: SearchDefaults = {},
): Result<SearchQuery, SearchError> {
  const page = whole("page", raw.page);
  if (!page.ok) return page;
  const limit = whole("limit", raw.limit);
  if (!limit.ok) return limit;
  let waitlist: string[] | null = null;
  if (raw.waitlist != null) {
    const w = waitlistKeys(raw.waitlist);
    if (!w.ok) return w;
    waitlist = w.value.length ? w.value : null;
  }
  const texts = {} as Record<TextParam, string | null>;
  for (const param of TEXT_PARAMS) {
    const t = text(param, raw[param]);
    if (!t.ok) return t;
    texts[param] = t.value;
  }
  const match = choice("match", raw.match, MATCH_MODES);
  if (!match.ok) return match;
  const sort = choice("sort", raw.sort, SORT_ORDERS);
  if (!sort.ok) return sort;

  const { type, country: countryRaw, state, city: cityRaw } = texts;
  const types = type === null ? null : typeMatches(type);
  const country = countryRaw === null || countryRaw.toLowerCase() === "all" ? null : countryRaw;
  const qFolded = texts.q === null ? "" : fold(texts.q);
  const q = qFolded === "" ? null : qFolded;
  const city = cityRaw === null ? "" : foldKey(cityRaw);
  if (sort.value === "relevance" && q === null) return fail("sort", "relevance", RELEVANCE_NEEDS_Q);

  return {
    ok: true,
    value: {
      types: types && types.length ? types : null,
      typeKey: type === null ? null : typeFilterKey(type),
      country,
      state,
      city: city === "" ? null : city,
      q,
      words: q === null ? [] : queryWords(q),
      match: match.value ?? defaults.match ?? "substring",
      sort: sort.value ?? (q === null ? "name" : defaults.sort ?? "name"),
      waitlist,
      page: page.value === "absent" ? 1 : page.value,
      limit: limit.value === "absent" ? DEFAULT_LIMIT : Math.min(limit.value, MAX_LIMIT),
    },
  };
}
