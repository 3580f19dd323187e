/**
 * The build steps after staging: unique slugs for the derived ones, then
 * the clubs in name order with their keys, indexes, name search, places and
 * the snapshot's metadata.
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { CLUB_FIELDS } from "../../schema/club.ts";
import { CREATE_INDEXES, SCHEMA_VERSION } from "../../store/ddl.ts";
import { packClubJson } from "../../store/club_json_pack.ts";
import { asciiJson } from "../../model/json.ts";
import { recordToColumns, rowToRecord } from "../../store/rows.ts";
import { buildPlaces } from "../../places/build.ts";
import { toApiClub } from "../../club/mod.ts";
import { buildKeyColumns } from "../../search/key_index.ts";
import { buildWordIndex } from "../../search/words.ts";
import { digestOf } from "./club_row.ts";

/**
 * Makes derived slugs unique: explicit slugs win, and later rows whose
 * derived slug is taken get `-2`, `-3`, …
 */
export function assignSlugs(db: DatabaseSync): void {
  // A slug may be shared by millions of rows: they are renamed a batch at a
  // time, the first (the one that keeps it) skipped, so nothing grows with them.
  const rows = db.prepare(
    `SELECT rowid AS r FROM clubs WHERE slug = ? ORDER BY derived_slug, line LIMIT ${SLUG_BATCH} OFFSET 1`,
  );
  const taken = db.prepare("SELECT 1 FROM clubs WHERE slug = ?");
  const setSlug = db.prepare("UPDATE clubs SET slug = ? WHERE rowid = ?");
  const setJson = db.prepare("UPDATE staged_json SET json = ? WHERE club = ?");
  const setDigest = db.prepare("UPDATE staged_digests SET digest = ? WHERE club = ?");
  const get = db.prepare(`SELECT ${CLUB_FIELDS.join(", ")} FROM clubs WHERE rowid = ?`);
  // Clashing slugs in order, a batch at a time (there may be half as many as
  // rows); a new name is never taken, so it never clashes itself.
  let last = "";
  const next = db.prepare(
    `SELECT slug FROM clubs WHERE slug > ? GROUP BY slug HAVING count(*) > 1 ORDER BY slug LIMIT ${SLUG_BATCH}`,
  );
  db.exec("BEGIN");
  while (true) {
    const batch = (next.all(last) as { slug: string }[]).map((c) => c.slug);
    if (!batch.length) break;
    last = batch.at(-1)!;
    for (const slug of batch) {
      let n = 2;
      while (true) {
        const renamed = rows.all(slug) as { r: number }[];
        if (!renamed.length) break;
        for (const row of renamed) {
          while (taken.get(`${slug}-${n}`)) n++;
          const record = {
            ...rowToRecord(get.get(row.r) as Record<string, string | number | null>),
            slug: `${slug}-${n}`,
          };
          setSlug.run(record.slug, row.r);
          setJson.run(asciiJson(toApiClub(record, "locked")), row.r);
          setDigest.run(digestOf(recordToColumns(record)), row.r);
          n++;
        }
      }
    }
  }
  db.exec("COMMIT");
}

/** Rows (and clashing slugs) held at a time by {@link assignSlugs}. */
const SLUG_BATCH = 1000;

/** Copies staged rows in name order, then builds keys, indexes and FTS. */
export function finish(db: DatabaseSync, source: string): void {
  // Only the narrow keys are sorted; the club rows stay where they streamed
  // in. Ranks are the rowids given in that order (1, 2, …). The staged JSON
  // is fetched club by club in rank order: sorting it instead measured 20–30
  // ms faster for 40,000 clubs and no faster at 1,000,000, but the sort's
  // runs need as much temporary disk again as the staged JSON itself.
  db.exec(`
    BEGIN;
    INSERT INTO club_keys(club, type, country, state, waitlist, city, name)
      SELECT rowid,
        type_key, country_key, state_key, waitlist_key, city_key, name_fold
      FROM clubs ORDER BY name_fold, name, id;
    INSERT INTO club_json(rank, json)
      SELECT k.rank, s.json FROM club_keys k JOIN staged_json s ON s.club = k.club ORDER BY k.rank;
    DROP TABLE staged_json;`);
  packClubJson(db);
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
