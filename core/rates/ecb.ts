/**
 * The ECB's euro foreign exchange reference rates, read as published:
 *
 * - `eurofxref.csv`: a header `Date, USD, JPY, …, ` and one row
 *   `15 January 2025, 1.0298, 161.76, …, ` (comma and space, a trailing
 *   `, `, the day written `D Month YYYY`);
 * - `eurofxref-daily.xml`: a `gesmes:Envelope` whose `Cube` holds one
 *   `<Cube time='YYYY-MM-DD'>` of `<Cube currency='USD' rate='1.0298'/>`.
 *
 * Units of each currency per 1 EUR; neither lists EUR, which is added with
 * the rate 1. Each rate is checked as the long format's are (collect.ts). A
 * file of more than one day (the history, `eurofxref-hist`) is refused, as
 * are `N/A` cells, which only the history has. The XML is read by a strict
 * scanner of this one small shape: a document type or entity declaration,
 * CDATA, or an entity other than XML's five is refused, so nothing is ever
 * expanded, and the text is at most the rates file's 64 KiB.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseEcbXml } from "./ecb.ts";
 * const r = parseEcbXml(
 *   "<gesmes:Envelope><Cube><Cube time='2025-01-15'><Cube currency='USD' rate='1.0298'/></Cube></Cube></gesmes:Envelope>",
 *   "eurofxref-daily.xml",
 * );
 * assert(r.ok && r.value.date === "2025-01-15" && r.value.rates.get("USD") === 1.0298);
 * ```
 * @module
 */
import { basename } from "node:path";
import { isDay, RatesCollector, type RatesResult } from "./collect.ts";

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

const HISTORY =
  "a rates file holds one day's rates (the ECB's eurofxref-hist holds every day since 1999: give the latest day's file, eurofxref.csv, eurofxref-daily.xml or eurofxref.zip)";

/** `15 January 2025` (or `2025-01-15`, as the history writes it) as `2025-01-15`; null if neither. */
export function ecbDay(text: string): string | null {
  if (isDay(text)) return text;
  const m = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(text);
  const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) : -1;
  if (!m || month < 0) return null;
  const day = `${m[3]}-${String(month + 1).padStart(2, "0")}-${m[1]!.padStart(2, "0")}`;
  return isDay(day) ? day : null;
}

/** The first line with text, split on commas and trimmed, a trailing empty field dropped. */
function cells(line: string): string[] {
  const c = line.split(",").map((f) => f.trim());
  if (c.length > 1 && c.at(-1) === "") c.pop();
  return c;
}

/** Whether text is the ECB's CSV: a first line `Date, ` then three-letter codes. */
export function looksLikeEcbCsv(text: string): boolean {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== "") ?? "";
  return /^\s*date\s*,\s*[A-Za-z]{3}\s*(,|$)/i.test(first);
}

/** Whether text is XML (its first character, after white space, opens a tag). */
export function looksLikeXml(text: string): boolean {
  return text.trimStart().startsWith("<");
}

/** Reads the ECB's `eurofxref.csv`; `name` (the file's) is the source. */
export function parseEcbCsv(text: string, name: string): RatesResult {
  const c = new RatesCollector();
  const lines = text.split(/\r?\n/);
  // The history first: one clear error, not one per day and currency.
  const days = lines.map((l, i) => [l, i + 1] as const).filter(([l]) => l.trim() !== "").slice(1);
  if (days.length > 1) {
    const [second, n] = days[1]!;
    c.err(n, "Date", cells(second)[0] ?? "", `the file holds ${days.length} days: ${HISTORY}`);
    return { ok: false, errors: c.errors };
  }
  let header: string[] | null = null;
  let headerLine = 0;
  let date: string | null = null;
  const codes: boolean[] = [];
  lines.forEach((raw, i) => {
    const n = i + 1;
    if (raw.trim() === "") return;
    const row = cells(raw);
    if (header === null) {
      header = row;
      headerLine = n;
      row.slice(1).forEach((code) => codes.push(c.code(n, code, "header")));
      return;
    }
    if (date !== null) {
      c.err(n, "Date", row[0] ?? "", `a second day: ${HISTORY}`);
      return;
    }
    if (row.length !== header.length) {
      c.err(
        n,
        "row",
        raw.trim().slice(0, 80),
        `the row has ${row.length} fields, the header ${header.length}`,
      );
      return;
    }
    date = ecbDay(row[0]!);
    if (date === null) {
      c.err(n, "Date", row[0]!, "the date must be a day written like 15 January 2025");
    }
    row.slice(1).forEach((rate, j) => {
      const code = header![j + 1]!;
      if (rate === "N/A") {
        c.err(n, code, rate, `no rate for ${code} that day ("N/A"): ${HISTORY}`);
      } else c.rate(n, code, rate, code, codes[j]!);
    });
  });
  if (header === null || date === null) {
    if (c.errors.length === 0) {
      c.err(headerLine || 1, "row", "", "the file has a header but no rates");
    }
    return { ok: false, errors: c.errors.sort((a, b) => a.line - b.line) };
  }
  return c.result({
    date,
    source: basename(name),
    format: "ecb-csv",
    line: headerLine,
    addEur: true,
  });
}

/** One token of the XML scanner. */
type Token =
  | { t: "open"; name: string; attrs: Map<string, string>; empty: boolean }
  | { t: "close"; name: string }
  | { t: "text"; text: string };

const NAME = "[A-Za-z_][\\w.:-]*";
const PI = /<\?[^?]*(?:\?(?!>)[^?]*)*\?>/y;
const COMMENT = /<!--[^-]*(?:-(?!->)[^-]*)*-->/y;
const OPEN = new RegExp(
  `<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`,
  "y",
);
const CLOSE = new RegExp(`</(${NAME})\\s*>`, "y");
const TEXT = /[^<]+/y;
const ATTR = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, "g");
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g;
const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Text with XML's five entities and character references decoded; null when another `&` is in it. */
function unescape(text: string): string | null {
  if (text.replace(ENTITY, "").includes("&")) return null;
  return text.replace(ENTITY, (e) => {
    const body = e.slice(1, -1);
    if (body[0] !== "#") return PREDEFINED[body]!;
    const code = body[1] === "x" ? parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
  });
}

/** The XML's tokens with their lines, or why it is refused (and where). */
function scan(text: string): { tokens: [Token, number][] } | { line: number; why: string } {
  const tokens: [Token, number][] = [];
  let at = 0;
  let line = 1;
  const match = (re: RegExp) => {
    re.lastIndex = at;
    return re.exec(text);
  };
  while (at < text.length) {
    let m: RegExpExecArray | null;
    let token: Token | null = null;
    if ((m = match(PI)) || (m = match(COMMENT))) { /* skipped */ }
    else if (text.startsWith("<!", at)) {
      return {
        line,
        why:
          "a document type, entity declaration or CDATA section, which the ECB's file never has: refused (nothing is expanded)",
      };
    } else if ((m = match(OPEN))) {
      const attrs = new Map<string, string>();
      for (const a of m[2]!.matchAll(ATTR)) {
        const value = unescape(a[2] ?? a[3] ?? "");
        if (value === null) return { line, why: `an "&" that is not one of XML's five entities` };
        attrs.set(a[1]!, value);
      }
      token = { t: "open", name: m[1]!, attrs, empty: m[3] === "/" };
    } else if ((m = match(CLOSE))) token = { t: "close", name: m[1]! };
    else if ((m = match(TEXT))) {
      const value = unescape(m[0]);
      if (value === null) return { line, why: `an "&" that is not one of XML's five entities` };
      token = { t: "text", text: value };
    } else return { line, why: "a tag that is not well-formed XML" };
    if (token) tokens.push([token, line]);
    for (let i = m.index; i < m.index + m[0].length; i++) if (text.charCodeAt(i) === 10) line++;
    at += m[0].length;
  }
  return { tokens };
}

/**
 * Reads the ECB's `eurofxref-daily.xml`: the rates of its one
 * `Cube time`, the source its `gesmes:name` (else `name`, the file's).
 */
export function parseEcbXml(text: string, name: string): RatesResult {
  const c = new RatesCollector();
  const scanned = scan(text);
  if ("why" in scanned) {
    c.err(scanned.line, "xml", "", `the XML holds ${scanned.why}`);
    return { ok: false, errors: c.errors };
  }
  const stack: string[] = [];
  let roots = 0;
  let date: string | null = null;
  let dateLine = 1;
  let sender: string | null = null;
  for (const [token, line] of scanned.tokens) {
    if (token.t === "text") {
      if (stack.at(-1) === "gesmes:name" && stack.at(-2) === "gesmes:Sender") {
        sender = token.text.trim();
      } else if (stack.length === 0 && token.text.trim() !== "") {
        c.err(line, "xml", token.text.trim().slice(0, 40), "text outside the XML's root element");
      }
      continue;
    }
    if (token.t === "close") {
      if (stack.pop() !== token.name) {
        c.err(line, "xml", token.name, `</${token.name}> closes no open <${token.name}>`);
        return { ok: false, errors: c.errors };
      }
      continue;
    }
    if (stack.length === 0 && ++roots > 1) c.err(line, "xml", token.name, "a second root element");
    if (stack.length === 0 && !/(^|:)Envelope$/.test(token.name)) {
      c.err(line, "xml", token.name, "the root must be the ECB's <gesmes:Envelope>");
    }
    if (token.name === "Cube") {
      cube(c, token.attrs, line, stack, {
        get: () => date,
        set: (d) => (date = d, dateLine = line),
      });
    }
    if (!token.empty) stack.push(token.name);
  }
  if (stack.length) {
    c.err(
      dateLine,
      "xml",
      stack.at(-1)!,
      `<${stack.at(-1)}> is never closed: the file is cut short`,
    );
  }
  if (date === null && c.errors.length === 0) {
    c.err(1, "time", "", "no <Cube time='YYYY-MM-DD'>: not the ECB's daily rates");
  }
  if (c.errors.length || date === null) {
    return {
      ok: false,
      errors: c.errors.sort((a, b) => a.line - b.line),
    };
  }
  return c.result({
    date,
    source: sender || basename(name),
    format: "ecb-xml",
    line: dateLine,
    addEur: true,
  });
}

/** A `Cube` element: the day (`time`), or one rate (`currency`, `rate`) inside the day's. */
function cube(
  c: RatesCollector,
  attrs: Map<string, string>,
  line: number,
  stack: string[],
  date: { get(): string | null; set(d: string): void },
): void {
  const time = attrs.get("time");
  if (time !== undefined) {
    if (date.get() !== null) return c.err(line, "time", time, `a second day: ${HISTORY}`);
    if (!isDay(time)) return c.err(line, "time", time, "the date must be a day written YYYY-MM-DD");
    return date.set(time);
  }
  const currency = attrs.get("currency");
  if (currency === undefined) return;
  if (date.get() === null || stack.at(-1) !== "Cube") {
    return c.err(line, "currency", currency, "a rate outside the day's <Cube time='…'>");
  }
  c.add(line, currency, attrs.get("rate") ?? "", { currency: "currency", rate: "rate" });
}
