/**
 * One day's rates as every rates format gives them (parse.ts, ecb.ts): the
 * shapes, and the checks they share, written once. {@link RatesCollector}
 * takes each rate as written with its line and column, and refuses what
 * the long format refuses: a code that is not a current ISO 4217 code in
 * capitals, a currency listed twice, a rate that is not a plain positive
 * number, EUR other than 1, a day not written `YYYY-MM-DD`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RatesCollector } from "./collect.ts";
 * const c = new RatesCollector();
 * c.add(2, "USD", "1.0298", { currency: "currency", rate: "rate" });
 * const r = c.result({ date: "2025-01-15", source: "x", format: "ecb-csv", line: 1, addEur: true });
 * assert(r.ok && r.value.rates.get("EUR") === 1 && r.value.rates.get("USD") === 1.0298);
 * ```
 * @module
 */
import { isCurrencyCode } from "./currencies.ts";

/**
 * The forms a rates file is read in: this project's long CSV
 * (`date,currency,rate`), and the ECB's euro reference rates as published:
 * `eurofxref.csv`, `eurofxref-daily.xml`, and either in a `.zip`.
 */
export const RATES_FORMATS = {
  "rates-csv": "date,currency,rate CSV",
  "ecb-csv": "the ECB's eurofxref.csv",
  "ecb-xml": "the ECB's eurofxref-daily.xml",
  "ecb-zip-csv": "the ECB's eurofxref.zip (eurofxref.csv)",
  "ecb-zip-xml": "a zip of the ECB's eurofxref-daily.xml",
} as const;

/** One of {@link RATES_FORMATS}. */
export type RatesFormat = keyof typeof RATES_FORMATS;

/** One day's rates: units of each currency per 1 EUR. */
export interface Rates {
  /** The day the rates are of, `YYYY-MM-DD`. */
  date: string;
  /** Where they come from, as the page names it. */
  source: string;
  /** Units per 1 EUR, by ISO 4217 code (EUR is 1). */
  rates: ReadonlyMap<string, number>;
  /** How the file was read (absent: rates kept in a database). */
  format?: RatesFormat;
}

/** A line of the rates file that is wrong (shaped like an import's row error). */
export interface RatesError {
  line: number;
  column: string;
  value: string;
  message: string;
}

/** What reading a rates file returns. */
export type RatesResult = { ok: true; value: Rates } | { ok: false; errors: RatesError[] };

/** A plain positive decimal, as written in every format. */
const NUMBER = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The columns an error of a code or a rate names. */
export interface RateColumns {
  currency: string;
  rate: string;
}

/** Collects one day's rates and the errors of each, by line. */
export class RatesCollector {
  readonly errors: RatesError[] = [];
  readonly rates = new Map<string, number>();
  readonly #seen = new Map<string, number>();

  /** Records an error. */
  err(line: number, column: string, value: string, message: string): void {
    this.errors.push({ line, column, value, message });
  }

  /** Whether any currency was listed (valid or not). */
  get listed(): number {
    return this.#seen.size;
  }

  /** Whether `code` was listed. */
  has(code: string): boolean {
    return this.#seen.has(code);
  }

  /** Checks `code` (true when it is a current code not listed before). */
  code(line: number, code: string, column: string): boolean {
    if (!isCurrencyCode(code)) {
      const upper = code.toUpperCase();
      this.err(
        line,
        column,
        code,
        upper !== code && isCurrencyCode(upper)
          ? `currency codes are written in capitals: "${upper}"`
          : "not a current ISO 4217 currency code",
      );
      return false;
    }
    if (this.#seen.has(code)) {
      this.err(
        line,
        column,
        code,
        `${code} is listed twice: already on line ${this.#seen.get(code)}`,
      );
      return false;
    }
    this.#seen.set(code, line);
    return true;
  }

  /** Checks a rate as written; kept when `known` (its code passed {@link code}). */
  rate(line: number, code: string, rate: string, column: string, known: boolean): void {
    const numeric = NUMBER.test(rate);
    const value = numeric ? Number(rate) : NaN;
    if (!numeric && !/^-\s*(\d|\.\d)/.test(rate)) {
      this.err(
        line,
        column,
        rate,
        "the rate must be a number (units of the currency per 1 EUR, such as 1.0298)",
      );
    } else if (!numeric || !(value > 0) || !Number.isFinite(value)) {
      this.err(line, column, rate, "the rate must be a number greater than 0");
    } else if (code === "EUR" && value !== 1) {
      this.err(line, column, rate, "EUR is the base: its rate is 1");
    } else if (known) this.rates.set(code, value);
  }

  /** Checks a code and its rate, each error naming its column. */
  add(line: number, code: string, rate: string, columns: RateColumns): void {
    this.rate(line, code, rate, columns.rate, this.code(line, code, columns.currency));
  }

  /**
   * The rates, or every error in line order. `line` is where a missing
   * rate or EUR is reported; with `addEur` (the ECB's files, which list
   * only the other currencies) EUR is added with the rate 1.
   */
  result(
    how: {
      date: string | null;
      source: string;
      format: RatesFormat;
      line: number;
      addEur: boolean;
    },
  ): RatesResult {
    if (this.listed === 0 && this.errors.length === 0) {
      this.err(how.line, "row", "", "the file has a header but no rates");
    } else if (how.addEur && !this.has("EUR")) {
      this.rates.set("EUR", 1);
    } else if (!this.has("EUR")) {
      this.err(
        how.line,
        "currency",
        "",
        "no EUR row: the rates are per 1 EUR, so the file lists EUR with the rate 1",
      );
    }
    if (this.errors.length || how.date === null) {
      return { ok: false, errors: this.errors.sort((a, b) => a.line - b.line) };
    }
    return {
      ok: true,
      value: { date: how.date, source: how.source, rates: this.rates, format: how.format },
    };
  }
}
