import { assertEquals, ok } from "../_assert.ts";
import { FIXTURE_CSV } from "../_fixture.ts";
import { runMain } from "./_run.ts";

Deno.test("import prints a summary and builds the database", async () => {
  const dir = await Deno.makeTempDir();
  const r = await runMain(["import", FIXTURE_CSV, "--db", `${dir}/c.db`]);
  assertEquals(r.code, 0, r.stderr);
  ok(/Imported into .*: 30 clubs, 7 countries, 18 types in \d+\.\d\d s/.test(r.stderr), r.stderr);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("import reads - from stdin", async () => {
  const dir = await Deno.makeTempDir();
  const r = await runMain(["import", "-", "--db", `${dir}/c.db`], {
    stdin: "name,city\nA Club,Bern\n",
  });
  assertEquals(r.code, 0, r.stderr);
  ok(r.stderr.includes("1 clubs"));
  await Deno.remove(dir, { recursive: true });
});

Deno.test("import lists errors with line and column, exits 1 and keeps the old database", async () => {
  const dir = await Deno.makeTempDir();
  await runMain(["import", FIXTURE_CSV, "--db", `${dir}/c.db`]);
  const before = await Deno.readFile(`${dir}/c.db`);
  await Deno.writeTextFile(`${dir}/bad.csv`, "name,holes,verified\nA,x,yes\nB,9,perhaps\n");
  const r = await runMain(["import", `${dir}/bad.csv`, "--db", `${dir}/c.db`]);
  assertEquals(r.code, 1);
  ok(r.stderr.includes('line 2, column holes: expected a number (value: "x")'), r.stderr);
  ok(r.stderr.includes("line 3, column verified"), r.stderr);
  ok(r.stderr.includes("was not changed"));
  assertEquals(await Deno.readFile(`${dir}/c.db`), before);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("import --dry-run writes nothing", async () => {
  const dir = await Deno.makeTempDir();
  const r = await runMain(["import", FIXTURE_CSV, "--db", `${dir}/c.db`, "--dry-run"]);
  assertEquals(r.code, 0);
  ok(r.stderr.includes("dry run"));
  assertEquals([...Deno.readDirSync(dir)], []);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("import without a file or with a missing file fails clearly", async () => {
  const a = await runMain(["import"]);
  assertEquals(a.code, 2);
  ok(a.stderr.includes("missing the CSV file"));
  const b = await runMain(["import", "/nonexistent/x.csv", "--db", "/tmp/never.db"]);
  assertEquals(b.code, 1);
  ok(b.stderr.includes('cannot read "/nonexistent/x.csv"'));
});
