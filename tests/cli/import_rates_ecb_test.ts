// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * `main.ts import --rates` with the ECB's files as published
 * (tests/fixtures/rates/): each is read, stored, and named in the summary
 * and in `--report json`; the history is refused, nothing written.
 */
import { fileURLToPath } from "node:url";
import { DatabaseSync } from "node:sqlite";
import { FIXTURE_CSV } from "../_fixture.ts";
import { runMain } from "../_run.ts";
import { assert, assertEquals } from "../_assert.ts";
import { loadRates } from "../../core/rates/mod.ts";

const FIXTURES = fileURLToPath(new URL("../fixtures/rates/", import.meta.url));

Deno.test("import --rates reads the ECB's eurofxref.csv, eurofxref-daily.xml and eurofxref.zip, and says which it read", async () => {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-ecb-" });
  try {
    for (
      const [file, format, said] of [
        ["eurofxref.csv", "ecb-csv", "read as the ECB's eurofxref.csv"],
        ["eurofxref-daily.xml", "ecb-xml", "read as the ECB's eurofxref-daily.xml"],
        ["eurofxref.zip", "ecb-zip-csv", "read as the ECB's eurofxref.zip (eurofxref.csv)"],
      ] as const
    ) {
      const db = `${dir}/${file}.db`;
      const r = await runMain([
        "import",
        FIXTURE_CSV,
        "--db",
        db,
        "--rates",
        `${FIXTURES}${file}`,
        "--report",
        "json",
      ]);
      assertEquals(r.code, 0, r.stderr);
      assert(
        r.stderr.includes(`Rates: 31 currencies of 2025-01-15 (`) && r.stderr.includes(said),
        r.stderr,
      );
      const report = JSON.parse(r.stdout);
      assertEquals([report.rates.format, report.rates.currencies, report.rates.date], [
        format,
        31,
        "2025-01-15",
      ]);
      const stored = new DatabaseSync(db, { readOnly: true });
      try {
        const rates = loadRates(stored);
        assertEquals([rates?.rates.get("EUR"), rates?.rates.get("USD")], [1, 1.0298]);
      } finally {
        stored.close();
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("import --rates refuses the ECB's history, naming the line and the daily files, and writes nothing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-ecb-" });
  try {
    const db = `${dir}/c.db`;
    const r = await runMain([
      "import",
      FIXTURE_CSV,
      "--db",
      db,
      "--rates",
      `${FIXTURES}eurofxref-hist.csv`,
    ]);
    assertEquals(r.code, 1, r.stderr);
    assert(/line 3, column Date: the file holds 3 days: .*eurofxref\.zip/.test(r.stderr), r.stderr);
    assert(r.stderr.includes(`${db} was not created`), r.stderr);
    assertEquals([...Deno.readDirSync(dir)].map((e) => e.name), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
