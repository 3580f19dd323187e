import { FIXTURE_CSV } from "../_fixture.ts";
import { MAIN, runMain, spawn } from "../_run.ts";
import { assert, assertEquals } from "../_assert.ts";

Deno.test("import prints a summary and builds the database", async () => {
  const dir = await Deno.makeTempDir();
  const r = await runMain(["import", FIXTURE_CSV, "--db", `${dir}/c.db`]);
  assertEquals(r.code, 0, r.stderr);
  assert(
    /Imported into .*: 30 clubs, 7 countries, 18 types in \d+\.\d\d s/.test(r.stderr),
    r.stderr,
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("import reads - from stdin", async () => {
  const dir = await Deno.makeTempDir();
  const r = await runMain(["import", "-", "--db", `${dir}/c.db`], {
    stdin: "name,city\nA Club,Bern\n",
  });
  assertEquals(r.code, 0, r.stderr);
  assert(r.stderr.includes("1 clubs"));
  await Deno.remove(dir, { recursive: true });
});

Deno.test("import lists errors with line and column, exits 1 and keeps the old database", async () => {
  const dir = await Deno.makeTempDir();
  await runMain(["import", FIXTURE_CSV, "--db", `${dir}/c.db`]);
  const before = await Deno.readFile(`${dir}/c.db`);
  await Deno.writeTextFile(`${dir}/bad.csv`, "name,holes,verified\nA,x,yes\nB,9,perhaps\n");
  const r = await runMain(["import", `${dir}/bad.csv`, "--db", `${dir}/c.db`]);
  assertEquals(r.code, 1);
  assert(
    r.stderr.includes(
      'line 2, column holes: holes must be a whole number from 1 to 200 (value: "x")',
    ),
    r.stderr,
  );
  assert(r.stderr.includes("line 3, column verified"), r.stderr);
  assert(r.stderr.includes("was not changed"));
  assertEquals(await Deno.readFile(`${dir}/c.db`), before);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("import --dry-run writes nothing", async () => {
  const dir = await Deno.makeTempDir();
  const r = await runMain(["import", FIXTURE_CSV, "--db", `${dir}/c.db`, "--dry-run"]);
  assertEquals(r.code, 0);
  assert(r.stderr.includes("dry run"));
  assertEquals([...Deno.readDirSync(dir)], []);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("import without a file or with a missing file fails clearly", async () => {
  const a = await runMain(["import"]);
  assertEquals(a.code, 2);
  assert(a.stderr.includes("missing the file to import"));
  const b = await runMain(["import", "/nonexistent/x.csv", "--db", "/tmp/never.db"]);
  assertEquals(b.code, 1);
  assert(b.stderr.includes('cannot read "/nonexistent/x.csv"'));
});

/** `main.ts import - ...args` reading a stdin that the test keeps open: it holds its lock and temp file. */
function spawnImport(args: string[]) {
  const child = spawn(["run", "-A", MAIN, "import", "-", ...args], { stdin: "piped" });
  const stdin = child.stdin.getWriter();
  void stdin.write(new TextEncoder().encode("name,city\nA Club,Bern\n"));
  return { child, stdin };
}

/** Waits (bounded) until the import has created its temporary database. */
async function tempFiles(dir: string, count = 1): Promise<string[]> {
  for (let i = 0; i < 200; i++) {
    const names = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) =>
      n.includes(".importing-")
    );
    if (names.length >= count) return names;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the import never created its temporary file");
}

async function finish(child: Deno.ChildProcess) {
  const out = await child.output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

Deno.test("import stopped by SIGTERM or SIGHUP removes its temporary file and keeps the database", async () => {
  const dir = await Deno.makeTempDir();
  await runMain(["import", FIXTURE_CSV, "--db", `${dir}/c.db`]);
  const before = await Deno.readFile(`${dir}/c.db`);
  for (const [signal, code] of [["SIGTERM", 143], ["SIGHUP", 129]] as const) {
    const { child, stdin } = spawnImport(["--db", `${dir}/c.db`]);
    await tempFiles(dir);
    child.kill(signal);
    const r = await finish(child);
    await stdin.close().catch(() => {});
    assertEquals(r.code, code, r.stderr);
    assert(r.stderr.includes(`import stopped by ${signal}; ${dir}/c.db was not changed`), r.stderr);
    assertEquals(await tempFiles(dir, 0), []);
  }
  assertEquals(await Deno.readFile(`${dir}/c.db`), before);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("the leftovers of an import killed by SIGKILL are removed by the next import", async () => {
  const dir = await Deno.makeTempDir();
  const { child, stdin } = spawnImport(["--db", `${dir}/c.db`]);
  const [left] = await tempFiles(dir);
  child.kill("SIGKILL");
  await finish(child);
  await stdin.close().catch(() => {});
  assert(Deno.statSync(`${dir}/${left}`).isFile, "SIGKILL leaves the temporary file");
  const r = await runMain(["import", FIXTURE_CSV, "--db", `${dir}/c.db`]);
  assertEquals(r.code, 0, r.stderr);
  assert(/removed 1 temporary file\(s\) of interrupted imports/.test(r.stderr), r.stderr);
  assertEquals(await tempFiles(dir, 0), []);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("two imports into one database: the second refuses naming the first, or waits with --wait", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  const first = spawnImport(["--db", db]);
  await tempFiles(dir);
  const refused = await runMain(["import", FIXTURE_CSV, "--db", db]);
  assertEquals(refused.code, 1);
  assert(
    refused.stderr.includes(
      `error: another import into ${db} is in progress (pid ${first.child.pid}); wait for it to finish, or pass --wait`,
    ),
    refused.stderr,
  );
  const waiting = spawn(["run", "-A", MAIN, "import", FIXTURE_CSV, "--db", db, "--wait"]);
  // Both imports land, one after the other: the waiting one last.
  await new Promise((r) => setTimeout(r, 1500));
  await first.stdin.close();
  const a = await finish(first.child);
  const b = await finish(waiting);
  assertEquals([a.code, b.code], [0, 0], a.stderr + b.stderr);
  assert(
    b.stderr.includes(`waiting for another import into ${db} (pid ${first.child.pid}) to finish…`),
  );
  assert(b.stderr.includes("30 clubs"), b.stderr);
  await Deno.remove(dir, { recursive: true });
});
