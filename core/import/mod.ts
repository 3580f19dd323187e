/**
 * The import: a snapshot file in, a new database swapped in atomically.
 * This door is light: the importer (Papa Parse, zod, ISO 3166 data and the
 * parse worker) loads only when {@link importSnapshot} runs, so `query` and
 * `serve` can call {@link ensureDatabase} without paying for it.
 *
 * @example
 * ```ts ignore
 * import { importSnapshot, openSource } from "./mod.ts";
 * await importSnapshot(openSource("data/clubs.csv.gz"), { dbPath: "data/clubs.db" });
 * ```
 * @module
 */
import type { ImportOptions, ImportSummary } from "./build/import.ts";
import type { Format } from "./read/shape.ts";
import type { ExportOptions } from "./export.ts";
import type { Source } from "./read/source.ts";

export { BUNDLED_RATES, BUNDLED_SNAPSHOT, ensureDatabase } from "./build/bundled.ts";
export { ImportError, WARNING_RULES } from "./errors.ts";
export { type Encoding, ENCODINGS } from "./read/encoding.ts";
export { type Format, formatOfPath, FORMATS, readDelimiter } from "./read/shape.ts";
export { type Decimal, DECIMALS, type NumberReading } from "./read/numbers.ts";
export { ImportBusy, lockPathFor } from "./build/lock.ts";
export { openSource, type Source, streamSource } from "./read/source.ts";
export {
  GZIP_SLICE_BYTES,
  LIMITS_TEXT,
  MAX_BLANK_LINES,
  MAX_INPUT_BYTES,
  MAX_RECORD_BYTES,
} from "./read/limits.ts";
export type {
  DiffCounts,
  DiffEntry,
  DiffResult,
  ImportOptions,
  ImportPhase,
  ImportSummary,
  ImportTiming,
  RatesSummary,
} from "./build/import.ts";
export type { ListedWarning, WarningSummary } from "./errors.ts";
export type { RowWarning, WarningRule } from "./read/quality.ts";
export type { RowError } from "./read/csv_row.ts";
export type { ExportOptions } from "./export.ts";

/**
 * Writes every club of a database as CSV, TSV, NDJSON or JSON (see
 * export.ts); loads the exporter only when called.
 */
export async function exportClubs(
  dbPath: string,
  format: Format,
  write: (bytes: Uint8Array) => Promise<void>,
  options: ExportOptions = {},
): Promise<number> {
  return await (await import("./export.ts")).exportClubs(dbPath, format, write, options);
}

/**
 * The CSV/TSV writer of `export` (see export.ts), loaded when asked for:
 * for other writers of club rows (`query --format csv|tsv`).
 */
export async function delimitedWriter(): Promise<typeof import("./export.ts").delimitedClubs> {
  return (await import("./export.ts")).delimitedClubs;
}

/** The same writer for any rows under named columns (`query --changed-since --format csv|tsv`). */
export async function delimitedRowsWriter(): Promise<typeof import("./export.ts").delimitedRows> {
  return (await import("./export.ts")).delimitedRows;
}

/**
 * Streams a snapshot (CSV, TSV, NDJSON or JSON) into a new database and
 * swaps it in; throws {@link ImportError} when the input is invalid (the
 * old file stays).
 */
export async function importSnapshot(
  source: Source,
  options: ImportOptions,
): Promise<ImportSummary> {
  return await (await import("./build/import.ts")).importSnapshot(source, options);
}
