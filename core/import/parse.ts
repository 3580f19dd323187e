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
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { CLUB_FIELDS } from "../schema/club.ts";
import { readObject, readRow } from "./csv_row.ts";
import { type Encoding, EncodingFailure, utf8Chunks } from "./encoding.ts";
import { jsonArrayRecords, JsonFailure, type JsonItem, ndjsonRecords } from "./json_rows.ts";
import { prepareClub } from "./prepare.ts";
import { delimiterName, type Format, sniffDelimiter, sniffFormat } from "./shape.ts";
import type { BadRow, GoodRow, HeaderInfo, ParseOptions, RowBatch } from "./protocol.ts";

/** Rows per batch: large enough to amortise messaging, small enough to stream. */
export const BATCH_ROWS = 500;

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
      const { params, json, warnings } = prepareClub(row.value, line, this.year);
      b.rows.push({ params, json } satisfies GoodRow);
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
  const text = utf8Chunks(readBytes(input), options.encoding ?? undefined, (e) => encoding = e);
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

/** CSV records (csv-parse) to batches. */
async function* csvRows(
  chunks: AsyncIterable<Uint8Array>,
  how: { format: Format; encoding: Encoding; delimiter: string },
): AsyncGenerator<RowMessage, void, undefined> {
  // Where the last record the parser produced ended (it runs ahead of the
  // loop below): a record it cannot finish starts on the next line.
  let parsed = { lines: 0, empty_lines: 0 };
  const parser = parse({
    delimiter: how.delimiter,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_BYTES,
    on_record: (record, context) => {
      parsed = context;
      return record;
    },
  });
  const source = Readable.from(chunks, { objectMode: false });
  // pipe() does not forward errors: a read or decoding failure must end
  // the parse with its own message, not crash the process.
  source.on("error", (e) => parser.destroy(e));
  source.pipe(parser);
  let header: string[] | null = null;
  let prevLines = 0;
  let prevEmpty = 0;
  const batcher = new Batcher();
  try {
    for await (
      const { record, info } of parser as AsyncIterable<{
        record: string[];
        info: { lines: number; empty_lines: number; bytes: number };
      }>
    ) {
      // csv-parse counts lines up to the end of a record: a multi-line
      // record is reported where it starts.
      const line = prevLines + 1 + (info.empty_lines - prevEmpty);
      prevLines = info.lines;
      prevEmpty = info.empty_lines;
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
      const full = batcher.add(line, info.bytes, row);
      if (full) yield full;
    }
  } catch (e) {
    // Rows read before the failure are still reported, as they always were.
    const rest = batcher.take();
    if (rest) yield rest;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^(CSV_)?[A-Z_]+$/.test(code) && !(e instanceof ReadFailure)) {
      const err = e as Error & { lines?: number; empty_lines?: number; column?: number };
      const start = parsed.lines + 1 +
        ((err.empty_lines ?? parsed.empty_lines) - parsed.empty_lines);
      throw new ParseFailure(
        `Cannot parse the CSV: ${csvProblem(code, err, start, how.delimiter)}`,
      );
    }
    throw e;
  }
  const rest = batcher.take();
  if (rest) yield rest;
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
        errors: [{ line: item.line, column: "row", value: "", message: item.error }],
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
    const rest = batcher.take();
    if (rest) yield rest;
    throw e;
  }
  const rest = batcher.take();
  if (rest) yield rest;
  if (unknown.size) yield header();
  yield { t: "done", header: true };
}
