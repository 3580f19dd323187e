/**
 * The import's error type and the shapes of what it reports, kept apart from
 * the importer so that callers can catch and print them without loading
 * Papa Parse, zod and the ISO 3166 data.
 *
 * @example
 * ```ts ignore
 * import { ImportError } from "./errors.ts";
 * try { await importSnapshot(source, { dbPath }); } catch (e) {
 *   if (e instanceof ImportError) console.error(e.errorCount, "errors");
 * }
 * ```
 * @module
 */
import type { RowError } from "./read/csv_row.ts";

/** Each warning rule (see quality.ts) and how the summary counts it: one, many. */
export const WARNING_RULES = {
  fee_figures_untiered: [
    "club with fee figures but no fee tier",
    "clubs with fee figures but no fee tier",
  ],
  country_code: ["country code stored as a name", "country codes stored as names"],
  region_code: ["region code stored as a name", "region codes stored as names"],
  unknown_country: ["unknown country", "unknown countries"],
  unknown_region: ["unknown region", "unknown regions"],
  unknown_type: ["unknown type", "unknown types"],
  golf_facts: ["club of another type with golf facts", "clubs of another type with golf facts"],
  opened_in_past: [
    "coming_soon club with an opened_year in the past",
    "coming_soon clubs with an opened_year in the past",
  ],
} as const;

/** One warning rule. */
export type WarningRule = keyof typeof WARNING_RULES;

/**
 * A row that breaks a warning rule (quality.ts). Rules about a value rather
 * than a row (a code, an unknown name) carry a `key`: they are listed once
 * per distinct value, with the number of rows.
 */
export interface RowWarning extends RowError {
  rule: WarningRule;
  key?: string;
}

/** A listed warning; `rows` counts the rows it stands for (a code is listed once). */
export interface ListedWarning extends RowWarning {
  rows: number;
}

/** The warnings of an import: how many (one per distinct code or name), by rule, and the first ones. */
export interface WarningSummary {
  count: number;
  byRule: Partial<Record<WarningRule, number>>;
  listed: ListedWarning[];
}

/** No warnings. */
export const NO_WARNINGS: WarningSummary = Object.freeze({ count: 0, byRule: {}, listed: [] });

/**
 * Thrown when the input is invalid; carries the first errors and their
 * count, and the warnings found so far. With `--strict`, the warnings are
 * the errors (`strict` is true).
 */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly errors: RowError[] = [],
    readonly errorCount = errors.length,
    readonly unknownColumns: string[] = [],
    readonly warnings: WarningSummary = NO_WARNINGS,
    readonly strict = false,
  ) {
    super(message);
    this.name = "ImportError";
  }
}
