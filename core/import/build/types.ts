/**
 * What an import is asked to do ({@link ImportOptions}) and what it reports
 * ({@link ImportSummary}): the importer's shapes, apart from its steps so
 * that each step can name them without importing the flow (import.ts).
 * @module
 */
import type { WarningSummary } from "../errors.ts";
import type { Encoding } from "../read/encoding.ts";
import type { Format } from "../read/shape.ts";
import type { Decimal, NumberReading } from "../read/numbers.ts";
import type { DiffEntry, DiffResult } from "./diff.ts";
import type { Rates, RatesFormat } from "../../rates/mod.ts";
import type { HistoryOptions, HistorySummary } from "../../history/mod.ts";

/** Seconds spent in each phase of an import. */
export interface ImportTiming {
  /** Reading, parsing, validating and inserting the rows. */
  read: number;
  /** Sorting by name, building the keys, indexes and name search. */
  build: number;
  /** Checking the built database. */
  check: number;
  /** Comparing with the database it replaces. */
  diff: number;
  /** Writing the new file to disk and swapping it in. */
  swap: number;
}

/** One phase of an import, as {@link ImportTiming} times them. */
export type ImportPhase = keyof ImportTiming;

/** What a finished (or dry) import reports. */
export interface ImportSummary {
  rows: number;
  countries: number;
  types: number;
  seconds: number;
  unknownColumns: string[];
  dbPath: string | null;
  /** Temporary files of killed imports that this one removed. */
  removedTemps: { files: string[]; bytes: number };
  /** How the input was read. */
  format: Format;
  encoding: Encoding;
  delimiter: string | null;
  /** How the numbers were read: the decimal separator, and what set it. */
  numbers: NumberReading;
  warnings: WarningSummary;
  /** What changed compared with the database replaced. */
  diff: DiffResult;
  /** The snapshot recorded in the history (core/history), and what the history keeps. */
  history: HistorySummary;
  /** The exchange rates the new snapshot holds; null: none. */
  rates: RatesSummary | null;
  timing: ImportTiming;
}

/** The rates stored in a new snapshot. */
export interface RatesSummary {
  date: string;
  source: string;
  /** Currencies with a rate (EUR included). */
  currencies: number;
  /** Taken from the database replaced (no rates file given). */
  carried: boolean;
  /** How the rates file was read (null: carried); see RATES_FORMATS. */
  format: RatesFormat | null;
  /** The clubs' currencies without a rate, with their clubs (their fees are not converted). */
  missing: { currency: string; clubs: number }[];
}

/** Options of {@link importSnapshot}. */
export interface ImportOptions extends Omit<HistoryOptions, "source"> {
  /** The database to replace. */
  dbPath: string;
  /** Validate and build, but keep the old database. */
  dryRun?: boolean;
  /** How many errors (and warnings) to list before the count (default 50). */
  maxErrors?: number;
  /** Called every 1,000 rows and at the end. */
  onProgress?: (rows: number, bytes: number) => void;
  /**
   * Stops the import; the old database stays. Honoured until the new file
   * is renamed over the old one: checked between every phase and just
   * before the rename (a phase that blocks, such as the build, finishes
   * first; see also `stopRequested`).
   */
  signal?: AbortSignal;
  /**
   * Asked synchronously immediately before the rename, after every blocking
   * step (true: stop, the old database stays): a stop seen on another thread
   * counts until then, where `signal` hears of it only when this thread's
   * event loop turns.
   */
  stopRequested?: () => boolean;
  /** Called as each phase of {@link ImportTiming} starts, in order. */
  onPhase?: (phase: ImportPhase) => void;
  /** Recorded in the snapshot's metadata; absent: the source's name (the file's path, `stdin`). */
  source?: string;
  /** When another import into the same database runs: wait for it (else fail with ImportBusy). */
  wait?: boolean;
  /** Called once before waiting for another import, with its pid. */
  onWait?: (pid: number | null) => void;
  /** The file's format; absent: the one its name announces, else detected from its content. */
  format?: Format | null;
  /** The file's encoding; UTF-8 unless a BOM or UTF-16 zero bytes say otherwise. */
  encoding?: Encoding | null;
  /** The CSV delimiter; sniffed from the header line when absent. */
  delimiter?: string | null;
  /**
   * The decimal separator of a CSV's numbers; read from the file when
   * absent (see numbers.ts).
   */
  decimal?: Decimal | null;
  /** Warnings are errors: nothing is imported if any rule warns. */
  strict?: boolean;
  /** Called with every club added, removed or changed (see diff.ts). */
  onDiff?: (entry: DiffEntry) => void;
  /**
   * The exchange rates to store (core/rates); absent: those of the
   * database replaced, if it has any.
   */
  rates?: Rates;
}
