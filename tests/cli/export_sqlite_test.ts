// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * `export --format sqlite`: the database to publish, read back with what
 * publishers use. Debian's `sqlite3` CLI, Python's `sqlite3` module and
 * `sqlite-utils` (SQLite 3.40) open it; its `clubs_fts` is declared as
 * `sqlite-utils enable-fts` declares one (compared with the tool's own),
 * which sqlite-utils' FTS detection (Datasette's is the same query) finds;
 * its searches answer as a model of FTS5's default tokenizer over the
 * fixture's clubs. `.ci/run` installs the tools; a test skips, saying why,
 * only where one cannot be had.
 */
import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals, assertMatch } from "../_assert.ts";
import { FIXTURE_CSV, importFile, storedClubs } from "../_fixture.ts";
import { runMain } from "../_run.ts";
import { CLUB_FIELDS } from "../../core/model/fields.ts";
import { fold } from "../../core/model/fold.ts";
import { type Row, rowToRecord } from "../../core/store/rows.ts";
import { PUBLISHED_SEARCH_COLUMNS } from "../../core/store/publish.ts";

/** Why `program` cannot run here, or null when it can. */
async function missing(program: string, args: string[]): Promise<string | null> {
  try {
    const out = await new Deno.Command(program, { args, stdout: "null", stderr: "null" }).output();
    return out.success ? null : `${program} ${args.join(" ")} failed`;
  } catch {
    return `${program} is not installed (apt-get install -y sqlite3 sqlite-utils)`;
  }
}

const SQLITE3 = await missing("sqlite3", ["--version"]);
const SQLITE_UTILS = await missing("sqlite-utils", ["--version"]);
/** Debian's Python, whose sqlite_utils module the sqlite-utils package installs. */
const PYTHON3 = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
const PYTHON = await missing(PYTHON3, ["-c", "import sqlite3, sqlite_utils"]);
for (const why of [SQLITE3, SQLITE_UTILS, PYTHON]) {
  if (why) console.warn(`skipping a published database test: ${why}`);
}

const dir = await Deno.makeTempDir({ prefix: "clubdir-export-sqlite-" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const source = `${dir}/clubs.db`;
await importFile(FIXTURE_CSV, source);
// The format from the name, as a publisher would type it.
const published = `${dir}/clubs-public.db`;
const exported = await runMain(["export", "--db", source, "--out", published]);

/** Searches as a Datasette or sqlite-utils user types them (FTS5 query syntax). */
const SEARCHES = ["zurich", "golf", "Málaga", "new york", "montreal", "brien", "royal golf"];

/**
 * Which clubs (slugs, in name order) FTS5's default tokenizer finds: every
 * term a word of some searched column, words being runs of letters and
 * digits, case and accents folded.
 */
function model(query: string): string[] {
  const words = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const terms = words(query);
  return storedClubs(source).filter((club) => {
    const have = new Set(PUBLISHED_SEARCH_COLUMNS.flatMap((c) => words(String(club[c] ?? ""))));
    return terms.every((t) => have.has(t));
  }).map((club) => club.slug);
}

/** A search's slugs in rowid (name) order, as SQL any SQLite since 3.34 runs. */
const searchSql = (query: string) =>
  `SELECT group_concat(slug, ' ') AS slugs FROM (SELECT slug FROM clubs WHERE rowid IN
   (SELECT rowid FROM clubs_fts WHERE clubs_fts MATCH '${query.replaceAll("'", "''")}')
   ORDER BY rowid)`;

async function run(program: string, args: string[]): Promise<string> {
  const out = await new Deno.Command(program, { args, stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder();
  assert(out.success, `${program} ${args.join(" ")} failed: ${text.decode(out.stderr)}`);
  return text.decode(out.stdout);
}

Deno.test("export --out NAME.db writes every club, every field, in name order, keyed by id", () => {
  assertEquals(exported.code, 0, exported.stderr);
  assertMatch(exported.stderr, /Exported 30 clubs from .* as sqlite to .*clubs-public\.db/);
  // Not read-only: FTS5's integrity check is asked for as an insert.
  const db = new DatabaseSync(published);
  try {
    const rows = db.prepare(`SELECT ${CLUB_FIELDS.join(", ")} FROM clubs ORDER BY rowid`)
      .all() as Row[];
    assertEquals(rows.map(rowToRecord), storedClubs(source));
    const columns = db.prepare("PRAGMA table_info(clubs)").all() as { name: string; pk: number }[];
    assertEquals(columns.map((c) => c.name), [...CLUB_FIELDS]);
    assertEquals(columns.filter((c) => c.pk).map((c) => c.name), ["id"]);
    // Nothing of the serving layout: clubs and the FTS index with its own tables.
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all() as { name: string }[]).map((t) => t.name);
    assertEquals(tables, [
      "clubs",
      "clubs_fts",
      "clubs_fts_config",
      "clubs_fts_data",
      "clubs_fts_docsize",
      "clubs_fts_idx",
    ]);
    assertEquals({ ...db.prepare("PRAGMA integrity_check").get() }, { integrity_check: "ok" });
    // FTS5's own check of the index against its content table.
    db.exec("INSERT INTO clubs_fts(clubs_fts, rank) VALUES ('integrity-check', 1)");
    assertEquals({ ...db.prepare("PRAGMA freelist_count").get() }, { freelist_count: 0 });
  } finally {
    db.close();
  }
  // Written whole and renamed: nothing of the build is left beside it.
  const left = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.includes("exporting"));
  assertEquals(left, []);
});

Deno.test({
  name: "Debian's sqlite3 opens the published database and its searches answer as FTS5's tokenizer",
  ignore: SQLITE3 !== null,
  fn: async () => {
    const tables = (await run("sqlite3", ["-readonly", published, ".tables"])).split(/\s+/);
    assert(tables.includes("clubs") && tables.includes("clubs_fts"), tables.join(" "));
    const [count, ...answers] = (await run("sqlite3", [
      "-readonly",
      "-bail",
      published,
      "SELECT count(*) FROM clubs;",
      ...SEARCHES.map((q) => searchSql(q) + ";"),
    ])).split("\n");
    assertEquals(count, "30");
    assertEquals(answers.slice(0, SEARCHES.length), SEARCHES.map((q) => model(q).join(" ")));
    assert(SEARCHES.every((q) => model(q).length > 0), "every search finds a club");
  },
});

const PYTHON_CHECK = `
import json, sqlite3, sys
import sqlite_utils
path, searches = sys.argv[1], json.loads(sys.stdin.read())
db = sqlite3.connect("file:" + path + "?mode=ro", uri=True)
table = sqlite_utils.Database(db)["clubs"]
print(json.dumps({
  "pks": table.pks,
  "fts": table.detect_fts(),
  "count": table.count,
  "answers": [db.execute(s).fetchone()[0] or "" for s in searches],
}))
`;

Deno.test({
  name: "Python's sqlite3 and sqlite-utils find the primary key and the FTS table, and search",
  ignore: PYTHON !== null,
  fn: async () => {
    const child = new Deno.Command(PYTHON3, {
      args: ["-c", PYTHON_CHECK, published],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(JSON.stringify(SEARCHES.map(searchSql))));
    await writer.close();
    const out = await child.output();
    const text = new TextDecoder();
    assert(out.success, text.decode(out.stderr));
    const got = JSON.parse(text.decode(out.stdout));
    assertEquals([got.pks, got.fts, got.count], [["id"], "clubs_fts", 30]);
    assertEquals(got.answers, SEARCHES.map((q) => model(q).join(" ")));
  },
});

Deno.test({
  name: "clubs_fts is the table sqlite-utils enable-fts makes, and sqlite-utils search uses it",
  ignore: SQLITE_UTILS !== null || SQLITE3 !== null,
  fn: async () => {
    // The tool's own index over a copy of the same clubs, for comparison.
    const theirs = `${dir}/enable-fts.db`;
    await run("sqlite3", [
      theirs,
      `ATTACH '${
        published.replaceAll("'", "''")
      }' AS p; CREATE TABLE clubs AS SELECT * FROM p.clubs;`,
    ]);
    await run("sqlite-utils", ["enable-fts", theirs, "clubs", ...PUBLISHED_SEARCH_COLUMNS]);
    const declared = (path: string) =>
      run("sqlite3", ["-readonly", path, "SELECT sql FROM sqlite_master WHERE name = 'clubs_fts'"]);
    assertEquals(await declared(published), await declared(theirs));
    for (const q of SEARCHES) {
      const found = JSON.parse(
        await run("sqlite-utils", ["search", published, "clubs", q, "-c", "slug"]),
      )
        .map((r: { slug: string }) => r.slug).sort();
      assertEquals(found, model(q).sort(), q);
    }
    const tables = JSON.parse(
      await run("sqlite-utils", ["tables", published, "--counts", "--fts5"]),
    );
    assertEquals(tables, [{ table: "clubs_fts", count: 30 }]);
    // docs/data.md's way to publish less: the key, the rowids and the search stay.
    const less = `${dir}/less.db`;
    await Deno.copyFile(published, less);
    const fees = ["initiation_fee", "annual_dues", "monthly_dues"];
    await run("sqlite-utils", ["transform", less, "clubs", ...fees.flatMap((f) => ["--drop", f])]);
    await run("sqlite-utils", ["rebuild-fts", less, "clubs"]);
    const kept = await run("sqlite3", [
      "-readonly",
      less,
      "SELECT group_concat(name) FROM pragma_table_info('clubs') WHERE pk = 1 OR name LIKE '%_fee' OR name LIKE '%_dues';",
      searchSql("zurich") + ";",
    ]);
    assertEquals(kept.split("\n").slice(0, 2), ["id", model("zurich").join(" ")]);
  },
});

Deno.test("export --format sqlite refuses stdout, gzip and --bom, and leaves a file it cannot replace", async () => {
  const stdout = await runMain(["export", "--db", source, "--format", "sqlite"]);
  assertEquals(stdout.code, 2);
  assertMatch(
    stdout.stderr,
    /--format sqlite writes a database file, not a stream: give it --out FILE/,
  );
  const gz = await runMain([
    "export",
    "--db",
    source,
    "--format",
    "sqlite",
    "--out",
    `${dir}/p.db.gz`,
  ]);
  assertEquals(gz.code, 2);
  assertMatch(gz.stderr, /not gzip: name --out without \.gz/);
  const bom = await runMain(["export", "--db", source, "--out", `${dir}/p.sqlite`, "--bom"]);
  assertEquals(bom.code, 2);
  assertMatch(bom.stderr, /--bom is for CSV and TSV \(for spreadsheets\), not sqlite/);

  // A source that is no snapshot: the existing file stays, nothing is left beside it.
  const kept = `${dir}/kept.sqlite3`;
  await Deno.writeTextFile(kept, "an earlier export");
  await Deno.writeTextFile(`${dir}/not-a-db.db`, "plain text");
  const bad = await runMain(["export", "--db", `${dir}/not-a-db.db`, "--out", kept]);
  assertEquals(bad.code, 1);
  assertMatch(bad.stderr, /build it with: main\.ts import/);
  assertEquals(await Deno.readTextFile(kept), "an earlier export");
  const left = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.includes("exporting"));
  assertEquals(left, []);

  // --format wins over the name.
  const named = await runMain([
    "export",
    "--db",
    source,
    "--format",
    "sqlite",
    "--out",
    `${dir}/x.bin`,
  ]);
  assertEquals(named.code, 0, named.stderr);
  const db = new DatabaseSync(`${dir}/x.bin`, { readOnly: true });
  assertEquals({ ...db.prepare("SELECT count(*) AS n FROM clubs").get() }, { n: 30 });
  db.close();
});
