/**
 * The first-run build: the default database made from the bundled snapshot
 * through the same import as `main.ts import`. Light to load: the importer
 * itself (Papa Parse, zod, ISO 3166 data) is loaded only when it builds.
 *
 * @example
 * ```ts ignore
 * import { ensureDatabase } from "./bundled.ts";
 * await ensureDatabase("data/clubs.db", console.error);
 * ```
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { BUNDLED_SNAPSHOT, SCHEMA_VERSION } from "../../store/mod.ts";

export { BUNDLED_SNAPSHOT };

/** The exchange rates that ship with the bundled snapshot (docs/data.md#exchange-rates). */
export const BUNDLED_RATES: string = fileURLToPath(
  new URL("../../../data/rates.csv", import.meta.url),
);

/** The layout version recorded in a database file, or "unreadable". */
function schemaVersion(path: string): string {
  try {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as
        | { value: string }
        | undefined;
      return row?.value ?? "unknown";
    } finally {
      db.close();
    }
  } catch {
    return "unreadable";
  }
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
 * Builds the database from the bundled snapshot when it does not exist yet
 * (or was built by a version with another layout), through the same import
 * as `main.ts import`. Returns true when it built.
 */
export async function ensureDatabase(
  path: string,
  log: (line: string) => void = () => {},
): Promise<boolean> {
  const found = exists(path) ? schemaVersion(path) : null;
  if (found === String(SCHEMA_VERSION)) return false;
  // The default database is derived data: rebuild it rather than refuse it.
  log(
    found === null
      ? `No database at ${path}: building it from the bundled snapshot…`
      : `The database at ${path} has layout version ${found}, this version uses ${SCHEMA_VERSION}: rebuilding it from the bundled snapshot…`,
  );
  // Loaded only here: the importer pulls in Papa Parse, zod and ISO 3166 data.
  const { importSnapshot, openSource } = await import("./import.ts");
  const { readRatesFile } = await import("../../rates/mod.ts");
  const rates = await readRatesFile(BUNDLED_RATES);
  if (!rates.ok) {
    const e = rates.errors[0]!;
    throw new Error(`The bundled rates ${BUNDLED_RATES} are invalid: line ${e.line}: ${e.message}`);
  }
  const summary = await importSnapshot(openSource(BUNDLED_SNAPSHOT), {
    dbPath: path,
    source: "bundled snapshot",
    rates: rates.value,
    // Two processes starting at once (serve and query) build it one after the other.
    wait: true,
    onWait: (pid) => log(`waiting for another build of ${path} (pid ${pid ?? "unknown"})…`),
  });
  log(
    `Built ${summary.rows.toLocaleString("en-US")} clubs in ${summary.seconds.toFixed(2)} s.`,
  );
  return true;
}
