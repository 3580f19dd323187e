/**
 * What `main.ts import` says: the human lines on stderr (notes, warnings,
 * errors by line, what changed, the rates, the `--diff` listing) and the
 * one JSON summary of `--report json`.
 * @module
 */
import type {
  DiffEntry,
  DiffResult,
  ImportError,
  ImportSummary,
  NumberReading,
  RatesSummary,
  RowError,
  WarningSummary,
} from "../core/import/mod.ts";
import { WARNING_RULES } from "../core/import/mod.ts";
import { RATES_FORMATS } from "../core/rates/mod.ts";
import { renderTable, terminalColumns } from "./output/table.ts";
import { safeText } from "./output/text.ts";
import { writeOut } from "./output/stdout.ts";
import { formatCount as fmt } from "./output/text.ts";

/** A count as the report writes it: 12,345. */

/** One line on stderr, made safe for the terminal. */
export const say = (line: string) => console.error(safeText(line));

/** Bytes in MB, one decimal. */
export const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/** What the new snapshot holds of rates, and the clubs' currencies that have none. */
export function ratesLines(r: RatesSummary | null, file: string | null): string[] {
  if (r === null) {
    return [
      "Rates: none (the website shows fees in each club's own currency; add rates with --rates FILE)",
    ];
  }
  const lines = [
    `Rates: ${r.currencies} currencies of ${r.date} (${r.source}), ${
      r.carried
        ? "kept from the database replaced"
        : `from ${file}${r.format ? `, read as ${RATES_FORMATS[r.format]}` : ""}`
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

/** How the numbers were read: the decimal separator, and what set it. */
export function numbersLine(n: NumberReading): string {
  switch (n.from) {
    case "json":
      return "Numbers: JSON numbers";
    case "flag":
      return `Numbers: decimal ${n.decimal} (--decimal ${n.decimal})`;
    case "delimiter":
      return "Numbers: decimal point, as in any file whose fields are separated by ',' (--decimal comma reads decimal commas)";
    case "file":
      return `Numbers: decimal ${n.decimal}, as the file's numbers show it (first on line ${n.line}, column ${n.column}: ${
        JSON.stringify(n.value)
      })`;
    default:
      return "Numbers: whole numbers only (read alike with a decimal point or comma)";
  }
}

/** "line 5, column country: … (value: "JP")" */
export function located(e: RowError): string {
  return `line ${e.line}, column ${e.column}: ${e.message} (value: ${JSON.stringify(e.value)})`;
}

/** Unknown columns and warnings (listed, then summed up by rule). */
export function notes(
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
  if (warnings.count > warnings.listed.length && warnings.listed.length > 0) {
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
export function changes(diff: DiffResult, dryRun: boolean): string {
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

/** Bytes in KB under a megabyte, else in MB. */
const size = (bytes: number) => bytes < 1048576 ? `${(bytes / 1024).toFixed(1)} KB` : mib(bytes);

/** The "history" line: the snapshot recorded (or that would be) and what the history keeps. */
export function historyLine(h: ImportSummary["history"], dryRun: boolean): string {
  const s = h.snapshot;
  const listed = !s.compared
    ? "no changes listed (nothing to compare with)"
    : s.complete
    ? `${fmt(h.recorded)} change${h.recorded === 1 ? "" : "s"} listed`
    : `${fmt(h.recorded)} of ${
      fmt(s.added + s.removed + s.changed)
    } changes listed (--history-bytes)`;
  const dropped = h.dropped ? `, ${fmt(h.dropped)} oldest dropped` : "";
  return `History${dryRun ? " if applied" : ""}: snapshot ${s.id} of ${s.date}, ${listed}; ${
    fmt(h.kept)
  } of at most ${fmt(h.keepSnapshots)} snapshots kept${dropped}, ${size(h.bytes)} of ${
    size(h.historyBytes)
  }`;
}

const CHANGE_ORDER = { added: 0, removed: 1, changed: 2 } as const;

/** Added, then removed, then changed clubs, each by name. */
export function byChange(a: DiffEntry, b: DiffEntry): number {
  return CHANGE_ORDER[a.change] - CHANGE_ORDER[b.change] || a.name.localeCompare(b.name) ||
    (a.id < b.id ? -1 : 1);
}

/** `--diff`: a table on a terminal, a JSON array (one entry per line) elsewhere. */
export async function listDiff(entries: DiffEntry[], table: boolean, total: number): Promise<void> {
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

/**
 * The `--report json` summary of an import that finished (or a dry run);
 * `db` is the database it replaced (a dry run: compared against, and would
 * replace).
 */
export function successReport(
  s: ImportSummary,
  file: string,
  entries: DiffEntry[],
  withEntries: boolean | undefined,
  db: string,
) {
  return {
    ok: true,
    source: file,
    db,
    dry_run: s.dbPath === null,
    format: s.format,
    encoding: s.encoding,
    delimiter: s.delimiter,
    numbers: s.numbers,
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
    history: {
      snapshot: s.history.snapshot,
      recorded: s.history.recorded,
      kept: s.history.kept,
      dropped: s.history.dropped,
      bytes: s.history.bytes,
      keep_snapshots: s.history.keepSnapshots,
      history_bytes: s.history.historyBytes,
    },
    seconds: seconds(s.seconds),
    timing: Object.fromEntries(Object.entries(s.timing).map(([k, v]) => [k, seconds(v)])),
  };
}

function warningReport(w: WarningSummary) {
  return { count: w.count, by_rule: w.byRule, listed: w.listed };
}

/** The `--report json` summary of an import that failed; `e` when the input was refused. */
export function failureReport(
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
