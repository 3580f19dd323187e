// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { fileURLToPath } from "node:url";
import { stringify } from "csv-stringify/sync";
import { assert, assertEquals } from "../_assert.ts";
import { importSnapshot, openSource } from "../../core/import/build/import.ts";
import { exportClubs } from "../../core/import/export.ts";
import { postgres, postgresMissing, type TestPostgres } from "./_postgres.ts";
import { CLUB_FIELDS, type ClubRecord } from "../../core/schema/club.ts";
import { strictTsv } from "./_tsv.ts";
import { storedClubs } from "../_fixture.ts";

const BUNDLED = fileURLToPath(new URL("../../data/clubs.csv.gz", import.meta.url));

const missing = postgresMissing();
if (missing) console.warn(`skipping the PostgreSQL checks of TSV: ${missing}`);

/** The text a delimited cell means (the Club fields' text form, docs/data.md). */
function cellText(v: ClubRecord[keyof ClubRecord]): string {
  return v === null ? "" : Array.isArray(v) ? JSON.stringify(v) : String(v);
}

async function exportTsv(dbPath: string, path: string): Promise<string> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  await exportClubs(dbPath, "tsv", (b) => Promise.resolve(void chunks.push(b.slice())));
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  await Deno.writeFile(path, bytes);
  await Deno.chmod(path, 0o644);
  return new TextDecoder().decode(bytes);
}

/**
 * PostgreSQL's reading of a TSV file (COPY … FROM, text format), as one
 * array of cells per record: its NULL (`\N`) as null.
 */
async function postgresReads(
  pg: TestPostgres,
  dir: string,
  tsv: string,
): Promise<(string | null)[][]> {
  const cols = CLUB_FIELDS.map((f) => `${f} text`).join(", ");
  // JSON lines out: CSV format with a quote and a delimiter JSON never holds writes them bare.
  await pg.sql([
    `DROP TABLE IF EXISTS c`,
    `CREATE TABLE c (n bigserial, ${cols})`,
    `COPY c (${CLUB_FIELDS.join(", ")}) FROM '${tsv}' WITH (FORMAT text, HEADER true)`,
    `COPY (SELECT json_build_array(${
      CLUB_FIELDS.join(", ")
    }) FROM c ORDER BY n) TO '${dir}/read.jsonl' WITH (FORMAT csv, QUOTE E'\\x01', DELIMITER E'\\x02')`,
  ]);
  const text = await Deno.readTextFile(`${dir}/read.jsonl`);
  return text.trimEnd().split("\n").map((l) => JSON.parse(l));
}

Deno.test("export --format tsv of the bundled directory is strict TSV: every line a record, every cell exact, PostgreSQL reads the same, and import reads it back exactly", async () => {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-tsv-" });
  try {
    const db = `${dir}/bundled.db`;
    await importSnapshot(openSource(BUNDLED), { dbPath: db });
    const clubs = storedClubs(db);
    assertEquals(clubs.length, 40_000);
    const tsv = `${dir}/clubs.tsv`;
    const text = await exportTsv(db, tsv);
    const expected = clubs.map((r) => CLUB_FIELDS.map((f) => cellText(r[f])));
    // The bundled descriptions hold line breaks and the amenities quotes: both plain here.
    assert(expected.some((cells) => cells.some((c) => c.includes("\n"))));
    assert(expected.some((cells) => cells.some((c) => c.includes('"'))));
    const [header, ...rows] = strictTsv(text);
    assertEquals(header, [...CLUB_FIELDS]);
    assertEquals(rows.length, 40_000);
    assertEquals(rows, expected);
    if (!missing) {
      assertEquals(await postgresReads(await postgres(dir), dir, tsv), expected);
    }
    const again = `${dir}/again.db`;
    await importSnapshot(openSource(tsv), { dbPath: again, format: "tsv" });
    assertEquals(storedClubs(again), clubs);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Cells a CSV-with-quoting file can hold and TSV must escape, or must not mistake for escapes. */
const AWKWARD: Record<string, string>[] = [
  {
    name: "Tab\tClub \\ Backslash",
    description: "first line\r\nsecond line\\nnot a break\tand a tab\\",
    course_architect: "C:\\new\\files",
  },
  { name: '"Quoted" Club', description: "ends with a backslash \\", course_architect: "\\N" },
  { name: "Plain Club", description: "\\\\two backslashes\\t", course_architect: "" },
];

async function awkwardDb(dir: string): Promise<string> {
  const header = ["name", "city", "country", "type", "description", "course_architect"];
  const place: Record<string, string> = { city: "Bern", country: "Switzerland", type: "golf" };
  const csv = stringify(AWKWARD.map((v) => header.map((h) => v[h] ?? place[h]!)), {
    header: true,
    columns: header,
  });
  const path = `${dir}/awkward.csv`;
  await Deno.writeTextFile(path, csv);
  const db = `${dir}/awkward.db`;
  await importSnapshot(openSource(path), { dbPath: db });
  return db;
}

Deno.test("TSV escapes tabs, line breaks and backslashes as PostgreSQL does: it reads our export, and we read its COPY output", async () => {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-tsv-" });
  try {
    const db = await awkwardDb(dir);
    const clubs = storedClubs(db);
    assertEquals(clubs.map((c) => c.name).sort(), AWKWARD.map((v) => v.name!).sort());
    const tsv = `${dir}/awkward.tsv`;
    const text = await exportTsv(db, tsv);
    const expected = clubs.map((r) => CLUB_FIELDS.map((f) => cellText(r[f])));
    // No quoting: the quote is a plain character, the tab and breaks are escapes.
    assert(text.includes('\t"Quoted" Club\t'), text);
    assert(text.includes("\tTab\\tClub \\\\ Backslash\t"), text);
    assert(text.includes("first line\\r\\nsecond line\\\\nnot a break\\tand a tab\\\\\t"), text);
    assertEquals(strictTsv(text).slice(1), expected);
    // Import reads it back exactly.
    const again = `${dir}/again.db`;
    await importSnapshot(openSource(tsv), { dbPath: again, format: "tsv" });
    assertEquals(storedClubs(again), clubs);
    if (missing) return;
    const pg = await postgres(dir);
    assertEquals(await postgresReads(pg, dir, tsv), expected);
    // PostgreSQL's own TSV (an empty cell written as its NULL, \N) imports as the same clubs.
    const out = `${dir}/from-postgres.tsv`;
    await pg.sql([
      `UPDATE c SET ${CLUB_FIELDS.map((f) => `${f} = NULLIF(${f}, '')`).join(", ")}`,
      `COPY (SELECT ${
        CLUB_FIELDS.join(", ")
      } FROM c ORDER BY n) TO '${out}' WITH (FORMAT text, HEADER true)`,
    ]);
    const written = await Deno.readTextFile(out);
    assert(written.includes("\\N"), "PostgreSQL writes its NULL");
    const third = `${dir}/third.db`;
    await importSnapshot(openSource(out), { dbPath: third, format: "tsv" });
    assertEquals(storedClubs(third), clubs);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
