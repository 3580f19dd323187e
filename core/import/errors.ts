/**
 * The import's one error type, kept apart from the importer so that callers
 * can catch it without loading csv-parse, zod and the ISO 3166 data.
 *
 * @example
 * ```ts ignore
 * import { ImportError } from "./errors.ts";
 * try { await importCsv(stream, { dbPath }); } catch (e) {
 *   if (e instanceof ImportError) console.error(e.errorCount, "errors");
 * }
 * ```
 * @module
 */
import type { RowError } from "./csv_row.ts";

/** Thrown when the input is invalid; carries the first errors and the count. */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly errors: RowError[] = [],
    readonly errorCount = errors.length,
    readonly unknownColumns: string[] = [],
  ) {
    super(message);
    this.name = "ImportError";
  }
}
