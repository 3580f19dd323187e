// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { DatabaseSync } from "node:sqlite";
import { FIXTURE_CSV } from "../_fixture.ts";
import { hasTerminal, MAIN, runAtTerminal, runMain, spawn } from "../_run.ts";
import { assert, assertEquals } from "../_assert.ts";

const FIXTURES = new URL("../fixtures/import/", import.meta.url).pathname;

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

Deno.test(
  "import - says it waits for standard input when that is a terminal, not when it is a pipe",
  {
    ignore: !hasTerminal,
  },
  async () => {
    const dir = await Deno.makeTempDir();
    try {
      // The terminal's input ends at once (runAtTerminal gives it none): an empty snapshot.
      const { code, lines } = await runAtTerminal(120, ["import", "-", "--db", `${dir}/c.db`]);
      assertEquals(code, 1, lines.join("\n"));
      assert(
        lines[0]!.endsWith("reading the snapshot from standard input (end it with Ctrl-D)…"),
        lines.join("\n"),
      );
      assert(lines.some((l) => l.includes("the file is empty")), lines.join("\n"));
      const piped = await runMain(["import", "-", "--db", `${dir}/c.db`], {
        stdin: "name,city\nA Club,Bern\n",
      });
      assertEquals(piped.code, 0, piped.stderr);
      assert(!piped.stderr.includes("standard input"), piped.stderr);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

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

Deno.test("import into a folder that does not exist names the folder and exits 1", async () => {
  const dir = await Deno.makeTempDir();
  const r = await runMain(["import", FIXTURE_CSV, "--db", `${dir}/missing/c.db`]);
  assertEquals(r.code, 1);
  assert(
    r.stderr.includes(`the folder ${dir}/missing (of ${dir}/missing/c.db) does not exist`),
    r.stderr,
  );
  assert(r.stderr.includes(`${dir}/missing/c.db was not created`), r.stderr);
  await Deno.remove(dir, { recursive: true });
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
  // The kill may land before or after SQLite opened its journal: one or two files are left.
  const leftovers = (await tempFiles(dir)).length;
  const r = await runMain(["import", FIXTURE_CSV, "--db", `${dir}/c.db`]);
  assertEquals(r.code, 0, r.stderr);
  assert(
    r.stderr.includes(`removed ${leftovers} temporary file(s) of interrupted imports`),
    r.stderr,
  );
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
  // Both imports land, one after the other: the waiting one last, once it says it waits.
  const said = `waiting for another import into ${db} (pid ${first.child.pid}) to finish…`;
  const reader = waiting.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let err = "";
  while (!err.includes(said)) {
    const r = await reader.read();
    if (r.done) break;
    err += r.value;
  }
  assert(err.includes(said), err);
  await first.stdin.close();
  const a = await finish(first.child);
  for (let r = await reader.read(); !r.done; r = await reader.read()) err += r.value;
  const b = await waiting.status;
  assertEquals([a.code, b.code], [0, 0], a.stderr + err);
  assert(err.includes("30 clubs"), err);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("import says what changed; --dry-run --diff lists it as JSON without applying it", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  const first = await runMain(["import", `${FIXTURES}pipe.csv`, "--db", db]);
  assert(first.stderr.includes(`Changes: not compared, there is no database at ${db} yet`));
  await Deno.writeTextFile(
    `${dir}/next.csv`,
    "name|city|country|holes\nThe Pipe, Club|Oslo|Norway|9\nNew Club|Bergen|Norway|\n",
  );
  const before = await Deno.readFile(db);
  const dry = await runMain(["import", `${dir}/next.csv`, "--db", db, "--dry-run", "--diff"]);
  assertEquals(dry.code, 0, dry.stderr);
  assert(
    dry.stderr.includes(
      "Changes if applied: 1 added, 1 removed, 1 changed, 0 unchanged (matched by id)",
    ),
    dry.stderr,
  );
  assertEquals(
    JSON.parse(dry.stdout).map((
      e: { change: string; name: string; fields?: string[] },
    ) => [e.change, e.name, e.fields ?? []]),
    [["added", "New Club", []], ["removed", "Fjord Club", []], ["changed", "The Pipe, Club", [
      "holes",
    ]]],
  );
  assertEquals(await Deno.readFile(db), before);
  const real = await runMain(["import", `${dir}/next.csv`, "--db", db]);
  assert(real.stderr.includes("Changes: 1 added, 1 removed, 1 changed, 0 unchanged"), real.stderr);
  assertEquals(real.stdout, "");
  const same = await runMain(["import", `${dir}/next.csv`, "--db", db]);
  assert(same.stderr.includes("Changes: none (2 clubs as before, matched by id)"), same.stderr);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("import --report json prints one summary for a pipeline, on success and on failure", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  const ok = await runMain(["import", `${FIXTURES}warnings.csv`, "--db", db, "--report", "json"]);
  assertEquals(ok.code, 0, ok.stderr);
  const r = JSON.parse(ok.stdout);
  assertEquals(
    [r.ok, r.rows, r.errors.count, r.warnings.count, r.warnings.by_rule.country_code, r.diff],
    [true, 9, 0, 8, 1, { compared: false, reason: `there is no database at ${db} yet` }],
  );
  assertEquals(Object.keys(r.timing), ["read", "build", "check", "diff", "swap"]);
  const strict = await runMain([
    "import",
    `${FIXTURES}warnings.csv`,
    "--db",
    db,
    "--strict",
    "--report",
    "json",
  ]);
  assertEquals(strict.code, 1);
  const f = JSON.parse(strict.stdout);
  assertEquals([f.ok, f.strict, f.errors.count, f.error], [
    false,
    true,
    8,
    "Cannot import: 8 warnings, and --strict makes them errors",
  ]);
  assert(strict.stderr.includes(`; ${db} was not changed`), strict.stderr);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("import lists warnings with line, column and value, summed up by rule", async () => {
  const dir = await Deno.makeTempDir();
  const r = await runMain(["import", `${FIXTURES}warnings.csv`, "--db", `${dir}/c.db`]);
  assertEquals(r.code, 0, r.stderr);
  assert(
    r.stderr.includes(
      'warning: line 2, column country: "JP" is a country code: stored as "Japan" (value: "JP") [2 rows]',
    ),
    r.stderr,
  );
  assert(
    r.stderr.includes(
      "8 warnings: 1 country code stored as a name, 1 region code stored as a name, 1 unknown country, 1 unknown region, 1 unknown type, 1 club of another type with golf facts, 1 coming_soon club with an opened_year in the past, 1 club with fee figures but no fee tier (imported; --strict refuses them)",
    ),
    r.stderr,
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a failed first import says the database was not created, not that it was not changed", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/bad.csv`, "name,holes\nA,x\n");
  const r = await runMain(["import", `${dir}/bad.csv`, "--db", `${dir}/new.db`]);
  assertEquals(r.code, 1);
  assert(r.stderr.includes(`; ${dir}/new.db was not created`), r.stderr);
  assert(!r.stderr.includes("was not changed"), r.stderr);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("import reads --encoding, --delimiter and --format, and refuses unknown values", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  const latin = await runMain([
    "import",
    `${FIXTURES}windows-1252.csv`,
    "--db",
    db,
    "--encoding",
    "windows-1252",
  ]);
  assertEquals(latin.code, 0, latin.stderr);
  const bad = await runMain(["import", `${FIXTURES}windows-1252.csv`, "--db", db]);
  assertEquals(bad.code, 1);
  assert(bad.stderr.includes("line 2 is not valid UTF-8"), bad.stderr);
  assert(bad.stderr.includes("--encoding windows-1252"), bad.stderr);
  for (
    const [flag, value, message] of [
      ["--encoding", "ebcdic", "--encoding must be one of utf-8, windows-1252"],
      ["--format", "xml", "--format must be one of csv, tsv, ndjson, json"],
      ["--delimiter", "ab", "--delimiter must be one character"],
      ["--report", "xml", "--report must be json"],
    ]
  ) {
    const r = await runMain(["import", `${FIXTURES}pipe.csv`, "--db", db, flag!, value!]);
    assertEquals(r.code, 2, `${flag} ${value}`);
    assert(r.stderr.includes(message!), r.stderr);
  }
  const tab = await runMain([
    "import",
    "-",
    "--db",
    db,
    "--format",
    "csv",
    "--delimiter",
    "tab",
  ], { stdin: "name\tcity\nA Club\tBern\n" });
  assertEquals(tab.code, 0, tab.stderr);
  await Deno.remove(dir, { recursive: true });
});

Deno.test({
  name: "import --diff on a terminal shows a table of the changes",
  ignore: !hasTerminal,
  async fn() {
    const dir = await Deno.makeTempDir();
    const db = `${dir}/c.db`;
    await runMain(["import", `${FIXTURES}pipe.csv`, "--db", db]);
    await Deno.writeTextFile(
      `${dir}/next.csv`,
      "name|city|country|holes\nThe Pipe, Club|Oslo|Norway|9\nNew Club|Bergen|Norway|\n",
    );
    const r = await runAtTerminal(60, ["import", `${dir}/next.csv`, "--db", db, "--diff"]);
    assertEquals(r.code, 0, r.lines.join("\n"));
    const table = r.lines.slice(r.lines.findIndex((l) => l.startsWith("CHANGE")));
    assertEquals(table.slice(0, 4).map((l) => l.split(/\s{2,}/).slice(0, 3)), [
      ["CHANGE", "NAME", "FIELDS"],
      ["added", "New Club"],
      ["removed", "Fjord Club"],
      ["changed", "The Pipe, Club", "holes"],
    ]);
    await Deno.remove(dir, { recursive: true });
  },
});

Deno.test("import --rates stores the rates; an import without it keeps those of the database it replaces", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  const rates = new URL("../../data/rates.csv", import.meta.url).pathname;
  const first = await runMain(["import", FIXTURE_CSV, "--db", db, "--rates", rates]);
  assertEquals(first.code, 0, first.stderr);
  assert(
    first.stderr.includes(
      "Rates: 32 currencies of 2025-01-15 (sample rates for the bundled, generated directory), from ",
    ),
    first.stderr,
  );
  const again = await runMain(["import", FIXTURE_CSV, "--db", db, "--report", "json"]);
  assertEquals(again.code, 0, again.stderr);
  assert(again.stderr.includes("kept from the database replaced"), again.stderr);
  assertEquals(JSON.parse(again.stdout).rates, {
    date: "2025-01-15",
    source: "sample rates for the bundled, generated directory",
    currencies: 32,
    carried: true,
    // Kept from the database replaced: no file was read this time.
    format: null,
    missing: [],
  });
  // Rates that leave a club's currency out say so.
  await Deno.writeTextFile(`${dir}/few.csv`, "date,currency,rate\n2025-01-16,EUR,1\n");
  const few = await runMain(["import", FIXTURE_CSV, "--db", db, "--rates", `${dir}/few.csv`]);
  assertEquals(few.code, 0, few.stderr);
  assert(few.stderr.includes("Rates: 1 currencies of 2025-01-16 (few.csv), from "), few.stderr);
  assert(
    few.stderr.includes(
      "note: no rate for USD (30 clubs): the website shows those fees in their own currency only",
    ),
    few.stderr,
  );
  const fresh = await runMain(["import", FIXTURE_CSV, "--db", `${dir}/new.db`]);
  assert(fresh.stderr.includes("Rates: none"), fresh.stderr);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("an invalid, oversized or missing rates file: errors naming the line, exit 1, nothing written", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  await runMain(["import", FIXTURE_CSV, "--db", db]);
  const before = await Deno.readFile(db);
  await Deno.writeTextFile(
    `${dir}/bad.csv`,
    "date,currency,rate\n2025-01-15,EUR,1\n2025-01-15,USD,-1\n2025-01-15,USD,1.03\n2025-01-14,ABC,x\n",
  );
  const bad = await runMain(["import", FIXTURE_CSV, "--db", db, "--rates", `${dir}/bad.csv`]);
  assertEquals(bad.code, 1, bad.stderr);
  for (
    const line of [
      'line 3, column rate: the rate must be a number greater than 0 (value: "-1")',
      'line 4, column currency: USD is listed twice: already on line 3 (value: "USD")',
      "line 5, column date: the date differs from 2025-01-15 on line 2",
      'line 5, column currency: not a current ISO 4217 currency code (value: "ABC")',
      `error: Cannot import: 5 errors in the rates file ${dir}/bad.csv; ${db} was not changed`,
    ]
  ) assert(bad.stderr.includes(line), bad.stderr);
  const report = await runMain([
    "import",
    FIXTURE_CSV,
    "--db",
    db,
    "--rates",
    `${dir}/bad.csv`,
    "--report",
    "json",
    "--max-errors",
    "2",
  ]);
  assertEquals(report.code, 1);
  const json = JSON.parse(report.stdout);
  assertEquals([json.ok, json.errors.count, json.errors.listed.length], [false, 5, 2]);
  await Deno.writeTextFile(`${dir}/big.csv`, "date,currency,rate\n" + "#\n".repeat(40_000));
  const big = await runMain(["import", FIXTURE_CSV, "--db", db, "--rates", `${dir}/big.csv`]);
  assertEquals(big.code, 1);
  assert(big.stderr.includes("is larger than 64 KiB"), big.stderr);
  const missing = await runMain(["import", FIXTURE_CSV, "--db", db, "--rates", `${dir}/no.csv`]);
  assertEquals(missing.code, 1);
  assert(missing.stderr.includes("cannot read the rates file"), missing.stderr);
  assertEquals(await Deno.readFile(db), before);
  assertEquals([...Deno.readDirSync(dir)].map((e) => e.name).sort(), [
    "bad.csv",
    "big.csv",
    "c.db",
    "c.db.import-lock",
  ]);
  await Deno.remove(dir, { recursive: true });
});

/**
 * Excel exports (tests/fixtures/import/excel-*.csv): de-DE, es-ES and fr-FR
 * separate fields with `;` and write windows-1252 and CRLF; their numbers
 * group thousands with `.` (fr-FR: a no-break space) and have a decimal
 * comma. en-US writes `,`, and quotes a number it groups. Each club's
 * numbers as the file means them: initiation_fee, annual_dues,
 * monthly_dues, yardage, google_rating, google_review_count.
 */
const EXCEL = {
  "de-DE": {
    decimal: "comma",
    clubs: {
      "Golfclub München-Riem": [25000, 3450.5, 287.54, 6386, 4.5, 1204],
      "Hamburger Land- und Golf-Club Hittfeld": [12500, 1980, 165, 6102, 4.3, 389],
      "Kölner Ruder- und Tennisclub": [null, null, null, null, 4.6, 77],
    },
  },
  "es-ES": {
    decimal: "comma",
    clubs: {
      "Real Club de Golf Guadalmina": [18000, 4200.75, 350.06, 6540, 4.4, 2315],
      "Club de Campo Villa de Madrid": [9500, 1850, 154.17, 6230, 4.5, 5842],
      "Casino de Madrid": [null, null, null, null, 4.2, 613],
    },
  },
  "fr-FR": {
    decimal: "comma",
    clubs: {
      "Golf de Saint-Cloud": [30000, 4650, 387.5, 6131, 4.6, 1187],
      "Polo de Paris": [45000, 6200.5, 516.71, null, 4.4, 642],
      "Cercle de l'Union Interalliée": [null, null, null, null, 4.5, 908],
    },
  },
  "en-US": {
    decimal: "point",
    clubs: {
      "Pine Hollow Country Club": [1250000, 18450.5, 1537.54, 6412, 4.6, 1046],
      "Oak Ridge Golf Club": [25000, 6200.5, 516.71, 6875, 4.2, 388],
      "The Café Society Club": [null, null, null, null, 4.8, 57],
    },
  },
} as const;

/** The numbers of each club stored in a database, in the order of {@link EXCEL}'s. */
function storedNumbers(db: string): Record<string, (number | null)[]> {
  const sql =
    "SELECT name, initiation_fee, annual_dues, monthly_dues, yardage, google_rating, google_review_count FROM clubs";
  const store = new DatabaseSync(db, { readOnly: true });
  try {
    return Object.fromEntries(
      (store.prepare(sql).all() as Record<string, number | string | null>[]).map((r) => {
        const { name, ...numbers } = r;
        return [String(name), Object.values(numbers) as (number | null)[]];
      }),
    );
  } finally {
    store.close();
  }
}

Deno.test("Excel exports of de-DE and es-ES: 25.000 is refused naming --decimal comma, never stored as 25; with it every number is as meant", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  try {
    for (const locale of ["de-DE", "es-ES"] as const) {
      const file = `${FIXTURES}excel-${locale}.csv`;
      const { decimal, clubs } = EXCEL[locale];
      const [fee] = Object.values(clubs)[0]!;
      const refused = await runMain(["import", file, "--db", db, "--encoding", "windows-1252"]);
      assertEquals(refused.code, 1, refused.stderr);
      assert(
        refused.stderr.includes(
          `line 2, column initiation_fee: the number reads as ${fee} with --decimal comma ("." grouping thousands) and as ${
            fee! / 1000
          } with --decimal point, and the file does not say which: import it with the flag that reads it as meant (value: "${
            fee! / 1000
          }.000")`,
        ),
        refused.stderr,
      );
      assert(refused.stderr.includes(`${db} was not created`), refused.stderr);
      const r = await runMain([
        ...["import", file, "--db", db, "--encoding", "windows-1252"],
        ...["--decimal", decimal, "--report", "json"],
      ]);
      assertEquals(r.code, 0, r.stderr);
      assertEquals(JSON.parse(r.stdout).numbers, { decimal: "comma", from: "flag" });
      assert(r.stderr.includes("Numbers: decimal comma (--decimal comma)"), r.stderr);
      assertEquals(storedNumbers(db), clubs);
      await Deno.remove(db);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an Excel export of fr-FR (no-break spaces) imports as meant without a flag, and says the decimal comma came from the file", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  try {
    const file = `${FIXTURES}excel-fr-FR.csv`;
    const r = await runMain([
      ...["import", file, "--db", db, "--encoding", "windows-1252", "--report", "json"],
    ]);
    assertEquals(r.code, 0, r.stderr);
    assertEquals(JSON.parse(r.stdout).numbers, {
      decimal: "comma",
      from: "file",
      line: 2,
      column: "initiation_fee",
      value: "30\u00a0000,00",
    });
    assert(
      r.stderr.includes(
        'Numbers: decimal comma, as the file\'s numbers show it (first on line 2, column initiation_fee: "30\u00a0000,00")',
      ),
      r.stderr,
    );
    assertEquals(storedNumbers(db), EXCEL["fr-FR"].clubs);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test('an Excel export of en-US: a quoted "1,046" is refused naming --decimal point; with it every number is as meant', async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  try {
    const file = `${FIXTURES}excel-en-US.csv`;
    const refused = await runMain(["import", file, "--db", db, "--encoding", "windows-1252"]);
    assertEquals(refused.code, 1, refused.stderr);
    assert(
      refused.stderr.includes(
        'line 2, column google_review_count: the number reads as 1046 with --decimal point ("," grouping thousands) and as 1.046 with --decimal comma',
      ),
      refused.stderr,
    );
    const r = await runMain([
      ...["import", file, "--db", db, "--encoding", "windows-1252", "--decimal", "point"],
    ]);
    assertEquals(r.code, 0, r.stderr);
    assertEquals(storedNumbers(db), EXCEL["en-US"].clubs);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a plain ,-separated CSV reads decimal points as it always did, and says so; --decimal takes point or comma", async () => {
  const dir = await Deno.makeTempDir();
  const db = `${dir}/c.db`;
  try {
    const r = await runMain(["import", FIXTURE_CSV, "--db", db, "--report", "json"]);
    assertEquals(r.code, 0, r.stderr);
    assertEquals(JSON.parse(r.stdout).numbers, { decimal: "point", from: "delimiter" });
    assert(
      r.stderr.includes("Numbers: decimal point, as in any file whose fields are separated by ','"),
    );
    const mixed = `${dir}/mixed.csv`;
    await Deno.writeTextFile(mixed, "name;google_rating\nA;4.5\nB;4,5\n");
    const contradicted = await runMain(["import", mixed, "--db", db]);
    assertEquals(contradicted.code, 1);
    assert(
      contradicted.stderr.includes(
        `line 3, column google_rating: the number has a decimal comma, but the file's numbers have a decimal point (line 2, column google_rating: "4.5")`,
      ),
      contradicted.stderr,
    );
    const bad = await runMain(["import", FIXTURE_CSV, "--db", db, "--decimal", "de"]);
    assertEquals(bad.code, 2);
    assert(bad.stderr.includes('--decimal must be one of point, comma, got "de"'), bad.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
