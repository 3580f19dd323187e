/**
 * `main.ts export`: every club of the database, every field (fees
 * included), as CSV, TSV, NDJSON or a JSON array, streamed to a file or to
 * stdout, or as a SQLite database to publish (core/store/publish.ts).
 * `import` reads the streamed formats back into the same database.
 *
 * @example
 * ```sh
 * deno run -A main.ts export --format ndjson --out clubs.ndjson
 * ```
 * @module
 */
import { dirname } from "node:path";
import { type Command, UsageError } from "./args.ts";
import { commandInfo } from "./command_info.ts";
import { choice, dbOption, helpFlagLine, optionLines, parseOptions } from "./options.ts";
import type { OptionTable, Parsed } from "../core/model/mod.ts";
import { exportClubs, formatOfPath, FORMATS } from "../core/import/mod.ts";
import type { ExportOptions, Format } from "../core/import/mod.ts";
import { isDatabaseName, publishDatabase, StoreError } from "../core/store/mod.ts";
import { OutputClosed, writeOut } from "./output/stdout.ts";
import { writeProblem } from "./output/file_errors.ts";
import { requireAccess } from "./permissions.ts";

/** Where the help text of each option starts. */
const HELP_COLUMN = 22;

/** What export writes: the formats import reads, and a database to publish. */
const EXPORT_FORMATS = [...FORMATS, "sqlite"] as const;
type ExportFormat = typeof EXPORT_FORMATS[number];

/** The options of `export`, by the setting each fills. */
export const EXPORT_OPTIONS = {
  /** null: from the --out name, else csv. */
  format: {
    flag: "format",
    placeholder: "F",
    default: null,
    shown: "from the --out name, else csv",
    parse: choice(EXPORT_FORMATS),
    help: EXPORT_FORMATS.join(", "),
  },
  /** null: stdout. */
  out: {
    flag: "out",
    placeholder: "FILE",
    default: null,
    shown: "stdout",
    parse: (raw: string): Parsed<string> => ({ ok: true, value: raw }),
    help: "the file to write",
  },
  db: dbOption("the database to read"),
  formulaGuard: {
    flag: "no-formula-guard",
    switch: true,
    default: true,
    on: false,
    help: "CSV, TSV: no ' before cells starting with = + - @ (every cell byte for byte)",
  },
  bom: {
    flag: "bom",
    switch: true,
    default: false,
    on: true,
    help: "CSV, TSV: start with a UTF-8 byte order mark (for Excel)",
  },
} satisfies OptionTable;

const USAGE = `Usage: main.ts export [--format F] [--out FILE] [--db PATH]
       [--no-formula-guard] [--bom]

Writes every club of the database with every field, fees included, in name
order: CSV (the default), TSV (no quoting; tab, line break and backslash
written \\t \\n \\r \\\\), NDJSON (one Club object per line) or a JSON array.
\`main.ts import\` reads what it writes back into the same database. In CSV
and TSV a text cell a spreadsheet would run as a formula (starting with = + -
@, tab or carriage return) gets a ' in front; import takes it off.
SQLite (--format sqlite, or an --out name ending in .db, .sqlite or
.sqlite3) writes a database to publish: a clubs table keyed by id and its
full-text index clubs_fts, as sqlite-utils and Datasette use them.
A file is written beside its target, under a new random name that is
created (never opened if it exists, nor followed if it is a link), and
renamed when complete; a name ending in .gz is gzipped.

Options:
${optionLines(EXPORT_OPTIONS, HELP_COLUMN)}
${helpFlagLine(HELP_COLUMN)}

Examples:
  main.ts export --out snapshot.csv.gz
  main.ts export --out clubs.csv --bom
  main.ts export --format ndjson | jq -c 'select(.country == "Japan")'
  main.ts export --db /srv/clubs.db --out backup.json
  main.ts export --out clubs-public.db`;

export const exportCommand: Command = {
  ...commandInfo("export"),
  usage: USAGE,
  async run(args) {
    const { help, settings } = parseOptions(EXPORT_OPTIONS, args, (name) => Deno.env.get(name));
    if (help) {
      console.log(USAGE);
      return 0;
    }
    const { out, db: dbPath, formulaGuard, bom } = settings;
    const format: ExportFormat = settings.format ??
      (out ? (isDatabaseName(out) ? "sqlite" : formatOfPath(out)) : null) ?? "csv";
    if (format === "sqlite" && (out === null || out.endsWith(".gz"))) {
      throw new UsageError(
        out === null
          ? "--format sqlite writes a database file, not a stream: give it --out FILE"
          : `--format sqlite writes a database file, not gzip: name --out without .gz (${out})`,
      );
    }
    if (bom && format !== "csv" && format !== "tsv") {
      throw new UsageError(`--bom is for CSV and TSV (for spreadsheets), not ${format}`);
    }
    requireAccess("export", { read: [dbPath], write: out ? [dirname(out)] : [] }, args);
    const options: ExportOptions = { formulaGuard, bom };
    const started = performance.now();
    try {
      const count = out
        ? await toFile(dbPath, format, out, options)
        // A database is never streamed (refused above without --out).
        : await toStdout(dbPath, format as Format, options);
      console.error(
        `Exported ${count.toLocaleString("en-US")} clubs from ${dbPath} as ${format}${
          out ? ` to ${out}` : ""
        } in ${((performance.now() - started) / 1000).toFixed(2)} s`,
      );
      return 0;
    } catch (e) {
      if (e instanceof OutputClosed) return 0;
      if (e instanceof TempTaken) {
        console.error(`error: ${e.message}`);
        return 1;
      }
      if (e instanceof StoreError) {
        console.error(`error: ${e.message}; build it with: main.ts import <file> --db ${dbPath}`);
        return 1;
      }
      const problem = out === null ? null : writeProblem(e, out);
      if (problem !== null) {
        console.error(
          `error: ${problem}; ${exists(out!) ? `${out} was not changed` : "nothing was written"}`,
        );
        return 1;
      }
      throw e;
    }
  },
};

async function toStdout(dbPath: string, format: Format, options: ExportOptions): Promise<number> {
  // Kept: a --bom is asked for.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  // writeOut takes text and handles a reader that stops early (| head).
  return await exportClubs(dbPath, format, (bytes) => writeOut(decoder.decode(bytes)), options);
}

function exists(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Thrown when the temporary file's name is already taken: nothing was written. */
export class TempTaken extends Error {
  override name = "TempTaken";
}

/** 64 random bits in hex: a temporary name nobody can guess and plant in advance. */
function randomSuffix(): string {
  return Array.from(
    crypto.getRandomValues(new Uint32Array(2)),
    (n) => n.toString(16).padStart(8, "0"),
  )
    .join("");
}

/**
 * Creates the temporary file of an export to `out`, beside it, named
 * `<out>.exporting-<pid>-<random>`, exclusively (O_CREAT|O_EXCL): a file or
 * symlink already at that name fails with {@link TempTaken} rather than
 * being written through (a predictable name let anyone who can write the
 * folder plant a link to a file of theirs).
 *
 * @example
 * ```ts ignore
 * import { createTemp } from "./export.ts";
 * const { path, file } = await createTemp("backup.csv"); // backup.csv.exporting-4242-9f86d081884c7d65
 * ```
 */
export async function createTemp(
  out: string,
  suffix: string = randomSuffix(),
): Promise<{ path: string; file: Deno.FsFile }> {
  const path = `${out}.exporting-${Deno.pid}-${suffix}`;
  try {
    return { path, file: await Deno.open(path, { write: true, createNew: true }) };
  } catch (e) {
    if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
    throw new TempTaken(
      `cannot export to ${out}: its temporary file ${path} already exists (a file or link not made by this export); nothing was written`,
    );
  }
}

/** Writes beside `out` and renames when complete: a failed export leaves `out` as it was. */
async function toFile(
  dbPath: string,
  format: ExportFormat,
  out: string,
  options: ExportOptions,
): Promise<number> {
  // A folder would refuse the rename only once everything is written.
  if (exists(out) && Deno.statSync(out).isDirectory) {
    throw Object.assign(new Deno.errors.IsADirectory(out), { code: "EISDIR" });
  }
  if (format === "sqlite") return publishDatabase(dbPath, out);
  // Created before the try: a name that was taken is not this export's to remove.
  const { path: tmp, file } = await createTemp(out);
  const writeAll = async (bytes: Uint8Array) => {
    for (let n = 0; n < bytes.length;) n += await file.write(bytes.subarray(n));
  };
  let renamed = false;
  try {
    let count: number;
    if (out.endsWith(".gz")) {
      const gzip = new CompressionStream("gzip");
      const sink = gzip.writable.getWriter();
      const reader = gzip.readable.getReader();
      const pump = (async () => {
        for (let r = await reader.read(); !r.done; r = await reader.read()) await writeAll(r.value);
      })();
      count = await exportClubs(
        dbPath,
        format,
        (b) => sink.write(b as Uint8Array<ArrayBuffer>),
        options,
      );
      await sink.close();
      await pump;
    } else {
      count = await exportClubs(dbPath, format, writeAll, options);
    }
    await file.sync();
    file.close();
    await Deno.rename(tmp, out);
    renamed = true;
    return count;
  } finally {
    if (!renamed) {
      try {
        file.close();
      } catch { /* closed above */ }
      await Deno.remove(tmp).catch(() => {});
    }
  }
}
