// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { assert, assertEquals, assertMatch } from "../_assert.ts";
import { sharedFixture } from "../_fixture.ts";
import { MAIN, runMain, spawn } from "../_run.ts";
import { importSnapshot, openSource } from "../../core/import/build/import.ts";
import { ClubStore } from "../../core/store/store.ts";

const fx = await sharedFixture();

const BOM = [0xef, 0xbb, 0xbf];

function names(dbPath: string): string[] {
  const store = ClubStore.open(dbPath);
  try {
    return store.db.prepare("SELECT name FROM clubs ORDER BY name").all().map((r) =>
      String(r.name)
    );
  } finally {
    store.close();
  }
}

Deno.test("export --bom starts CSV and TSV with a UTF-8 byte order mark, which import reads past", async () => {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-bom-" });
  try {
    for (const format of ["csv", "tsv"] as const) {
      const file = `${dir}/clubs.${format}`;
      const r = await runMain(["export", "--db", fx.path, "--out", file, "--bom"]);
      assertEquals(r.code, 0, r.stderr);
      const bytes = await Deno.readFile(file);
      assertEquals([...bytes.subarray(0, 3)], BOM);
      assertEquals(new TextDecoder().decode(bytes.subarray(3, 5)), "id");
      const db = `${dir}/${format}.db`;
      await importSnapshot(openSource(file), { dbPath: db });
      assertEquals(names(db), names(fx.path));
    }
    // To stdout too (as bytes: a decoder would drop the mark); without --bom, none.
    for (const [flags, start] of [[["--bom"], [...BOM, 0x69]], [[], [0x69, 0x64]]] as const) {
      const r = await spawn(["run", "-A", MAIN, "export", "--db", fx.path, ...flags], {
        stderr: "null",
      }).output();
      assertEquals([...r.stdout.subarray(0, start.length)], [...start]);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("export --bom with a JSON format is a usage error", async () => {
  const r = await runMain(["export", "--db", fx.path, "--format", "ndjson", "--bom"]);
  assertEquals(r.code, 2);
  assertMatch(r.stderr, /--bom is for CSV and TSV \(for spreadsheets\), not ndjson/);
});

/** Runs export to `out` and returns its stderr; the folder `dir` must hold no temporary file after. */
async function refused(out: string, dir: string): Promise<string> {
  const r = await runMain(["export", "--db", fx.path, "--out", out]);
  assertEquals(r.code, 1, r.stderr);
  // The user's path, never the temporary file's, and no raw system words.
  assert(!r.stderr.includes("exporting-"), r.stderr);
  assert(!r.stderr.includes("os error"), r.stderr);
  assertEquals([...Deno.readDirSync(dir)].filter((e) => e.name.includes("exporting")), []);
  return r.stderr.trim();
}

Deno.test("export names the user's path and what to do when the system refuses the file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-refused-" });
  try {
    assertEquals(
      await refused(`${dir}/missing/clubs.csv`, dir),
      `error: cannot write ${dir}/missing/clubs.csv: the folder ${dir}/missing does not exist — create it, or choose another path; nothing was written`,
    );
    assertEquals(
      await refused(dir, dir),
      `error: cannot write ${dir}: it is a folder — name a file in it, or choose another path; ${dir} was not changed`,
    );
    await Deno.writeTextFile(`${dir}/file`, "");
    assertEquals(
      await refused(`${dir}/file/clubs.csv`, dir),
      `error: cannot write ${dir}/file/clubs.csv: ${dir}/file is not a folder — choose another path; nothing was written`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// sysfs refuses new files to every user, root included: a permission error anywhere.
Deno.test({
  name: "export says permission denied on the user's path, with what to do",
  ignore: (() => {
    try {
      return !Deno.statSync("/sys/kernel").isDirectory;
    } catch {
      return true;
    }
  })(),
  fn: async () => {
    const r = await runMain(["export", "--db", fx.path, "--out", "/sys/kernel/clubs.csv"]);
    assertEquals(r.code, 1, r.stderr);
    assertEquals(
      r.stderr.trim(),
      "error: cannot write /sys/kernel/clubs.csv: permission denied — choose another path, or check the permissions of its folder (/sys/kernel); nothing was written",
    );
  },
});
