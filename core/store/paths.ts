/**
 * Where the database and the bundled snapshot live. `core/` reads no
 * environment: the CLI reads `CLUBDIR_DB` (cli/options.ts) and passes the
 * path down.
 *
 * @example
 * ```ts ignore
 * import { DEFAULT_DB_PATH } from "./paths.ts";
 * DEFAULT_DB_PATH; // /…/data/clubs.db
 * ```
 * @module
 */
import { fileURLToPath } from "node:url";

/** The snapshot that ships with the project. */
export const BUNDLED_SNAPSHOT: string = fileURLToPath(
  new URL("../../data/clubs.csv.gz", import.meta.url),
);

/** `data/clubs.db`, beside the bundled snapshot: the database of a command given none. */
export const DEFAULT_DB_PATH: string = fileURLToPath(
  new URL("../../data/clubs.db", import.meta.url),
);
