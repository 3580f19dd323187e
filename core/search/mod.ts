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
export * from "./club_list.ts";
export * from "./facets.ts";
export * from "./key_index.ts";
export * from "./query.ts";
export * from "./search.ts";
