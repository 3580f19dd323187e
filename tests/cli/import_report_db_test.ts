// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertMatch } from "../_assert.ts";
import { FIXTURE_CSV } from "../_fixture.ts";
import { runMain } from "../_run.ts";

const WARNINGS = fileURLToPath(new URL("../fixtures/import/warnings.csv", import.meta.url));

Deno.test("import --dry-run --report json names the database it compared against", async () => {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-dry-" });
  try {
    const db = `${dir}/c.db`;
    const none = await runMain([
      "import",
      FIXTURE_CSV,
      "--db",
      db,
      "--dry-run",
      "--report",
      "json",
    ]);
    assertEquals(none.code, 0, none.stderr);
    const first = JSON.parse(none.stdout);
    assertEquals([first.db, first.dry_run, first.diff.compared], [db, true, false]);
    assertEquals((await runMain(["import", FIXTURE_CSV, "--db", db])).code, 0);
    const dry = await runMain(["import", FIXTURE_CSV, "--db", db, "--dry-run", "--report", "json"]);
    const r = JSON.parse(dry.stdout);
    assertEquals([r.db, r.dry_run, r.diff.compared, r.diff.unchanged], [db, true, true, 30]);
    const real = JSON.parse(
      (await runMain(["import", FIXTURE_CSV, "--db", db, "--report", "json"])).stdout,
    );
    assertEquals([real.db, real.dry_run], [db, false]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("import --max-errors 0 lists no error or warning, and still counts them", async () => {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-max0-" });
  try {
    const db = `${dir}/c.db`;
    const warned = await runMain(["import", WARNINGS, "--db", db, "--max-errors", "0"]);
    assertEquals(warned.code, 0, warned.stderr);
    assert(!warned.stderr.includes("warning: line"), warned.stderr);
    assert(!warned.stderr.includes("… and"), warned.stderr);
    assertMatch(warned.stderr, /^8 warnings: 1 country code stored as a name, /m);
    // Errors: none listed, every one counted, in the summary and the report.
    const bad = `${dir}/bad.csv`;
    await Deno.writeTextFile(bad, "name,holes\nA,x\nB,y\nC,z\n");
    const r = await runMain(["import", bad, "--db", db, "--max-errors", "0", "--report", "json"]);
    assertEquals(r.code, 1);
    assert(!/line \d+, column/.test(r.stderr), r.stderr);
    assert(!r.stderr.includes("… and"), r.stderr);
    assertMatch(r.stderr, /error: Cannot import: 3 errors in the file; .* was not changed/);
    const report = JSON.parse(r.stdout);
    assertEquals([report.errors.count, report.errors.listed], [3, []]);
    const negative = await runMain(["import", bad, "--db", db, "--max-errors", "-1"]);
    assertEquals(negative.code, 2);
    assertMatch(negative.stderr, /--max-errors must be a whole number from 0 to 10,000, got "-1"/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// sysfs refuses new files to every user, root included.
Deno.test({
  name:
    "import names the database, not its lock or temporary file, when the system refuses to write it",
  ignore: (() => {
    try {
      return !Deno.statSync("/sys/kernel").isDirectory;
    } catch {
      return true;
    }
  })(),
  fn: async () => {
    const r = await runMain([
      "import",
      FIXTURE_CSV,
      "--db",
      "/sys/kernel/c.db",
      "--report",
      "json",
    ]);
    assertEquals(r.code, 1);
    const message =
      "error: cannot write /sys/kernel/c.db: permission denied — choose another path, or check the permissions of its folder (/sys/kernel); /sys/kernel/c.db was not created";
    assertEquals(r.stderr.trim(), message);
    assertEquals(JSON.parse(r.stdout).error, message);
  },
});
