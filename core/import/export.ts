/**
 * The way back out: every club of a database, every field (fees included:
 * this is the maintainer's own data), in name order, as CSV, TSV, NDJSON or
 * a JSON array, streamed in batches. What it writes, `import` reads back
 * into the same database: same clubs, same ids and slugs, same answers.
 *
 * @example
 * ```ts ignore
 * import { exportClubs } from "./export.ts";
 * const out = await Deno.open("clubs.ndjson", { write: true, create: true });
 * await exportClubs("data/clubs.db", "ndjson", (bytes) => out.write(bytes).then(() => {}));
 * ```
 * @module
 */
import { stringify } from "csv-stringify/sync";
import { CLUB_FIELDS, type ClubRecord } from "../schema/club.ts";
import { ClubStore } from "../store/store.ts";
import { type Row, rowToRecord } from "../store/rows.ts";
import type { Format } from "./read/shape.ts";
import { escapeTsv, guardFormula } from "./read/cells.ts";

/** Clubs per write: large enough to amortise, small enough to stream. */
const BATCH = 500;

/** A cell's value: a club field's, or any other JSON value (lists and objects as JSON). */
export type Cell = unknown;

/** A CSV cell as import reads it: empty for null, true/false, JSON for a list or an object. */
function cell(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** How {@link delimitedClubs} writes cells. */
export interface DelimitedOptions {
  /** Changes each non-empty cell's text (`query` on a terminal shows control characters as symbols). */
  show?: (text: string) => string;
  /**
   * Whether a text cell a spreadsheet would run as a formula gets a `'` in
   * front (read/cells.ts; import takes it off). Default true; false writes
   * every cell as it is. Numbers are never guarded: `-5` is a number to a
   * spreadsheet too.
   */
  formulaGuard?: boolean;
}

/**
 * Clubs as CSV or TSV lines, every field in `CLUB_FIELDS` order, the header
 * line first when `header`: the one writer of delimited clubs, export's and
 * `query --format csv|tsv`'s (see {@link delimitedRows} for the rules).
 *
 * @example
 * ```ts ignore
 * import { delimitedClubs } from "./export.ts";
 * delimitedClubs(records, "tsv", true); // "id\tslug\tname…\n…"
 * ```
 */
export function delimitedClubs(
  records: readonly ClubRecord[],
  format: "csv" | "tsv",
  header: boolean,
  options: DelimitedOptions = {},
): string {
  const rows = records.map((r) => CLUB_FIELDS.map((f) => r[f]));
  return delimitedRows(CLUB_FIELDS, rows, format, header, options);
}

/**
 * Rows of cells as CSV or TSV lines under `columns`, the header line first
 * when `header`; a cell is written as import reads it (empty for null, a
 * JSON array for a list). In CSV a cell holding the delimiter, a quote or a
 * line break is quoted (RFC 4180, quotes doubled); TSV has no quoting: a
 * tab, line break or backslash is escaped (`\t`, `\n`, `\r`, `\\`, as
 * PostgreSQL writes them, see read/cells.ts). A text cell starting with
 * `=`, `+`, `-`, `@`, tab or carriage return gets a `'` in front unless
 * `formulaGuard` is false.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { delimitedRows } from "./export.ts";
 * assert.equal(delimitedRows(["a", "b"], [["=1", ["x"]]], "csv", true), 'a,b\n\'=1,"[""x""]"\n');
 * assert.equal(delimitedRows(["a"], [["x\ty"], [null]], "tsv", false), "x\\ty\n\n");
 * ```
 */
export function delimitedRows(
  columns: readonly string[],
  rows: readonly (readonly Cell[])[],
  format: "csv" | "tsv",
  header: boolean,
  options: DelimitedOptions = {},
): string {
  const { show, formulaGuard = true } = options;
  const text = show === undefined && !formulaGuard ? cell : (v: Cell) => {
    const c = formulaGuard && typeof v === "string" ? guardFormula(v) : cell(v);
    return c === "" || show === undefined ? c : show(c);
  };
  if (format === "tsv") {
    let out = header ? columns.join("\t") + "\n" : "";
    for (const r of rows) out += r.map((v) => escapeTsv(text(v))).join("\t") + "\n";
    return out;
  }
  return stringify(rows.map((r) => r.map(text)), {
    delimiter: ",",
    header,
    columns: [...columns],
    // CRLF is what RFC 4180 asks; import reads either.
    record_delimiter: "unix",
  });
}

function serialize(
  records: ClubRecord[],
  format: Format,
  first: boolean,
  options: ExportOptions,
): string {
  switch (format) {
    case "csv":
    case "tsv":
      return delimitedClubs(records, format, first, options);
    case "ndjson":
      return records.map((r) => JSON.stringify(r) + "\n").join("");
    case "json":
      return (first ? "[\n" : ",\n") + records.map((r) => JSON.stringify(r)).join(",\n");
  }
}

/** How {@link exportClubs} writes CSV and TSV (other formats ignore them). */
export interface ExportOptions {
  /** See {@link DelimitedOptions}: default true. */
  formulaGuard?: boolean;
  /** A UTF-8 byte order mark first, for spreadsheets that take UTF-8 for their code page without one. */
  bom?: boolean;
}

/**
 * Writes every club of the database at `dbPath` in `format` through
 * `write`, a batch at a time (each write is awaited). Resolves to the
 * number of clubs written.
 *
 * @example
 * ```ts ignore
 * import { exportClubs } from "./export.ts";
 * const chunks: Uint8Array[] = [];
 * await exportClubs("data/clubs.db", "csv", async (b) => { chunks.push(b); });
 * ```
 */
export async function exportClubs(
  dbPath: string,
  format: Format,
  write: (bytes: Uint8Array) => Promise<void>,
  options: ExportOptions = {},
): Promise<number> {
  const store = ClubStore.open(dbPath);
  const encoder = new TextEncoder();
  let count = 0;
  try {
    if (options.bom && (format === "csv" || format === "tsv")) {
      await write(encoder.encode("\uFEFF"));
    }
    const rows = store.db.prepare(
      `SELECT ${CLUB_FIELDS.map((f) => `c.${f}`).join(", ")}
       FROM club_keys k JOIN clubs c ON c.rowid = k.club ORDER BY k.rank`,
    ).iterate() as Iterable<Row>;
    let batch: ClubRecord[] = [];
    const flush = async () => {
      await write(encoder.encode(serialize(batch, format, count === batch.length, options)));
      batch = [];
    };
    for (const row of rows) {
      batch.push(rowToRecord(row));
      count++;
      if (batch.length === BATCH) await flush();
    }
    if (batch.length) await flush();
    if (format === "json") await write(encoder.encode(count === 0 ? "[]\n" : "\n]\n"));
  } finally {
    store.close();
  }
  return count;
}
