/**
 * Storage: the layout's version, one opened immutable snapshot
 * ({@link ClubStore}) with its per-snapshot memo, the live {@link Directory}
 * that swaps snapshots when an import lands, and where the files live.
 *
 * @example
 * ```ts ignore
 * import { DEFAULT_DB_PATH, Directory } from "./mod.ts";
 * const directory = new Directory(DEFAULT_DB_PATH);
 * directory.read((store) => store.bySlug("pine-valley"));
 * ```
 * @module
 */
export * from "./directory.ts";
export * from "./doorkeeper.ts";
export * from "./layout.ts";
export * from "./lru.ts";
export * from "./memo.ts";
export * from "./paths.ts";
export * from "./pragma.ts";
export * from "./publish.ts";
export * from "./rows.ts";
export * from "./store.ts";
