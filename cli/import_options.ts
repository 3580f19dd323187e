/**
 * The options of `main.ts import` and its usage text (docs/cli.md copies
 * it): one table gives the flags, their defaults and their help lines.
 * @module
 */
import { choice, dbOption, helpFlagLine, optionLines } from "./options.ts";
import type { OptionTable, Parsed } from "../core/model/mod.ts";
import { DECIMALS, ENCODINGS, FORMATS, LIMITS_TEXT, readDelimiter } from "../core/import/mod.ts";
import { MAX_RATES_BYTES } from "../core/rates/mod.ts";
import { formatCount as fmt } from "./output/text.ts";
import {
  DEFAULT_HISTORY_BYTES,
  DEFAULT_KEEP_SNAPSHOTS,
  isDay,
  MAX_HISTORY_BYTES,
  MAX_KEEP_SNAPSHOTS,
} from "../core/history/mod.ts";

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
    help: `exchange rates for the website, units per 1 EUR, one day, at most ${
      MAX_RATES_BYTES / 1024
    } KiB: CSV "date,currency,rate", or the ECB's eurofxref.csv, eurofxref-daily.xml or eurofxref.zip as published`,
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
  /** null: read from the file (numbers.ts). */
  decimal: {
    flag: "decimal",
    placeholder: "D",
    default: null,
    shown: "point in a ,-separated file, else as its numbers show it",
    parse: choice(DECIMALS),
    help:
      "the decimal separator of a CSV's numbers: point (25,000.50) or comma (25.000,50); spaces may group thousands under both",
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
      /^\d{1,6}$/.test(raw) && Number(raw) <= MAX_LISTED ? { ok: true, value: Number(raw) } : {
        ok: false,
        reason: `must be a whole number from 0 to ${fmt(MAX_LISTED)}, got "${raw}"`,
      },
    help: `errors and warnings to list before the count, at most ${
      fmt(MAX_LISTED)
    }; 0 lists none, only the counts`,
  },
  keepSnapshots: {
    flag: "keep-snapshots",
    placeholder: "N",
    default: DEFAULT_KEEP_SNAPSHOTS,
    shown: String(DEFAULT_KEEP_SNAPSHOTS),
    parse: wholeIn(1, MAX_KEEP_SNAPSHOTS),
    help:
      "imports the snapshot history keeps, this one included (docs/data.md#snapshot-history); older ones are dropped",
  },
  historyBytes: {
    flag: "history-bytes",
    placeholder: "N",
    default: DEFAULT_HISTORY_BYTES,
    shown: fmt(DEFAULT_HISTORY_BYTES),
    parse: wholeIn(0, MAX_HISTORY_BYTES),
    help: `bytes of changes the history keeps, at most ${
      fmt(MAX_HISTORY_BYTES)
    }; the oldest snapshots are dropped first`,
  },
  /** null: the day the import runs (UTC). */
  snapshotDate: {
    flag: "snapshot-date",
    placeholder: "DAY",
    default: null,
    shown: "the day the import runs (UTC)",
    parse: (raw: string): Parsed<string | null> =>
      isDay(raw) ? { ok: true, value: raw } : {
        ok: false,
        reason: `must be a day written YYYY-MM-DD, such as 2025-03-03, got "${raw}"`,
      },
    help: "the snapshot's date in the history, YYYY-MM-DD",
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

/** A whole number from `min` to `max`, written in digits. */
function wholeIn(min: number, max: number): (raw: string) => Parsed<number> {
  return (raw) =>
    /^\d{1,9}$/.test(raw) && Number(raw) >= min && Number(raw) <= max
      ? { ok: true, value: Number(raw) }
      : {
        ok: false,
        reason: `must be a whole number from ${fmt(min)} to ${fmt(max)}, got "${raw}"`,
      };
}

/** The `--help` text of `import`. */
export const IMPORT_USAGE =
  `Usage: main.ts import <file | -> [--db PATH] [--rates FILE] [--format F]
       [--encoding E] [--delimiter C] [--decimal D] [--strict] [--dry-run]
       [--diff] [--report json] [--max-errors N] [--keep-snapshots N]
       [--history-bytes N] [--snapshot-date DAY] [--wait]

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
file is refused like an invalid snapshot. A CSV's numbers are read under
one rule, a decimal point or a decimal comma (--decimal, else read from the
file); a number such as 25.000 or 1,234, which reads both ways, is an error
naming the flag that reads it, never a guess. Each import records its
snapshot and the clubs it added, removed and changed in the database's
history, which keeps the last --keep-snapshots imports within
--history-bytes (the website's What's new, feeds, /api/v1/changes).
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
  main.ts import export.csv --encoding windows-1252 --decimal comma --diff
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
