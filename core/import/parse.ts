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
import { parse as parseSync } from "csv-parse/sync";
import { CLUB_FIELDS } from "../schema/club.ts";
import { readObject, readRow } from "./csv_row.ts";
import { type Encoding, EncodingFailure, invalidUtf8, utf8Chunks } from "./encoding.ts";
import { jsonArrayRecords, JsonFailure, type JsonItem, ndjsonRecords } from "./json_rows.ts";
import { prepareClub } from "./prepare.ts";
import { delimiterName, type Format, sniffDelimiter, sniffFormat } from "./shape.ts";
import type { BadRow, GoodRow, HeaderInfo, ParseOptions, RowBatch } from "./protocol.ts";

/**
 * Rows per batch: large enough to amortise messaging, small enough to
 * stream, and to die young: a batch is live while it is built, sent and
 * inserted, and with the import's 2 MiB young generation 500 rows were
 * copied by every scavenge (100 cut the import's CPU time by about 7%).
 */
export const BATCH_ROWS = 100;

/** The longest CSV record read (bytes): a longer one is an unclosed quote, not data. */
export const MAX_RECORD_BYTES = 1 << 20;

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
    return { t: "rows", lines: [], bytes: [], rows: [], warnings: [] };
  }

  /** Adds a read row; returns a full batch to send, if any. */
  add(
    line: number,
    bytes: number,
    row: ReturnType<typeof readRow>,
  ): RowBatch | null {
    const b = this.#batch;
    b.lines.push(line);
    b.bytes.push(bytes);
    if (row.ok) {
      const { keys, values, warnings } = prepareClub(row.value, line, this.year);
      b.rows.push({ keys, values } satisfies GoodRow);
      for (const w of warnings) b.warnings.push(w);
    } else {
      b.rows.push({ errors: row.errors } satisfies BadRow);
    }
    return b.rows.length >= BATCH_ROWS ? this.take() : null;
  }

  /** The rows collected so far (null when none). */
  take(): RowBatch | null {
    if (this.#batch.rows.length === 0) return null;
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
  const text = utf8Chunks(
    readBytes(input),
    options.encoding ?? undefined,
    (e) => encoding = e,
    check,
  );
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
      const firstLine = firstText.split("\n")[0]!.replace(/\r$/, "");
      const delimiter = options.delimiter ?? (format === "tsv" ? "\t" : sniffDelimiter(firstLine));
      // The CSV reader checks UTF-8 only in records that show a U+FFFD:
      // decoding every byte twice would cost a tenth of the import.
      if (encoding === "utf-8") check.check = false;
      yield* csvRows(rest, { format, encoding, delimiter });
    } else {
      yield* jsonRows(rest, format, encoding);
    }
  } catch (e) {
    if (e instanceof EncodingFailure) throw new ParseFailure(`Cannot import: ${e.message}`);
    if (e instanceof JsonFailure) throw new ParseFailure(`Cannot parse the JSON: ${e.message}`);
    throw e;
  }
}

/** One CSV record with where it starts and how far the input was read. */
interface CsvRecord {
  record: string[];
  line: number;
  bytes: number;
}

/** Thrown by csv-parse: its code, and where (relative to the piece it was given). */
type CsvError = Error & { code?: string; lines?: number; empty_lines?: number; column?: number };

/**
 * CSV records of line-aligned UTF-8 chunks, in arrays, each with the line
 * where it starts. Each piece of whole lines is parsed by csv-parse's
 * synchronous parser to its end, which skips the per-byte look-ahead of its
 * streaming parser; a record still open at the end of a piece (a quoted
 * field with line breaks) is carried into the next piece and read again
 * from its start.
 */
async function* csvRecords(
  chunks: AsyncIterable<Uint8Array>,
  delimiter: string,
): AsyncGenerator<CsvRecord[], void, undefined> {
  let carry: Uint8Array = new Uint8Array(0);
  // Lines and bytes read before the current piece, and the last record's
  // end line (absolute) with the blank lines seen in this piece before it.
  let lines = 0;
  let bytes = 0;
  let prev = { end: 0, empty: 0 };
  const read = (data: Uint8Array, last: boolean): CsvRecord[] => {
    const out: CsvRecord[] = [];
    let consumed = 0;
    prev = { end: lines, empty: 0 };
    const fail = (e: CsvError): never => {
      const start = prev.end + 1 + ((e.empty_lines ?? prev.empty) - prev.empty);
      const at = e.lines === undefined ? undefined : lines + e.lines;
      throw new ParseFailure(
        `Cannot parse the CSV: ${csvProblem(e.code ?? "", { ...e, lines: at }, start, delimiter)}`,
      );
    };
    try {
      parseSync(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
        delimiter,
        relax_column_count: true,
        skip_empty_lines: true,
        max_record_size: MAX_RECORD_BYTES,
        on_record: (
          record: string[],
          ctx: { lines: number; empty_lines: number; bytes: number },
        ) => {
          const line = prev.end + 1 + (ctx.empty_lines - prev.empty);
          // csv-parse shows bytes that are not UTF-8 as U+FFFD: check those records.
          for (const field of record) {
            if (field.includes("\ufffd")) {
              const bad = invalidUtf8(data.subarray(consumed, ctx.bytes), prev.end + 1);
              if (bad) throw bad;
              break;
            }
          }
          out.push({ record, line, bytes: bytes + ctx.bytes });
          prev = { end: lines + ctx.lines, empty: ctx.empty_lines };
          consumed = ctx.bytes;
          return null;
        },
      });
      consumed = data.length;
    } catch (e) {
      if (e instanceof EncodingFailure) throw e;
      // A record open at the end of the piece continues in the next one.
      if (last || (e as CsvError).code !== "CSV_QUOTE_NOT_CLOSED") fail(e as CsvError);
      if (data.length - consumed > MAX_RECORD_BYTES) {
        fail(Object.assign(new Error(), { code: "CSV_MAX_RECORD_SIZE" }) as CsvError);
      }
    }
    lines += countLines(data.subarray(0, consumed));
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
          `Cannot parse the CSV: ${
            csvProblem("CSV_MAX_RECORD_SIZE", {} as CsvError, lines + 1, delimiter)
          }`,
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

function countLines(data: Uint8Array): number {
  let n = 0;
  for (let i = data.indexOf(LF); i >= 0; i = data.indexOf(LF, i + 1)) n++;
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

/** CSV records (csv-parse) to batches. */
async function* csvRows(
  chunks: AsyncIterable<Uint8Array>,
  how: { format: Format; encoding: Encoding; delimiter: string },
): AsyncGenerator<RowMessage, void, undefined> {
  let header: string[] | null = null;
  const batcher = new Batcher();
  try {
    for await (const records of csvRecords(chunks, how.delimiter)) {
      for (const { record, line, bytes } of records) {
        if (header === null) {
          const names = header = record.map((h) => h.trim());
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
        let row: ReturnType<typeof readRow>;
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
          const cells: Record<string, string> = {};
          for (let i = 0; i < header.length; i++) cells[header[i]!] = record[i]!;
          row = readRow(cells, line);
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

/** A csv-parse error in our words, with the likely cause. */
function csvProblem(
  code: string,
  err: Error & { lines?: number; column?: number },
  start: number,
  delimiter: string,
): string {
  const at = err.lines ?? start;
  const field = err.column === undefined ? "" : ` (field ${err.column + 1})`;
  const otherDelimiter = `, or, if the fields are not separated by ${
    delimiterName(delimiter)
  }, name the delimiter with --delimiter`;
  switch (code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `the quoted field that opens in the record on line ${start} is never closed (the file ends inside it); a quote inside a field must be doubled ("")`;
    case "CSV_MAX_RECORD_SIZE":
      return `the record that starts on line ${start} runs past ${
        MAX_RECORD_BYTES / 1048576
      } MiB: a quote opened there is most likely never closed; a quote inside a field must be doubled ("")`;
    case "INVALID_OPENING_QUOTE":
    case "CSV_INVALID_OPENING_QUOTE":
      return `line ${at}${field}: a quote appears inside a field that does not start with one; quote the whole field and double the quotes inside it ("He said ""hi"""))${otherDelimiter}`;
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return `line ${at}${field}: a quoted field is followed by other characters before the next ${
        delimiterName(delimiter)
      }; a quote inside a quoted field must be doubled ("")${otherDelimiter}`;
    default:
      return `line ${at}${field}: the CSV is malformed here (${code})`;
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
  const read = (item: JsonItem): ReturnType<typeof readRow> => {
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
