/**
 * The one fixture module: databases built from the hand-made fixture CSV
 * (tests/fixtures/clubs.csv, 30 clubs with known answers) in a temp dir,
 * read through a {@link ClubStore} (core tests) or a live {@link Directory}
 * (server tests), and CSV files written for a test.
 *
 * @example
 * ```ts ignore
 * import { fixture } from "./_fixture.ts";
 * await using fx = await fixture();
 * fx.store.bySlug("seminole");
 * ```
 * @module
 */
import { fileURLToPath } from "node:url";
import { DatabaseSync } from "node:sqlite";
import { CLUB_FIELDS } from "../core/model/fields.ts";
import type { ClubRecord } from "../core/schema/club.ts";
import { type Row, rowToRecord } from "../core/store/rows.ts";
import { importSnapshot, openSource } from "../core/import/build/import.ts";
import { Directory } from "../core/store/directory.ts";
import { ClubStore } from "../core/store/store.ts";
import { readRatesFile } from "../core/rates/parse.ts";

/** Path of the fixture CSV. */
export const FIXTURE_CSV = fileURLToPath(new URL("./fixtures/clubs.csv", import.meta.url));

/** The bundled exchange rates (data/rates.csv), for fixtures with rates. */
export const BUNDLED_RATES_CSV = fileURLToPath(new URL("../data/rates.csv", import.meta.url));

/**
 * Builds a database from a CSV file into `path` (atomically, like `main.ts
 * import`), with the rates of the file `rates` when given (`--rates`).
 *
 * @example
 * ```ts ignore
 * await importFile(FIXTURE_CSV, `${dir}/clubs.db`);
 * ```
 */
export async function importFile(csv: string, path: string, rates?: string): Promise<void> {
  let parsed;
  if (rates !== undefined) {
    const r = await readRatesFile(rates);
    if (!r.ok) throw new Error(`invalid rates file ${rates}: ${JSON.stringify(r.errors)}`);
    parsed = r.value;
  }
  await importSnapshot(openSource(csv), { dbPath: path, source: "fixture", rates: parsed });
}

/** A fixture database in a fresh temp dir; `await using` removes it. */
export interface Fixture extends AsyncDisposable {
  dir: string;
  path: string;
  /** The database as one snapshot (opened on first use). */
  readonly store: ClubStore;
  /** A live directory over the database, as the server reads it (opened on first use). */
  readonly directory: Directory;
  /** Closes what was opened and removes the temp dir, now. */
  disposeSync(): void;
}

/** What to build: which CSV, and how often the directory looks for a new file. */
export interface FixtureOptions {
  /** The CSV to import (default {@link FIXTURE_CSV}). */
  csv?: string;
  /** The directory's check interval in ms (default 0: on every read). */
  checkEveryMs?: number;
  /** A rates file to import with it (default none: a snapshot without rates). */
  rates?: string;
}

/**
 * Builds a fixture database; `await using fx = await fixture()` removes it
 * at the end of the test.
 *
 * @example
 * ```ts ignore
 * await using fx = await fixture({ csv: await csvFile(text) });
 * ```
 */
export async function fixture(options: FixtureOptions = {}): Promise<Fixture> {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-test-" });
  const path = `${dir}/clubs.db`;
  await importFile(options.csv ?? FIXTURE_CSV, path, options.rates);
  let store: ClubStore | null = null;
  let directory: Directory | null = null;
  const close = () => {
    store?.close();
    directory?.close();
  };
  return {
    dir,
    path,
    get store() {
      return store ??= ClubStore.open(path);
    },
    get directory() {
      return directory ??= new Directory(path, { checkEveryMs: options.checkEveryMs ?? 0 });
    },
    disposeSync() {
      close();
      Deno.removeSync(dir, { recursive: true });
    },
    async [Symbol.asyncDispose]() {
      close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/**
 * A fixture shared by a whole test module, removed when the test process
 * unloads (a module-level `await using` would dispose it before the tests run).
 *
 * @example
 * ```ts ignore
 * const fx = await sharedFixture();
 * ```
 */
export async function sharedFixture(options: FixtureOptions = {}): Promise<Fixture> {
  const fx = await fixture(options);
  globalThis.addEventListener("unload", () => fx.disposeSync());
  return fx;
}

/**
 * Writes CSV text to a temp file (in `dir`, else a new temp dir) and returns its path.
 *
 * @example
 * ```ts ignore
 * const csv = await csvFile(`${header}\n${row}\n`);
 * ```
 */
export async function csvFile(text: string, dir?: string): Promise<string> {
  const d = dir ?? await Deno.makeTempDir({ prefix: "clubdir-csv-" });
  const p = `${d}/input.csv`;
  await Deno.writeTextFile(p, text);
  return p;
}

/**
 * Writes a CSV of `count` golf clubs named "Club 000000000001"… (in name
 * order, each with its own id and slug) under the fixture's header, and
 * returns its path; `cells` adds or overrides columns of club `n`.
 *
 * @example
 * ```ts ignore
 * await using fx = await fixture({ csv: await numberedClubsCsv(250) });
 * ```
 */
export async function numberedClubsCsv(
  count: number,
  cells: (n: string) => Record<string, string> = () => ({}),
): Promise<string> {
  const header = (await Deno.readTextFile(FIXTURE_CSV)).split("\n")[0]!;
  const columns = header.split(",");
  const rows = Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(12, "0");
    const row: Record<string, string> = {
      name: `Club ${n}`,
      type: "golf",
      currency: "USD",
      id: `00000000-0000-4000-8000-${n}`,
      slug: `club-${n}`,
      ...cells(n),
    };
    return columns.map((c) => row[c] ?? "").join(",");
  });
  return await csvFile([header, ...rows].join("\n") + "\n");
}

/**
 * Every club of the database at `path`, every field, in name order (as the
 * API ranks them and export writes them).
 *
 * @example
 * ```ts ignore
 * assertEquals(storedClubs(exported), storedClubs(source));
 * ```
 */
export function storedClubs(path: string): ClubRecord[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return (db.prepare(
      `SELECT ${CLUB_FIELDS.map((f) => `c.${f}`).join(", ")}
       FROM club_keys k JOIN clubs c ON c.rowid = k.club ORDER BY k.rank`,
    ).all() as Row[]).map(rowToRecord);
  } finally {
    db.close();
  }
}
