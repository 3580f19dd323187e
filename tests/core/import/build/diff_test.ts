// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { assertEquals } from "../../../_assert.ts";
import { DatabaseSync } from "node:sqlite";
import { importSnapshot, streamSource } from "../../../../core/import/build/import.ts";
import {
  CREATE_DIGESTS,
  type DiffEntry,
  digestStager,
} from "../../../../core/import/build/diff.ts";
import { digestOf } from "../../../../core/import/build/club_row.ts";
import { recordToColumns, rowToRecord } from "../../../../core/store/rows.ts";
import { CLUB_FIELDS } from "../../../../core/model/fields.ts";

const BEFORE = "id,name,city,holes\n" +
  "00000000-0000-4000-8000-000000000001,Alpha Club,Oslo,9\n" +
  "00000000-0000-4000-8000-000000000002,Beta Club,Bergen,\n" +
  "00000000-0000-4000-8000-000000000003,Gamma Club,Tromsø,18\n";
const AFTER = "id,name,city,holes\n" +
  "00000000-0000-4000-8000-000000000001,Alpha Club,Oslo,18\n" + // changed
  "00000000-0000-4000-8000-000000000003,Gamma Club,Tromsø,18\n" + // unchanged
  "00000000-0000-4000-8000-000000000004,Delta Club,Bodø,\n"; // added; Beta removed

async function run(dbPath: string, csv: string, dryRun = false) {
  const entries: DiffEntry[] = [];
  const s = await importSnapshot(streamSource(new Blob([csv]).stream()), {
    dbPath,
    dryRun,
    onDiff: (e) => entries.push(e),
  });
  return { diff: s.diff, entries };
}

const EXPECTED = {
  diff: { previous: true, counts: { added: 1, removed: 1, changed: 1, unchanged: 1 } },
  entries: [
    {
      change: "changed",
      id: "00000000-0000-4000-8000-000000000001",
      name: "Alpha Club",
      fields: ["holes"],
    },
    { change: "removed", id: "00000000-0000-4000-8000-000000000002", name: "Beta Club" },
    { change: "added", id: "00000000-0000-4000-8000-000000000004", name: "Delta Club" },
  ],
};

Deno.test("importSnapshot() reports what changed by id, with the changed fields, before applying it", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  assertEquals((await run(db, BEFORE)).diff, {
    previous: false,
    reason: `there is no database at ${db} yet`,
  });
  const before = await Deno.readFile(db);
  assertEquals(await run(db, AFTER, true), EXPECTED);
  assertEquals(await Deno.readFile(db), before);
  assertEquals(await run(db, AFTER), EXPECTED);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() compares field by field with a database that has no digests", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  await run(db, BEFORE);
  const old = new DatabaseSync(db);
  old.exec("DROP TABLE club_digests");
  old.close();
  assertEquals(await run(db, AFTER), EXPECTED);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("each stored digest is digestOf() the club as stored, also where the import rewrote its place or its slug", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  const csv = "name,city,country,state,verified,amenities\n" +
    "Alpha Club,Oslo,Norway,,yes,pool;bar\n" +
    "Kobe Club,Kobe,JP,,,\n" + // country code: stored as Japan
    "Lake Club,Toronto,Canada,ON,no,\n" + // region code: stored as Ontario
    "Twin Club,Bergen,NO,,,\n" +
    "Twin Club,Bergen,Norway,,,\n"; // the same derived slug: the second gets -2
  await run(db, csv);
  const read = new DatabaseSync(db, { readOnly: true });
  const stored = read.prepare(
    `SELECT d.digest, ${CLUB_FIELDS.map((f) => `c.${f}`).join(", ")}
     FROM clubs c JOIN club_digests d USING (id) ORDER BY c.name, c.slug`,
  ).all() as Record<string, string | number | null>[];
  read.close();
  assertEquals(stored.map((r) => [r.country, r.state, r.slug]), [
    ["Norway", null, "alpha-club-oslo"],
    ["Japan", null, "kobe-club-kobe"],
    ["Canada", "Ontario", "lake-club-toronto"],
    ["Norway", null, "twin-club-bergen"],
    ["Norway", null, "twin-club-bergen-2"],
  ]);
  for (const row of stored) {
    assertEquals(row.digest, digestOf(recordToColumns(rowToRecord(row))), String(row.name));
  }
  await Deno.remove(dir, { recursive: true });
});

Deno.test("digestOf() gives the digests earlier snapshots stored, so their diffs stay exact", () => {
  assertEquals(digestOf(["a", null, 2, "Zürich"]), 4807013506310368);
  assertEquals(digestOf([]), 3338908027751811);
  assertEquals(digestOf(["", "\u0000"]), 2146443657277534);
  assertEquals(digestOf([1.5, -3, "x".repeat(1000)]), 5689358205131045);
});

Deno.test("digestOf() tells null from empty and keeps value boundaries", () => {
  assertEquals(digestOf(["a", null]) === digestOf(["a", ""]), false);
  assertEquals(digestOf(["ab", "c"]) === digestOf(["a", "bc"]), false);
  assertEquals(digestOf([1, "x"]) === digestOf(["1", "x"]), false);
  assertEquals(digestOf(["same", 2]), digestOf(["same", 2]));
});

Deno.test("digests staged a batch at a time keep every bit, up to 2^53 - 1", () => {
  const db = new DatabaseSync(":memory:");
  db.exec(CREATE_DIGESTS);
  const digests = [0, 1, 2 ** 32 + 1, 2 ** 53 - 1, 4503599627370497];
  digestStager(db)(7, digests);
  digestStager(db)(20, []);
  const rows = db.prepare("SELECT club, digest FROM staged_digests ORDER BY club").all()
    .map((r) => [Number(r.club), r.digest]);
  assertEquals(rows, digests.map((d, i) => [7 + i, d]));
  db.close();
});
