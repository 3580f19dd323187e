/**
 * Messages between the import and its parse worker (see rows.ts and
 * worker.ts). The main thread owns the database; the worker reads, decodes,
 * parses, validates and prepares rows, so the two halves run on two cores.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { FromWorker } from "./protocol.ts";
 * const done: FromWorker = { t: "done", header: true, numbers: { decimal: null, from: null } };
 * assert.deepStrictEqual(structuredClone(done), done); // messages survive postMessage
 * ```
 * @module
 */
import type { RowError } from "./csv_row.ts";
import type { RowKeys, RowValues } from "./prepare.ts";
import type { RowWarning } from "./quality.ts";
import type { Encoding } from "./encoding.ts";
import type { Format } from "./shape.ts";
import type { Decimal, NumberReading } from "./numbers.ts";

/** How to read the input; null fields are detected. */
export interface ParseOptions {
  format: Format | null;
  encoding: Encoding | null;
  delimiter: string | null;
  /** The decimal separator of a CSV's numbers (`--decimal`); null: read from the file. */
  decimal: Decimal | null;
}

/** A row that failed: its position in the batch and every error of the row. */
export interface BadRow {
  row: number;
  errors: RowError[];
}

/**
 * Rows in file order: `lines[i]` and `bytes[i]` belong to row `i`. A valid
 * row is its key columns then its Club field values, the next
 * `ROW_CELLS` (prepare.ts) entries of `cells`: one flat array per batch costs half
 * as much to pass between threads as two arrays per row. A row that failed
 * is in `failed` instead.
 */
export interface RowBatch {
  t: "rows";
  lines: number[];
  /** Bytes parsed when the row ended, for progress. */
  bytes: number[];
  cells: (RowKeys[number] | RowValues[number])[];
  /** The rows that failed, in file order. */
  failed: BadRow[];
  /** Warnings of these rows, in file order. */
  warnings: RowWarning[];
}

/** How the input was read. */
export interface HeaderInfo {
  t: "header";
  format: Format;
  encoding: Encoding;
  /** The CSV delimiter (null for JSON). */
  delimiter: string | null;
  /** Columns (or JSON keys) that are not Club fields: ignored. */
  unknownColumns: string[];
}

/** What the worker sends. */
export type FromWorker =
  /** Send the next chunk of input. */
  | { t: "pull" }
  /** How the input is read; for JSON sent again at the end with every unknown key. */
  | HeaderInfo
  | RowBatch
  /** The header cannot be used: the import stops with this message. */
  | { t: "fatal"; message: string }
  /**
   * Parsing stopped: the input cannot be read (`read`: a read error, a
   * corrupt gzip), or is not valid in its encoding or format (`message` is
   * complete and names the line).
   */
  | { t: "error"; message: string; read?: boolean }
  /** The input ended; `header` is false for an empty file. */
  | Done;

/** The input ended: whether it had a header, and how its numbers were read. */
export interface Done {
  t: "done";
  /** False for an empty file. */
  header: boolean;
  numbers: NumberReading;
}

/** What the main thread sends. */
export type ToWorker =
  /** Start: read this file (claimed from the Source, source.ts), or be fed chunks when null. */
  | { t: "start"; path: string | null; options: ParseOptions }
  /** The next chunk of input, or null at its end. */
  | { t: "chunk"; bytes: Uint8Array | null }
  /** A batch was handled: the worker may send one more. */
  | { t: "ack" };
