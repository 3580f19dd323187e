/**
 * The parse half of an import: bytes to prepared rows in batches. The bytes
 * are decoded (encoding.ts), the shape of file is settled (shape.ts: CSV
 * with a sniffed delimiter, TSV, NDJSON or a JSON array) and the records
 * are read by the format's reader in {@link READERS} (csv.ts for CSV and
 * TSV, json_rows.ts for NDJSON and JSON), each record is validated
 * (csv_row.ts) and prepared (prepare.ts), and every problem names the line
 * where its record starts. This file holds the readers' table and batches
 * the rows. It runs in the parse worker
 * (worker.ts) or, when a worker cannot be started, in the importing thread
 * itself; both yield the same messages.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRows } from "./parse.ts";
 * const lines: number[] = [];
 * for await (const m of parseRows(new Blob(["name\nA Club\n"]).stream())) {
 *   if (m.t === "rows") lines.push(...m.lines);
 * }
 * assert.deepStrictEqual(lines, [2]);
 * ```
 * @module
 */
import { readObject, type ReadResult } from "./csv_row.ts";
import { CsvFailure, csvRows, type RowBatcher } from "./csv.ts";
import { type Encoding, EncodingFailure, utf8Chunks } from "./encoding.ts";
import { jsonArrayRecords, JsonFailure, type JsonItem, ndjsonRecords } from "./json_rows.ts";
import { capBytes, LimitFailure, MAX_RECORD_BYTES, refuseBlankRuns } from "./limits.ts";
import { prepareClub } from "./prepare.ts";
import { NumberReader } from "./numbers.ts";
import { type Format, sniffDelimiter, sniffFormat } from "./shape.ts";
import type { Done, HeaderInfo, ParseOptions, RowBatch } from "./protocol.ts";

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
  | Done;

/** Thrown when the byte source fails (a corrupt gzip, a read error). */
export class ReadFailure extends Error {
  override name = "ReadFailure";
}

/** Thrown when the input is not valid in its encoding or shape; the message is complete. */
export class ParseFailure extends Error {
  override name = "ParseFailure";
}

/** Options for reading a file whose encoding and shape are detected. */
export const DETECT: ParseOptions = {
  format: null,
  encoding: null,
  delimiter: null,
  decimal: null,
};

async function* readBytes(input: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of input) yield chunk;
  } catch (e) {
    throw new ReadFailure(e instanceof Error ? e.message : String(e));
  }
}

/** Collects rows into batches of {@link BATCH_ROWS}. */
class Batcher implements RowBatcher {
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
 * import assert from "node:assert/strict";
 * import { parseRows } from "./parse.ts";
 * const it = parseRows(new Blob(["city\nParis\n"]).stream());
 * assert.equal((await it.next()).value?.t, "header");
 * assert.deepStrictEqual((await it.next()).value, {
 *   t: "fatal",
 *   message: `Cannot import: the header on line 1 has no "name" column (found: city; fields separated by ',')`,
 * });
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
    yield* READERS[format]({ chunks: rest, firstText, format, encoding, options, check });
  } catch (e) {
    if (e instanceof EncodingFailure) throw new ParseFailure(`Cannot import: ${e.message}`);
    if (e instanceof CsvFailure) throw new ParseFailure(`Cannot parse the CSV: ${e.message}`);
    if (e instanceof JsonFailure) throw new ParseFailure(`Cannot parse the JSON: ${e.message}`);
    if (e instanceof LimitFailure) throw new ParseFailure(e.message);
    throw e;
  }
}

/** What a format's reader is handed. */
export interface ReaderInput {
  /** The text from its start, as UTF-8 (decoded already when the file is not UTF-8). */
  chunks: AsyncIterable<Uint8Array>;
  /** The first text (up to 4 KiB), decoded: where a reader finds its header line. */
  firstText: string;
  format: Format;
  /** The file's encoding, as given or detected. */
  encoding: Encoding;
  options: ParseOptions;
  /**
   * Whether the decoder checks that every byte is valid UTF-8: a reader
   * that checks for itself turns it off.
   */
  check: { check: boolean };
}

/**
 * A format's reader: the text's records to batches of prepared rows (see
 * {@link RowMessage}), the header first, the end last. It throws its own
 * failure (`CsvFailure`, `JsonFailure`), which {@link parseRows} words.
 */
export type Reader = (input: ReaderInput) => AsyncGenerator<RowMessage, void, undefined>;

/**
 * The reader of each format: a new format is a new entry (and its name in
 * shape.ts); the decoding, the limits, the field rules and the batching
 * around it are shared.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { READERS } from "./parse.ts";
 * import { FORMATS } from "./shape.ts";
 * assert.deepStrictEqual(Object.keys(READERS), [...FORMATS]);
 * ```
 */
export const READERS: Readonly<Record<Format, Reader>> = {
  csv: delimitedRows,
  tsv: delimitedRows,
  ndjson: (input) => jsonRows(input, ndjsonRecords),
  json: (input) => jsonRows(input, jsonArrayRecords),
};

/**
 * CSV or TSV records to batches (csv.ts): the line ending and the
 * delimiter are read from the header line unless given (a tab for TSV).
 */
async function* delimitedRows(
  { chunks, firstText, format, encoding, options, check }: ReaderInput,
): AsyncGenerator<RowMessage, void, undefined> {
  const headerLine = firstText.split("\n")[0]!;
  const firstLine = headerLine.replace(/\r$/, "");
  const newline: "\n" | "\r\n" = headerLine === firstLine ? "\n" : "\r\n";
  const delimiter = options.delimiter ?? (format === "tsv" ? "\t" : sniffDelimiter(firstLine));
  // The CSV reader checks UTF-8 only in records that show a U+FFFD:
  // decoding every byte twice would cost a tenth of the import.
  if (encoding === "utf-8") check.check = false;
  // One number rule for the file, settled as its cells show it (numbers.ts).
  const numbers = new NumberReader(options.decimal, delimiter);
  const how = { format, encoding, delimiter, newline, numbers };
  for await (const m of csvRows(chunks, how, new Batcher())) {
    yield m.t === "done" ? { ...m, numbers: numbers.reading() } : m;
  }
}

/** NDJSON or JSON-array records (`records` reads them) to batches; unknown keys are reported at the end. */
async function* jsonRows(
  { chunks, format, encoding }: ReaderInput,
  records: (chunks: AsyncIterable<Uint8Array>) => AsyncGenerator<JsonItem[], void, undefined>,
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
    for await (const items of records(counted)) {
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
  yield { t: "done", header: true, numbers: new NumberReader(null, null).reading() };
}
