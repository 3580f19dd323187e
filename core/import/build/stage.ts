/**
 * The first step of an import: rows stream from the parse worker into the
 * new file (clubs, their staged JSON and digests) in one transaction; errors
 * and warnings are tallied, duplicate ids and slugs found, and the input
 * refused ({@link ImportError}) when any row fails.
 * @module
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { ImportError, type WarningSummary } from "../errors.ts";
import { ParseFailure, ReadFailure } from "../read/parse.ts";
import { MAX_COUNTED_ERRORS } from "../read/limits.ts";
import { importRows } from "../read/rows.ts";
import {
  INSERT_COLUMNS,
  KEY_CELLS,
  ROW_CELLS,
  type RowKeys,
  type RowValues,
} from "../read/prepare.ts";
import type { Encoding } from "../read/encoding.ts";
import type { Format } from "../read/shape.ts";
import type { NumberReading } from "../read/numbers.ts";
import type { RowBatch } from "../read/protocol.ts";
import type { Source } from "../read/source.ts";
import { clubRow } from "./club_row.ts";
import { digestStager } from "./diff.ts";
import { settlePlace } from "./places.ts";
import { Tally } from "./tally.ts";
import type { ImportOptions } from "./types.ts";

/** An error of a value used twice. */
const notUnique = (column: string, value: string, line: number, first: number) => ({
  line,
  column,
  value,
  message: `${column} must be unique: already used on line ${first}`,
});

/** How the input was read, as the header message says. */
type Header = {
  format: Format;
  encoding: Encoding;
  delimiter: string | null;
  unknownColumns: string[];
};

/** What {@link stage} returns: the rows staged, how the input was read, its warnings. */
export interface Staged {
  rows: number;
  header: Header;
  warnings: WarningSummary;
  numbers: NumberReading;
}

/**
 * Inserts every valid row of `source` into the new file, `db`, and returns
 * how many there are and how the input was read; throws {@link ImportError}
 * with the tallied errors when any row fails (or, with `strict`, warns).
 */
export async function stage(
  db: DatabaseSync,
  source: Source,
  options: ImportOptions,
): Promise<Staged> {
  const staging = new Staging(db, options);
  // The ISO 3166 tables load before the parse worker starts (it starts at
  // the first message asked for). Starting it first measured no faster:
  // its start-up and the tables then compete for the same two cores.
  settlePlace("United States", "Florida");
  await staging.insertAll(source);
  if (!staging.sawHeader) staging.fail("Cannot import: the file is empty (no header row)");
  findDuplicateSlugs(db, staging.tally);
  return staging.verdict();
}

/** The rows streamed into the new file, and what was tallied on the way. */
class Staging {
  readonly tally: Tally;
  header: Header = { format: "csv", encoding: "utf-8", delimiter: ",", unknownColumns: [] };
  sawHeader = false;
  numbers: NumberReading = { decimal: null, from: null };
  rows = 0;
  readonly #db: DatabaseSync;
  readonly #options: ImportOptions;
  readonly #insert: StatementSync;
  readonly #lineOfId: StatementSync;
  readonly #insertJson: StatementSync;
  readonly #stageDigests: (first: number, digests: number[]) => void;

  constructor(db: DatabaseSync, options: ImportOptions) {
    this.#db = db;
    this.#options = options;
    // `id` is the table's primary key: a taken id inserts nothing, and the
    // row is refused naming the line that has it.
    this.#insert = db.prepare(
      `INSERT INTO clubs(${INSERT_COLUMNS.join(", ")}) VALUES (${
        INSERT_COLUMNS.map(() => "?").join(", ")
      }) ON CONFLICT(id) DO NOTHING`,
    );
    this.#lineOfId = db.prepare("SELECT line FROM clubs WHERE id = ?");
    this.#insertJson = db.prepare("INSERT INTO staged_json(club, json) VALUES (?, ?)");
    this.#stageDigests = digestStager(db);
    this.tally = new Tally(options.maxErrors ?? 50);
  }

  /** Refuses the input with the tallied errors. */
  fail(message: string): never {
    throw new ImportError(
      message,
      this.tally.errors.sort((a, b) => a.line - b.line),
      this.tally.errorCount,
      this.header.unknownColumns,
      this.tally.warnings(),
    );
  }

  /** Errors are counted, not held: past the most counted, reading stops. */
  #stopIfTooMany(line: number): void {
    const tally = this.tally;
    if (tally.errorCount < MAX_COUNTED_ERRORS) return;
    this.fail(
      `Cannot import: ${plural(tally.errorCount, "error")} by line ${
        line.toLocaleString("en-US")
      }, the most an import counts: it stopped reading there`,
    );
  }

  /** Streams every message of the parse into the new file, in one transaction. */
  async insertAll(source: Source): Promise<void> {
    const options = this.#options;
    const db = this.#db;
    db.exec("BEGIN");
    try {
      // Parsing, validation and preparation run in a worker where allowed,
      // a few batches ahead of the inserts.
      const parse = {
        format: options.format ?? null,
        encoding: options.encoding ?? null,
        delimiter: options.delimiter ?? null,
        decimal: options.decimal ?? null,
      };
      for await (const m of importRows(source, parse, options.signal)) {
        if (m.t === "header") {
          const { t: _, ...how } = m;
          this.header = how;
          continue;
        }
        if (m.t === "fatal") this.fail(m.message);
        if (m.t === "done") {
          this.sawHeader = m.header;
          this.numbers = m.numbers;
          continue;
        }
        if (m.t !== "rows") continue;
        this.#insertBatch(m);
      }
      db.exec("COMMIT");
    } catch (e) {
      if (db.isTransaction) db.exec("ROLLBACK");
      if (e instanceof ReadFailure) this.fail(`Cannot read the input: ${e.message}`);
      if (e instanceof ParseFailure) this.fail(e.message);
      throw e;
    }
  }

  /** Inserts a batch's valid rows and tallies its errors and warnings. */
  #insertBatch(m: RowBatch): void {
    const tally = this.tally;
    const options = this.#options;
    // The worker's warnings (in line order) are tallied with their rows.
    let w = 0;
    // The batch's clubs get consecutive rowids: their digests are staged together.
    const first = this.rows + 1;
    const digests: number[] = [];
    // The next failed row, and where the next valid row's cells start.
    let f = 0;
    let at = 0;
    for (let i = 0; i < m.lines.length; i++) {
      while (w < m.warnings.length && m.warnings[w]!.line <= m.lines[i]!) {
        tally.warning(m.warnings[w++]!);
      }
      const line = m.lines[i]!;
      if (m.failed[f]?.row === i) {
        m.failed[f++]!.errors.forEach((e) => tally.error(e));
        this.#stopIfTooMany(line);
        continue;
      }
      const { params, json, digest, warnings } = clubRow(
        m.cells.slice(at, at + KEY_CELLS) as RowKeys,
        m.cells.slice(at + KEY_CELLS, at + ROW_CELLS) as RowValues,
      );
      at += ROW_CELLS;
      for (const w of warnings) tally.warning(w);
      if (this.#insert.run(...params).changes === 0) {
        const id = params[INSERT_COLUMNS.indexOf("id")] as string;
        const { line: first } = this.#lineOfId.get(id) as { line: number };
        tally.error({
          line: m.lines[i]!,
          column: "id",
          value: id,
          message: `id must be unique: already used on line ${first}`,
        });
        this.#stopIfTooMany(line);
        continue;
      }
      // A new table's rowids count from 1 in insert order.
      const rows = ++this.rows;
      this.#insertJson.run(rows, json);
      digests.push(digest);
      if (rows % 1000 === 0) {
        options.onProgress?.(rows, m.bytes[i]!);
        options.signal?.throwIfAborted();
      }
    }
    this.#stageDigests(first, digests);
  }

  /** The staged rows, unless an error (or, with `strict`, a warning) refuses the input. */
  verdict(): Staged {
    const { tally, header, rows } = this;
    const warnings = tally.warnings();
    if (tally.errorCount > 0) {
      this.fail(
        `Cannot import: ${plural(tally.errorCount, "error")} in the file${
          tally.errorCount >= MAX_COUNTED_ERRORS ? ", the most an import counts" : ""
        }`,
      );
    }
    if (this.#options.strict && warnings.count > 0) {
      throw new ImportError(
        `Cannot import: ${plural(warnings.count, "warning")}, and --strict makes them errors`,
        warnings.listed,
        warnings.count,
        header.unknownColumns,
        warnings,
        true,
      );
    }
    if (rows === 0) {
      const json = header.format === "json" || header.format === "ndjson";
      this.fail(
        json
          ? "Cannot import: the file holds no clubs"
          : "Cannot import: the file has a header but no rows",
      );
    }
    this.#options.onProgress?.(rows, 0);
    return { rows, header, warnings, numbers: this.numbers };
  }
}

/**
 * Tallies every slug given to more than one club, naming the lines.
 * Duplicate slugs are found after streaming, through an index built in
 * one sorted pass: far cheaper than a unique index maintained row by row.
 * The import's own checks keep slugs unique.
 */
function findDuplicateSlugs(db: DatabaseSync, tally: Tally): void {
  db.exec("CREATE INDEX clubs_slug ON clubs(slug, derived_slug, line);");
  const duplicates = [
    [
      "slug",
      "SELECT slug AS v FROM clubs WHERE derived_slug = 0 GROUP BY slug HAVING count(*) > 1",
      "SELECT line FROM clubs WHERE slug = ? AND derived_slug = 0 ORDER BY line",
    ],
  ] as const;
  // Iterated, not fetched: one value may be on millions of lines.
  for (const [column, groups, lines] of duplicates) {
    const linesOf = db.prepare(lines);
    for (const { v } of db.prepare(groups).iterate() as Iterable<{ v: string }>) {
      let first = 0;
      for (const { line } of linesOf.iterate(v) as Iterable<{ line: number }>) {
        if (first === 0) first = line;
        else {
          tally.error(notUnique(column, v, line, first));
          if (tally.errorCount >= MAX_COUNTED_ERRORS) return;
        }
      }
    }
  }
}

const plural = (n: number, word: string) =>
  `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
