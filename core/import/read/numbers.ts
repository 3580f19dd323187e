/**
 * How the numbers of a CSV or TSV file are read: one rule per file, a
 * decimal point (`25000.5`, `25,000.50`) or a decimal comma (`25000,5`,
 * `25.000,50`, `25 000,50`), and a cell that the rule in force cannot read
 * with certainty is refused, never guessed. Excel in a German, Spanish or
 * French locale writes `25.000` for twenty-five thousand; read with a
 * decimal point that is 25.
 *
 * The rule is `--decimal point|comma`, else read from the file: a file whose
 * fields are separated by `,` writes decimal points (no locale that writes
 * decimal commas separates fields with them), any other takes the rule of
 * its first number that only one rule reads (`4,5`, `4.5`, `25.000,00`).
 * A number such as `25.000` or `1,234` (one separator, then three digits)
 * reads both ways, a thousand times apart: it is read only under a rule
 * given by the flag (or, for the `.`, by a `,` delimiter), and is an error
 * naming both flags otherwise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { NumberReader } from "./numbers.ts";
 * const de = new NumberReader("comma", ";");
 * assert.equal(de.read("25.000,50", 2, "annual_dues"), 25000.5);
 * const sniffed = new NumberReader(null, ";");
 * assert.equal(sniffed.read("4,5", 2, "google_rating"), 4.5);
 * assert.match(String(sniffed.read("25.000", 3, "initiation_fee")), /--decimal comma/);
 * ```
 * @module
 */

/** The decimal separators, as `--decimal` names them. */
export const DECIMALS = ["point", "comma"] as const;

/** One decimal separator rule. */
export type Decimal = typeof DECIMALS[number];

/** How a file's numbers were read: the import summary and `--report json` state it. */
export interface NumberReading {
  /** The decimal separator in force; null when no number needed one (whole numbers only). */
  decimal: Decimal | null;
  /**
   * What set it: `--decimal` (`flag`), the `,` field delimiter
   * (`delimiter`), the first number of the file that only one rule reads
   * (`file`: its line, column and text follow), or JSON's own numbers.
   */
  from: "flag" | "delimiter" | "file" | "json" | null;
  line?: number;
  column?: string;
  value?: string;
}

/** The characters that group thousands under each rule, besides spaces. */
const MARK = { point: ".", comma: "," } as const;
const OTHER = { point: "comma", comma: "point" } as const;

// Spaces that group thousands: plain, no-break (Excel fr-FR), narrow no-break (Intl fr-FR).
const SPACES = " \u00a0\u202f";
/** A whole part in groups of three, all separated by the same one of `marks`. */
const grouped = (marks: string) => new RegExp(`^[1-9]\\d{0,2}([${marks}])\\d{3}(?:\\1\\d{3})*$`);
const GROUPED = { point: grouped(`,${SPACES}`), comma: grouped(`.${SPACES}`) } as const;
const DIGITS = /^\d*$/;
const EXPONENT = /^[eE][-+]?\d+$/;

/** Whole numbers as most cells hold them: read the same under either rule. */
const PLAIN = /^[-+]?\d+$/;

/**
 * `text` read under `decimal`, or NaN: an optional sign, the whole part
 * (digits, or groups of three after a first group of one to three, all
 * separated by the same character), an optional decimal separator and
 * digits, an optional exponent (not after grouped digits).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readAs } from "./numbers.ts";
 * assert.equal(readAs("25 000,5", "comma"), 25000.5);
 * assert.equal(readAs("25,000.5", "point"), 25000.5);
 * assert.ok(Number.isNaN(readAs("25.000,5", "point")));
 * ```
 */
export function readAs(text: string, decimal: Decimal): number {
  let s = text;
  let sign = "";
  const c0 = s.charCodeAt(0);
  if (c0 === 0x2d || c0 === 0x2b) {
    sign = s[0]!;
    s = s.slice(1);
  }
  let exponent = "";
  const e = s.search(/[eE]/);
  if (e >= 0) {
    exponent = s.slice(e);
    if (!EXPONENT.test(exponent)) return NaN;
    s = s.slice(0, e);
  }
  const mark = MARK[decimal];
  const at = s.indexOf(mark);
  const whole = at < 0 ? s : s.slice(0, at);
  const fraction = at < 0 ? "" : s.slice(at + 1);
  if (!DIGITS.test(fraction)) return NaN;
  let digits = whole;
  if (!DIGITS.test(whole)) {
    const group = GROUPED[decimal].exec(whole);
    if (!group || exponent) return NaN;
    digits = whole.replaceAll(group[1]!, "");
  }
  if (digits === "" && fraction === "") return NaN;
  return Number(`${sign}${digits}.${fraction}${exponent}`);
}

/** `n` as messages write it: JavaScript's (and JSON's) own form. */
const show = (n: number) => String(n);

/**
 * Reads the numbers of one file under one rule (see the module doc): made
 * once per file, it remembers the rule the file showed.
 */
export class NumberReader {
  #decimal: Decimal | null;
  readonly #from: NumberReading["from"];
  /** Whether a `.` (and a `,`) followed by three digits is read under the rule rather than refused. */
  readonly #sureDot: boolean;
  readonly #sureComma: boolean;
  #first: { line: number; column: string; value: string } | null = null;

  /**
   * `decimal` is `--decimal` (null: read from the file); `delimiter` is the
   * CSV's field delimiter, null for JSON (whose numbers are JSON's).
   */
  constructor(decimal: Decimal | null, delimiter: string | null) {
    if (delimiter === null) {
      this.#decimal = "point";
      this.#from = "json";
    } else if (decimal !== null) {
      this.#decimal = decimal;
      this.#from = "flag";
    } else if (delimiter === ",") {
      this.#decimal = "point";
      this.#from = "delimiter";
    } else {
      this.#decimal = null;
      this.#from = "file";
    }
    const flag = this.#from === "flag" || this.#from === "json";
    this.#sureDot = flag || this.#from === "delimiter";
    this.#sureComma = flag;
  }

  /** How the file's numbers were read, so far. */
  reading(): NumberReading {
    if (this.#from === "file") {
      return this.#first ? { decimal: this.#decimal, from: "file", ...this.#first } : {
        decimal: null,
        from: null,
      };
    }
    return { decimal: this.#decimal, from: this.#from };
  }

  /**
   * The number a cell holds (trimmed, not empty); a string saying why the
   * rule in force cannot read it; null when it is not a number in any form
   * (the caller states the field's rule).
   */
  read(text: string, line: number, column: string): number | string | null {
    if (PLAIN.test(text)) return Number(text);
    const point = readAs(text, "point");
    const comma = readAs(text, "comma");
    const byPoint = !Number.isNaN(point);
    const byComma = !Number.isNaN(comma);
    if (!byPoint && !byComma) return null;
    // Both read it alike: `25 000`, `1e3`.
    if (byPoint && byComma && point === comma) return point;
    if (byPoint && byComma) {
      // Only `1.234` or `1,234` reads both ways (a sign aside): one mark, three digits after it.
      const dot = text.includes(".");
      if (this.#decimal !== null && (dot ? this.#sureDot : this.#sureComma)) {
        return this.#decimal === "point" ? point : comma;
      }
      return this.#ambiguous(point, comma, dot ? "." : ",");
    }
    const shown: Decimal = byPoint ? "point" : "comma";
    if (this.#decimal === null) {
      this.#decimal = shown;
      this.#first = { line, column, value: text };
    }
    if (shown === this.#decimal) return byPoint ? point : comma;
    return this.#contradiction(shown);
  }

  #ambiguous(point: number, comma: number, mark: "." | ","): string {
    // First the reading in which the mark groups thousands.
    const [thousands, other] = mark === "."
      ? ["comma", "point"] as const
      : ["point", "comma"] as const;
    const value = { point, comma };
    const head = `the number reads as ${
      show(value[thousands])
    } with --decimal ${thousands} ("${mark}" grouping thousands) and as ${
      show(value[other])
    } with --decimal ${other}, and the file does not say which`;
    const known = this.#first && this.#decimal
      ? `; its other numbers have a decimal ${this.#decimal} (line ${this.#first.line}, column ${this.#first.column}: ${
        JSON.stringify(this.#first.value)
      })`
      : "";
    return `${head}${known}: import it with the flag that reads it as meant`;
  }

  #contradiction(shown: Decimal): string {
    const rule = this.#decimal!;
    const has = `the number has a decimal ${shown}`;
    switch (this.#from) {
      case "flag":
        return `${has}, but --decimal ${rule} reads numbers with a decimal ${rule} (such as ${
          rule === "comma" ? "25000,5 or 25.000,50" : "25000.5 or 25,000.50"
        }): import the file with --decimal ${shown}, or correct the cell`;
      case "delimiter":
        return `${has}, but the numbers of a file whose fields are separated by ',' are read with a decimal point: if the file writes decimal commas, import it with --decimal comma`;
      case "json":
        return `${has}, but a number in JSON has a decimal point: write it as a JSON number (4.5)`;
      default: {
        const f = this.#first!;
        return `${has}, but the file's numbers have a decimal ${rule} (line ${f.line}, column ${f.column}: ${
          JSON.stringify(f.value)
        }), and one rule reads a file: correct one of them, or name the rule with --decimal ${rule} or --decimal ${
          OTHER[rule]
        }`;
      }
    }
  }
}
