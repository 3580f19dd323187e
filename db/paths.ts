/**
 * Where the database and the bundled snapshot live, and the first-run build
 * of the default database from the snapshot.
 *
 * @example
 * ```ts ignore
 * import { defaultDbPath, ensureDatabase } from "./paths.ts";
 * await ensureDatabase(defaultDbPath());
 * ```
 * @module
 */
import { fileURLToPath as fromFileUrl } from "node:url";

/** The snapshot that ships with the project. */
export const BUNDLED_SNAPSHOT: string = fromFileUrl(
  new URL("../data/clubs.csv.gz", import.meta.url),
);

/** `$CLUBDIR_DB`, else `data/clubs.db` beside the bundled snapshot. */
export function defaultDbPath(): string {
  return Deno.env.get("CLUBDIR_DB") ||
    fromFileUrl(new URL("../data/clubs.db", import.meta.url));
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
}

/**
 * Builds the database from the bundled snapshot when it does not exist yet,
 * through the same import as `main.ts import`. Returns true when it built.
 */
export async function ensureDatabase(
  path: string,
  log: (line: string) => void = () => {},
): Promise<boolean> {
  if (exists(path)) return false;
  log(`No database at ${path}: building it from the bundled snapshot…`);
  // Loaded only here: the importer pulls in csv-parse, zod and ISO 3166 data.
  const { importCsv, openSource } = await import("./import.ts");
  const summary = await importCsv(openSource(BUNDLED_SNAPSHOT).stream, {
    dbPath: path,
    source: "bundled snapshot",
  });
  log(
    `Built ${summary.rows.toLocaleString("en-US")} clubs in ${summary.seconds.toFixed(2)} s.`,
  );
  return true;
}
