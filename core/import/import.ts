/**
 * Rebuilds the directory database from a CSV snapshot, atomically: rows
 * stream through validation into a temporary file beside the target, which
 * is renamed over the target only once it is complete and checked. A failed
 * or interrupted import leaves the previous database untouched.
 *
 * @example
 * ```ts ignore
 * import { importCsv, openSource } from "./import.ts";
 * const summary = await importCsv(openSource("data/clubs.csv.gz").stream, { dbPath: "data/clubs.db" });
 * console.log(summary.rows, summary.seconds);
 * ```
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { dirname } from "node:path";
import { CLUB_FIELDS, type ClubRecord } from "../schema/club.ts";
import { CREATE_INDEXES, CREATE_STAGED_JSON, CREATE_TABLES, SCHEMA_VERSION } from "../store/ddl.ts";
import { fold } from "../model/fold.ts";
import { asciiJson } from "../model/json.ts";
import { recordToColumns, rowToRecord } from "../store/rows.ts";
import { normalizeType as typeKey } from "../model/types.ts";
import { buildPlaces, listedCountryKey, listedStateKey } from "../places/build.ts";
import { toApiClub } from "../model/render.ts";
import { buildKeyColumns, KeyIndex } from "../search/key_index.ts";
import { buildWordIndex } from "../search/words.ts";
import type { RowError } from "./csv_row.ts";
import { slugify } from "../model/slug.ts";
import { ImportError } from "./errors.ts";
import { importRows, ReadFailure } from "./rows.ts";
import { lockImport, removeStaleTemps, tempPathFor } from "./lock.ts";

export { openSource } from "./source.ts";

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
}

export { ImportError } from "./errors.ts";
export { ImportBusy } from "./lock.ts";

/** Options of {@link importCsv}. */
export interface ImportOptions {
  /** The database to replace. */
  dbPath: string;
  /** Validate and build, but keep the old database. */
  dryRun?: boolean;
  /** How many errors to collect before giving up (default 50). */
  maxErrors?: number;
  /** Called every 1,000 rows and at the end. */
  onProgress?: (rows: number, bytes: number) => void;
  /** Stops the import; the old database stays. */
  signal?: AbortSignal;
  /** Recorded in the snapshot's metadata (e.g. the file name). */
  source?: string;
  /** When another import into the same database runs: wait for it (else fail with ImportBusy). */
  wait?: boolean;
  /** Called once before waiting for another import, with its pid. */
  onWait?: (pid: number | null) => void;
}

function removeQuietly(path: string): void {
  for (const p of [path, `${path}-journal`]) {
    try {
      Deno.removeSync(p);
    } catch { /* already gone */ }
  }
}

/** Flushes a file (or a directory's entries) to the disk. */
function syncPath(path: string): void {
  const f = Deno.openSync(path, { read: true });
  try {
    f.syncSync();
  } finally {
    f.close();
  }
}

/**
 * Streams a CSV snapshot into a new database and swaps it in. Throws
 * {@link ImportError} with every collected error (up to `maxErrors`) when
 * the input is invalid; the target file is then left as it was. Imports
 * into one database run one at a time: another one fails with
 * {@link ImportBusy} unless `wait` is set.
 */
export async function importCsv(
  source: ReadableStream<Uint8Array>,
  options: ImportOptions,
): Promise<ImportSummary> {
  const started = performance.now();
  // A dry run replaces nothing, so it needs no turn.
  const lock = options.dryRun ? null : await lockImport(options.dbPath, options);
  try {
    const removedTemps = removeStaleTemps(options.dbPath);
    return { ...await build(source, options, started), removedTemps };
  } finally {
    lock?.release();
  }
}

async function build(
  source: ReadableStream<Uint8Array>,
  options: ImportOptions,
  started: number,
): Promise<Omit<ImportSummary, "removedTemps">> {
  const maxErrors = options.maxErrors ?? 50;
  const tmp = tempPathFor(options.dbPath);
  const db = new DatabaseSync(tmp);
  let renamed = false;
  try {
    db.exec(
      "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA cache_size=-65536;",
    );
    db.exec(CREATE_TABLES + CREATE_STAGED_JSON);
    // The temp schema has its own, small default cache: size it like main's.
    db.exec("PRAGMA temp.cache_size=-65536;");
    const staged = await stage(db, source, options, maxErrors);
    options.signal?.throwIfAborted();
    assignSlugs(db);
    finish(db, options.source ?? "");
    options.signal?.throwIfAborted();
    // Every derived structure must account for every row streamed in.
    const count = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n);
    const rows = count("SELECT count(*) AS n FROM clubs");
    const ranked = count("SELECT count(*) AS n FROM club_keys");
    const named = count("SELECT count(*) AS n FROM club_names");
    const index = KeyIndex.load(db).size;
    if (new Set([staged.rows, rows, ranked, named, index]).size !== 1) {
      throw new Error(
        `Cannot finish import: the built database failed its check (${staged.rows} rows read; ${rows} stored, ${ranked} ranked, ${named} indexed by name, ${index} in the key columns)`,
      );
    }
    const countries = Number(
      (db.prepare("SELECT count(DISTINCT country) AS n FROM club_keys")
        .get() as { n: number }).n,
    );
    const types = Number(
      (db.prepare("SELECT count(DISTINCT type) AS n FROM club_keys").get() as {
        n: number;
      }).n,
    );
    db.close();
    if (!options.dryRun) {
      // On disk before it is named, and the name on disk before we say so:
      // a power loss leaves the old database or the complete new one.
      syncPath(tmp);
      // rename(2) is atomic: readers see the old file or the new one, never a mix.
      Deno.renameSync(tmp, options.dbPath);
      renamed = true;
      try {
        syncPath(dirname(options.dbPath));
      } catch { /* directories cannot be opened for syncing on every OS */ }
    }
    return {
      rows,
      countries,
      types,
      seconds: (performance.now() - started) / 1000,
      unknownColumns: staged.unknownColumns,
      dbPath: options.dryRun ? null : options.dbPath,
    };
  } finally {
    if (db.isOpen) db.close();
    if (!renamed) removeQuietly(tmp);
  }
}

async function stage(
  db: DatabaseSync,
  source: ReadableStream<Uint8Array>,
  options: ImportOptions,
  maxErrors: number,
): Promise<{ rows: number; unknownColumns: string[] }> {
  const insert = db.prepare(
    `INSERT INTO clubs(${INSERT_COLUMNS.join(", ")}) VALUES (${
      INSERT_COLUMNS.map(() => "?").join(", ")
    })`,
  );
  const insertJson = db.prepare("INSERT INTO staged_json(club, json) VALUES (?, ?)");
  // Places repeat thousands of times: resolve each distinct one once.
  const countries = new Map<string, string>();
  const states = new Map<string, string>();
  const errors: RowError[] = [];
  let errorCount = 0;
  const fail = (e: RowError) => {
    errorCount++;
    if (errors.length < maxErrors) errors.push(e);
  };
  let header = false;
  let unknownColumns: string[] = [];
  let rows = 0;
  db.exec("BEGIN");
  try {
    // Parsing and validation run in a worker where allowed, a few batches ahead of the inserts.
    for await (const m of importRows(source, options.signal)) {
      if (m.t === "header") {
        unknownColumns = m.unknownColumns;
        continue;
      }
      if (m.t === "fatal") throw new ImportError(m.message, [], 0, unknownColumns);
      if (m.t === "done") {
        header = m.header;
        continue;
      }
      for (let i = 0; i < m.rows.length; i++) {
        const row = m.rows[i]!;
        if (!Array.isArray(row)) {
          row.errors.forEach(fail);
          continue;
        }
        const line = m.lines[i]!;
        const club = {} as Record<string, unknown>;
        for (let f = 0; f < CLUB_FIELDS.length; f++) club[CLUB_FIELDS[f]!] = row[f];
        const derived = club.slug === null;
        const full = club as ClubRecord;
        if (derived) full.slug = slugify(full.name, full.city);
        const country = full.country === null
          ? null
          : memo(countries, full.country, () => listedCountryKey(full.country!));
        const state = full.state === null
          ? null
          : memo(states, `${country}\u0000${full.state}`, () =>
            listedStateKey(full.state!, country));
        const { lastInsertRowid } = insert.run(
          line,
          derived ? 1 : 0,
          fold(full.name),
          full.type === null ? null : typeKey(full.type),
          country,
          state,
          full.waitlist_status ?? "unknown",
          ...recordToColumns(full),
        );
        insertJson.run(lastInsertRowid, asciiJson(toApiClub(full, "locked")));
        rows++;
        if (rows % 1000 === 0) {
          options.onProgress?.(rows, m.bytes[i]!);
          options.signal?.throwIfAborted();
        }
      }
    }
    db.exec("COMMIT");
  } catch (e) {
    if (db.isTransaction) db.exec("ROLLBACK");
    if (e instanceof ReadFailure) throw new ImportError(`Cannot read the input: ${e.message}`);
    // csv-parse's own errors (unclosed quote, …) already name the line.
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("CSV_")) {
      throw new ImportError(
        `Cannot parse the CSV: ${(e as Error).message}`,
        errors,
        errorCount,
        unknownColumns,
      );
    }
    throw e;
  }
  if (!header) {
    throw new ImportError("Cannot import: the file is empty (no header row)");
  }
  // Duplicates are found after streaming, through indexes built in one
  // sorted pass: far cheaper than unique indexes maintained row by row. The
  // import's own checks keep id and slug unique.
  db.exec(
    "CREATE INDEX clubs_id ON clubs(id); CREATE INDEX clubs_slug ON clubs(slug, derived_slug, line);",
  );
  const duplicates = [
    [
      "id",
      "SELECT id AS v FROM clubs GROUP BY id HAVING count(*) > 1",
      "SELECT line FROM clubs WHERE id = ? ORDER BY line",
    ],
    [
      "slug",
      "SELECT slug AS v FROM clubs WHERE derived_slug = 0 GROUP BY slug HAVING count(*) > 1",
      "SELECT line FROM clubs WHERE slug = ? AND derived_slug = 0 ORDER BY line",
    ],
  ] as const;
  for (const [column, groups, lines] of duplicates) {
    const linesOf = db.prepare(lines);
    for (const { v } of db.prepare(groups).all() as { v: string }[]) {
      const [first, ...rest] = (linesOf.all(v) as { line: number }[]).map((r) => r.line);
      for (const line of rest) {
        fail({
          line,
          column,
          value: v,
          message: `duplicate ${column}, already used on line ${first}`,
        });
      }
    }
  }
  errors.sort((a, b) => a.line - b.line);
  if (errorCount > 0) {
    throw new ImportError(
      `Cannot import: ${errorCount} error${errorCount === 1 ? "" : "s"} in the file`,
      errors,
      errorCount,
      unknownColumns,
    );
  }
  if (rows === 0) {
    throw new ImportError(
      "Cannot import: the file has a header but no rows",
      [],
      0,
      unknownColumns,
    );
  }
  options.onProgress?.(rows, 0);
  return { rows, unknownColumns };
}

/**
 * Makes derived slugs unique: explicit slugs win, and later rows whose
 * derived slug is taken get `-2`, `-3`, …
 */
function assignSlugs(db: DatabaseSync): void {
  const clashes = db.prepare("SELECT slug FROM clubs GROUP BY slug HAVING count(*) > 1")
    .all() as {
      slug: string;
    }[];
  if (!clashes.length) return;
  const rows = db.prepare(
    "SELECT rowid AS r FROM clubs WHERE slug = ? ORDER BY derived_slug, line",
  );
  const taken = db.prepare("SELECT 1 FROM clubs WHERE slug = ?");
  const setSlug = db.prepare("UPDATE clubs SET slug = ? WHERE rowid = ?");
  const setJson = db.prepare("UPDATE staged_json SET json = ? WHERE club = ?");
  const get = db.prepare(`SELECT ${CLUB_FIELDS.join(", ")} FROM clubs WHERE rowid = ?`);
  db.exec("BEGIN");
  for (const { slug } of clashes) {
    let n = 2;
    for (const row of (rows.all(slug) as { r: number }[]).slice(1)) {
      while (taken.get(`${slug}-${n}`)) n++;
      const record = {
        ...rowToRecord(get.get(row.r) as Record<string, string | number | null>),
        slug: `${slug}-${n}`,
      };
      setSlug.run(record.slug, row.r);
      setJson.run(asciiJson(toApiClub(record, "locked")), row.r);
      n++;
    }
  }
  db.exec("COMMIT");
}

/** `clubs` columns in insert order: bookkeeping, search keys, Club fields, JSON. */
const INSERT_COLUMNS = [
  "line",
  "derived_slug",
  "name_fold",
  "type_key",
  "country_key",
  "state_key",
  "waitlist_key",
  ...CLUB_FIELDS,
];

function memo(map: Map<string, string>, key: string, make: () => string): string {
  let v = map.get(key);
  if (v === undefined) map.set(key, v = make());
  return v;
}

/** Copies staged rows in name order, then builds keys, indexes and FTS. */
function finish(db: DatabaseSync, source: string): void {
  // Only the narrow keys are sorted; the club rows stay where they streamed in.
  db.exec(`
    BEGIN;
    INSERT INTO club_keys(rank, club, type, country, state, waitlist, name)
      SELECT row_number() OVER (ORDER BY name_fold, name, id), rowid,
        type_key, country_key, state_key, waitlist_key, name_fold
      FROM clubs ORDER BY name_fold, name, id;
    INSERT INTO club_json(rank, json)
      SELECT k.rank, s.json FROM club_keys k JOIN staged_json s ON s.club = k.club ORDER BY k.rank;
    DROP TABLE staged_json;`);
  buildKeyColumns(db);
  buildWordIndex(db);
  buildPlaces(db);
  db.exec(CREATE_INDEXES);
  const meta = db.prepare("INSERT INTO meta(key, value) VALUES (?, ?)");
  meta.run("schema_version", String(SCHEMA_VERSION));
  meta.run("imported_at", new Date().toISOString());
  meta.run("source", source);
  meta.run("snapshot", crypto.randomUUID());
  db.exec("COMMIT");
}
