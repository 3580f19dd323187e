/**
 * Rebuilds the directory database from a snapshot (a {@link Source}: CSV,
 * TSV, NDJSON or a JSON array; see parse.ts), atomically: rows stream through validation
 * into a temporary file beside the target, which is renamed over the target
 * only once it is complete, checked and on disk. A failed or interrupted
 * import leaves the previous database untouched; imports into one database
 * take turns (lock.ts). This file is the flow; its steps are stage.ts (the
 * rows in), finish.ts (slugs, keys, indexes, name search, places),
 * rates.ts, diff.ts and files.ts (the folder check, fsync, removal), and
 * types.ts holds its options and summary.
 *
 * @example
 * ```ts ignore
 * import { importSnapshot, openSource } from "./import.ts";
 * const summary = await importSnapshot(openSource("data/clubs.csv.gz"), { dbPath: "data/clubs.db" });
 * console.log(summary.rows, summary.seconds);
 * ```
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { dirname } from "node:path";
import { CREATE_STAGED_JSON, CREATE_TABLES } from "../../store/ddl.ts";
import { setPragmas } from "../../store/pragma.ts";
import { KeyIndex } from "../../search/key_index.ts";
import { ImportError } from "../errors.ts";
import { lockImport, removeStaleTemps, tempPathFor } from "./lock.ts";
import { CREATE_DIGESTS, diffDatabases, saveDigests } from "./diff.ts";
import { flushInBackground, isFolder, removeQuietly, syncPath } from "./files.ts";
import { assignSlugs, finish } from "./finish.ts";
import { storeRates } from "./rates.ts";
import { HistoryRecorder } from "../../history/mod.ts";
import { stage } from "./stage.ts";
import type { Source } from "../read/source.ts";
import type { ImportOptions, ImportPhase, ImportSummary } from "./types.ts";

export { openSource, type Source, streamSource } from "../read/source.ts";
export type { DiffCounts, DiffEntry, DiffResult } from "./diff.ts";
export type {
  ImportOptions,
  ImportPhase,
  ImportSummary,
  ImportTiming,
  RatesSummary,
} from "./types.ts";
export { ImportError } from "../errors.ts";
export { ImportBusy } from "./lock.ts";

/**
 * SQLite's page cache for the new file and for the temporary tables, each
 * (KiB). Larger buys nothing measurable: inserts append, and sorts spill to
 * temporary files in the OS cache. Peak memory must stay flat however large
 * the snapshot (measured: 16 MiB cost about 25 MB more at 40,000 clubs).
 */
const CACHE_KIB = 4096;

/**
 * Page size of the new file and of the temporary tables (bytes). Four times
 * SQLite's default: a quarter of the page reads and writes for the same
 * bytes (78,000 reads and 39,000 writes at 4 KiB for 40,000 clubs), which
 * measured 0.1 s less system time and 0.17 s less wall time per import. The
 * server's caches are sized in bytes, so they hold as much either way.
 */
const PAGE_BYTES = 16384;

/**
 * Throws the signal's reason if the import was asked to stop. Waits for the
 * event loop first: signal listeners run only there, so a SIGINT sent while
 * this thread was blocked in SQLite (the build, the check, the diff, an
 * fsync) is seen only after it (one timer turn measured enough).
 */
async function stopIfAsked(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return;
  await new Promise((resolve) => setTimeout(resolve, 0));
  signal.throwIfAborted();
}

/**
 * Streams a snapshot into a new database and swaps it in. Throws
 * {@link ImportError} with every collected error (up to `maxErrors`) when
 * the input is invalid (or, with `strict`, when a rule warns); the target
 * file is then left as it was. Imports into one database run one at a
 * time: another one fails with {@link ImportBusy} unless `wait` is set.
 * The source's name and format stand in for `options.source` and
 * `options.format` when those are absent.
 */
export async function importSnapshot(
  source: Source,
  options: ImportOptions,
): Promise<ImportSummary> {
  // Checked first: the lock and the temporary file are made beside the target.
  const folder = dirname(options.dbPath);
  if (!isFolder(folder)) {
    throw new ImportError(
      `Cannot import: the folder ${folder} (of ${options.dbPath}) does not exist or is not a folder`,
    );
  }
  // A dry run replaces nothing, so it needs no turn.
  const lock = options.dryRun ? null : await lockImport(options.dbPath, options);
  try {
    // Timed from here: waiting for another import is not this one's time.
    const started = performance.now();
    const removedTemps = removeStaleTemps(options.dbPath);
    const named = {
      ...options,
      source: options.source ?? source.name,
      format: options.format ?? source.format,
    };
    return { ...await build(source, named, started), removedTemps };
  } finally {
    lock?.release();
  }
}

/** The phases' durations (s): each call returns the time since the previous one. */
function lapTimer(started: number): () => number {
  let mark = started;
  return () => {
    const now = performance.now();
    const s = (now - mark) / 1000;
    mark = now;
    return s;
  };
}

/** The steps of an import, from the temporary file to the summary. */
async function build(
  source: Source,
  options: ImportOptions,
  started: number,
): Promise<Omit<ImportSummary, "removedTemps">> {
  const tmp = tempPathFor(options.dbPath);
  const db = new DatabaseSync(tmp);
  let renamed = false;
  const lap = lapTimer(started);
  // Every phase may be the last before the rename: a stop is checked between them.
  const enter = async (phase: ImportPhase) => {
    await stopIfAsked(options.signal);
    options.onPhase?.(phase);
  };
  try {
    createTables(db);
    options.onPhase?.("read");
    const staged = await stage(db, source, options);
    const read = lap();
    await enter("build");
    // The rows are on disk by the time the indexes are built: the final
    // fsync then only waits for what the build wrote.
    const flushed = options.dryRun ? null : flushInBackground(tmp);
    assignSlugs(db);
    saveDigests(db);
    finish(db, options.source ?? "");
    const rates = storeRates(db, options);
    const built = lap();
    await enter("check");
    const { rows, countries, types } = checkBuilt(db, staged.rows);
    const check = lap();
    await enter("diff");
    const { diff, history } = compare(db, options);
    const compared = lap();
    await enter("swap");
    db.close();
    if (!options.dryRun) {
      await swapIn(tmp, flushed, options);
      renamed = true;
    }
    const swap = lap();
    return {
      rows,
      countries,
      types,
      seconds: (performance.now() - started) / 1000,
      unknownColumns: staged.header.unknownColumns,
      dbPath: options.dryRun ? null : options.dbPath,
      format: staged.header.format,
      encoding: staged.header.encoding,
      delimiter: staged.header.delimiter,
      numbers: staged.numbers,
      warnings: staged.warnings,
      diff,
      rates,
      history,
      timing: { read, build: built, check, diff: compared, swap },
    };
  } finally {
    if (db.isOpen) db.close();
    if (!renamed) removeQuietly(tmp);
  }
}

/** Sets up the new file, `db`: its pragmas and its empty tables. */
function createTables(db: DatabaseSync): void {
  // Nothing else opens the temporary file: no syncs and no file locks per
  // transaction (durability comes from the final fsync). The rollback
  // journal stays: node:sqlite opens in defensive mode, which refuses
  // journal_mode=OFF, and the journal holds only pages that existed when a
  // transaction began, not the appended rows (turning defensive mode off to
  // drop it measured no faster).
  setPragmas(db, {
    page_size: PAGE_BYTES,
    synchronous: "OFF",
    locking_mode: "EXCLUSIVE",
    cache_size: -CACHE_KIB,
  });
  // Set before the first temporary table creates the temporary database;
  // the temp schema's own default cache is small: sized like main's.
  setPragmas(db, { page_size: PAGE_BYTES, cache_size: -CACHE_KIB }, "temp");
  db.exec(CREATE_TABLES + CREATE_STAGED_JSON + CREATE_DIGESTS);
}

/**
 * The built file's counts, once every derived structure is found to account
 * for every one of the `staged` rows streamed in (else the import fails).
 */
function checkBuilt(
  db: DatabaseSync,
  staged: number,
): { rows: number; countries: number; types: number } {
  const count = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n);
  const rows = count("SELECT count(*) AS n FROM clubs");
  const ranked = count("SELECT count(*) AS n FROM club_keys");
  const named = count("SELECT count(*) AS n FROM club_names");
  const index = KeyIndex.load(db).size;
  if (new Set([staged, rows, ranked, named, index]).size !== 1) {
    throw new Error(
      `Cannot finish import: the built database failed its check (${staged} rows read; ${rows} stored, ${ranked} ranked, ${named} indexed by name, ${index} in the key columns)`,
    );
  }
  const countries = count("SELECT count(DISTINCT country) AS n FROM club_keys");
  const types = count("SELECT count(DISTINCT type) AS n FROM club_keys");
  return { rows, countries, types };
}

/** What changed against the database replaced, recorded in the new file's history. */
function compare(
  db: DatabaseSync,
  options: ImportOptions,
): Pick<ImportSummary, "diff" | "history"> {
  // The history is written in the same build: the diff lists each change to it.
  const recorder = new HistoryRecorder(db, options.dbPath, options);
  try {
    const diff = diffDatabases(db, options.dbPath, options.onDiff, recorder.add);
    return { diff, history: recorder.finish(diff) };
  } finally {
    recorder.close();
  }
}

/**
 * Renames the closed, complete file `tmp` over the database, unless a stop
 * comes first (then it throws and the old database stays).
 */
async function swapIn(
  tmp: string,
  flushed: Promise<void> | null,
  options: ImportOptions,
): Promise<void> {
  // On disk before it is named, and the name on disk before we say so:
  // a power loss leaves the old database or the complete new one.
  await flushed;
  syncPath(tmp);
  // The last moment a stop can win: after the rename the new file is in.
  await stopIfAsked(options.signal);
  // Nothing runs between this synchronous check and the rename.
  if (options.stopRequested?.()) {
    throw new DOMException("The import was asked to stop", "AbortError");
  }
  // rename(2) is atomic: readers see the old file or the new one, never a mix.
  Deno.renameSync(tmp, options.dbPath);
  try {
    syncPath(dirname(options.dbPath));
  } catch { /* directories cannot be opened for syncing on every OS */ }
}
