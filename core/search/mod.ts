/**
 * The one search core behind REST, MCP, the CLI and the website: raw
 * filters validated into a query, the matching page found over in-memory
 * key columns, and the ClubList body.
 *
 * @example
 * ```ts ignore
 * import { findPage, parseSearch } from "./mod.ts";
 * const q = parseSearch({ type: "golf", state: "FL" });
 * if (q.ok) findPage(store, q.value).total;
 * ```
 * @module
 */
// The parameter table lives in the model (the problem registry quotes it); this door passes it on.
export * from "../model/search_params.ts";
export * from "./club_list.ts";
export * from "./key.ts";
export * from "./key_index.ts";
export * from "./query.ts";
export * from "./search.ts";
export * from "./suggest.ts";
export * from "./warm.ts";
export * from "./words.ts";
export * from "./word_matches.ts";
