// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { FIXTURE_CSV } from "../_fixture.ts";
import { MAIN, runMain, spawn } from "../_run.ts";
import { assert, assertEquals, assertRejects } from "../_assert.ts";
import { createTemp, TempTaken } from "../../cli/export.ts";

const LAST_PID = "/proc/sys/kernel/ns_last_pid";
const PID_MAX = "/proc/sys/kernel/pid_max";

const readable = (path: string) => {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
};

/** The pids the next `count` processes are likely to get (Linux hands them out in turn). */
function nextPids(count: number): number[] {
  const last = Number(Deno.readTextFileSync(LAST_PID));
  const max = Number(Deno.readTextFileSync(PID_MAX));
  // Past the maximum, Linux starts again above the low pids of system daemons.
  return Array.from({ length: count }, (_, i) => (last + 1 + i) % max || 300);
}

Deno.test({
  name:
    "export --out never writes through a symlink planted at its old, predictable temporary name",
  ignore: !readable(LAST_PID) || !readable(PID_MAX),
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "clubdir-export-temp-" });
    try {
      await runMain(["import", FIXTURE_CSV, "--db", `${dir}/c.db`]);
      const victim = `${dir}/victim.txt`;
      await Deno.writeTextFile(victim, "precious\n");
      const out = `${dir}/out.csv`;
      // <out>.exporting-<pid> for every pid the export may get: whatever it gets is planted.
      const planted = new Set(nextPids(3000));
      for (const pid of planted) Deno.symlinkSync(victim, `${out}.exporting-${pid}`);
      const child = spawn(["run", "-A", MAIN, "export", "--db", `${dir}/c.db`, "--out", out]);
      const r = await child.output();
      assert(planted.has(child.pid), `the export ran as pid ${child.pid}, which was not planted`);
      assertEquals(r.code, 0, new TextDecoder().decode(r.stderr));
      assertEquals(await Deno.readTextFile(victim), "precious\n");
      assert(Deno.lstatSync(out).isFile, `${out} must be a file of its own, not a link`);
      const stdout = await runMain(["export", "--db", `${dir}/c.db`]);
      assertEquals(await Deno.readTextFile(out), stdout.stdout);
      const left = [...Deno.readDirSync(dir)].filter((e) => e.name.includes(".exporting-"));
      assertEquals(left.length, planted.size, "the export left a temporary file");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("export's temporary file is created exclusively: a taken name fails clearly and is not written through", async () => {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-export-temp-" });
  try {
    const victim = `${dir}/victim.txt`;
    await Deno.writeTextFile(victim, "precious\n");
    const out = `${dir}/out.csv`;
    Deno.symlinkSync(victim, `${out}.exporting-${Deno.pid}-taken`);
    await assertRejects(
      createTemp(out, "taken"),
      (e: unknown) =>
        e instanceof TempTaken &&
        e.message ===
          `cannot export to ${out}: its temporary file ${out}.exporting-${Deno.pid}-taken already exists (a file or link not made by this export); nothing was written`,
    );
    assertEquals(await Deno.readTextFile(victim), "precious\n");
    // Two exports at once never share a name.
    const [a, b] = [await createTemp(out), await createTemp(out)];
    a.file.close();
    b.file.close();
    assert(a.path !== b.path && /\.exporting-\d+-[0-9a-f]{16}$/.test(a.path), a.path);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
