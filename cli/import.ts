/**
 * `main.ts import`: rebuild the database from a CSV snapshot.
 *
 * @example
 * ```sh
 * deno task import data/clubs.csv.gz --db data/clubs.db
 * ```
 * @module
 */
import { type Command, parseFlags, UsageError } from "./args.ts";
import { commandInfo } from "./commands.ts";
import { ImportBusy, importCsv, ImportError, openSource } from "../core/import/mod.ts";
import { defaultDbPath } from "../core/store/mod.ts";
import { progressReporter } from "./output/progress.ts";

const USAGE =
  `Usage: main.ts import <file.csv | file.csv.gz | -> [--db PATH] [--dry-run] [--max-errors N]

Rebuilds the directory database from a CSV snapshot. The new database is
built beside the target and swapped in only when complete and checked; on
any error the old database is left untouched. A running server picks up the
new snapshot without a restart.

Options:
  --db PATH         database to replace (default: $CLUBDIR_DB or data/clubs.db)
  --dry-run         validate and build, but keep the current database
  --max-errors N    errors to list before the count (default 50)
  --wait            if another import into the same database runs, wait for it
                    (default: fail at once, naming its pid)
  -h, --help        show this help

Examples:
  main.ts import data/clubs.csv.gz
  main.ts import snapshot.csv --db /srv/clubs.db --dry-run
  gunzip -c snapshot.csv.gz | main.ts import - --db /srv/clubs.db`;

export const importCommand: Command = {
  ...commandInfo("import"),
  usage: USAGE,
  async run(args) {
    const { values, positionals } = parseFlags(args, {
      db: { type: "string" },
      "dry-run": { type: "boolean" },
      "max-errors": { type: "string" },
      wait: { type: "boolean" },
    }, true);
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length !== 1) {
      throw new UsageError(
        positionals.length
          ? "expected one input file"
          : "missing the CSV file to import (or - for stdin)",
      );
    }
    const file = positionals[0]!;
    const maxErrors = values["max-errors"] === undefined ? 50 : Number(values["max-errors"]);
    if (!Number.isInteger(maxErrors) || maxErrors < 1) {
      throw new UsageError("--max-errors must be a whole number from 1");
    }
    let source;
    try {
      source = openSource(file);
    } catch (e) {
      console.error(`error: cannot read "${file}": ${(e as Error).message}`);
      return 1;
    }
    const dbPath = values.db ?? defaultDbPath();
    const abort = new AbortController();
    let stoppedBy: StopSignal | null = null;
    const stopSignals = onStopSignals((signal) => {
      stoppedBy ??= signal;
      abort.abort(new Error(`stopped by ${signal}`));
    });
    const progress = progressReporter(source.size);
    try {
      const s = await importCsv(source.stream, {
        dbPath,
        dryRun: values["dry-run"] ?? false,
        maxErrors,
        onProgress: progress.update,
        signal: abort.signal,
        source: file === "-" ? "stdin" : file,
        wait: values.wait ?? false,
        onWait: (pid) =>
          console.error(
            `waiting for another import into ${dbPath} (pid ${pid ?? "unknown"}) to finish…`,
          ),
      });
      progress.done();
      if (s.removedTemps.files.length) {
        console.error(
          `note: removed ${s.removedTemps.files.length} temporary file(s) of interrupted imports (${
            mib(s.removedTemps.bytes)
          })`,
        );
      }
      if (s.unknownColumns.length) {
        console.error(
          `note: ignored unknown columns: ${s.unknownColumns.join(", ")}`,
        );
      }
      const what = values["dry-run"]
        ? "Validated (dry run, nothing written)"
        : `Imported into ${dbPath}`;
      console.error(
        `${what}: ${
          s.rows.toLocaleString("en-US")
        } clubs, ${s.countries} countries, ${s.types} types in ${s.seconds.toFixed(2)} s`,
      );
      return 0;
    } catch (e) {
      progress.done();
      if (e instanceof ImportError) {
        if (e.unknownColumns.length) {
          console.error(
            `note: ignored unknown columns: ${e.unknownColumns.join(", ")}`,
          );
        }
        for (const err of e.errors) {
          console.error(
            `line ${err.line}, column ${err.column}: ${err.message} (value: ${
              JSON.stringify(err.value)
            })`,
          );
        }
        if (e.errorCount > e.errors.length) {
          console.error(`… and ${e.errorCount - e.errors.length} more`);
        }
        console.error(`error: ${e.message}; ${dbPath} was not changed`);
        return 1;
      }
      if (e instanceof ImportBusy) {
        console.error(`error: ${e.message}; wait for it to finish, or pass --wait`);
        return 1;
      }
      if (stoppedBy) {
        console.error(`error: import stopped by ${stoppedBy}; ${dbPath} was not changed`);
        return 128 + SIGNAL_NUMBERS[stoppedBy as StopSignal];
      }
      throw e;
    } finally {
      stopSignals();
    }
  },
};

/** The signals that stop an import cleanly, with their numbers (exit code 128 + n). */
const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
type StopSignal = keyof typeof SIGNAL_NUMBERS;

/**
 * Calls `stop` on SIGINT, SIGTERM or SIGHUP instead of dying, so the import
 * removes its temporary file; returns the function that stops listening.
 */
function onStopSignals(stop: (signal: StopSignal) => void): () => void {
  const listeners: [StopSignal, () => void][] = [];
  for (const signal of Object.keys(SIGNAL_NUMBERS) as StopSignal[]) {
    const listener = () => stop(signal);
    try {
      Deno.addSignalListener(signal, listener);
      listeners.push([signal, listener]);
    } catch { /* not a signal on this OS (Windows has SIGINT only) */ }
  }
  return () => {
    for (const [signal, listener] of listeners) Deno.removeSignalListener(signal, listener);
  };
}

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
