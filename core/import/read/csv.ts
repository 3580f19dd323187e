/**
 * The CSV (and TSV) half of parsing: line-aligned UTF-8 chunks to records
 * (Papa Parse, piece by piece, each record with the line where it starts),
 * records to rows against the header, and CSV problems in our words. The
 * dispatcher, parse.ts, settles the encoding, shape and delimiter first and
 * hands in its batcher; it turns a {@link CsvFailure} into its
 * `ParseFailure`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { csvRows } from "./csv.ts";
 * const rows: number[] = [];
 * const batcher = { add: (line: number) => (rows.push(line), null), *rest() {} };
 * const chunks = new Blob(["name\nA Club\nB Club\n"]).stream();
 * const how = { format: "csv", encoding: "utf-8", delimiter: ",", newline: "\n" } as const;
 * for await (const _ of csvRows(chunks, how, batcher));
 * assert.deepStrictEqual(rows, [2, 3]);
 * ```
 * @module
 */
import { Buffer } from "node:buffer";
// @ts-types="./papaparse.d.ts"
import Papa from "papaparse";
import { CLUB_FIELDS } from "../../schema/club.ts";
import { readCells, type ReadResult } from "./csv_row.ts";
import { unescapeTsv, unguardFormula } from "./cells.ts";
import { type Encoding, type EncodingFailure, invalidUtf8 } from "./encoding.ts";
import { MAX_RECORD_BYTES } from "./limits.ts";
import type { NumberReader } from "./numbers.ts";
import { delimiterName, type Format } from "./shape.ts";
import type { HeaderInfo, RowBatch } from "./protocol.ts";

/**
 * Thrown when the CSV is malformed (a quote never closed or misplaced, a
 * record past {@link MAX_RECORD_BYTES}); the message says where and why,
 * and parse.ts prefixes it ("Cannot parse the CSV: ").
 */
export class CsvFailure extends Error {
  override name = "CsvFailure";
}

/**
 * Collects rows into batches (parse.ts's `Batcher`, handed in so that
 * this file does not import its dispatcher).
 */
export interface RowBatcher {
  /** Adds a read row; returns a full batch to send, if any. */
  add(line: number, bytes: number, row: ReadResult): RowBatch | null;
  /** The last, partial batch, if any rows are left. */
  rest(): Generator<RowBatch>;
}

/** What {@link csvRows} yields: how the input is read, then batches, then the end. */
export type CsvMessage =
  | HeaderInfo
  | RowBatch
  | { t: "fatal"; message: string }
  | { t: "done"; header: boolean };

const KNOWN = new Set<string>(CLUB_FIELDS);

/** One CSV record with where it starts and how far the input was read. */
interface CsvRecord {
  record: string[];
  line: number;
  bytes: number;
}

/** A problem Papa Parse found in a record: its code, and where (a character offset). */
type CsvError = { code: string; index: number };

/** Where reading stands: lines and bytes read before the next piece, and its carried start. */
interface Position {
  lines: number;
  bytes: number;
  /** The start of a record still open at the end of the last piece, read again with the next. */
  carry: Uint8Array;
}

/** A piece of whole lines to parse, as bytes and as text. */
interface Piece {
  data: Uint8Array;
  text: string;
  /** UTF-8 bytes per UTF-16 unit of the piece: progress is counted in bytes. */
  scale: number;
  /** The first invalid UTF-8 of the piece (null when its text shows no U+FFFD). */
  invalid: EncodingFailure | null;
  /** Whether no input follows. */
  last: boolean;
}

/**
 * CSV records of line-aligned UTF-8 chunks, in arrays, each with the line
 * where it starts. Each piece of whole lines is decoded and parsed by Papa
 * Parse to its end (its scan jumps from quote to delimiter with `indexOf`,
 * several times faster than a character-by-character parser here); a record
 * still open at the end of a piece (a quoted field with line breaks) is
 * carried into the next piece and read again from its start. `newline` is
 * the file's line ending (from its header line). TSV (`tsv`) is read
 * strictly: a record per line, no quoting, backslash escapes (cells.ts).
 */
async function* csvRecords(
  chunks: AsyncIterable<Uint8Array>,
  delimiter: string,
  newline: "\n" | "\r\n",
  tsv: boolean,
): AsyncGenerator<CsvRecord[], void, undefined> {
  const decoder = new TextDecoder();
  const at: Position = { lines: 0, bytes: 0, carry: new Uint8Array(0) };
  const read = (data: Uint8Array, last: boolean): CsvRecord[] => {
    // Bytes that are not UTF-8 decode as U+FFFD: only then is the piece checked.
    const text = decoder.decode(data);
    const invalid = text.includes("\ufffd") ? invalidUtf8(data, at.lines + 1) : null;
    const scale = data.length / Math.max(1, text.length);
    const piece = { data, text, scale, invalid, last };
    return tsv ? tsvPiece(piece, delimiter, at) : papaPiece(piece, delimiter, newline, at);
  };
  // Pieces of at least PIECE bytes: each parse has a fixed cost.
  const pending: Uint8Array[] = [];
  let pendingBytes = 0;
  for await (const next of chunks) {
    pending.push(next);
    pendingBytes += next.length;
    if (pendingBytes < PIECE) continue;
    const chunk = pending.length === 1 ? pending[0]! : concat(...pending);
    pending.length = 0;
    pendingBytes = 0;
    const data = at.carry.length ? concat(at.carry, chunk) : chunk;
    const cut = data.lastIndexOf(LF) + 1;
    if (cut === 0) {
      at.carry = data;
      if (at.carry.length > MAX_RECORD_BYTES) {
        throw new CsvFailure(csvProblem(tsv ? "TsvTooLong" : "TooLong", at.lines + 1, delimiter));
      }
      continue;
    }
    const tail = data.subarray(cut);
    const records = read(data.subarray(0, cut), false);
    if (tail.length) at.carry = at.carry.length ? concat(at.carry, tail) : tail.slice();
    if (records.length) yield records;
  }
  if (pending.length) at.carry = concat(at.carry, ...pending);
  if (at.carry.length) {
    const records = read(at.carry, true);
    if (records.length) yield records;
  }
}

/** The TSV records of a piece; moves `at` past it (a TSV record never continues). */
function tsvPiece(piece: Piece, delimiter: string, at: Position): CsvRecord[] {
  const { data, text, scale, invalid } = piece;
  const out: CsvRecord[] = [];
  tsvRecords(text, delimiter, at.lines + 1, (record, line, end) => {
    if (invalid && invalid.line <= line) throw invalid;
    if (record !== null) out.push({ record, line, bytes: at.bytes + Math.round(end * scale) });
  });
  at.lines += countLines(text, 0, text.length);
  at.bytes += data.length;
  at.carry = new Uint8Array(0);
  return out;
}

/**
 * The CSV records of a piece (Papa Parse); moves `at` past them, carrying a
 * record still open at the piece's end. Throws {@link CsvFailure} for a
 * malformed record.
 */
function papaPiece(
  piece: Piece,
  delimiter: string,
  newline: "\n" | "\r\n",
  at: Position,
): CsvRecord[] {
  const { data, text, scale, invalid } = piece;
  const out: CsvRecord[] = [];
  // Where the current record starts: a character offset and its line.
  let start = 0;
  let line = at.lines + 1;
  // Set by the step callback (hence the cast: TypeScript cannot see it assigned).
  let problem = null as { error: CsvError; start: number; line: number } | null;
  Papa.parse<string[]>(text, {
    delimiter,
    newline,
    step: (result, parser) => {
      const end = result.meta.cursor;
      const next = line + countLines(text, start, end);
      const error = result.errors[0];
      // A UTF-8 byte per UTF-16 unit at least, three at most: only a long record is measured.
      const tooLong = end - start > MAX_RECORD_BYTES / 3 &&
        Buffer.byteLength(text.slice(start, end)) > MAX_RECORD_BYTES;
      if (error || tooLong) {
        const code = error?.code ?? "TooLong";
        problem = { error: { code, index: error?.index ?? start }, start, line };
        return parser.abort();
      }
      // The record's last line: before `next`, or its own when no line feed ends it.
      if (invalid && invalid.line <= Math.max(line, next - 1)) throw invalid;
      // A blank line is one empty field, and no record.
      if (result.data.length > 1 || result.data[0] !== "") {
        // Progress only: exact for ASCII, proportional within the piece otherwise.
        out.push({ record: result.data, line, bytes: at.bytes + Math.round(end * scale) });
      }
      start = end;
      line = next;
    },
  });
  const consumed = problem === null
    ? data.length
    : openRecordStart(piece, problem, delimiter, newline);
  // The line where the next piece starts: the open record's, or the one after the last.
  at.lines = line - 1;
  at.bytes += consumed;
  at.carry = consumed === data.length ? new Uint8Array(0) : data.slice(consumed);
  return out;
}

/**
 * Where in the piece (bytes) the record that Papa Parse stopped at starts,
 * when it is only open (its quote continues in the next piece); throws
 * {@link CsvFailure} when it is malformed, too long, or open at the end.
 */
function openRecordStart(
  { data, text, last }: Piece,
  problem: { error: CsvError; start: number; line: number },
  delimiter: string,
  newline: "\n" | "\r\n",
): number {
  const { error, start: at, line: from } = problem;
  const fail = (message: string): never => {
    throw new CsvFailure(message);
  };
  if (error.code === "TooLong") fail(csvProblem("TooLong", from, delimiter));
  if (error.code !== "MissingQuotes") {
    // The line of the quote, and the field it opens (the fields before it, plus one).
    const quote = from + countLines(text, at, error.index);
    const before = Papa.parse<string[]>(text.slice(at, error.index - 1), {
      delimiter,
      newline,
    });
    const field = before.data[0]?.length ?? 1;
    fail(csvProblem(error.code, from, delimiter, { line: quote, field }));
  }
  // A record open at the end of the piece continues in the next one.
  if (last) fail(csvProblem("MissingQuotes", from, delimiter));
  const consumed = text.length === data.length ? at : Buffer.byteLength(text.slice(0, at));
  if (data.length - consumed > MAX_RECORD_BYTES) fail(csvProblem("TooLong", from, delimiter));
  return consumed;
}

/**
 * The records of a piece of whole TSV lines, the first numbered `first`
 * (fields split at `delimiter`, a tab unless --delimiter says): `each` gets
 * a record's unescaped fields (null for a blank line), its line and where it
 * ends (a character offset).
 */
function tsvRecords(
  text: string,
  delimiter: string,
  first: number,
  each: (record: string[] | null, line: number, end: number) => void,
): void {
  let line = first;
  for (let at = 0; at < text.length; line++) {
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    // CRLF or LF: a carriage return in a field is written \r.
    const last = end > at && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (
      last - at > MAX_RECORD_BYTES / 3 && Buffer.byteLength(text.slice(at, last)) > MAX_RECORD_BYTES
    ) {
      throw new CsvFailure(csvProblem("TsvTooLong", line, delimiter));
    }
    each(
      last === at ? null : text.slice(at, last).split(delimiter).map(unescapeTsv),
      line,
      end + 1,
    );
    at = end + 1;
  }
}

/** Bytes parsed at a time by {@link csvRecords}. */
const PIECE = 256 * 1024;

const LF = 0x0a;

/** Line feeds in `text` from offset `from` to before `to`. */
function countLines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i >= 0 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * CSV records (Papa Parse) to batches, collected by `batcher`: the header
 * first (a fatal message when it cannot be used), then the rows, then the
 * end. Throws {@link CsvFailure} when the CSV is malformed; the rows read
 * before are yielded first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { csvRows, type RowBatcher } from "./csv.ts";
 * const none: RowBatcher = { add: () => null, *rest() {} };
 * const chunks = new Blob(["city\nParis\n"]).stream();
 * const how = { format: "csv", encoding: "utf-8", delimiter: ",", newline: "\n" } as const;
 * const it = csvRows(chunks, how, none);
 * assert.equal((await it.next()).value?.t, "header");
 * assert.equal((await it.next()).value?.t, "fatal"); // the header has no "name" column
 * ```
 */
export async function* csvRows(
  chunks: AsyncIterable<Uint8Array>,
  how: {
    format: Format;
    encoding: Encoding;
    delimiter: string;
    newline: "\n" | "\r\n";
    /** The file's number rule (numbers.ts); a decimal point when absent. */
    numbers?: NumberReader;
  },
  batcher: RowBatcher,
): AsyncGenerator<CsvMessage, void, undefined> {
  let header: string[] | null = null;
  // Where each Club field is in a record (-1: not in the file).
  let columns: number[] | null = null;
  try {
    const tsv = how.format === "tsv";
    for await (const records of csvRecords(chunks, how.delimiter, how.newline, tsv)) {
      for (const { record, line, bytes } of records) {
        if (header === null) {
          const names = header = record.map((h) => h.trim());
          columns = CLUB_FIELDS.map((f) => names.indexOf(f));
          yield {
            t: "header",
            format: how.format,
            encoding: how.encoding,
            delimiter: how.delimiter,
            unknownColumns: names.filter((h) => !KNOWN.has(h)),
          };
          const dup = names.find((h, i) => names.indexOf(h) !== i);
          if (dup) {
            yield {
              t: "fatal",
              message: `Cannot import: column "${dup}" appears twice in the header on line ${line}`,
            };
            return;
          }
          if (!names.includes("name")) {
            yield {
              t: "fatal",
              message: `Cannot import: the header on line ${line} has no "name" column (found: ${
                names.join(", ")
              }; fields separated by ${delimiterName(how.delimiter)})`,
            };
            return;
          }
          continue;
        }
        let row: ReadResult;
        if (record.length !== header.length) {
          const hint = tsv && record.some((cell) => cell.includes('"'))
            ? `; a TSV line is one record with no quoting (a tab or line break in a field is written \\t or \\n): a file that quotes fields like CSV reads with --format csv --delimiter tab`
            : record.length === 1 && header.length > 1
            ? `; is the row separated by ${delimiterName(how.delimiter)} like the header?`
            : "";
          row = {
            ok: false,
            errors: [{
              line,
              column: "row",
              value: record.join(how.delimiter).slice(0, 80),
              message:
                `expected ${header.length} fields as in the header, found ${record.length}${hint}`,
            }],
          };
        } else {
          // A cell guarded against spreadsheet formulas (export's ', cells.ts) reads as it was.
          row = readCells(
            columns!.map((c) => c < 0 ? undefined : unguardFormula(record[c]!)),
            line,
            how.numbers,
          );
        }
        const full = batcher.add(line, bytes, row);
        if (full) yield full;
      }
    }
  } catch (e) {
    // Rows read before the failure are still reported, as they always were.
    yield* batcher.rest();
    throw e;
  }
  yield* batcher.rest();
  yield { t: "done", header: header !== null };
}

/**
 * A CSV problem in our words, with the likely cause: `code` is Papa Parse's
 * (`MissingQuotes`, `InvalidQuotes`), `TooLong` for a record past
 * {@link MAX_RECORD_BYTES} or `TsvTooLong` for such a TSV line; `start` is the line where the record starts and
 * `at` the line and field of a misplaced quote.
 */
function csvProblem(
  code: string,
  start: number,
  delimiter: string,
  at?: { line: number; field: number },
): string {
  const otherDelimiter = `, or, if the fields are not separated by ${
    delimiterName(delimiter)
  }, name the delimiter with --delimiter`;
  switch (code) {
    case "MissingQuotes":
      return `the quoted field that opens in the record on line ${start} is never closed (the file ends inside it); a quote inside a field must be doubled ("")`;
    case "TsvTooLong":
      return `line ${start} runs past ${
        MAX_RECORD_BYTES / 1048576
      } MiB: a TSV record is one line (a line break in a field is written \\n)`;
    case "TooLong":
      return `the record that starts on line ${start} runs past ${
        MAX_RECORD_BYTES / 1048576
      } MiB: a quote opened there is most likely never closed; a quote inside a field must be doubled ("")`;
    case "InvalidQuotes":
      return `line ${at?.line ?? start} (field ${
        at?.field ?? 1
      }): a quoted field is followed by other characters before the next ${
        delimiterName(delimiter)
      }; a quote inside a quoted field must be doubled ("")${otherDelimiter}`;
    default:
      return `line ${at?.line ?? start}: the CSV is malformed here (${code})`;
  }
}
