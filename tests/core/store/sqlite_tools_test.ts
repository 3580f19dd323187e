// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * The database file is the product's artefact: the SQLite tools people
 * already have must open it and search it. Debian 12's `sqlite3` CLI,
 * Python's `sqlite3` module and `sqlite-utils` (SQLite 3.40: before the
 * trigram tokenizer's `remove_diacritics`) on a database freshly built
 * through the real import: list the tables, count the clubs, read the
 * primary key, and run name searches through the FTS index, whose answers
 * must be the ones this Deno's SQLite gives and the ones a plain substring
 * scan of the folded names gives. `.ci/run` installs the tools; a test
 * skips, saying why, only where one cannot be had.
 */
import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { fold } from "../../../core/model/fold.ts";
import { ClubStore, StoreError } from "../../../core/store/mod.ts";
import { SCHEMA_VERSION } from "../../../core/store/layout.ts";
import { importFile } from "../../_fixture.ts";
import { assert, assertEquals, assertThrows } from "../../_assert.ts";

/** Why `program` cannot run here, or null when it can. */
async function missing(program: string, args: string[]): Promise<string | null> {
  try {
    const out = await new Deno.Command(program, { args, stdout: "null", stderr: "null" }).output();
    return out.success ? null : `${program} ${args.join(" ")} failed`;
  } catch {
    return `${program} is not installed (apt-get install -y sqlite3 sqlite-utils python3)`;
  }
}

const SQLITE3 = await missing("sqlite3", ["--version"]);
/** Debian's Python (not one a version manager put first on PATH). */
const PYTHON3 = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
const PYTHON = await missing(PYTHON3, ["-c", "import sqlite3"]);
const SQLITE_UTILS = await missing("sqlite-utils", ["--version"]);
for (const why of [SQLITE3, PYTHON, SQLITE_UTILS]) {
  if (why) console.warn(`skipping a SQLite tools test: ${why}`);
}

/** Clubs with the names a directory holds: accents, other scripts, ß, ø, ł. */
const NAMES: [string, string, string][] = [
  ["Golf Club Zürich", "Zürich", "Switzerland"],
  ["Club de Golf Málaga", "Málaga", "Spain"],
  ["Königlicher Golfclub Straßberg", "München", "Germany"],
  ["Københavns Golf Klub Ørsted", "København", "Denmark"],
  ["Łódź Tennis Klub", "Łódź", "Poland"],
  ["Société Nautique de Genève", "Genève", "Switzerland"],
  ["Αθλητικός Όμιλος Αθηνών", "Athens", "Greece"],
  ["Московский Гольф-клуб", "Moscow", "Russia"],
  ["東京ゴルフ倶楽部", "Tokyo", "Japan"],
  ["Pine Valley Golf Club", "Pine Valley", "United States"],
  ["Royal St. George's Golf Club", "Sandwich", "United Kingdom"],
  ["Real Club de Tenis Barcelona", "Barcelona", "Spain"],
];

/** Fragments as a user types them; each is folded, as the server folds `q`. */
const FRAGMENTS = [
  "golf",
  "Zürich",
  "malaga",
  "STRASS",
  "ørsted",
  "lodz",
  "genève",
  "Αθηνών",
  "гольф",
  "ゴルフ",
  "st. george",
  "club",
];

const csv = "name,city,country\n" +
  NAMES.map((row) => row.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\n") + "\n";

const dir = await Deno.makeTempDir({ prefix: "clubdir-sqlite-tools-" });
const db = `${dir}/clubs.db`;
await Deno.writeTextFile(`${dir}/clubs.csv`, csv);
await importFile(`${dir}/clubs.csv`, db);
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

/** An FTS5 phrase of a folded fragment, as core/search/search.ts asks it. */
const phrase = (fragment: string) => `"${fold(fragment).replaceAll('"', '""')}"`;
/** A SQL string literal. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The name search of each fragment, as SQL any SQLite since 3.34 runs. */
const SEARCHES = FRAGMENTS.map((f) =>
  `SELECT group_concat(rowid) AS ranks FROM (SELECT rowid FROM club_names WHERE club_names MATCH ${
    literal(phrase(f))
  } ORDER BY rowid)`
);

/** The answers of this Deno's SQLite, and of a scan of the folded names, per fragment. */
function reference(): { fts: string[]; scan: string[] } {
  const own = new DatabaseSync(db, { readOnly: true });
  try {
    const fts = SEARCHES.map((sql) => String((own.prepare(sql).get() as { ranks: unknown }).ranks));
    const names = own.prepare("SELECT rank, name FROM club_keys ORDER BY rank").all() as {
      rank: number;
      name: string;
    }[];
    const scan = FRAGMENTS.map((f) =>
      String(names.filter((n) => n.name.includes(fold(f))).map((n) => n.rank).join(",") || null)
    );
    return { fts, scan };
  } finally {
    own.close();
  }
}

async function run(program: string, args: string[]): Promise<string> {
  const out = await new Deno.Command(program, { args, stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder();
  assert(out.success, `${program} failed: ${text.decode(out.stderr)}`);
  return text.decode(out.stdout);
}

Deno.test("The index's answers are those of a scan of the folded names", () => {
  const { fts, scan } = reference();
  assertEquals(fts, scan);
  // Every fragment finds a club: the comparisons below compare answers.
  assert(fts.filter((r) => r === "null").length === 0, fts.join(" | "));
});

Deno.test({
  name: "Debian's sqlite3 lists the tables, counts the clubs and searches the names",
  ignore: SQLITE3 !== null,
  fn: async () => {
    const version = (await run("sqlite3", ["--version"])).split(" ")[0]!;
    const tables = (await run("sqlite3", ["-readonly", db, ".tables"])).split(/\s+/);
    for (const t of ["clubs", "club_names", "meta"]) assert(tables.includes(t), tables.join(" "));
    const [count, pk, layout] = (await run("sqlite3", [
      "-readonly",
      "-bail",
      db,
      "SELECT count(*) FROM clubs;",
      "SELECT name FROM pragma_table_info('clubs') WHERE pk = 1;",
      "SELECT value FROM meta WHERE key = 'schema_version';",
    ])).trim().split("\n");
    assertEquals([count, pk, layout], [String(NAMES.length), "id", String(SCHEMA_VERSION)]);
    const answers = (await run("sqlite3", [
      "-readonly",
      "-bail",
      db,
      ...SEARCHES.map((s) => s + ";"),
    ]))
      .split("\n").slice(0, FRAGMENTS.length).map((line) => line === "" ? "null" : line);
    assertEquals(answers, reference().fts, `sqlite3 ${version}`);
  },
});

const PYTHON_CHECK = `
import json, sqlite3, sys
db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
searches = json.loads(sys.stdin.read())
print(json.dumps({
  "version": sqlite3.sqlite_version,
  "tables": [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")],
  "count": db.execute("SELECT count(*) FROM clubs").fetchone()[0],
  "pk": [r[1] for r in db.execute("PRAGMA table_info(clubs)") if r[5] == 1],
  "answers": [(lambda v: "null" if v is None else str(v))(db.execute(s).fetchone()[0]) for s in searches],
}))
`;

Deno.test({
  name: "Python's sqlite3 module lists the tables, counts the clubs and searches the names",
  ignore: PYTHON !== null,
  fn: async () => {
    const child = new Deno.Command(PYTHON3, {
      args: ["-c", PYTHON_CHECK, db],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(JSON.stringify(SEARCHES)));
    await writer.close();
    const out = await child.output();
    const text = new TextDecoder();
    assert(out.success, text.decode(out.stderr));
    const got = JSON.parse(text.decode(out.stdout));
    assert(got.tables.includes("clubs") && got.tables.includes("club_names"), got.tables);
    assertEquals([got.count, got.pk], [NAMES.length, ["id"]]);
    assertEquals(got.answers, reference().fts, `Python's SQLite ${got.version}`);
  },
});

Deno.test({
  name: "sqlite-utils reads every table, the FTS index included",
  ignore: SQLITE_UTILS !== null,
  fn: async () => {
    // --counts and --columns open every table, virtual ones too: a tokenizer
    // the library does not know stopped it here.
    const tables = JSON.parse(
      await run("sqlite-utils", ["tables", db, "--counts", "--columns"]),
    ) as {
      table: string;
      count: number;
      columns: string[];
    }[];
    const byName = Object.fromEntries(tables.map((t) => [t.table, t]));
    assertEquals(byName.clubs?.count, NAMES.length);
    assertEquals(byName.club_names?.count, NAMES.length);
    assert(byName.clubs!.columns.includes("id"));
    const rows = JSON.parse(
      await run("sqlite-utils", ["query", db, SEARCHES[FRAGMENTS.indexOf("Zürich")]!]),
    );
    assertEquals(String(rows[0].ranks), reference().fts[FRAGMENTS.indexOf("Zürich")]);
  },
});

Deno.test("A file of the layout whose name index needed SQLite 3.45 is refused, saying to import again", () => {
  // Version 11, the last to declare the name index with remove_diacritics (SQLite 3.45+).
  const old = `${dir}/old.db`;
  const file = new DatabaseSync(old);
  file.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    INSERT INTO meta VALUES ('schema_version', '11');
    CREATE TABLE club_keys (rank INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE VIRTUAL TABLE club_names USING fts5(name, content='club_keys', content_rowid='rank',
      tokenize='trigram remove_diacritics 1');`);
  file.close();
  assertThrows(
    () => ClubStore.open(old),
    StoreError,
    `schema version 11, expected ${SCHEMA_VERSION} (run import again)`,
  );
});
