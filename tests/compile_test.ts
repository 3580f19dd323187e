// Test tier: e2e (a real browser, Redis, nginx or a compiled binary; see tests/tiers.ts).
/**
 * `deno task compile` builds one binary. Compiling downloads Deno's runtime
 * (`denort`) unless `DENORT_BIN` points at one, so this runs only where
 * `DENORT_BIN` is set.
 */
import { FIXTURE_CSV } from "./_fixture.ts";
import { assert, assertEquals } from "./_assert.ts";
import { run } from "./_run.ts";

Deno.test({
  name: "deno task compile builds a binary that imports and queries on its own",
  ignore: !Deno.env.get("DENORT_BIN"),
  async fn() {
    const dir = await Deno.makeTempDir();
    const root = new URL("..", import.meta.url).pathname;
    const runIn = (command: string, args: string[]) => run(args, { command, cwd: root });
    // The task's own command line, writing the binary into the temp dir.
    const config = JSON.parse(await Deno.readTextFile(`${root}deno.json`));
    const args = (config.tasks.compile as string).split(" ").slice(1)
      .map((a) => a === "clubdir" ? `${dir}/clubdir` : a);
    const compiled = await runIn(Deno.execPath(), args);
    assertEquals(compiled.code, 0);
    assertEquals(
      (await runIn(`${dir}/clubdir`, ["import", FIXTURE_CSV, "--db", `${dir}/c.db`])).code,
      0,
    );
    const q = await runIn(`${dir}/clubdir`, [
      "query",
      "--q",
      "riverside",
      "--format",
      "json",
      "--db",
      `${dir}/c.db`,
    ]);
    assertEquals(q.code, 0);
    assert(JSON.parse(q.stdout).total === 3);
    await Deno.remove(dir, { recursive: true });
  },
});
