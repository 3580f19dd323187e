/**
 * Errors and warnings as an import meets them: all counted, the first ones
 * kept for the listing. Warnings about a value (a code, an unknown name)
 * are kept once per distinct value with the number of rows.
 *
 * @example
 * ```ts ignore
 * import { Tally } from "./tally.ts";
 * const t = new Tally(50);
 * t.warning({ rule: "country_code", key: "country:JP", line: 2, column: "country", value: "JP", message: "…" });
 * t.warnings().count; // 1
 * ```
 * @module
 */
import type { RowError } from "../read/csv_row.ts";
import type { ListedWarning, WarningSummary } from "../errors.ts";
import type { RowWarning, WarningRule } from "../read/quality.ts";

/** Distinct values remembered for merging; past this, each row counts alone. */
const MAX_KEYS = 10_000;

/** Counts errors and warnings and keeps the first `max` of each. */
export class Tally {
  readonly errors: RowError[] = [];
  errorCount = 0;
  #warningCount = 0;
  readonly #byRule: Partial<Record<WarningRule, number>> = {};
  readonly #listed: ListedWarning[] = [];
  readonly #keyed = new Map<string, ListedWarning>();

  constructor(readonly max: number) {}

  /** Records an error. */
  error(e: RowError): void {
    this.errorCount++;
    if (this.errors.length < this.max) this.errors.push(e);
  }

  /** Records a warning (merged with an earlier one of the same value). */
  warning(w: RowWarning): void {
    const seen = w.key === undefined ? undefined : this.#keyed.get(w.key);
    if (seen) {
      seen.rows++;
      return;
    }
    this.#warningCount++;
    this.#byRule[w.rule] = (this.#byRule[w.rule] ?? 0) + 1;
    const entry: ListedWarning = { ...w, rows: 1 };
    if (w.key !== undefined && this.#keyed.size < MAX_KEYS) this.#keyed.set(w.key, entry);
    if (this.#listed.length < this.max) this.#listed.push(entry);
  }

  /** The warnings so far. */
  warnings(): WarningSummary {
    // Place warnings are found by another thread than the others: list by line.
    const listed = [...this.#listed].sort((a, b) => a.line - b.line);
    return { count: this.#warningCount, byRule: { ...this.#byRule }, listed };
  }
}
