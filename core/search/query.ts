/**
 * Validation of raw search filters (spec §4.1) into a {@link SearchQuery}.
 * REST query strings, MCP arguments and CLI flags all come through here, so
 * every surface accepts and rejects exactly the same input.
 *
 * @example
 * ```ts
 * import { parseSearch } from "./query.ts";
 * const r = parseSearch({ state: "FL", page: "02" });
 * if (r.ok) console.log(r.value.state, r.value.page); // "US-FL" 2
 * ```
 * @module
 */
import { WAITLIST_VALUES } from "../model/fields.ts";
import { DEFAULT_LIMIT, MAX_LIMIT } from "../model/limits.ts";
import { fold } from "../model/fold.ts";
import { typeKey as typeFilterKey, typeMatches } from "../model/types.ts";

// The page sizes live in the model (problem hints quote them); the search's door passes them on.
export { DEFAULT_LIMIT, MAX_LIMIT } from "../model/limits.ts";

/** Filters as they arrive from any surface; every field optional. */
export interface RawSearch {
  type?: string | null;
  state?: string | null;
  country?: string | null;
  q?: string | null;
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
  /** Folded name fragment, or null. */
  q: string | null;
  /** Stored waitlist keys that match (null status is stored as `unknown`). */
  waitlist: string[] | null;
  /** 1-based page; may exceed any real page. */
  page: number;
  limit: number;
}

/** Codes of the validation errors a search can give. */
export type SearchErrorCode =
  | "invalid_page"
  | "invalid_limit"
  | "invalid_waitlist";

/** A rejected filter: which parameter, the value sent, and why. */
export interface SearchError {
  code: SearchErrorCode;
  param: "page" | "limit" | "waitlist";
  value: string;
  /** One sentence saying what was wrong, quoting the value. */
  detail: string;
}

/** Either a value or a typed error. */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

const DIGITS = /^[0-9]+$/;

function present(v: string | null | undefined): string | null {
  if (v == null) return null;
  const t = v.trim();
  return t === "" ? null : t;
}

function whole(
  raw: string | number | null | undefined,
): number | "absent" | "invalid" {
  if (raw == null) return "absent";
  if (typeof raw === "number") {
    return Number.isSafeInteger(raw) ? raw : "invalid";
  }
  const t = raw.trim();
  if (t === "") return "absent";
  if (!DIGITS.test(t)) return "invalid";
  // Huge pages are valid and simply past the end; keep them finite.
  return Math.min(Number(t), Number.MAX_SAFE_INTEGER);
}

function quote(raw: unknown): string {
  return typeof raw === "string" ? raw : String(raw);
}

/** Expands the waitlist filter; `by_invitation` and `unknown` widen. */
function waitlistKeys(
  raw: string | readonly string[],
): Result<string[], SearchError> {
  const items = (typeof raw === "string" ? raw.split(",") : raw.flatMap((s) => s.split(",")))
    .map((s) => s.trim().toLowerCase()).filter((s) => s !== "");
  const keys = new Set<string>();
  for (const item of items) {
    if (!(WAITLIST_VALUES as readonly string[]).includes(item)) {
      return {
        ok: false,
        error: {
          code: "invalid_waitlist",
          param: "waitlist",
          value: item,
          detail: `Waitlist value "${item}" is not recognised: use one or more of ${
            WAITLIST_VALUES.join(", ")
          }, separated by commas`,
        },
      };
    }
    keys.add(item);
    if (item === "by_invitation") keys.add("invite_only");
  }
  return { ok: true, value: [...keys] };
}

/**
 * Validates and normalises raw filters. Unknown or empty values are treated
 * as not sent; page, limit and waitlist errors come back as {@link SearchError}.
 */
export function parseSearch(raw: RawSearch): Result<SearchQuery, SearchError> {
  const page = whole(raw.page);
  if (page === "invalid" || (typeof page === "number" && page < 1)) {
    return {
      ok: false,
      error: {
        code: "invalid_page",
        param: "page",
        value: quote(raw.page),
        detail: `Page "${quote(raw.page)}" is not a whole number from 1`,
      },
    };
  }
  const limit = whole(raw.limit);
  if (limit === "invalid" || (typeof limit === "number" && limit < 1)) {
    return {
      ok: false,
      error: {
        code: "invalid_limit",
        param: "limit",
        value: quote(raw.limit),
        detail: `Limit "${quote(raw.limit)}" is not a whole number from 1 to ${MAX_LIMIT}`,
      },
    };
  }
  let waitlist: string[] | null = null;
  if (raw.waitlist != null) {
    const w = waitlistKeys(raw.waitlist);
    if (!w.ok) return w;
    waitlist = w.value.length ? w.value : null;
  }

  const type = present(raw.type);
  const types = type === null ? null : typeMatches(type);
  const countryRaw = present(raw.country);
  const country = countryRaw === null || countryRaw.toLowerCase() === "all" ? null : countryRaw;
  const qRaw = raw.q == null ? "" : fold(raw.q);

  return {
    ok: true,
    value: {
      types: types && types.length ? types : null,
      typeKey: type === null ? null : typeFilterKey(type),
      country,
      state: present(raw.state),
      q: qRaw === "" ? null : qRaw,
      waitlist,
      page: page === "absent" ? 1 : page,
      limit: limit === "absent" ? DEFAULT_LIMIT : Math.min(limit, MAX_LIMIT),
    },
  };
}
