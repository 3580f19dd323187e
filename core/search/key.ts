/**
 * The one key of a search, for every cache that keeps an answer (totals,
 * orders, facet counts, suggestions, REST pages, MCP answers, website
 * pages). It is derived from the parameter table (core/model/search_params.ts):
 * {@link canonicalForm} reads each parameter's parsed value through
 * {@link CANONICAL}, a map that must name every parameter (a new parameter
 * without an entry does not compile), and a key holds the parameters whose
 * role is within the scope asked for. Two searches get the same key exactly
 * when their canonical forms are equal, so a cache cannot mix up two
 * searches that can answer differently (tests/core/search/key_test.ts).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSearch } from "./query.ts";
 * import { searchKey } from "./key.ts";
 * const a = parseSearch({ q: "Tennis Club", sort: "name" });
 * const b = parseSearch({ q: "tennis  club" });
 * const c = parseSearch({ q: "tennis club", sort: "relevance" });
 * assert.ok(a.ok && b.ok && c.ok);
 * assert.equal(searchKey(a.value), searchKey(b.value));
 * assert.notEqual(searchKey(a.value), searchKey(c.value));
 * assert.equal(searchKey(a.value, "filter"), searchKey(c.value, "filter"));
 * ```
 * @module
 */
import {
  SEARCH_PARAM_NAMES,
  SEARCH_PARAMS,
  type SearchParam,
  type SearchRole,
} from "../model/search_params.ts";
import type { SearchQuery } from "./query.ts";

/** A parameter's value in the canonical form: what decides the answer, and nothing else. */
export type CanonicalValue = string | number | readonly string[] | null;

/** A parsed search reduced to what decides its answer, one entry per parameter. */
export type CanonicalSearch = { readonly [K in SearchParam]: CanonicalValue };

/**
 * How each parameter reads in a parsed search. Text is already trimmed and
 * folded where the search folds it (`q`, `city`); places are kept as sent,
 * since they are resolved against a snapshot, so `FL` and `Florida` are two
 * keys for one answer (a cache holds it twice, never wrongly).
 */
const CANONICAL: {
  readonly [K in SearchParam]: (q: SearchQuery) => CanonicalValue;
} = {
  type: (q) => q.typeKey,
  state: (q) => q.state,
  country: (q) => q.country,
  city: (q) => q.city,
  q: (q) => q.q,
  // Without `q` nothing is matched, so the mode changes nothing.
  match: (q) => q.q === null ? null : q.match,
  sort: (q) => q.sort,
  // A set: the order the values were sent in changes nothing.
  waitlist: (q) => q.waitlist === null ? null : [...q.waitlist].sort(),
  page: (q) => q.page,
  limit: (q) => q.limit,
};

/** Which roles each scope of key holds: a wider scope holds the narrower ones. */
const SCOPES: Readonly<Record<SearchRole, readonly SearchRole[]>> = {
  filter: ["filter"],
  order: ["filter", "order"],
  page: ["filter", "order", "page"],
};

/** The parameters a scope holds, in the table's order. */
const inScope = (scope: SearchRole): readonly SearchParam[] =>
  SEARCH_PARAM_NAMES.filter((p) => SCOPES[scope].includes(SEARCH_PARAMS[p].decides));

const SCOPE_PARAMS: Readonly<Record<SearchRole, readonly SearchParam[]>> = {
  filter: inScope("filter"),
  order: inScope("order"),
  page: inScope("page"),
};

/**
 * The canonical form of a parsed search: every parameter's value as it
 * decides the answer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSearch } from "./query.ts";
 * import { canonicalForm } from "./key.ts";
 * const r = parseSearch({ type: "golf", waitlist: "open,closed", page: "02" });
 * assert.ok(r.ok);
 * assert.deepStrictEqual(canonicalForm(r.value), {
 *   type: "golf", state: null, country: null, city: null, q: null, match: null,
 *   sort: "name", waitlist: ["closed", "open"], page: 2, limit: 50,
 * });
 * ```
 */
export function canonicalForm(q: SearchQuery): CanonicalSearch {
  const out = {} as Record<SearchParam, CanonicalValue>;
  for (const p of SEARCH_PARAM_NAMES) out[p] = CANONICAL[p](q);
  return out;
}

/**
 * The key of a search within a scope: `filter` for what a filter set
 * decides (a total, facet counts, suggestions), `order` for an order of
 * the matches, `page` (the default) for a page of them. Surfaces add what
 * else shapes what they keep (access level, representation) after it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSearch } from "./query.ts";
 * import { searchKey } from "./key.ts";
 * const r = parseSearch({ type: "golf", state: "FL", page: "2" });
 * assert.ok(r.ok);
 * assert.equal(searchKey(r.value, "filter"), '["golf","FL",null,null,null,null,null]');
 * assert.equal(searchKey(r.value), '["golf","FL",null,null,null,null,"name",null,2,50]');
 * ```
 */
export function searchKey(q: SearchQuery, scope: SearchRole = "page"): string {
  return JSON.stringify(SCOPE_PARAMS[scope].map((p) => CANONICAL[p](q)));
}
