/**
 * `main.ts import`: rebuild the database from a snapshot file (CSV, TSV,
 * NDJSON or a JSON array), say what it changed, and report for pipelines.
 *
 * @example
 * ```sh
 * deno task import data/clubs.csv.gz --db data/clubs.db
 * ```
 * @module
 */
import { dirname } from "node:path";
import { type Command, UsageError } from "./args.ts";
import { commandInfo } from "./command_info.ts";
import { type ParsedOptions, parseOptions } from "./options.ts";
import {
  type DiffEntry,
  ImportBusy,
  ImportError,
  importSnapshot,
  type ImportSummary,
  openSource,
  type Source,
} from "../core/import/mod.ts";
import { type Rates, RatesFileError, readRatesFile } from "../core/rates/mod.ts";
import { progressReporter } from "./output/progress.ts";
import { formatCount as fmt } from "./output/text.ts";
import { OutputClosed, writeOut } from "./output/stdout.ts";
import { IMPORT_OPTIONS, IMPORT_USAGE } from "./import_options.ts";
import { databaseWriteProblem } from "./output/file_errors.ts";
import { requireAccess } from "./permissions.ts";
import {
  byChange,
  changes,
  failureReport,
  historyLine,
  listDiff,
  located,
  mib,
  notes,
  numbersLine,
  ratesLines,
  say,
  successReport,
} from "./import_report.ts";

import { SIGNAL_NUMBERS, type StopSignal, watchStopSignals } from "./import_signals.ts";

export { IMPORT_OPTIONS } from "./import_options.ts";

/** Clubs a terminal diff table shows, and that the JSON listing or report holds (memory stays bounded; the counts are complete). */
const TABLE_ROWS = 1000;
const LIST_MAX = 10_000;

/** The settings of `import`'s flags. */
type ImportSettings = ParsedOptions<typeof IMPORT_OPTIONS>["settings"];

/** One run of `import`: what it reads and writes, and how it reports. */
interface ImportRun {
  file: string;
  settings: ImportSettings;
  /** What the failure message says of the database: not changed, or not created. */
  unchanged: string;
  started: number;
}

export const importCommand: Command = {
  ...commandInfo("import"),
  usage: IMPORT_USAGE,
  async run(args) {
    const { help, settings, positionals } = parseOptions(
      IMPORT_OPTIONS,
      args,
      (name) => Deno.env.get(name),
      true,
    );
    if (help) {
      console.log(IMPORT_USAGE);
      return 0;
    }
    if (positionals.length !== 1) {
      throw new UsageError(
        positionals.length
          ? "expected one input file"
          : "missing the file to import (or - for stdin)",
      );
    }
    const file = positionals[0]!;
    const dbPath = settings.db;
    // The lock and the new file are made beside the database: its folder is written.
    const read = [file, settings.rates].filter((p): p is string => p !== null && p !== "-");
    requireAccess("import", { read, write: [dirname(dbPath)] }, args);
    const existed = exists(dbPath);
    const unchanged = existed ? `${dbPath} was not changed` : `${dbPath} was not created`;
    let source;
    try {
      source = openSource(file);
    } catch (e) {
      console.error(`error: cannot read "${file}": ${(e as Error).message}`);
      return 1;
    }
    // Typed input, or a forgotten pipe: say what the silence is waiting for.
    if (file === "-" && Deno.stdin.isTerminal()) {
      say("reading the snapshot from standard input (end it with Ctrl-D)…");
    }
    return await importFrom(source, { file, settings, unchanged, started: performance.now() });
  },
};

/** Imports `source` as the run's settings say, and reports; the exit code. */
async function importFrom(source: Source, run: ImportRun): Promise<number> {
  const { settings } = run;
  const { maxErrors, report, dryRun, db: dbPath } = settings;
  // The listing goes to a terminal as a table, elsewhere as JSON; with
  // --report json it is part of the report.
  const listing = diffListing(settings.diff, !report && Deno.stdout.isTerminal());
  const abort = new AbortController();
  let stoppedBy: StopSignal | null = null;
  const stopSignals = watchStopSignals((signal) => {
    stoppedBy ??= signal;
    abort.abort(new Error(`stopped by ${signal}`));
  });
  // Progress compares decompressed bytes with the size: only meaningful uncompressed.
  const progress = progressReporter(source.gzip ? null : source.size);
  try {
    const rates = settings.rates === null ? undefined : await ratesFile(settings.rates, maxErrors);
    const s = await importSnapshot(source, {
      dbPath,
      dryRun,
      maxErrors,
      onProgress: progress.update,
      signal: abort.signal,
      stopRequested: stopSignals.beforeRename,
      wait: settings.wait,
      onWait: (pid) =>
        say(`waiting for another import into ${dbPath} (pid ${pid ?? "unknown"}) to finish…`),
      format: settings.format,
      encoding: settings.encoding,
      delimiter: settings.delimiter,
      decimal: settings.decimal,
      strict: settings.strict,
      onDiff: listing.onDiff,
      rates,
      keepSnapshots: settings.keepSnapshots,
      historyBytes: settings.historyBytes,
      snapshotDate: settings.snapshotDate ?? undefined,
    });
    progress.done();
    await reportSuccess(s, run, listing);
    return 0;
  } catch (e) {
    progress.done();
    // A signal seen only by the watcher (this thread was blocked) stopped it too.
    const stopped = () => stoppedBy ??= stopSignals.received();
    return await reportFailure(e, run, stopped);
  } finally {
    stopSignals.close();
  }
}

/** The clubs `--diff` lists, as the import reports them (bounded; the count is complete). */
interface DiffListing {
  /** Given to the import: undefined without `--diff`. */
  onDiff: ((e: DiffEntry) => void) | undefined;
  entries: DiffEntry[];
  /** Whether the listing is a terminal table (else JSON). */
  table: boolean;
  /** Every club reported, listed or not. */
  count(): number;
}

function diffListing(diff: boolean, table: boolean): DiffListing {
  const entries: DiffEntry[] = [];
  let listed = 0;
  const onDiff = diff
    ? (e: DiffEntry) => {
      if (listed++ < (table ? TABLE_ROWS : LIST_MAX)) entries.push(e);
    }
    : undefined;
  return { onDiff, entries, table, count: () => listed };
}

/** What a finished import says: the summary lines, then the report or the listing. */
async function reportSuccess(s: ImportSummary, run: ImportRun, listing: DiffListing) {
  const { file, settings } = run;
  const { maxErrors, report, dryRun, db: dbPath } = settings;
  if (s.removedTemps.files.length) {
    say(
      `note: removed ${s.removedTemps.files.length} temporary file(s) of interrupted imports (${
        mib(s.removedTemps.bytes)
      })`,
    );
  }
  notes(s.unknownColumns, s.warnings, maxErrors, false);
  const what = dryRun ? "Validated (dry run, nothing written)" : `Imported into ${dbPath}`;
  say(
    `${what}: ${fmt(s.rows)} clubs, ${s.countries} ${
      s.countries === 1 ? "country" : "countries"
    }, ${s.types} type${s.types === 1 ? "" : "s"} in ${s.seconds.toFixed(2)} s`,
  );
  say(numbersLine(s.numbers));
  say(changes(s.diff, dryRun));
  say(historyLine(s.history, dryRun));
  ratesLines(s.rates, settings.rates).forEach(say);
  const entries = listing.entries.sort(byChange);
  if (report) {
    await writeOut(
      JSON.stringify(successReport(s, file, entries, settings.diff, dbPath)) + "\n",
    );
  } else if (settings.diff) await listDiff(entries, listing.table, listing.count());
}

/**
 * What a failed import says, and its exit code: the errors by line, a
 * stop by a signal (`stopped` names it), a refused write; anything else is
 * rethrown.
 */
async function reportFailure(
  e: unknown,
  run: ImportRun,
  stopped: () => StopSignal | null,
): Promise<number> {
  const { file, settings, unchanged, started } = run;
  const { maxErrors, report, dryRun, db: dbPath } = settings;
  if (e instanceof OutputClosed) return 0;
  if (e instanceof ImportError) {
    notes(e.unknownColumns, e.strict ? null : e.warnings, maxErrors, true);
    for (const err of e.errors) say(located(err));
    // --max-errors 0 lists none: the count follows.
    if (e.errorCount > e.errors.length && e.errors.length > 0) {
      say(`… and ${fmt(e.errorCount - e.errors.length)} more`);
    }
    say(`error: ${e.message}; ${unchanged}`);
    if (report) {
      await writeOut(
        JSON.stringify(failureReport(e.message, file, dbPath, dryRun, started, e)) + "\n",
      );
    }
    return 1;
  }
  const failed = (message: string) => {
    say(message);
    if (report) {
      return writeOut(
        JSON.stringify(failureReport(message, file, dbPath, dryRun, started)) + "\n",
      );
    }
  };
  if (e instanceof ImportBusy) {
    await failed(`error: ${e.message}; wait for it to finish, or pass --wait`);
    return 1;
  }
  const stoppedBy = stopped();
  if (stoppedBy) {
    say(`error: import stopped by ${stoppedBy}; ${unchanged}`);
    if (report) {
      const stopped = failureReport(
        `import stopped by ${stoppedBy}`,
        file,
        dbPath,
        dryRun,
        started,
      );
      await writeOut(JSON.stringify({ ...stopped, cancelled: true, signal: stoppedBy }) + "\n");
    }
    return 128 + SIGNAL_NUMBERS[stoppedBy];
  }
  // The system refused a file beside the database: named as the database, not that file.
  const problem = databaseWriteProblem(e, dbPath);
  if (problem !== null) {
    await failed(`error: ${problem}; ${unchanged}`);
    return 1;
  }
  throw e;
}

/**
 * The rates of `--rates FILE`; an unreadable or invalid file is an
 * {@link ImportError} (exit 1, nothing written), its errors naming their lines.
 */
async function ratesFile(path: string, maxErrors: number): Promise<Rates> {
  let r;
  try {
    r = await readRatesFile(path);
  } catch (e) {
    if (e instanceof RatesFileError) throw new ImportError(`Cannot import: ${e.message}`);
    throw e;
  }
  if (r.ok) return r.value;
  const n = r.errors.length;
  throw new ImportError(
    `Cannot import: ${fmt(n)} error${n === 1 ? "" : "s"} in the rates file ${path}`,
    r.errors.slice(0, maxErrors),
    n,
  );
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}
