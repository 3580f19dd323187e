/**
 * The database layout.
 *
 * - `clubs`: one row per club in file order (its rowid), keyed by `id`:
 *   every Club field and the search keys computed at import (folded name,
 *   normalised type, ISO country and subdivision codes, waitlist key, city
 *   key).
 * - `club_keys`: the same keys in name order; `rank` (its rowid) is the
 *   club's position when sorted by name, so every index on it (which ends in
 *   the rowid) yields rows already sorted by name. `club` points at `clubs`.
 * - `club_json`: each club's REST JSON as an anonymous caller sees it
 *   (ASCII-only), by rank, so a page is one contiguous read.
 * - `club_json_packed`: the same JSON packed against a learned dictionary,
 *   written only when it is too large for a server to hold as text (see
 *   club_json_pack.ts).
 * - `club_names`: FTS5 trigram index over the folded names, by rank;
 *   `name_trigrams` tells how many names hold each trigram (from fts5vocab,
 *   whose own lookups scan the whole vocabulary). The names are folded
 *   already, so the tokenizer takes no `remove_diacritics` (SQLite 3.45+):
 *   the file opens and searches in every SQLite since 3.34 (trigram's
 *   first), Debian 12's 3.40 included.
 * - `key_columns`: the key columns coded as blobs for the in-memory scan
 *   (with `city`, the folded city of each club, by rank).
 * - `word_index`: the words of every folded name, for `match=words|fuzzy`:
 *   the vocabulary and, by rank, each name's words, in chunks of 1 MiB
 *   (see core/search/words.ts).
 * - `places`: every spelling of every country and region that has clubs.
 * - `place_names`: the English name of each of those ISO 3166 codes, so a
 *   server names places without loading the ISO tables.
 * - `history_snapshots`, `history_changes`: the snapshot history, the
 *   imports kept and the clubs each added, removed or changed, carried
 *   over from import to import (written by core/history/record.ts, whose
 *   table.ts holds their DDL, as core/rates holds the `rates` table's).
 *
 * The Club columns of `clubs` are generated from the field list and the
 * zod schema (see {@link clubColumns}), so a field added there is stored
 * without touching this file. The import is the only reader of the DDL;
 * the layout's version lives in layout.ts, which opening a snapshot reads
 * without loading zod.
 *
 * @example
 * ```ts ignore
 * import { CREATE_TABLES } from "./ddl.ts";
 * db.exec(CREATE_TABLES);
 * ```
 * @module
 */
import { z } from "zod";
import { CLUB_FIELDS } from "../model/fields.ts";
import { ClubRecordSchema } from "../schema/club.ts";

export { SCHEMA_VERSION } from "./layout.ts";
import { CLUB_KEY_COLUMNS, type ClubKeyColumn } from "./layout.ts";

/** The SQL type of each search-key column (a column without one does not compile). */
const KEY_COLUMN_TYPES: Readonly<Record<ClubKeyColumn, string>> = {
  name_fold: "TEXT NOT NULL",
  type_key: "TEXT",
  country_key: "TEXT",
  state_key: "TEXT",
  waitlist_key: "TEXT NOT NULL",
  city_key: "TEXT",
};

type JsonSchema = { type?: string | string[]; anyOf?: JsonSchema[] };

/** The JSON Schema types a field may take (`null` included when nullable). */
function typesOf(schema: JsonSchema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf);
  return schema.type === undefined ? [] : [schema.type].flat();
}

/** SQLite storage of each JSON type: booleans as 0/1, lists as JSON text (see rows.ts). */
const SQL_TYPES: Record<string, string> = {
  string: "TEXT",
  array: "TEXT",
  integer: "INTEGER",
  boolean: "INTEGER",
  number: "REAL",
};

/**
 * The column definitions of every Club field, in {@link CLUB_FIELDS} order:
 * the SQLite type from the field's schema, `NOT NULL` unless it is nullable.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { clubColumns } from "./ddl.ts";
 * assert.equal(clubColumns()[0], "id TEXT NOT NULL");
 * ```
 */
export function clubColumns(): string[] {
  const properties = (z.toJSONSchema(ClubRecordSchema, { io: "input" }) as {
    properties: Record<string, JsonSchema>;
  }).properties;
  return CLUB_FIELDS.map((field) => {
    const types = typesOf(properties[field] ?? {});
    const stored = [...new Set(types.filter((t) => t !== "null").map((t) => SQL_TYPES[t]))];
    if (stored.length !== 1 || stored[0] === undefined) {
      throw new Error(`Cannot store the Club field "${field}" of type ${types.join(" | ")}`);
    }
    return `${field} ${stored[0]}${types.includes("null") ? "" : " NOT NULL"}`;
  });
}

/** Tables of a snapshot, created before the rows stream in. */
export const CREATE_TABLES = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE clubs (
  ${clubColumns().join(",\n  ")},
  line INTEGER NOT NULL,
  derived_slug INTEGER NOT NULL,
  ${CLUB_KEY_COLUMNS.map((c) => `${c} ${KEY_COLUMN_TYPES[c]}`).join(", ")},
  PRIMARY KEY (id)
);
CREATE TABLE places (
  kind TEXT NOT NULL, scope TEXT NOT NULL, alias TEXT NOT NULL,
  key TEXT NOT NULL, top INTEGER NOT NULL, tier INTEGER NOT NULL
);
CREATE TABLE place_names (key TEXT PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE club_json (rank INTEGER PRIMARY KEY, json TEXT NOT NULL);
CREATE TABLE club_json_packed (part INTEGER PRIMARY KEY, lengths BLOB NOT NULL, data BLOB NOT NULL);
CREATE TABLE key_columns (name TEXT PRIMARY KEY, vals TEXT NOT NULL, data BLOB NOT NULL);
CREATE TABLE word_index (part TEXT PRIMARY KEY, data BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE club_keys (
  rank INTEGER PRIMARY KEY,
  club INTEGER NOT NULL,
  type TEXT, country TEXT, state TEXT, waitlist TEXT NOT NULL, city TEXT,
  name TEXT NOT NULL
);
`;

/** Indexes and the name index, built after the rows are in. */
export const CREATE_INDEXES = `
CREATE INDEX places_alias ON places(kind, alias);
CREATE INDEX club_keys_type ON club_keys(type);
CREATE INDEX club_keys_country ON club_keys(country);
CREATE INDEX club_keys_state ON club_keys(state);
CREATE INDEX club_keys_waitlist ON club_keys(waitlist);
CREATE VIRTUAL TABLE club_names USING fts5(
  name, content='club_keys', content_rowid='rank',
  tokenize='trigram'
);
INSERT INTO club_names(club_names) VALUES ('rebuild');
CREATE VIRTUAL TABLE temp.club_names_vocab USING fts5vocab(main, club_names, 'row');
CREATE TABLE name_trigrams (term TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO name_trigrams SELECT term, doc FROM temp.club_names_vocab;
DROP TABLE temp.club_names_vocab;
`;

/** Where each club's anonymous JSON waits, by `clubs` rowid, until ranks are known. */
export const CREATE_STAGED_JSON = `
CREATE TEMP TABLE staged_json (club INTEGER PRIMARY KEY, json TEXT NOT NULL);
`;
