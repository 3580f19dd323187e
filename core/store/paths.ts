/**
 * Where the database and the bundled snapshot live.
 *
 * @example
 * ```ts ignore
 * import { DEFAULT_DB_PATH } from "./paths.ts";
 * DEFAULT_DB_PATH; // /…/data/clubs.db
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

/**
 * `data/clubs.db`, beside the bundled snapshot: the database of a command
 * given none. `core/` reads no environment; the CLI reads `CLUBDIR_DB`
 * (cli/options.ts) and passes the path down.
 */
export const DEFAULT_DB_PATH: string = filePath(new URL("../../data/clubs.db", import.meta.url));

/**
 * `$CLUBDIR_DB`, else {@link DEFAULT_DB_PATH}.
 *
 * @deprecated The one environment read left in `core/`, kept only until
 * `cli/import.ts`, `cli/export.ts` and `cli/mcp.ts` take `dbOption` (or
 * `defaultDb`) from `cli/options.ts` like the other commands; then it goes
 * (tests/architecture_test.ts names its last callers).
 */
export function defaultDbPath(): string {
  return Deno.env.get("CLUBDIR_DB") || DEFAULT_DB_PATH;
}
