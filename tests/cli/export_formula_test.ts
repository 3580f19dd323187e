// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { parse } from "csv-parse/sync";
import { assert, assertEquals } from "../_assert.ts";
import { runMain } from "../_run.ts";
import { importSnapshot, openSource } from "../../core/import/build/import.ts";
import { strictTsv } from "./_tsv.ts";
import { storedClubs } from "../_fixture.ts";

/** Names a spreadsheet would run as formulas, one that really starts with '=, and a harmless '. */
const NAMES = [
  '=HYPERLINK("http://x","y")',
  "+41 Club",
  "-Dash Club",
  "@Home Club",
  "'=Quote Club",
  "''+Two Quotes Club",
  "'s-Hertogenbosch Golf",
];
const TRIGGER = /^[=+\-@\t\r]/;

/** A database of {@link NAMES}, from NDJSON (which has no guard to take off). */
async function formulaDb(dir: string): Promise<string> {
  const ndjson = NAMES.map((name) =>
    JSON.stringify({
      name,
      city: name === NAMES[1] ? "=cmd|' /C calc'!A0" : "Bern",
      country: "Switzerland",
      type: "golf",
    })
  ).join("\n");
  await Deno.writeTextFile(`${dir}/formulas.ndjson`, ndjson + "\n");
  const db = `${dir}/formulas.db`;
  await importSnapshot(openSource(`${dir}/formulas.ndjson`), { dbPath: db });
  return db;
}

/** The cells of an export: CSV by csv-parse, TSV by a strict reader. */
function cells(text: string, format: "csv" | "tsv"): string[][] {
  return format === "csv" ? parse(text) as string[][] : strictTsv(text);
}

Deno.test("export and query guard every text cell a spreadsheet would run, and import takes the guard off", async () => {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-formula-" });
  try {
    const db = await formulaDb(dir);
    const clubs = storedClubs(db);
    assertEquals(clubs.map((c) => c.name).sort(), [...NAMES].sort());
    for (const format of ["csv", "tsv"] as const) {
      const file = `${dir}/clubs.${format}`;
      const r = await runMain(["export", "--db", db, "--out", file]);
      assertEquals(r.code, 0, r.stderr);
      const [header, ...rows] = cells(await Deno.readTextFile(file), format);
      const name = header!.indexOf("name");
      const names = rows.map((row) => row[name]);
      assert(names.includes(`'=HYPERLINK("http://x","y")`), names.join("|"));
      assert(names.includes("''=Quote Club") && names.includes("'''+Two Quotes Club"));
      assert(names.includes("'s-Hertogenbosch Golf"));
      for (const row of rows) for (const c of row) assert(!TRIGGER.test(c), `${format}: ${c}`);
      // Read back exactly, a name that really starts with '= included.
      const again = `${dir}/again-${format}.db`;
      await importSnapshot(openSource(file), { dbPath: again });
      assertEquals(storedClubs(again), clubs);
      // query writes the same cells.
      const q = await runMain(["query", "--all", "--format", format, "--db", db]);
      assertEquals(q.code, 0, q.stderr);
      const queried = cells(q.stdout, format);
      assertEquals(queried.map((row) => row[name]), [header![name], ...names]);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--no-formula-guard writes every cell as it is, in export and query", async () => {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-formula-" });
  try {
    const db = await formulaDb(dir);
    const clubs = storedClubs(db);
    for (const format of ["csv", "tsv"] as const) {
      const r = await runMain(["export", "--db", db, "--format", format, "--no-formula-guard"]);
      assertEquals(r.code, 0, r.stderr);
      const [header, ...rows] = cells(r.stdout, format);
      const name = header!.indexOf("name");
      const city = header!.indexOf("city");
      assertEquals(rows.map((row) => row[name]), clubs.map((c) => c.name));
      assertEquals(rows.map((row) => row[city]), clubs.map((c) => c.city));
      const q = await runMain([
        "query",
        "--all",
        "--format",
        format,
        "--no-formula-guard",
        "--db",
        db,
      ]);
      assertEquals(
        cells(q.stdout, format).slice(1).map((row) => row[name]),
        rows.map((r) => r[name]),
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
