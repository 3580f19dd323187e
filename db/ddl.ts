/**
 * The database layout. `clubs.rank` is the rowid and the club's position in
 * name order, so every index (which ends in the rowid) already yields rows
 * sorted by name and paging needs no sort. `club_keys` holds the precomputed
 * search keys in a narrow table that scans fast.
 *
 * @module
 */

/** Bumped when the layout changes; an older file is rebuilt or refused. */
export const SCHEMA_VERSION = 3;

/** Tables of a finished snapshot (created before rows are copied in). */
export const CREATE_TABLES = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE clubs (
  rank INTEGER PRIMARY KEY,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  city TEXT, state TEXT, country TEXT, type TEXT, status TEXT,
  verified INTEGER, hero_image_url TEXT,
  initiation_fee REAL, annual_dues REAL, monthly_dues REAL,
  fee_tier TEXT, waitlist_status TEXT,
  holes INTEGER, par INTEGER, yardage INTEGER, course_architect TEXT,
  founded_year INTEGER, opened_year INTEGER, currency TEXT NOT NULL,
  amenities TEXT, description TEXT, google_rating REAL, google_review_count INTEGER,
  anon_json TEXT NOT NULL
);
CREATE TABLE places (
  kind TEXT NOT NULL, scope TEXT NOT NULL, alias TEXT NOT NULL,
  key TEXT NOT NULL, top INTEGER NOT NULL, tier INTEGER NOT NULL
);
CREATE TABLE key_columns (name TEXT PRIMARY KEY, vals TEXT NOT NULL, data BLOB NOT NULL);
CREATE TABLE club_keys (
  rank INTEGER PRIMARY KEY,
  type TEXT, country TEXT, state TEXT, waitlist TEXT NOT NULL,
  name TEXT NOT NULL
);
`;

/** Indexes and the name index, built after the rows are in. */
export const CREATE_INDEXES = `
CREATE UNIQUE INDEX clubs_id ON clubs(id);
CREATE UNIQUE INDEX clubs_slug ON clubs(slug);
CREATE INDEX places_alias ON places(kind, alias);
CREATE INDEX club_keys_type ON club_keys(type);
CREATE INDEX club_keys_country ON club_keys(country);
CREATE INDEX club_keys_state ON club_keys(state);
CREATE INDEX club_keys_waitlist ON club_keys(waitlist);
CREATE VIRTUAL TABLE club_names USING fts5(
  name, content='club_keys', content_rowid='rank',
  tokenize='trigram remove_diacritics 1'
);
INSERT INTO club_names(club_names) VALUES ('rebuild');
ANALYZE;
`;

/** The staging table rows stream into, in file order, before sorting. */
export const CREATE_STAGING = `
CREATE TEMP TABLE staging (
  line INTEGER NOT NULL,
  derived INTEGER NOT NULL,
  sort_name TEXT NOT NULL,
  k_type TEXT, k_country TEXT, k_state TEXT, k_waitlist TEXT NOT NULL,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  city TEXT, state TEXT, country TEXT, type TEXT, status TEXT,
  verified INTEGER, hero_image_url TEXT,
  initiation_fee REAL, annual_dues REAL, monthly_dues REAL,
  fee_tier TEXT, waitlist_status TEXT,
  holes INTEGER, par INTEGER, yardage INTEGER, course_architect TEXT,
  founded_year INTEGER, opened_year INTEGER, currency TEXT NOT NULL,
  amenities TEXT, description TEXT, google_rating REAL, google_review_count INTEGER,
  anon_json TEXT NOT NULL
);
`;

/** Columns of `clubs` that hold Club fields, in spec order. */
export { CLUB_FIELDS as CLUB_COLUMNS } from "./fields.ts";
