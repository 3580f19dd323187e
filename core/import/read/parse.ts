/**
 * The parse half of an import: bytes to prepared rows in batches. The bytes
 * are decoded (encoding.ts), the shape of file is settled (shape.ts: CSV
 * with a sniffed delimiter, TSV, NDJSON or a JSON array), each record is
 * validated (csv_row.ts) and prepared (prepare.ts), and every problem names
 * the line where its record starts. It runs in the parse worker
 * (worker.ts) or, when a worker cannot be started, in the importing thread
 * itself; both yield the same messages.
 *
 * @example
 * ```ts
 * import { parseRows } from "./parse.ts";
 * for await (const m of parseRows(new Blob(["name\nA Club\n"]).stream())) {
 *   if (m.t === "rows") console.log(m.lines); // [2]
 * }
 * ```
 * @module
 */
import { Buffer } from "node:buffer";
// @ts-types="./papaparse.d.ts"
import Papa from "papaparse";
import { CLUB_FIELDS } from "../../schema/club.ts";
import { readCells, readObject, type ReadResult } from "./csv_row.ts";
import { type Encoding, EncodingFailure, invalidUtf8, utf8Chunks } from "./encoding.ts";
import { jsonArrayRecords, JsonFailure, type JsonItem, ndjsonRecords } from "./json_rows.ts";
import { capBytes, LimitFailure, MAX_RECORD_BYTES, refuseBlankRuns } from "./limits.ts";
import { prepareClub } from "./prepare.ts";
import { delimiterName, type Format, sniffDelimiter, sniffFormat } from "./shape.ts";
import type { HeaderInfo, ParseOptions, RowBatch } from "./protocol.ts";

/**
 * Rows per batch: large enough to amortise messaging, small enough to
 * stream, and to die young: a batch is live while it is built, sent and
 * inserted, and with the import's small young generation 500 rows were
 * copied by every scavenge (100 cut the import's CPU time by about 7%).
 */
export const BATCH_ROWS = 100;

/** The longest record read (bytes): defined with the import's other limits (limits.ts). */
export { MAX_RECORD_BYTES };

/** What {@link parseRows} yields: how the input is read, then batches, then the end. */
export type RowMessage =
  | HeaderInfo
  | RowBatch
  | { t: "fatal"; message: string }
  | { t: "done"; header: boolean };

/** Thrown when the byte source fails (a corrupt gzip, a read error). */
export class ReadFailure extends Error {
  override name = "ReadFailure";
}

/** Thrown when the input is not valid in its encoding or shape; the message is complete. */
export class ParseFailure extends Error {
  override name = "ParseFailure";
}

const KNOWN = new Set<string>(CLUB_FIELDS);

/** Options for reading a file whose encoding and shape are detected. */
export const DETECT: ParseOptions = { format: null, encoding: null, delimiter: null };

async function* readBytes(input: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of input) yield chunk;
  } catch (e) {
    throw new ReadFailure(e instanceof Error ? e.message : String(e));
  }
}

/** Collects rows into batches of {@link BATCH_ROWS}. */
class Batcher {
  #batch = Batcher.#empty();
  readonly year = new Date().getUTCFullYear();

  static #empty(): RowBatch {
    return { t: "rows", lines: [], bytes: [], cells: [], failed: [], warnings: [] };
  }

  /** Adds a read row; returns a full batch to send, if any. */
  add(
    line: number,
    bytes: number,
    row: ReadResult,
  ): RowBatch | null {
    const b = this.#batch;
    if (row.ok) {
      const { keys, values, warnings } = prepareClub(row.value, line, this.year);
      for (const k of keys) b.cells.push(k);
      for (const v of values) b.cells.push(v);
      for (const w of warnings) b.warnings.push(w);
    } else {
      b.failed.push({ row: b.lines.length, errors: row.errors });
    }
    b.lines.push(line);
    b.bytes.push(bytes);
    return b.lines.length >= BATCH_ROWS ? this.take() : null;
  }

  /** The rows collected so far (null when none). */
  take(): RowBatch | null {
    if (this.#batch.lines.length === 0) return null;
    const b = this.#batch;
    this.#batch = Batcher.#empty();
    return b;
  }

  /** The last, partial batch, if any rows are left: a parser's closing yield. */
  *rest(): Generator<RowBatch> {
    const b = this.take();
    if (b) yield b;
  }
}

/**
 * Parses and validates a byte stream (see the module doc). Throws
 * {@link ReadFailure} when the stream fails and {@link ParseFailure} when
 * the text is not valid in its encoding or shape; the rows handed over
 * before either are yielded first.
 *
 * @example
 * ```ts
 * import { parseRows } from "./parse.ts";
 * const it = parseRows(new Blob(["city\nParis\n"]).stream());
 * (await it.next()).value?.t; // "header"
 * (await it.next()).value; // { t: "fatal", message: 'Cannot import: the header on line 1 has no "name" column (found: city)' }
 * ```
 */
export async function* parseRows(
  input: ReadableStream<Uint8Array>,
  options: ParseOptions = DETECT,
): AsyncGenerator<RowMessage, void, undefined> {
  let encoding: Encoding = options.encoding ?? "utf-8";
  const check = { check: true };
  // Bounded before anything holds the text: a gzip bomb fails in its first megabytes.
  const text = refuseBlankRuns(utf8Chunks(
    capBytes(readBytes(input)),
    options.encoding ?? undefined,
    (e) => encoding = e,
    check,
  ));
  const it = text[Symbol.asyncIterator]();
  try {
    const first = await it.next();
    const head = first.done ? new Uint8Array(0) : first.value;
    const rest = (async function* () {
      if (head.length) yield head;
      while (true) {
        const r = await it.next();
        if (r.done) return;
        yield r.value;
      }
    })();
    const firstText = new TextDecoder().decode(head.subarray(0, 4096));
    const format: Format = options.format ?? sniffFormat(firstText);
    if (format === "csv" || format === "tsv") {
      const headerLine = firstText.split("\n")[0]!;
      const firstLine = headerLine.replace(/\r$/, "");
      const newline = headerLine === firstLine ? "\n" : "\r\n";
      const delimiter = options.delimiter ?? (format === "tsv" ? "\t" : sniffDelimiter(firstLine));
      // The CSV reader checks UTF-8 only in records that show a U+FFFD:
      // decoding every byte twice would cost a tenth of the import.
      if (encoding === "utf-8") check.check = false;
      yield* csvRows(rest, { format, encoding, delimiter, newline });
    } else {
      yield* jsonRows(rest, format, encoding);
    }
  } catch (e) {
    if (e instanceof EncodingFailure) throw new ParseFailure(`Cannot import: ${e.message}`);
    if (e instanceof JsonFailure) throw new ParseFailure(`Cannot parse the JSON: ${e.message}`);
    if (e instanceof LimitFailure) throw new ParseFailure(e.message);
    throw e;
  }
}

/** One CSV record with where it starts and how far the input was read. */
interface CsvRecord {
  record: string[];
  line: number;
  bytes: number;
}

/** A problem Papa Parse found in a record: its code, and where (a character offset). */
type CsvError = { code: string; index: number };

/**
 * CSV records of line-aligned UTF-8 chunks, in arrays, each with the line
 * where it starts. Each piece of whole lines is decoded and parsed by Papa
 * Parse to its end (its scan jumps from quote to delimiter with `indexOf`,
 * several times faster than a character-by-character parser here); a record
 * still open at the end of a piece (a quoted field with line breaks) is
 * carried into the next piece and read again from its start. `newline` is
 * the file's line ending (from its header line).
 */
async function* csvRecords(
  chunks: AsyncIterable<Uint8Array>,
  delimiter: string,
  newline: "\n" | "\r\n",
): AsyncGenerator<CsvRecord[], void, undefined> {
  const decoder = new TextDecoder();
  let carry: Uint8Array = new Uint8Array(0);
  // Lines and bytes read before the current piece.
  let lines = 0;
  let bytes = 0;
  const read = (data: Uint8Array, last: boolean): CsvRecord[] => {
    const out: CsvRecord[] = [];
    // Bytes that are not UTF-8 decode as U+FFFD: only then is the piece checked.
    const text = decoder.decode(data);
    const invalid = text.includes("\ufffd") ? invalidUtf8(data, lines + 1) : null;
    const scale = data.length / Math.max(1, text.length);
    // Where the current record starts: a character offset and its line.
    let start = 0;
    let line = lines + 1;
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
          out.push({ record: result.data, line, bytes: bytes + Math.round(end * scale) });
        }
        start = end;
        line = next;
      },
    });
    let consumed = data.length;
    if (problem !== null) {
      const { error, start: at, line: from } = problem;
      const fail = (message: string): never => {
        throw new ParseFailure(`Cannot parse the CSV: ${message}`);
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
      consumed = text.length === data.length ? at : Buffer.byteLength(text.slice(0, at));
      if (data.length - consumed > MAX_RECORD_BYTES) fail(csvProblem("TooLong", from, delimiter));
    }
    // The line where the next piece starts: the open record's, or the one after the last.
    lines = line - 1;
    bytes += consumed;
    carry = consumed === data.length ? new Uint8Array(0) : data.slice(consumed);
    return out;
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
    const data = carry.length ? concat(carry, chunk) : chunk;
    const cut = data.lastIndexOf(LF) + 1;
    if (cut === 0) {
      carry = data;
      if (carry.length > MAX_RECORD_BYTES) {
        throw new ParseFailure(
          `Cannot parse the CSV: ${csvProblem("TooLong", lines + 1, delimiter)}`,
        );
      }
      continue;
    }
    const tail = data.subarray(cut);
    const records = read(data.subarray(0, cut), false);
    if (tail.length) carry = carry.length ? concat(carry, tail) : tail.slice();
    if (records.length) yield records;
  }
  if (pending.length) carry = concat(carry, ...pending);
  if (carry.length) {
    const records = read(carry, true);
    if (records.length) yield records;
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

/** CSV records (Papa Parse) to batches. */
async function* csvRows(
  chunks: AsyncIterable<Uint8Array>,
  how: { format: Format; encoding: Encoding; delimiter: string; newline: "\n" | "\r\n" },
): AsyncGenerator<RowMessage, void, undefined> {
  let header: string[] | null = null;
  // Where each Club field is in a record (-1: not in the file).
  let columns: number[] | null = null;
  const batcher = new Batcher();
  try {
    for await (const records of csvRecords(chunks, how.delimiter, how.newline)) {
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
          const hint = record.length === 1 && header.length > 1
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
          row = readCells(columns!.map((c) => c < 0 ? undefined : record[c]), line);
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
 * (`MissingQuotes`, `InvalidQuotes`) or `TooLong` for a record past
 * {@link MAX_RECORD_BYTES}; `start` is the line where the record starts and
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

/** NDJSON or JSON-array records to batches; unknown keys are reported at the end. */
async function* jsonRows(
  chunks: AsyncIterable<Uint8Array>,
  format: Format,
  encoding: Encoding,
): AsyncGenerator<RowMessage, void, undefined> {
  const unknown = new Set<string>();
  const header = (): HeaderInfo => ({
    t: "header",
    format,
    encoding,
    delimiter: null,
    unknownColumns: [...unknown],
  });
  yield header();
  let bytes = 0;
  const counted = (async function* () {
    for await (const c of chunks) {
      bytes += c.length;
      yield c;
    }
  })();
  const records = format === "json" ? jsonArrayRecords(counted) : ndjsonRecords(counted);
  const batcher = new Batcher();
  const read = (item: JsonItem): ReadResult => {
    if ("error" in item) {
      return {
        ok: false,
        errors: [{ line: item.line, column: "row", value: item.text, message: item.error }],
      };
    }
    const r = readObject(item.value, item.line);
    // A bounded list: a file of a million distinct keys is still one message.
    for (const k of r.unknown) if (unknown.size < 100) unknown.add(k);
    return r;
  };
  try {
    for await (const items of records) {
      for (const item of items) {
        const full = batcher.add(item.line, bytes, read(item));
        if (full) yield full;
      }
    }
  } catch (e) {
    yield* batcher.rest();
    throw e;
  }
  yield* batcher.rest();
  if (unknown.size) yield header();
  yield { t: "done", header: true };
}
