/**
 * The search parameters of a query string, read the one way every surface
 * that takes them from a URL reads them (the REST route and the website):
 * the first value of each scalar parameter counts, every value of a list
 * (`waitlist`) combines, unknown names are left out.
 *
 * @module
 */
import { type RawSearch, SEARCH_PARAM_NAMES, SEARCH_PARAMS } from "../../core/search/mod.ts";
import { queryPairs } from "./query_pairs.ts";

/** Parameters read once (the first value counts); lists (`waitlist`) combine every value. */
export const SCALAR_PARAMS = new Set<string>(
  SEARCH_PARAM_NAMES.filter((p) => SEARCH_PARAMS[p].kind !== "list"),
);

/**
 * Reads the search parameters of a query string: the first value of each,
 * every value of `waitlist` (combined), unknown names ignored.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readSearchParams } from "./search_params.ts";
 * assert.deepStrictEqual(
 *   readSearchParams("type=golf&type=city&waitlist=open&waitlist=closed&x=1"),
 *   { type: "golf", waitlist: ["open", "closed"] },
 * );
 * ```
 */
export function readSearchParams(search: string): RawSearch {
  return search === "" ? {} : rawSearchOf(queryPairs(search));
}

/** {@link readSearchParams} of parsed pairs. */
export function rawSearchOf(pairs: readonly [string, string][]): RawSearch {
  const raw: Record<string, string | string[]> = {};
  let waitlist: string[] | undefined;
  for (const [name, value] of pairs) {
    if (name === "waitlist") (waitlist ??= []).push(value);
    else if (SCALAR_PARAMS.has(name) && !(name in raw)) raw[name] = value;
  }
  if (waitlist) raw.waitlist = waitlist;
  return raw as RawSearch;
}
