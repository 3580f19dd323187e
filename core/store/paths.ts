/**
 * Where the database and the bundled snapshot live.
 *
 * @example
 * ```ts ignore
 * import { defaultDbPath } from "./paths.ts";
 * defaultDbPath(); // $CLUBDIR_DB, else data/clubs.db
 * ```
 * @module
 */

/** A file URL as a path; `node:url` alone would add milliseconds to `query`'s start. */
export function filePath(url: URL): string {
  return decodeURIComponent(url.pathname);
}

/** The snapshot that ships with the project. */
export const BUNDLED_SNAPSHOT: string = filePath(
  new URL("../../data/clubs.csv.gz", import.meta.url),
);

/** `$CLUBDIR_DB`, else `data/clubs.db` beside the bundled snapshot. */
export function defaultDbPath(): string {
  return Deno.env.get("CLUBDIR_DB") ||
    filePath(new URL("../../data/clubs.db", import.meta.url));
}
