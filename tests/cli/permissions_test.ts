// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { dirname } from "node:path";
import { accessProblem } from "../../cli/permissions.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../_assert.ts";
import { sharedFixture } from "../_fixture.ts";
import { MAIN, run } from "../_run.ts";

const fx = await sharedFixture();

/** The permissions of `deno task query` and `deno task serve`, as deno.json grants them. */
const TASK_READ = "--allow-read=data";
const TASK_WRITE = "--allow-write=data";

/** The `deno run …` line an error suggests, as arguments for this Deno. */
function suggested(stderr: string): string[] {
  const m = /Run it as: deno run (.*) main\.ts (.*)$/m.exec(stderr);
  assert(m, `no command line in: ${stderr}`);
  return [...m[1]!.split(" "), MAIN, ...m[2]!.split(" ")];
}

Deno.test("accessProblem() is null when everything is granted", () => {
  assertStrictEquals(accessProblem("query", { read: ["/srv/clubs.db"] }, []), null);
});

Deno.test("serve with a --db outside data/ refuses at start with the deno run line that works", async () => {
  const r = await run([
    "run",
    "--allow-net",
    TASK_READ,
    TASK_WRITE,
    "--allow-env=CLUBDIR_*",
    MAIN,
    "serve",
    "--db",
    fx.path,
    "--port",
    "0",
  ]);
  assertStrictEquals(r.code, 1);
  assertMatch(r.stderr, new RegExp(`may not read ${fx.path}`));
  assertMatch(r.stderr, new RegExp(`--allow-read=${dirname(fx.path)}`));
  assertEquals(r.stdout, "");
});

Deno.test("query with a --db outside data/ names the fix, and the fix works as printed", async () => {
  const args = ["--db", fx.path, "--q", "seminole", "--format", "json"];
  const refused = await run([
    "run",
    TASK_READ,
    TASK_WRITE,
    "--allow-env=CLUBDIR_*",
    MAIN,
    "query",
    ...args,
  ]);
  assertStrictEquals(refused.code, 1);
  const ok = await run(suggested(refused.stderr));
  assertStrictEquals(ok.code, 0, ok.stderr);
  assertMatch(ok.stdout, /"total":1\b/);
});

Deno.test("session create with a store outside data/ refuses before writing anything", async () => {
  const r = await run([
    "run",
    TASK_READ,
    TASK_WRITE,
    "--allow-env=CLUBDIR_*",
    MAIN,
    "session",
    "create",
    "--tier",
    "free",
    "--db",
    fx.path,
  ]);
  assertStrictEquals(r.code, 1);
  assertMatch(r.stderr, /main\.ts session may not read .*sessions\.db/);
  assertMatch(r.stderr, new RegExp(`--allow-write=${dirname(fx.path)}`));
});
