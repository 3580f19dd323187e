/**
 * The parse half of an import: CSV bytes to validated rows in batches, with
 * the header checks and the line of each record. It runs in the parse
 * worker (import_worker.ts) or, when a worker cannot be started, in the
 * importing thread itself; both yield the same messages.
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
import { readRow } from "./csv_row.ts";
import type { BadRow, RowBatch, RowValues } from "./protocol.ts";

/** Rows per batch: large enough to amortise messaging, small enough to stream. */
export const BATCH_ROWS = 500;

/** What {@link parseRows} yields: the header's unknown columns, then batches, then the end. */
export type RowMessage =
  | { t: "header"; unknownColumns: string[] }
  | RowBatch
  | { t: "fatal"; message: string }
  | { t: "done"; header: boolean };

/** Thrown when the byte source fails (a corrupt gzip, a read error). */
export class ReadFailure extends Error {
  override name = "ReadFailure";
}

const KNOWN = new Set<string>(CLUB_FIELDS);

const newBatch = (): RowBatch => ({ t: "rows", lines: [], bytes: [], rows: [] });

/**
 * Parses and validates a CSV byte stream. Throws {@link ReadFailure} when
 * the stream fails and csv-parse's own error (with its `CSV_…` code) on a
 * syntax error; the rows handed over before either are yielded first.
 *
 * @example
 * ```ts
 * import { parseRows } from "./parse.ts";
 * const it = parseRows(new Blob(["city\nParis\n"]).stream());
 * await it.next(); // { value: { t: "header", unknownColumns: [] }, done: false }
 * await it.next(); // { value: { t: "fatal", message: 'Cannot import: the header on line 1 has no "name" column (found: city)' }, … }
 * ```
 */
export async function* parseRows(
  input: ReadableStream<Uint8Array>,
): AsyncGenerator<RowMessage, void, undefined> {
  const parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true });
  const bytes = Readable.fromWeb(input as never);
  // pipe() does not forward errors: a corrupt gzip or a read error must end
  // the parse with a clear message, not crash the process.
  bytes.on("error", (e) => parser.destroy(new ReadFailure(e.message)));
  bytes.pipe(parser);
  let header: string[] | null = null;
  let prevLines = 0;
  let prevEmpty = 0;
  let batch = newBatch();
  const push = (line: number, bytes: number, row: RowValues | BadRow) => {
    batch.lines.push(line);
    batch.bytes.push(bytes);
    batch.rows.push(row);
  };
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
        yield { t: "header", unknownColumns: names.filter((h) => !KNOWN.has(h)) };
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
            })`,
          };
          return;
        }
        continue;
      }
      if (record.length !== header.length) {
        push(line, info.bytes, {
          errors: [{
            line,
            column: "row",
            value: record.join(",").slice(0, 80),
            message: `expected ${header.length} fields as in the header, found ${record.length}`,
          }],
        });
      } else {
        const cells: Record<string, string> = {};
        for (let i = 0; i < header.length; i++) cells[header[i]!] = record[i]!;
        const row = readRow(cells, line);
        if (row.ok) {
          const v = row.value as Record<string, unknown>;
          push(line, info.bytes, CLUB_FIELDS.map((f) => v[f]) as RowValues);
        } else {
          push(line, info.bytes, { errors: row.errors });
        }
      }
      if (batch.rows.length >= BATCH_ROWS) {
        yield batch;
        batch = newBatch();
      }
    }
  } catch (e) {
    // Rows read before the failure are still reported, as they always were.
    if (batch.rows.length) yield batch;
    throw e;
  }
  if (batch.rows.length) yield batch;
  yield { t: "done", header: header !== null };
}
