/**
 * The database to publish (`export --format sqlite`): a clean SQLite file
 * for Datasette, sqlite-utils, DB Browser or any SQLite since 3.34, apart
 * from the serving layout (docs/data.md#the-database-file). It holds
 *
 * - `clubs`: every Club field, typed as the snapshot stores them, `id` the
 *   primary key, one row per club in name order (rowid 1 is the first);
 * - `clubs_fts`: an FTS5 index over {@link PUBLISHED_SEARCH_COLUMNS} of
 *   `clubs` with `content=[clubs]`, declared as `sqlite-utils enable-fts`
 *   declares one, so Datasette and sqlite-utils find it and search with it.
 *
 * The column types come from the snapshot's own `clubs` table (the DDL is
 * their one definition), so this module loads no schema library.
 *
 * @example
 * ```ts ignore
 * import { publishDatabase } from "./publish.ts";
 * publishDatabase("data/clubs.db", "clubs-public.db"); // 40000
 * ```
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { basename, dirname, join } from "node:path";
import { CLUB_FIELDS } from "../model/fields.ts";
import { ClubStore } from "./store.ts";

/**
 * The `clubs` columns `clubs_fts` indexes: the text a person searches a
 * directory by.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PUBLISHED_SEARCH_COLUMNS } from "./publish.ts";
 * assert.deepStrictEqual(PUBLISHED_SEARCH_COLUMNS[0], "name");
 * ```
 */
export const PUBLISHED_SEARCH_COLUMNS = [
  "name",
  "city",
  "state",
  "country",
  "type",
  "course_architect",
  "description",
] as const;

/** Names of a SQLite database file, which `export` writes as one unless told otherwise. */
const DATABASE_NAME = /\.(db|sqlite|sqlite3)$/i;

/**
 * Whether a file name says SQLite database.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isDatabaseName } from "./publish.ts";
 * assert.deepStrictEqual([isDatabaseName("pub.sqlite"), isDatabaseName("a.csv")], [true, false]);
 * ```
 */
export function isDatabaseName(path: string): boolean {
  return DATABASE_NAME.test(path);
}

/** `[a]`: a SQLite name quoted as sqlite-utils quotes it. */
const bracket = (name: string) => `[${name}]`;

/**
 * The declaration of `clubs_fts`, in the form `sqlite-utils enable-fts`
 * writes (the form Datasette's and sqlite-utils' FTS detection look for).
 */
function ftsDeclaration(): string {
  return `CREATE VIRTUAL TABLE [clubs_fts] USING FTS5 (
    ${PUBLISHED_SEARCH_COLUMNS.map(bracket).join(", ")},
    content=[clubs]
)`;
}

/** The Club columns as the snapshot at `store` declares them. */
function columnsOf(store: ClubStore): string[] {
  const info = new Map(
    (store.db.prepare("PRAGMA table_info(clubs)").all() as {
      name: string;
      type: string;
      notnull: number;
    }[]).map((c) => [c.name, c]),
  );
  return CLUB_FIELDS.map((field) => {
    const c = info.get(field);
    if (!c) throw new Error(`The database has no column "${field}" in clubs`);
    return `${field} ${c.type}${c.notnull ? " NOT NULL" : ""}`;
  });
}

/** fsync of a file or folder (folders cannot be opened for it everywhere). */
function syncPath(path: string, folder = false): void {
  try {
    using file = Deno.openSync(path, { read: true });
    file.syncSync();
  } catch (e) {
    if (!folder) throw e;
  }
}

/**
 * Writes the publishing database of the snapshot at `dbPath` to `out` and
 * returns how many clubs it holds. It is built in a new private folder
 * beside `out` (`<out>.exporting-<pid>-<random>`, mode 0700: no one else
 * can plant or swap a file in it), fsynced and renamed over `out` when
 * complete; on any failure `out` is left as it was and the folder removed.
 * Throws the store's `StoreError` when `dbPath` is not a snapshot of this
 * layout.
 */
export function publishDatabase(dbPath: string, out: string): number {
  const store = ClubStore.open(dbPath);
  let columns: string[];
  try {
    columns = columnsOf(store);
  } finally {
    store.close();
  }
  const folder = Deno.makeTempDirSync({
    dir: dirname(out),
    prefix: `${basename(out)}.exporting-${Deno.pid}-`,
  });
  try {
    const file = join(folder, "clubs.db");
    const db = new DatabaseSync(file);
    try {
      const fields = CLUB_FIELDS.join(", ");
      const searched = PUBLISHED_SEARCH_COLUMNS.map(bracket).join(", ");
      db.exec(`CREATE TABLE clubs (\n  ${columns.join(",\n  ")},\n  PRIMARY KEY (id)\n)`);
      db.prepare("ATTACH DATABASE ? AS src").run(dbPath);
      db.exec(`BEGIN;
        INSERT INTO clubs (${fields})
          SELECT ${CLUB_FIELDS.map((f) => `c.${f}`).join(", ")}
          FROM src.club_keys k JOIN src.clubs c ON c.rowid = k.club ORDER BY k.rank;
        COMMIT;
        DETACH DATABASE src;`);
      db.exec(`${ftsDeclaration()};
        INSERT INTO [clubs_fts] (rowid, ${searched}) SELECT rowid, ${searched} FROM [clubs];
        INSERT INTO [clubs_fts] ([clubs_fts]) VALUES ('optimize');`);
      // Merging the index frees pages: a published file carries none.
      db.exec("VACUUM");
      const { n } = db.prepare("SELECT count(*) AS n FROM clubs").get() as { n: number };
      db.close();
      syncPath(file);
      Deno.renameSync(file, out);
      syncPath(dirname(out), true);
      return Number(n);
    } finally {
      if (db.isOpen) db.close();
    }
  } finally {
    Deno.removeSync(folder, { recursive: true });
  }
}
