/**
 * The rates file: one day's euro reference rates, in this project's long
 * CSV or as the ECB publishes them (ecb.ts: `eurofxref.csv`,
 * `eurofxref-daily.xml`, and either in a zip, read by zip.ts); the form is
 * told from the content, and the rates say which was read. The long form:
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
import { isDay, RatesCollector, type RatesResult } from "./collect.ts";
import { looksLikeEcbCsv, looksLikeXml, parseEcbCsv, parseEcbXml } from "./ecb.ts";
import { isZip, readZipEntry, ZipRefused } from "./zip.ts";

export {
  type Rates,
  RATES_FORMATS,
  type RatesError,
  type RatesFormat,
  type RatesResult,
} from "./collect.ts";

/** The largest rates file read (bytes): a day's rates of every currency fit in 8 KiB. */
export const MAX_RATES_BYTES = 64 * 1024;

/** The longest `# source:` text kept (characters). */
export const MAX_SOURCE_CHARS = 200;

const HEADER = "date,currency,rate";

/** A field as written: trimmed, one pair of surrounding double quotes removed. */
function field(raw: string): string {
  const t = raw.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).trim() : t;
}

/** A `# source:` line's text checked, or its error recorded; null when it is not one. */
function sourceLine(
  c: RatesCollector,
  n: number,
  line: string,
  known: string | null,
): string | null {
  const m = /^#\s*source\s*:\s*(.*)$/i.exec(line);
  if (!m) return null;
  const s = m[1]!.trim();
  if (known !== null) c.err(n, "source", s, "the file names its source twice");
  else if (s === "" || s.length > MAX_SOURCE_CHARS || /\p{Cc}/u.test(s)) {
    c.err(n, "source", s, `the source must be 1 to ${MAX_SOURCE_CHARS} characters of text`);
  } else return s;
  return null;
}

/**
 * Reads the text of a rates file in the long format (see the module doc);
 * `name` is the file's name, the source when the file names none.
 */
export function parseRates(text: string, name: string): RatesResult {
  const c = new RatesCollector();
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  let source: string | null = null;
  let headerLine = 0;
  let date: { text: string; line: number } | null = null;
  lines.forEach((raw, i) => {
    const n = i + 1;
    const line = raw.trim();
    if (line === "") return;
    if (line.startsWith("#")) {
      source = sourceLine(c, n, line, source) ?? source;
      return;
    }
    if (headerLine === 0) {
      headerLine = n;
      const names = line.split(",").map((f) => field(f).toLowerCase()).join(",");
      if (names !== HEADER) {
        c.err(n, "header", line, `the header must be "${HEADER}" (rates per 1 EUR)`);
      }
      return;
    }
    const cells = line.split(",").map(field);
    if (cells.length !== 3) {
      c.err(n, "row", line, `a row has 3 fields (${HEADER}), this one has ${cells.length}`);
      return;
    }
    const [day, code, rate] = cells as [string, string, string];
    if (!isDay(day)) c.err(n, "date", day, "the date must be a day written YYYY-MM-DD");
    else if (date === null) date = { text: day, line: n };
    else if (day !== date.text) {
      c.err(
        n,
        "date",
        day,
        `the date differs from ${date.text} on line ${date.line}: a rates file holds one day's rates`,
      );
    }
    c.add(n, code, rate, { currency: "currency", rate: "rate" });
  });
  if (headerLine === 0) {
    c.err(
      lines.length,
      "header",
      "",
      `the file is empty: it needs the header "${HEADER}" and rows`,
    );
    return { ok: false, errors: c.errors };
  }
  return c.result({
    date: (date as { text: string } | null)?.text ?? null,
    source: source ?? basename(name),
    format: "rates-csv",
    line: headerLine,
    addEur: false,
  });
}

/**
 * Reads the text of a rates file in whichever form it is: the ECB's XML
 * (`<gesmes:Envelope>`), the ECB's CSV (`Date, USD, JPY, …`), else the long
 * format.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRatesText } from "./parse.ts";
 * const r = parseRatesText("Date, USD, \n15 January 2025, 1.0298, \n", "eurofxref.csv");
 * assert(r.ok && r.value.format === "ecb-csv" && r.value.rates.get("EUR") === 1);
 * ```
 */
export function parseRatesText(text: string, name: string): RatesResult {
  const t = text.replace(/^\uFEFF/, "");
  if (looksLikeXml(t)) return parseEcbXml(t, name);
  if (looksLikeEcbCsv(t)) return parseEcbCsv(t, name);
  return parseRates(t, name);
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
    const head = new TextDecoder().decode(bytes.subarray(0, 4096));
    const history = looksLikeEcbCsv(head) || /<Cube\s+time=/.test(head) || isZip(bytes)
      ? "; the ECB's history (eurofxref-hist) holds every day since 1999: give the latest day's file, eurofxref.csv, eurofxref-daily.xml or eurofxref.zip"
      : "";
    throw new RatesFileError(
      `the rates file "${path}" is larger than ${
        MAX_RATES_BYTES / 1024
      } KiB, the most read (a day's rates fit in 8 KiB)${history}`,
    );
  }
  let data: Uint8Array = bytes.subarray(0, size);
  let zipped: string | null = null;
  if (isZip(data)) {
    try {
      const entry = await readZipEntry(data, MAX_RATES_BYTES);
      data = entry.bytes;
      zipped = entry.name;
    } catch (e) {
      if (e instanceof ZipRefused) {
        throw new RatesFileError(`the rates file "${path}" is a zip archive: ${e.message}`);
      }
      throw e;
    }
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    throw new RatesFileError(
      `the rates file "${path}"${zipped ? ` (${zipped} in it)` : ""} is not UTF-8 text`,
    );
  }
  const r = parseRatesText(text, path);
  if (!r.ok || zipped === null || r.value.format === "rates-csv") return r;
  const format = r.value.format === "ecb-xml" ? "ecb-zip-xml" : "ecb-zip-csv";
  return { ok: true, value: { ...r.value, format } };
}
