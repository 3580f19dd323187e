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
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { CLUB_FIELDS, type ClubRecord } from "./club.ts";
import {
  CLUB_COLUMNS,
  CREATE_INDEXES,
  CREATE_STAGING,
  CREATE_TABLES,
  SCHEMA_VERSION,
} from "./ddl.ts";
import { fold } from "./fold.ts";
import { countryKey, stateKey, typeKey } from "./query.ts";
import { toApiClub } from "./render.ts";
import { readRow, type RowError, slugify } from "./csv_row.ts";

/** What a finished (or dry) import reports. */
export interface ImportSummary {
  rows: number;
  countries: number;
  types: number;
  seconds: number;
  unknownColumns: string[];
  dbPath: string | null;
}

/** Thrown when the input is invalid; carries the first errors and the count. */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly errors: RowError[] = [],
    readonly errorCount = errors.length,
    readonly unknownColumns: string[] = [],
  ) {
    super(message);
    this.name = "ImportError";
  }
}

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
}

/** A byte source for {@link importCsv}: a path, `.gz` or `-` for stdin. */
export function openSource(path: string): {
  stream: ReadableStream<Uint8Array>;
  size: number | null;
} {
  if (path === "-") {
    return { stream: gunzipIfNeeded(Deno.stdin.readable), size: null };
  }
  const file = Deno.openSync(path, { read: true });
  const size = file.statSync().size;
  // Progress compares decompressed bytes with the size: only meaningful uncompressed.
  return {
    stream: gunzipIfNeeded(file.readable),
    size: path.endsWith(".gz") ? null : size,
  };
}

/** Decompresses the stream when it starts with the gzip magic bytes. */
function gunzipIfNeeded(
  input: ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> {
  return ReadableStream.from((async function* () {
    const reader = input.getReader();
    const first = await reader.read();
    if (first.done) return;
    const rest = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(first.value),
      async pull(c) {
        const r = await reader.read();
        if (r.done) c.close();
        else c.enqueue(r.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    const gz = first.value.length >= 2 && first.value[0] === 0x1f &&
      first.value[1] === 0x8b;
    yield* gz
      ? rest.pipeThrough(
        new DecompressionStream("gzip") as unknown as TransformStream<
          Uint8Array,
          Uint8Array
        >,
      )
      : rest;
  })());
}

const KNOWN = new Set<string>(CLUB_FIELDS);

function tempPathFor(dbPath: string): string {
  const rand = crypto.getRandomValues(new Uint32Array(2)).join("");
  return `${dbPath}.importing-${Deno.pid}-${rand}`;
}

function removeQuietly(path: string): void {
  for (const p of [path, `${path}-journal`]) {
    try {
      Deno.removeSync(p);
    } catch { /* already gone */ }
  }
}

/**
 * Streams a CSV snapshot into a new database and swaps it in. Throws
 * {@link ImportError} with every collected error (up to `maxErrors`) when
 * the input is invalid; the target file is then left as it was.
 */
export async function importCsv(
  source: ReadableStream<Uint8Array>,
  options: ImportOptions,
): Promise<ImportSummary> {
  const started = performance.now();
  const maxErrors = options.maxErrors ?? 50;
  const tmp = tempPathFor(options.dbPath);
  const db = new DatabaseSync(tmp);
  let renamed = false;
  try {
    db.exec(
      "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA temp_store=FILE; PRAGMA cache_size=-65536;",
    );
    db.exec(CREATE_TABLES + CREATE_STAGING);
    const staged = await stage(db, source, options, maxErrors);
    options.signal?.throwIfAborted();
    assignSlugs(db);
    finish(db, options.source ?? "");
    options.signal?.throwIfAborted();
    const rows = Number(
      (db.prepare("SELECT count(*) AS n FROM clubs").get() as { n: number }).n,
    );
    const check = db.prepare("PRAGMA quick_check").get() as Record<
      string,
      string
    >;
    if (rows !== staged.rows || Object.values(check)[0] !== "ok") {
      throw new Error(
        `Cannot finish import: the built database failed its check (${rows} of ${staged.rows} rows)`,
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
      // rename(2) is atomic: readers see the old file or the new one, never a mix.
      Deno.renameSync(tmp, options.dbPath);
      renamed = true;
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
    "INSERT INTO staging(line, id, slug, sort_name, name, record) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const parser = Readable.fromWeb(source as never).pipe(
    parse({
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }),
  );
  const errors: RowError[] = [];
  let errorCount = 0;
  const fail = (e: RowError) => {
    errorCount++;
    if (errors.length < maxErrors) errors.push(e);
  };
  let header: string[] | null = null;
  let unknownColumns: string[] = [];
  let rows = 0;
  let prevLines = 0;
  let prevEmpty = 0;
  db.exec("BEGIN");
  try {
    for await (
      const { record, info } of parser as AsyncIterable<
        {
          record: string[];
          info: { lines: number; empty_lines: number; bytes: number };
        }
      >
    ) {
      const line = prevLines + 1 + (info.empty_lines - prevEmpty);
      prevLines = info.lines;
      prevEmpty = info.empty_lines;
      if (header === null) {
        header = record.map((h) => h.trim());
        unknownColumns = header.filter((h) => !KNOWN.has(h));
        const dup = header.find((h, i) => header!.indexOf(h) !== i);
        if (dup) {
          throw new ImportError(
            `Cannot import: column "${dup}" appears twice in the header on line ${line}`,
            [],
            0,
            unknownColumns,
          );
        }
        if (!header.includes("name")) {
          throw new ImportError(
            `Cannot import: the header on line ${line} has no "name" column (found: ${
              header.join(", ")
            })`,
            [],
            0,
            unknownColumns,
          );
        }
        continue;
      }
      if (record.length !== header.length) {
        fail({
          line,
          column: "row",
          value: record.join(",").slice(0, 80),
          message: `expected ${header.length} fields as in the header, found ${record.length}`,
        });
        continue;
      }
      const cells: Record<string, string> = {};
      header.forEach((h, i) => (cells[h] = record[i]!));
      const row = readRow(cells, line);
      if (!row.ok) {
        row.errors.forEach(fail);
        continue;
      }
      const club = row.value;
      insert.run(line, club.id, club.slug, fold(club.name), club.name, JSON.stringify(club));
      rows++;
      if (rows % 1000 === 0) {
        options.onProgress?.(rows, info.bytes);
        options.signal?.throwIfAborted();
      }
    }
    db.exec("COMMIT");
  } catch (e) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw e;
  }
  if (header === null) {
    throw new ImportError("Cannot import: the file is empty (no header row)");
  }
  // Duplicates are found in one sorted pass after streaming: far cheaper
  // than a unique index maintained row by row.
  for (const column of ["id", "slug"] as const) {
    const dups = db.prepare(
      `SELECT ${column} AS v, line, min(line) OVER (PARTITION BY ${column}) AS first FROM staging
       WHERE ${column} IN (SELECT ${column} FROM staging WHERE ${column} IS NOT NULL GROUP BY ${column} HAVING count(*) > 1)
       ORDER BY line`,
    ).all() as { v: string; line: number; first: number }[];
    for (const d of dups) {
      if (d.line !== d.first) {
        fail({
          line: d.line,
          column,
          value: d.v,
          message: `duplicate ${column}, already used on line ${d.first}`,
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
 * Gives every row without a slug a unique one from its name and city;
 * explicit slugs win, later derived duplicates get `-2`, `-3`, …
 */
function assignSlugs(db: DatabaseSync): void {
  db.function(
    "clubdir_slug",
    { deterministic: true },
    (name, city) => slugify(name as string, city as string | null),
  );
  db.exec(`
    BEGIN;
    ALTER TABLE staging ADD COLUMN derived INTEGER NOT NULL DEFAULT 0;
    UPDATE staging SET derived = 1,
      slug = clubdir_slug(name, record ->> '$.city') WHERE slug IS NULL;
    CREATE INDEX staging_slug ON staging(slug);
    COMMIT;`);
  const clash = db.prepare(`
    WITH ranked AS (
      SELECT rowid AS r, derived, slug,
        row_number() OVER (PARTITION BY slug ORDER BY derived, line) AS n
      FROM staging)
    SELECT r, slug, n FROM ranked WHERE n > 1 AND derived = 1`);
  const taken = db.prepare("SELECT 1 FROM staging WHERE slug = ?");
  const set = db.prepare("UPDATE staging SET slug = ? WHERE rowid = ?");
  db.exec("BEGIN");
  for (const row of clash.all() as { r: number; slug: string; n: number }[]) {
    let n = row.n;
    while (taken.get(`${row.slug}-${n}`)) n++;
    set.run(`${row.slug}-${n}`, row.r);
  }
  db.exec("COMMIT");
}

function memo(map: Map<string, string>, key: string, make: () => string): string {
  let v = map.get(key);
  if (v === undefined) map.set(key, v = make());
  return v;
}

/** Copies staged rows in name order, then builds keys, indexes and FTS. */
function finish(db: DatabaseSync, source: string): void {
  const cols = CLUB_COLUMNS.join(", ");
  const insertClub = db.prepare(
    `INSERT INTO clubs(rank, ${cols}, anon_json) VALUES (?, ${
      CLUB_COLUMNS.map(() => "?").join(", ")
    }, ?)`,
  );
  const insertKeys = db.prepare(
    "INSERT INTO club_keys(rank, type, country, state, waitlist, name) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const sorted = db.prepare("SELECT slug, record FROM staging ORDER BY sort_name, name, id");
  // Places repeat thousands of times: resolve each distinct one once.
  const countries = new Map<string, string>();
  const states = new Map<string, string>();
  db.exec("BEGIN");
  let rank = 0;
  for (const row of sorted.iterate() as Iterable<{ slug: string; record: string }>) {
    const club = JSON.parse(row.record) as ClubRecord;
    club.slug = row.slug;
    rank++;
    const values = CLUB_COLUMNS.map((c) => {
      const v = club[c];
      if (c === "amenities") return v === null ? null : JSON.stringify(v);
      if (c === "verified") return v === null ? null : v ? 1 : 0;
      return v as string | number | null;
    });
    insertClub.run(rank, ...values, JSON.stringify(toApiClub(club, "locked")));
    const country = club.country === null
      ? null
      : memo(countries, club.country, () => countryKey(club.country!));
    const state = club.state === null
      ? null
      : memo(states, `${country}\u0000${club.state}`, () => stateKey(club.state!, country));
    insertKeys.run(
      rank,
      club.type === null ? null : typeKey(club.type),
      country,
      state,
      club.waitlist_status ?? "unknown",
      fold(club.name),
    );
  }
  db.exec("DROP TABLE staging");
  db.exec(CREATE_INDEXES);
  const meta = db.prepare("INSERT INTO meta(key, value) VALUES (?, ?)");
  meta.run("schema_version", String(SCHEMA_VERSION));
  meta.run("imported_at", new Date().toISOString());
  meta.run("source", source);
  meta.run("snapshot", crypto.randomUUID());
  db.exec("COMMIT");
}
