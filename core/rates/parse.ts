/**
 * The rates file: euro reference rates as CSV, one day's rates per file.
 *
 * ```
 * # source: sample rates for the bundled, generated directory
 * date,currency,rate
 * 2025-01-15,EUR,1
 * 2025-01-15,USD,1.0298
 * ```
 *
 * `rate` is how many units of `currency` one euro buys. Blank lines and
 * lines starting with `#` are skipped; a `# source: …` comment names where
 * the rates come from (shown on the website; without one, the file's name).
 * Errors name their line: a header other than `date,currency,rate`, a
 * row without exactly three fields, a date that is not `YYYY-MM-DD` or
 * differs from the first row's, a code that is not a current ISO 4217 code
 * in capitals, a rate that is not a plain positive number, a currency listed
 * twice, EUR missing or not 1. A file is at most {@link MAX_RATES_BYTES}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRates } from "./parse.ts";
 * const r = parseRates("date,currency,rate\n2025-01-15,EUR,1\n2025-01-15,USD,1.03\n", "rates.csv");
 * assert(r.ok && r.value.rates.get("USD") === 1.03);
 * assert.deepStrictEqual(r.ok && r.value.source, "rates.csv");
 * ```
 * @module
 */
import { basename } from "node:path";
import { isCurrencyCode } from "./currencies.ts";

/** One day's rates: units of each currency per 1 EUR. */
export interface Rates {
  /** The day the rates are of, `YYYY-MM-DD`. */
  date: string;
  /** Where they come from, as the page names it. */
  source: string;
  /** Units per 1 EUR, by ISO 4217 code (EUR is 1). */
  rates: ReadonlyMap<string, number>;
}

/** A line of the rates file that is wrong (shaped like an import's row error). */
export interface RatesError {
  line: number;
  column: string;
  value: string;
  message: string;
}

/** What {@link parseRates} returns. */
export type RatesResult = { ok: true; value: Rates } | { ok: false; errors: RatesError[] };

/** The largest rates file read (bytes): a day's rates of every currency fit in 8 KiB. */
export const MAX_RATES_BYTES = 64 * 1024;

/** The longest `# source:` text kept (characters). */
export const MAX_SOURCE_CHARS = 200;

const HEADER = "date,currency,rate";
const NUMBER = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** A field as written: trimmed, one pair of surrounding double quotes removed. */
function field(raw: string): string {
  const t = raw.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).trim() : t;
}

/**
 * Reads the text of a rates file; `name` is the file's name, the source
 * when the file names none.
 */
export function parseRates(text: string, name: string): RatesResult {
  const errors: RatesError[] = [];
  const err = (line: number, column: string, value: string, message: string) =>
    errors.push({ line, column, value, message });
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  let source: string | null = null;
  let headerLine = 0;
  let date: { text: string; line: number } | null = null;
  const rates = new Map<string, number>();
  const seen = new Map<string, number>();
  lines.forEach((raw, i) => {
    const n = i + 1;
    const line = raw.trim();
    if (line === "") return;
    if (line.startsWith("#")) {
      const m = /^#\s*source\s*:\s*(.*)$/i.exec(line);
      if (!m) return;
      const s = m[1]!.trim();
      if (source !== null) err(n, "source", s, "the file names its source twice");
      else if (s === "" || s.length > MAX_SOURCE_CHARS || /\p{Cc}/u.test(s)) {
        err(n, "source", s, `the source must be 1 to ${MAX_SOURCE_CHARS} characters of text`);
      } else source = s;
      return;
    }
    if (headerLine === 0) {
      headerLine = n;
      const names = line.split(",").map((f) => field(f).toLowerCase()).join(",");
      if (names !== HEADER) {
        err(n, "header", line, `the header must be "${HEADER}" (rates per 1 EUR)`);
      }
      return;
    }
    const cells = line.split(",").map(field);
    if (cells.length !== 3) {
      err(n, "row", line, `a row has 3 fields (${HEADER}), this one has ${cells.length}`);
      return;
    }
    const [day, code, rate] = cells as [string, string, string];
    if (!isDay(day)) err(n, "date", day, "the date must be a day written YYYY-MM-DD");
    else if (date === null) date = { text: day, line: n };
    else if (day !== date.text) {
      err(
        n,
        "date",
        day,
        `the date differs from ${date.text} on line ${date.line}: a rates file holds one day's rates`,
      );
    }
    let known = false;
    if (!isCurrencyCode(code)) {
      const upper = code.toUpperCase();
      err(
        n,
        "currency",
        code,
        upper !== code && isCurrencyCode(upper)
          ? `currency codes are written in capitals: "${upper}"`
          : "not a current ISO 4217 currency code",
      );
    } else if (seen.has(code)) {
      err(n, "currency", code, `${code} is listed twice: already on line ${seen.get(code)}`);
    } else {
      seen.set(code, n);
      known = true;
    }
    const numeric = NUMBER.test(rate);
    const value = numeric ? Number(rate) : NaN;
    if (!numeric && !/^-\s*(\d|\.\d)/.test(rate)) {
      err(
        n,
        "rate",
        rate,
        "the rate must be a number (units of the currency per 1 EUR, such as 1.0298)",
      );
    } else if (!numeric || !(value > 0) || !Number.isFinite(value)) {
      err(n, "rate", rate, "the rate must be a number greater than 0");
    } else if (code === "EUR" && value !== 1) {
      err(n, "rate", rate, "EUR is the base: its rate is 1");
    } else if (known) rates.set(code, value);
  });
  if (headerLine === 0) {
    err(lines.length, "header", "", `the file is empty: it needs the header "${HEADER}" and rows`);
  } else if (seen.size === 0 && errors.length === 0) {
    err(headerLine, "row", "", "the file has a header but no rates");
  } else if (!seen.has("EUR")) {
    err(
      headerLine,
      "currency",
      "",
      "no EUR row: the rates are per 1 EUR, so the file lists EUR with the rate 1",
    );
  }
  if (errors.length) {
    errors.sort((a, b) => a.line - b.line);
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: { date: date!.text, source: source ?? basename(name), rates },
  };
}

/** A rates file that cannot be read (missing, too large, not UTF-8). */
export class RatesFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RatesFileError";
  }
}

/**
 * Reads and checks a rates file; at most {@link MAX_RATES_BYTES} are read.
 * Throws {@link RatesFileError} when the file cannot be read as text.
 */
export async function readRatesFile(path: string): Promise<RatesResult> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (e) {
    throw new RatesFileError(`cannot read the rates file "${path}": ${(e as Error).message}`);
  }
  const bytes = new Uint8Array(MAX_RATES_BYTES + 1);
  let size = 0;
  try {
    while (size < bytes.length) {
      const n = await file.read(bytes.subarray(size));
      if (n === null) break;
      size += n;
    }
  } finally {
    file.close();
  }
  if (size > MAX_RATES_BYTES) {
    throw new RatesFileError(
      `the rates file "${path}" is larger than ${
        MAX_RATES_BYTES / 1024
      } KiB, the most read (a day's rates fit in 8 KiB)`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, size));
  } catch {
    throw new RatesFileError(`the rates file "${path}" is not UTF-8 text`);
  }
  return parseRates(text, path);
}
