/**
 * Messages between the import and its parse worker (see import_rows.ts and
 * import_worker.ts). The main thread owns the byte source and the database;
 * the worker parses and validates, so the two halves run on two cores.
 *
 * @example
 * ```ts
 * import type { FromWorker } from "./protocol.ts";
 * const done: FromWorker = { t: "done", header: true };
 * ```
 * @module
 */
import type { ClubRecord } from "../schema/club.ts";
import type { RowError } from "./csv_row.ts";

/** A valid row: its Club fields in CLUB_FIELDS order (slug null when the cell was empty). */
export type RowValues = ClubRecord[keyof ClubRecord][];

/** A row that failed: every error of the row. */
export interface BadRow {
  errors: RowError[];
}

/** Rows in file order: `lines[i]` and `bytes[i]` belong to `rows[i]`. */
export interface RowBatch {
  t: "rows";
  lines: number[];
  /** Bytes parsed when the row ended, for progress. */
  bytes: number[];
  rows: (RowValues | BadRow)[];
}

/** What the worker sends. */
export type FromWorker =
  /** Send the next chunk of input. */
  | { t: "pull" }
  /** The header was read; `unknownColumns` are ignored. */
  | { t: "header"; unknownColumns: string[] }
  | RowBatch
  /** The header cannot be used: the import stops with this message. */
  | { t: "fatal"; message: string }
  /**
   * Parsing stopped: a CSV syntax error (`code` is csv-parse's, e.g.
   * CSV_QUOTE_NOT_CLOSED), or the input could not be read (`read`).
   */
  | { t: "error"; message: string; code?: string; read?: boolean }
  /** The input ended; `header` is false for an empty file. */
  | { t: "done"; header: boolean };

/** What the main thread sends. */
export type ToWorker =
  /** Start: read this file (a path from openSource), or be fed chunks when null. */
  | { t: "start"; path: string | null }
  /** The next chunk of input, or null at its end. */
  | { t: "chunk"; bytes: Uint8Array | null }
  /** A batch was handled: the worker may send one more. */
  | { t: "ack" };
