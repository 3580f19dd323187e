/**
 * What an import changes: the clubs added, removed and changed compared with
 * the database it replaces, matched by id. Each snapshot keeps a digest of
 * every club's values in `club_digests` (id order, a few bytes a club), so
 * the comparison is one merge of two small sorted lists; a database from
 * before digests is compared field by field, as one text per club quoted by
 * SQLite. The old file is opened read-only, never attached (a process with
 * narrow permissions may not attach databases).
 *
 * @example
 * ```ts ignore
 * import { diffDatabases } from "./diff.ts";
 * const d = diffDatabases(newDb, "data/clubs.db", (e) => console.log(e.change, e.name));
 * if (d.previous) d.counts; // { added: 3, removed: 1, changed: 12, unchanged: 39984 }
 * ```
 * @module
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { CLUB_FIELDS } from "../../model/fields.ts";
import { type DiffRows, SOURCE_COLUMNS } from "../../history/mod.ts";

/** How many clubs an import adds, removes, changes and leaves as they were. */
export interface DiffCounts {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
}

/** One club that an import adds, removes or changes (with the fields that differ). */
export interface DiffEntry {
  change: "added" | "removed" | "changed";
  id: string;
  name: string;
  fields?: string[];
}

/** The comparison with the database replaced: counts, or why there are none. */
export type DiffResult =
  | { previous: true; counts: DiffCounts }
  | { previous: false; reason: string };

/** Digests wait by `clubs` rowid until slugs are final (see {@link saveDigests}). */
export const CREATE_DIGESTS = `
CREATE TEMP TABLE staged_digests (club INTEGER PRIMARY KEY, digest INTEGER NOT NULL);
`;

/**
 * Stages the digests of consecutive `clubs` rowids, from `first`, in one
 * statement: a JSON array (exact: digests are integers below 2^53) costs a
 * tenth of a statement per club, and the digests wait in SQLite's bounded
 * cache, not in memory.
 *
 * @example
 * ```ts ignore
 * import { digestStager } from "./diff.ts";
 * digestStager(db)(1, [4242, 1717]); // clubs 1 and 2
 * ```
 */
export function digestStager(db: DatabaseSync): (first: number, digests: number[]) => void {
  const stage = db.prepare(
    "INSERT INTO staged_digests(club, digest) SELECT ? + key, value FROM json_each(?)",
  );
  return (first, digests) => {
    if (digests.length) stage.run(first, JSON.stringify(digests));
  };
}

/**
 * Stores each club's digest by id, in id order (a compact, sorted table
 * for the next import's comparison). Runs once slugs are final.
 *
 * @example
 * ```ts ignore
 * import { saveDigests } from "./diff.ts";
 * saveDigests(db);
 * ```
 */
export function saveDigests(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE club_digests (id TEXT PRIMARY KEY, digest INTEGER NOT NULL) WITHOUT ROWID;
    INSERT INTO club_digests SELECT c.id, d.digest
      FROM clubs c JOIN staged_digests d ON d.club = c.rowid ORDER BY c.id;
    DROP TABLE staged_digests;`);
}

// Each club as one comparable text: every field, quoted by SQLite.
const SIGNATURE = CLUB_FIELDS.map((f) => `quote(${f})`).join(" || ',' || ");
const BY_ID = `SELECT id, name, ${SIGNATURE} AS v FROM clubs ORDER BY id`;
// Digests are read a few thousand at a time as one text: far fewer objects than rows.
const DIGEST_PAGE = `SELECT group_concat(id || ' ' || digest, ' ') AS page, max(id) AS last
  FROM (SELECT id, digest FROM club_digests WHERE id > ? ORDER BY id LIMIT 4096)`;
const NAME_OF = "SELECT name FROM clubs WHERE id = ?";
const FIELDS_OF = `SELECT ${CLUB_FIELDS.join(", ")} FROM clubs WHERE id = ?`;
const ROW_OF = `SELECT ${SOURCE_COLUMNS.join(", ")} FROM clubs WHERE id = ?`;

type Signed = { id: string; name?: string; v: string | number };

/** The fields whose values differ between two rows of the same club. */
function changedFields(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return CLUB_FIELDS.filter((f) => a[f] !== b[f]);
}

/** Every (id, digest) of a snapshot, in id order. */
function* digestsOf(db: DatabaseSync): Generator<Signed> {
  const page = db.prepare(DIGEST_PAGE);
  for (let after = "";;) {
    const r = page.get(after) as { page: string | null; last: string | null };
    if (r.page === null || r.last === null) return;
    const parts = r.page.split(" ");
    for (let i = 0; i < parts.length; i += 2) yield { id: parts[i]!, v: parts[i + 1]! };
    after = r.last;
  }
}

function prepareOr(db: DatabaseSync, sql: string): StatementSync | null {
  try {
    return db.prepare(sql);
  } catch {
    return null;
  }
}

function hasDigests(db: DatabaseSync): boolean {
  return db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'club_digests'").get() !== undefined;
}

/**
 * Compares the clubs of `db` (the new snapshot) with those of the database
 * at `oldPath`, opened read-only beside it, in one merge of both by id.
 * With `list`, every added, removed and changed club is passed to it, in
 * id order; with `rows`, the same with its rows before and after (for the
 * history, core/history).
 *
 * @example
 * ```ts ignore
 * import { diffDatabases } from "./diff.ts";
 * diffDatabases(db, "/nonexistent.db"); // { previous: false, reason: "there is no database at /nonexistent.db yet" }
 * ```
 */
export function diffDatabases(
  db: DatabaseSync,
  oldPath: string,
  list?: (entry: DiffEntry) => void,
  rows?: (change: DiffRows) => void,
): DiffResult {
  try {
    if (!Deno.statSync(oldPath).isFile) {
      return { previous: false, reason: `${oldPath} is not a file` };
    }
  } catch {
    return { previous: false, reason: `there is no database at ${oldPath} yet` };
  }
  let old: DatabaseSync;
  try {
    old = new DatabaseSync(oldPath, { readOnly: true });
  } catch (e) {
    return { previous: false, reason: `${oldPath} cannot be read (${(e as Error).message})` };
  }
  try {
    const counts: DiffCounts = { added: 0, removed: 0, changed: 0, unchanged: 0 };
    const digests = hasDigests(old);
    const next = digests ? digestsOf(db) : db.prepare(BY_ID).iterate() as Iterator<Signed>;
    const prev = digests ? digestsOf(old) : old.prepare(BY_ID).iterate() as Iterator<Signed>;
    const newFields = db.prepare(FIELDS_OF);
    const oldFields = old.prepare(FIELDS_OF);
    const newName = db.prepare(NAME_OF);
    const oldName = old.prepare(NAME_OF);
    type R = DiffRows["before"];
    const newRow = db.prepare(ROW_OF);
    // A file of an older layout may lack a key column: compared, not recorded.
    const oldRow = rows ? prepareOr(old, ROW_OF) : null;
    if (oldRow === null) rows = undefined;
    const name = (row: Signed, of: typeof newName) =>
      row.name ?? (of.get(row.id) as { name: string }).name;
    let n = next.next();
    let o = prev.next();
    while (!n.done || !o.done) {
      if (o.done || (!n.done && n.value.id < o.value.id)) {
        counts.added++;
        list?.({ change: "added", id: n.value.id, name: name(n.value, newName) });
        rows?.({
          change: "added",
          id: n.value.id,
          before: null,
          after: newRow.get(n.value.id) as R,
        });
        n = next.next();
      } else if (n.done || o.value.id < n.value.id) {
        counts.removed++;
        list?.({ change: "removed", id: o.value.id, name: name(o.value, oldName) });
        rows?.({
          change: "removed",
          id: o.value.id,
          before: oldRow!.get(o.value.id) as R,
          after: null,
        });
        o = prev.next();
      } else {
        if (n.value.v === o.value.v) counts.unchanged++;
        else {
          counts.changed++;
          if (list) {
            const fields = changedFields(
              newFields.get(n.value.id) as Record<string, unknown>,
              oldFields.get(o.value.id) as Record<string, unknown>,
            );
            list({ change: "changed", id: n.value.id, name: name(n.value, newName), fields });
          }
          rows?.({
            change: "changed",
            id: n.value.id,
            before: oldRow!.get(o.value.id) as R,
            after: newRow.get(n.value.id) as R,
          });
        }
        n = next.next();
        o = prev.next();
      }
    }
    return { previous: true, counts };
  } catch (e) {
    // An old file of another layout: say so, and import anyway.
    return { previous: false, reason: `${oldPath} cannot be compared (${(e as Error).message})` };
  } finally {
    old.close();
  }
}
