/**
 * The shapes of file an import reads and an export writes: CSV (any of the
 * usual delimiters, sniffed from the header line), TSV, NDJSON (one Club
 * object per line) and a JSON array of Club objects.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatOfPath, sniffDelimiter } from "./shape.ts";
 * assert.equal(formatOfPath("clubs.tsv.gz"), "tsv");
 * assert.equal(sniffDelimiter("name;city;state"), ";");
 * ```
 * @module
 */

/** File formats, as `--format` names them. */
export const FORMATS = ["csv", "tsv", "ndjson", "json"] as const;

/** One file format. */
export type Format = typeof FORMATS[number];

/** The delimiters sniffed from a CSV header line, by preference on a tie. */
export const DELIMITERS = [",", ";", "\t", "|"] as const;

const EXTENSIONS: Readonly<Record<string, Format>> = {
  csv: "csv",
  tsv: "tsv",
  tab: "tsv",
  ndjson: "ndjson",
  jsonl: "ndjson",
  json: "json",
};

/**
 * The format a file name announces (a `.gz` suffix aside); null when it
 * says nothing (stdin, `.txt`), and the content decides.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatOfPath } from "./shape.ts";
 * assert.equal(formatOfPath("snapshot.jsonl"), "ndjson");
 * assert.equal(formatOfPath("-"), null);
 * ```
 */
export function formatOfPath(path: string): Format | null {
  const name = path.toLowerCase().replace(/\.gz$/, "");
  const dot = name.lastIndexOf(".");
  return dot < 0 ? null : EXTENSIONS[name.slice(dot + 1)] ?? null;
}

/**
 * The format of a file whose name says nothing, from its first text: a JSON
 * array starts with `[`, NDJSON with `{`, anything else is CSV.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sniffFormat } from "./shape.ts";
 * assert.equal(sniffFormat('  [{"name":"A"}]'), "json");
 * ```
 */
export function sniffFormat(text: string): Format {
  const first = text.trimStart()[0];
  return first === "[" ? "json" : first === "{" ? "ndjson" : "csv";
}

/**
 * The delimiter of a CSV file, from its header line: whichever of
 * {@link DELIMITERS} occurs most often outside quotes (header names are
 * plain words, so counting is enough; the parsing itself is Papa Parse's).
 * A comma when none occurs (a one-column file).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sniffDelimiter } from "./shape.ts";
 * assert.equal(sniffDelimiter("name\tcity"), "\t");
 * assert.equal(sniffDelimiter("name"), ",");
 * ```
 */
export function sniffDelimiter(headerLine: string): string {
  const unquoted = headerLine.replace(/"[^"]*"/g, "");
  let best: string = DELIMITERS[0];
  let most = 0;
  for (const d of DELIMITERS) {
    const n = unquoted.split(d).length - 1;
    if (n > most) [best, most] = [d, n];
  }
  return best;
}

/**
 * Reads a `--delimiter` value: one character, or `tab`. Returns an error
 * message for anything else.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readDelimiter } from "./shape.ts";
 * assert.deepStrictEqual(readDelimiter("tab"), { ok: true, value: "\t" });
 * ```
 */
export function readDelimiter(
  raw: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const value = raw === "tab" || raw === "\\t" ? "\t" : raw;
  if ([...value].length !== 1 || value === '"' || value === "\n" || value === "\r") {
    return {
      ok: false,
      message: `--delimiter must be one character other than a quote or a line break (such as ${
        DELIMITERS.map((d) => d === "\t" ? "tab" : d).join(" ")
      }), got ${JSON.stringify(raw)}`,
    };
  }
  return { ok: true, value };
}

/** How a delimiter is named in messages. */
export function delimiterName(d: string): string {
  return d === "\t" ? "tab" : `'${d}'`;
}
