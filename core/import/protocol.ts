/**
 * Messages between the import and its parse workers (see rows.ts and
 * worker.ts). The main thread owns the database; the reader worker reads,
 * decodes, parses, validates and prepares rows, and hands every other
 * piece of a large CSV to a helper worker, so the work runs on every core.
 * Rows come back numbered by piece, and are taken in file order.
 *
 * @example
 * ```ts
 * import type { FromWorker } from "./protocol.ts";
 * const done: FromWorker = { t: "done", header: true, pieces: 0 };
 * ```
 * @module
 */
import type { RowError } from "./csv_row.ts";
import type { RowParams } from "./prepare.ts";
import type { RowWarning } from "./quality.ts";
import type { Encoding } from "./encoding.ts";
import type { Format } from "./shape.ts";
import type { CsvPiece } from "./parse.ts";

/** How to read the input; null fields are detected. */
export interface ParseOptions {
  format: Format | null;
  encoding: Encoding | null;
  delimiter: string | null;
}

/** A row that failed: every error of the row. */
export interface BadRow {
  errors: RowError[];
}

/** A valid row, ready to store: its `clubs` values, its anonymous JSON and its digest. */
export interface GoodRow {
  params: RowParams;
  json: string;
  digest: number;
}

/** Rows in file order: `lines[i]` and `bytes[i]` belong to `rows[i]`. */
export interface RowBatch {
  t: "rows";
  /** The CSV piece the rows belong to (see parse.ts); none for JSON. */
  seq?: number;
  lines: number[];
  /** Bytes parsed when the row ended, for progress. */
  bytes: number[];
  rows: (GoodRow | BadRow)[];
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

/** What a worker sends. */
export type FromWorker =
  /** Send the next chunk of input. */
  | { t: "pull" }
  /** How the input is read; for JSON sent again at the end with every unknown key. */
  | HeaderInfo
  | RowBatch
  /** A piece of CSV for the helper worker to read (see parse.ts). */
  | ({ t: "piece" } & CsvPiece)
  /** Every row of piece `seq` was sent. */
  | { t: "piece_end"; seq: number }
  /** The header cannot be used: the import stops with this message. */
  | { t: "fatal"; message: string }
  /**
   * Parsing stopped: the input cannot be read (`read`: a read error, a
   * corrupt gzip), or is not valid in its encoding or format (`message` is
   * complete and names the line).
   */
  | { t: "error"; message: string; read?: boolean; seq?: number }
  /** The input ended, after `pieces` CSV pieces; `header` is false for an empty file. */
  | { t: "done"; header: boolean; pieces: number };

/** What the main thread sends. */
export type ToWorker =
  /** Start: read this file (a path from openSource), or be fed chunks when null. */
  | { t: "start"; path: string | null; options: ParseOptions }
  /** The next chunk of input, or null at its end. */
  | { t: "chunk"; bytes: Uint8Array | null }
  /** A batch was handled: the worker may send one more. */
  | { t: "ack" }
  /** To the helper: read this piece (numbered `seq`). */
  | ({ t: "piece" } & CsvPiece)
  /** To the reader: the helper has finished a piece it was given. */
  | { t: "piece_done" };
