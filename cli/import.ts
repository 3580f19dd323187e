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
import { type Command, UsageError } from "./args.ts";
import { commandInfo } from "./commands.ts";
import { choice, dbOption, helpFlagLine, optionLines, parseOptions } from "./options.ts";
import type { OptionTable, Parsed } from "../core/model/mod.ts";
import {
  type DiffEntry,
  type DiffResult,
  ENCODINGS,
  formatOfPath,
  FORMATS,
  ImportBusy,
  importCsv,
  ImportError,
  type ImportSummary,
  LIMITS_TEXT,
  openSource,
  type RatesSummary,
  readDelimiter,
  type RowError,
  WARNING_RULES,
  type WarningSummary,
} from "../core/import/mod.ts";
import { MAX_RATES_BYTES, type Rates, RatesFileError, readRatesFile } from "../core/rates/mod.ts";
import { progressReporter } from "./output/progress.ts";
import { renderTable, terminalColumns } from "./output/table.ts";
import { safeText } from "./output/text.ts";
import { OutputClosed, writeOut } from "./output/stdout.ts";

const fmt = (n: number) => n.toLocaleString("en-US");

/** The input limits, as the usage states them. */
const LIMITS_NOTE = wrap(
  `An import reads ${LIMITS_TEXT}; past one of them it stops with an error naming the line and the limit.`,
);

/** The most errors and warnings listed (all are counted). */
const MAX_LISTED = 10_000;

/** Where the help text of each option starts. */
const HELP_COLUMN = 20;

/** The options of `import`, by the setting each fills (the file is the one positional argument). */
export const IMPORT_OPTIONS = {
  db: dbOption("database to replace"),
  /** null: keep the rates of the database replaced. */
  rates: {
    flag: "rates",
    placeholder: "FILE",
    default: null,
    shown: "those of the database replaced",
    parse: (raw: string): Parsed<string | null> => ({ ok: true, value: raw }),
    help:
      `exchange rates for the website: CSV "date,currency,rate", units per 1 EUR, one day, at most ${
        MAX_RATES_BYTES / 1024
      } KiB`,
  },
  /** null: from the file name, else the content. */
  format: {
    flag: "format",
    placeholder: "F",
    default: null,
    shown: "from the file name, else the content",
    parse: choice(FORMATS),
    help: FORMATS.join(", "),
  },
  /** null: UTF-8, or UTF-16 by its byte order mark. */
  encoding: {
    flag: "encoding",
    placeholder: "E",
    default: null,
    shown: "UTF-8, or UTF-16 when the file starts with its byte order mark",
    parse: (raw: string) => choice(ENCODINGS)(raw.toLowerCase()),
    help: ENCODINGS.join(", "),
  },
  /** null: read from the header line. */
  delimiter: {
    flag: "delimiter",
    placeholder: "C",
    default: null,
    shown: "read from the header line",
    parse: (raw: string): Parsed<string> => {
      const d = readDelimiter(raw);
      return d.ok ? d : { ok: false, reason: d.message.replace(/^--delimiter /, "") };
    },
    help: 'the CSV delimiter: one character, or "tab"',
  },
  strict: {
    flag: "strict",
    switch: true,
    default: false,
    on: true,
    help: "warnings are errors: import nothing if any rule warns",
  },
  dryRun: {
    flag: "dry-run",
    switch: true,
    default: false,
    on: true,
    help: "validate, build and compare, but keep the current database",
  },
  diff: {
    flag: "diff",
    switch: true,
    default: false,
    on: true,
    help:
      "list the clubs added, removed and changed (a table of up to 1,000 on a terminal, else JSON of up to 10,000; all are counted)",
  },
  /** `--report json`: true. */
  report: {
    flag: "report",
    placeholder: "json",
    default: false,
    parse: (raw: string): Parsed<boolean> =>
      raw === "json"
        ? { ok: true, value: true }
        : { ok: false, reason: `must be json, got "${raw}"` },
    help:
      "print one JSON summary on stdout (counts, errors, warnings, changes, timing), also when the import fails",
  },
  maxErrors: {
    flag: "max-errors",
    placeholder: "N",
    default: 50,
    shown: "50",
    parse: (raw: string): Parsed<number> =>
      /^\d{1,6}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_LISTED
        ? { ok: true, value: Number(raw) }
        : {
          ok: false,
          reason: `must be a whole number from 1 to ${fmt(MAX_LISTED)}, got "${raw}"`,
        },
    help: `errors and warnings to list before the count, at most ${fmt(MAX_LISTED)}`,
  },
  wait: {
    flag: "wait",
    switch: true,
    default: false,
    on: true,
    help:
      "if another import into the same database runs, wait for it rather than fail at once, naming its pid",
  },
} satisfies OptionTable;

const USAGE = `Usage: main.ts import <file | -> [--db PATH] [--rates FILE] [--format F]
       [--encoding E] [--delimiter C] [--strict] [--dry-run] [--diff]
       [--report json] [--max-errors N] [--wait]

Rebuilds the directory database from a snapshot: CSV (.csv; the delimiter,
one of , ; tab |, is read from the header line), TSV (.tsv), NDJSON (.ndjson,
.jsonl: one Club object per line) or a JSON array of Club objects (.json),
any of them gzipped (.gz). The new database is built beside the target and
swapped in only when complete and checked; on any error the old database is
left untouched. A running server picks up the new snapshot without a
restart. Rows that cannot be served correctly are errors; rows that can
(a country code, an unknown type, ...) are imported with a warning. The
snapshot also holds the exchange rates the website converts fees with:
--rates FILE, else those of the database it replaces; an invalid rates
file is refused like an invalid snapshot.
${LIMITS_NOTE}

Options:
${optionLines(IMPORT_OPTIONS, HELP_COLUMN)}
${helpFlagLine(HELP_COLUMN)}

Exit status: 0 imported (or validated), 1 not imported (errors, --strict
warnings, another import running, unreadable input, a limit passed), 2 wrong
usage, 129/130/143 stopped by SIGHUP/SIGINT/SIGTERM (honoured until the new
file replaces the old one; the report then says "cancelled").

Examples:
  main.ts import data/clubs.csv.gz --rates data/rates.csv
  main.ts import export.csv --encoding windows-1252 --dry-run --diff
  main.ts import clubs.ndjson --db /srv/clubs.db --strict --report json
  gunzip -c snapshot.csv.gz | main.ts import - --db /srv/clubs.db`;

/** `text` cut into lines of at most 76 columns at spaces, as the rest of the usage is. */
function wrap(text: string, width = 76): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join("\n");
}

/** The signals that stop an import cleanly, with their numbers (exit code 128 + n). */
const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
type StopSignal = keyof typeof SIGNAL_NUMBERS;

/** Clubs a terminal diff table shows, and that the JSON listing or report holds (memory stays bounded; the counts are complete). */
const TABLE_ROWS = 1000;
const LIST_MAX = 10_000;

const say = (line: string) => console.error(safeText(line));

export const importCommand: Command = {
  ...commandInfo("import"),
  usage: USAGE,
  async run(args) {
    const { help, settings, positionals } = parseOptions(
      IMPORT_OPTIONS,
      args,
      (name) => Deno.env.get(name),
      true,
    );
    if (help) {
      console.log(USAGE);
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
    const { maxErrors, encoding, delimiter, report, dryRun, db: dbPath } = settings;
    const format = settings.format ?? formatOfPath(file);
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
    // The listing goes to a terminal as a table, elsewhere as JSON; with
    // --report json it is part of the report.
    const entries: DiffEntry[] = [];
    const table = !report && Deno.stdout.isTerminal();
    let listed = 0;
    const onDiff = settings.diff
      ? (e: DiffEntry) => {
        if (listed++ < (table ? TABLE_ROWS : LIST_MAX)) entries.push(e);
      }
      : undefined;
    const abort = new AbortController();
    let stoppedBy: StopSignal | null = null;
    const stopSignals = onStopSignals((signal) => {
      stoppedBy ??= signal;
      abort.abort(new Error(`stopped by ${signal}`));
    });
    const progress = progressReporter(source.size);
    const started = performance.now();
    try {
      const rates = settings.rates === null
        ? undefined
        : await ratesFile(settings.rates, maxErrors);
      const s = await importCsv(source.stream, {
        dbPath,
        dryRun,
        maxErrors,
        onProgress: progress.update,
        signal: abort.signal,
        source: file === "-" ? "stdin" : file,
        wait: settings.wait,
        onWait: (pid) =>
          say(`waiting for another import into ${dbPath} (pid ${pid ?? "unknown"}) to finish…`),
        format,
        encoding,
        delimiter,
        strict: settings.strict,
        onDiff,
        rates,
      });
      progress.done();
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
      say(changes(s.diff, dryRun));
      ratesLines(s.rates, settings.rates).forEach(say);
      entries.sort(byChange);
      if (report) {
        await writeOut(JSON.stringify(successReport(s, file, entries, settings.diff)) + "\n");
      } else if (settings.diff) await listDiff(entries, table, listed);
      return 0;
    } catch (e) {
      progress.done();
      if (e instanceof OutputClosed) return 0;
      if (e instanceof ImportError) {
        notes(e.unknownColumns, e.strict ? null : e.warnings, maxErrors, true);
        for (const err of e.errors) say(located(err));
        if (e.errorCount > e.errors.length) {
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
        return 128 + SIGNAL_NUMBERS[stoppedBy as StopSignal];
      }
      throw e;
    } finally {
      stopSignals();
    }
  },
};

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

/** What the new snapshot holds of rates, and the clubs' currencies that have none. */
function ratesLines(r: RatesSummary | null, file: string | null): string[] {
  if (r === null) {
    return [
      "Rates: none (the website shows fees in each club's own currency; add rates with --rates FILE)",
    ];
  }
  const lines = [
    `Rates: ${r.currencies} currencies of ${r.date} (${r.source}), ${
      r.carried ? "kept from the database replaced" : `from ${file}`
    }`,
  ];
  if (r.missing.length) {
    lines.push(
      `note: no rate for ${
        r.missing.map((m) => `${m.currency} (${fmt(m.clubs)} club${m.clubs === 1 ? "" : "s"})`)
          .join(", ")
      }: the website shows those fees in their own currency only`,
    );
  }
  return lines;
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** "line 5, column country: … (value: "JP")" */
function located(e: RowError): string {
  return `line ${e.line}, column ${e.column}: ${e.message} (value: ${JSON.stringify(e.value)})`;
}

/** Unknown columns and warnings (listed, then summed up by rule). */
function notes(
  unknownColumns: string[],
  warnings: WarningSummary | null,
  maxErrors: number,
  failed: boolean,
): void {
  if (unknownColumns.length) say(`note: ignored unknown columns: ${unknownColumns.join(", ")}`);
  if (!warnings || warnings.count === 0) return;
  for (const w of warnings.listed) {
    say(`warning: ${located(w)}${w.rows > 1 ? ` [${fmt(w.rows)} rows]` : ""}`);
  }
  if (warnings.count > warnings.listed.length) {
    say(
      `… and ${
        fmt(warnings.count - warnings.listed.length)
      } more warnings (--max-errors ${maxErrors} listed)`,
    );
  }
  const parts = Object.entries(warnings.byRule).map(([rule, n]) =>
    `${fmt(n)} ${WARNING_RULES[rule as keyof typeof WARNING_RULES][n === 1 ? 0 : 1]}`
  );
  say(
    `${fmt(warnings.count)} warning${warnings.count === 1 ? "" : "s"}: ${parts.join(", ")}${
      failed ? "" : " (imported; --strict refuses them)"
    }`,
  );
}

/** The "what changed" line. */
function changes(diff: DiffResult, dryRun: boolean): string {
  const head = dryRun ? "Changes if applied" : "Changes";
  if (!diff.previous) return `${head}: not compared, ${diff.reason}`;
  const c = diff.counts;
  if (c.added + c.removed + c.changed === 0) {
    return `${head}: none (${fmt(c.unchanged)} clubs as before, matched by id)`;
  }
  return `${head}: ${fmt(c.added)} added, ${fmt(c.removed)} removed, ${fmt(c.changed)} changed, ${
    fmt(c.unchanged)
  } unchanged (matched by id)`;
}

const CHANGE_ORDER = { added: 0, removed: 1, changed: 2 } as const;

/** Added, then removed, then changed clubs, each by name. */
function byChange(a: DiffEntry, b: DiffEntry): number {
  return CHANGE_ORDER[a.change] - CHANGE_ORDER[b.change] || a.name.localeCompare(b.name) ||
    (a.id < b.id ? -1 : 1);
}

/** `--diff`: a table on a terminal, a JSON array (one entry per line) elsewhere. */
async function listDiff(entries: DiffEntry[], table: boolean, total: number): Promise<void> {
  if (!table) {
    await writeOut("[\n");
    for (let i = 0; i < entries.length; i++) {
      await writeOut(`${JSON.stringify(entries[i])}${i < entries.length - 1 ? "," : ""}\n`);
    }
    await writeOut("]\n");
    if (total > entries.length) {
      say(
        `note: the listing holds the first ${fmt(entries.length)} of ${fmt(total)} changed clubs`,
      );
    }
    return;
  }
  if (entries.length === 0) return;
  const text = await renderTable(
    [
      { head: "CHANGE" },
      { head: "NAME", min: 16, cut: 1 },
      { head: "FIELDS", min: 12, cut: 0, drop: 1 },
      { head: "ID", drop: 0 },
    ],
    entries.map((e) => [e.change, e.name, (e.fields ?? []).join(", "), e.id]),
    terminalColumns(),
  );
  await writeOut(text + "\n");
  if (total > entries.length) {
    await writeOut(
      `… and ${
        fmt(total - entries.length)
      } more: send the listing to a file for all of them (JSON)\n`,
    );
  }
}

const seconds = (s: number) => Math.round(s * 1000) / 1000;

function successReport(
  s: ImportSummary,
  file: string,
  entries: DiffEntry[],
  withEntries: boolean | undefined,
) {
  return {
    ok: true,
    source: file,
    db: s.dbPath,
    dry_run: s.dbPath === null,
    format: s.format,
    encoding: s.encoding,
    delimiter: s.delimiter,
    rows: s.rows,
    countries: s.countries,
    types: s.types,
    unknown_columns: s.unknownColumns,
    removed_temp_files: s.removedTemps.files,
    errors: { count: 0, listed: [] },
    warnings: warningReport(s.warnings),
    diff: s.diff.previous
      ? {
        compared: true,
        ...s.diff.counts,
        ...(withEntries ? { entries, entries_listed: entries.length } : {}),
      }
      : { compared: false, reason: s.diff.reason },
    rates: s.rates,
    seconds: seconds(s.seconds),
    timing: Object.fromEntries(Object.entries(s.timing).map(([k, v]) => [k, seconds(v)])),
  };
}

function warningReport(w: WarningSummary) {
  return { count: w.count, by_rule: w.byRule, listed: w.listed };
}

function failureReport(
  message: string,
  file: string,
  dbPath: string,
  dryRun: boolean,
  started: number,
  e?: ImportError,
) {
  return {
    ok: false,
    cancelled: false,
    error: message,
    source: file,
    db: dbPath,
    dry_run: dryRun,
    unknown_columns: e?.unknownColumns ?? [],
    errors: { count: e?.errorCount ?? 0, listed: e?.errors ?? [] },
    warnings: e ? warningReport(e.warnings) : { count: 0, by_rule: {}, listed: [] },
    strict: e?.strict ?? false,
    seconds: seconds((performance.now() - started) / 1000),
  };
}

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
