// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { assert, assertEquals } from "../_assert.ts";
import { FIXTURE_CSV } from "../_fixture.ts";
import { runMain } from "../_run.ts";
import { importSnapshot, openSource } from "../../core/import/build/import.ts";
import { exportClubs } from "../../core/import/export.ts";
import { formatOfPath } from "../../core/import/read/shape.ts";
import { ClubStore } from "../../core/store/store.ts";
import { type Row, rowToRecord } from "../../core/store/rows.ts";
import { CLUB_FIELDS } from "../../core/model/fields.ts";
import { toApiClub } from "../../core/club/mod.ts";
import { search } from "../../core/search/search.ts";

/** Everything the API can answer from a database: every club at every access level, and searches. */
function answers(dbPath: string) {
  const store = ClubStore.open(dbPath);
  try {
    const records = (store.db.prepare(
      `SELECT ${
        CLUB_FIELDS.map((f) => `c.${f}`).join(", ")
      } FROM club_keys k JOIN clubs c ON c.rowid = k.club ORDER BY k.rank`,
    ).all() as Row[]).map(rowToRecord);
    const searches = [
      { limit: "200" },
      { type: "golf", limit: "200" },
      { state: "FL", limit: "200" },
      { country: "GB", limit: "200" },
      { q: "club", limit: "200" },
      { waitlist: "by_invitation", limit: "200" },
    ].map((filters) => {
      const r = search(store, filters);
      assert(r.ok);
      return [r.value.total, r.value.clubs.map((c) => c.id)];
    });
    const json = store.db.prepare("SELECT rank, json FROM club_json ORDER BY rank").all()
      .map((r) => ({ ...r }));
    return {
      clubs: (["locked", "band", "exact"] as const).map((a) => records.map((r) => toApiClub(r, a))),
      searches,
      json,
    };
  } finally {
    store.close();
  }
}

async function exportTo(dbPath: string, path: string): Promise<number> {
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  try {
    return await exportClubs(dbPath, formatOfPath(path)!, async (b) => {
      for (let n = 0; n < b.length;) n += await file.write(b.subarray(n));
    });
  } finally {
    file.close();
  }
}

for (const format of ["csv", "tsv", "ndjson", "json"] as const) {
  Deno.test(`export as ${format} then import reproduces the same answers at every access level`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "clubdir-export-" });
    try {
      const first = `${dir}/first.db`;
      await importSnapshot(openSource(FIXTURE_CSV), { dbPath: first });
      const file = `${dir}/clubs.${format}`;
      assertEquals(await exportTo(first, file), 30);
      const second = `${dir}/second.db`;
      const s = await importSnapshot(openSource(file), {
        dbPath: second,
        format: formatOfPath(file),
      });
      // The first import stored codes as names: nothing left to warn about.
      assertEquals([s.rows, s.warnings.count], [30, 0]);
      assertEquals(answers(second), answers(first));
      // Importing it over the first changes nothing.
      const again = await importSnapshot(openSource(file), {
        dbPath: first,
        format: formatOfPath(file),
      });
      assertEquals(again.diff, {
        previous: true,
        counts: { added: 0, removed: 0, changed: 0, unchanged: 30 },
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}

Deno.test("export writes every field, fees included, and an import of the bundled shape", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await importSnapshot(openSource(FIXTURE_CSV), { dbPath: `${dir}/c.db` });
    await exportTo(`${dir}/c.db`, `${dir}/c.ndjson`);
    const lines = (await Deno.readTextFile(`${dir}/c.ndjson`)).trim().split("\n");
    const pine = JSON.parse(lines.find((l) => l.includes("Pine Valley"))!);
    assertEquals(Object.keys(pine), [...CLUB_FIELDS]);
    assertEquals([pine.initiation_fee, pine.annual_dues, pine.fee_tier], [
      250000,
      30000,
      "verified",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("main.ts export --out writes a gzipped file that main.ts import reads back", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await runMain(["import", FIXTURE_CSV, "--db", `${dir}/a.db`]);
    const r = await runMain(["export", "--db", `${dir}/a.db`, "--out", `${dir}/x.ndjson.gz`]);
    assertEquals(r.code, 0, r.stderr);
    assert(r.stderr.includes(`Exported 30 clubs from ${dir}/a.db as ndjson to ${dir}/x.ndjson.gz`));
    assertEquals([...Deno.readDirSync(dir)].filter((e) => e.name.includes("exporting")), []);
    const back = await runMain(["import", `${dir}/x.ndjson.gz`, "--db", `${dir}/a.db`]);
    assertEquals(back.code, 0, back.stderr);
    assert(back.stderr.includes("Changes: none (30 clubs as before, matched by id)"), back.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("main.ts export writes CSV to stdout by default, JSON with --format json", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await runMain(["import", FIXTURE_CSV, "--db", `${dir}/a.db`]);
    const csv = await runMain(["export", "--db", `${dir}/a.db`]);
    assertEquals(csv.code, 0, csv.stderr);
    assertEquals(csv.stdout.split("\n")[0], CLUB_FIELDS.join(","));
    const { parse } = await import("csv-parse/sync");
    assertEquals(parse(csv.stdout).length, 31);
    const json = await runMain(["export", "--db", `${dir}/a.db`, "--format", "json"]);
    assertEquals(JSON.parse(json.stdout).length, 30);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("main.ts export explains a missing database and a wrong format", async () => {
  const missing = await runMain(["export", "--db", "/nonexistent/c.db"]);
  assertEquals(missing.code, 1);
  assert(missing.stderr.includes("main.ts import <file> --db /nonexistent/c.db"), missing.stderr);
  const wrong = await runMain(["export", "--format", "xml"]);
  assertEquals(wrong.code, 2);
  assert(wrong.stderr.includes("--format must be one of csv, tsv, ndjson, json"), wrong.stderr);
});
