// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { assert, assertEquals, assertRejects } from "../../_assert.ts";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import {
  type ImportOptions,
  importSnapshot,
  openSource,
  streamSource,
} from "../../../core/import/build/import.ts";
import { formatOfPath } from "../../../core/import/read/shape.ts";
import { ClubStore } from "../../../core/store/store.ts";
import { search } from "../../../core/search/search.ts";
import { toApiClub } from "../../../core/club/mod.ts";
import { readRow } from "../../../core/import/read/csv_row.ts";
import { CLUB_FIELDS } from "../../../core/model/fields.ts";
import {
  fieldRule,
  PATTERN_WORDS,
  patternedFields,
} from "../../../core/import/read/field_rules.ts";
import { importedClubs, importFailure } from "./_helpers.ts";

const FIXTURES = fileURLToPath(new URL("../../fixtures/import/", import.meta.url));

async function withDb<T>(fn: (db: string) => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-formats-" });
  try {
    return await fn(`${dir}/c.db`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Imports a fixture as the CLI would (format from the file name). */
function importFixture(name: string, dbPath: string, options: Partial<ImportOptions> = {}) {
  const path = FIXTURES + name;
  return importSnapshot(openSource(path), { dbPath, format: formatOfPath(path), ...options });
}

const NAMES = ["Café € Club", "Club Málaga", "Zürich Golf"];

for (
  const [file, encoding, expected] of [
    ["windows-1252.csv", "windows-1252", "windows-1252"],
    ["windows-1252.csv", "latin1", "latin1"],
    ["utf-16le.csv", undefined, "utf-16le"],
    ["utf-16be.csv", undefined, "utf-16be"],
    ["utf-16le-no-bom.csv", undefined, "utf-16le"],
    ["utf-16le-no-bom.csv", "utf-16le", "utf-16le"],
    ["utf-8-bom.csv", undefined, "utf-8"],
  ] as const
) {
  Deno.test(`importSnapshot() decodes ${file} read as ${encoding ?? "detected"}`, async () => {
    await withDb(async (db) => {
      const s = await importFixture(file, db, { encoding });
      assertEquals(s.encoding, expected);
      assertEquals(importedClubs(db).map((c) => c.name), NAMES);
      assertEquals(importedClubs(db).map((c) => c.city), ["Paris", "Málaga", "Zürich"]);
    });
  });
}

Deno.test("importSnapshot() refuses invalid UTF-8, naming the line and suggesting --encoding", async () => {
  await withDb(async (db) => {
    const e = await importFailure(importFixture("windows-1252.csv", db));
    assertEquals(
      e.message,
      'Cannot import: line 2 is not valid UTF-8 (byte 0xE1 in "Club M\ufffdlaga,M\ufffdlaga,Spain,golf"): the file is probably in another encoding; if it came from Excel or another Windows program, import it with --encoding windows-1252, or name its encoding with --encoding (utf-8, windows-1252, latin1, utf-16le, utf-16be)',
    );
  });
});

Deno.test("importSnapshot() finds an invalid byte deep in a large file on its own line", async () => {
  await withDb(async (db) => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `Club ${i},Town`);
    const bytes = new TextEncoder().encode(`name,city\n${rows.join("\n")}\n`);
    const at = bytes.lastIndexOf(0x0a, bytes.length - 2) + 1; // start of the last line
    bytes[at + 1] = 0xff;
    await Deno.writeFile(`${db}.csv`, bytes);
    const e = await importFailure(importSnapshot(openSource(`${db}.csv`), { dbPath: db }));
    assert(
      e.message.startsWith("Cannot import: line 20001 is not valid UTF-8 (byte 0xFF"),
      e.message,
    );
  });
});

for (
  const [file, delimiter, names] of [
    ["semicolon.csv", ";", ["Club; The", "Le Cercle"]],
    ["tab.tsv", "\t", ["Bay Club", "Harbour Club"]],
    ["pipe.csv", "|", ["Fjord Club", "The Pipe, Club"]],
  ] as const
) {
  Deno.test(`importSnapshot() reads ${file}: delimiter ${JSON.stringify(delimiter)} from the header`, async () => {
    await withDb(async (db) => {
      const s = await importFixture(file, db);
      assertEquals([s.format, s.delimiter], [file.endsWith(".tsv") ? "tsv" : "csv", delimiter]);
      assertEquals(importedClubs(db).map((c) => c.name), names);
    });
  });
}

Deno.test("importSnapshot() keeps quoted delimiters, lists and quotes inside fields of every delimiter", async () => {
  await withDb(async (db) => {
    await importFixture("semicolon.csv", db);
    assertEquals(importedClubs(db)[0]!.amenities, ["Pool, heated", "Spa"]);
    await importFixture("tab.tsv", db);
    assertEquals(importedClubs(db)[1]!.description, 'Tabs\tand "quotes"');
  });
});

Deno.test("--delimiter overrides the sniffed one, and a wrong one is explained", async () => {
  await withDb(async (db) => {
    // The header has more commas than pipes, but the user knows better.
    await Deno.writeTextFile(`${db}.csv`, "name|city,town\nA|B,C\n");
    await importSnapshot(openSource(`${db}.csv`), { dbPath: db, delimiter: "|" });
    assertEquals(importedClubs(db)[0]!.name, "A");
    const e = await importFailure(importFixture("semicolon.csv", db, { delimiter: "," }));
    assert(
      e.message.startsWith("Cannot parse the CSV: line 2 (field 1): a quoted field"),
      e.message,
    );
    assert(e.message.includes("name the delimiter with --delimiter"), e.message);
  });
});

Deno.test("importSnapshot() reports an unclosed quote at the line where it opens", async () => {
  await withDb(async (db) => {
    const e = await importFailure(importFixture("unclosed-quote.csv", db));
    assertEquals(
      e.message,
      'Cannot parse the CSV: the quoted field that opens in the record on line 3 is never closed (the file ends inside it); a quote inside a field must be doubled ("")',
    );
  });
});

Deno.test("importSnapshot() names the line and field of a misplaced closing quote, after quoted line breaks", async () => {
  await withDb(async (db) => {
    await Deno.writeTextFile(
      `${db}.csv`,
      'name,city,country\n"A\nB",Lyon,France\nC,"Paris"x,France\n',
    );
    const e = await importFailure(importSnapshot(openSource(`${db}.csv`), { dbPath: db }));
    assert(
      e.message.startsWith("Cannot parse the CSV: line 4 (field 2): a quoted field"),
      e.message,
    );
  });
});

Deno.test("importSnapshot() keeps a quote inside an unquoted field as written", async () => {
  await withDb(async (db) => {
    await Deno.writeTextFile(`${db}.csv`, 'name,description\nPutters,The 5" putter room\n');
    await importSnapshot(openSource(`${db}.csv`), { dbPath: db });
    assertEquals(importedClubs(db)[0]!.description, 'The 5" putter room');
  });
});

Deno.test("importSnapshot() reads NDJSON and a JSON array by extension, and either by content", async () => {
  await withDb(async (db) => {
    const nd = await importFixture("clubs.ndjson", db);
    assertEquals([nd.format, nd.rows], ["ndjson", 2]);
    const [nord, sud] = importedClubs(db);
    assertEquals([nord!.holes, nord!.verified, nord!.amenities], [18, true, ["Pool", "Spa"]]);
    assertEquals([sud!.name, sud!.verified, sud!.fee_tier], ["Süd Club", null, "estimate"]);
    const js = await importFixture("clubs.json", db);
    assertEquals([js.format, js.rows], ["json", 2]);
    assertEquals(importedClubs(db).map((c) => [c.name, c.google_rating, c.amenities]), [
      ["Array Club", 4.5, null],
      ["Second Club", null, []],
    ]);
    // A stream with no name: the first character decides.
    for (const file of ["clubs.ndjson", "clubs.json"]) {
      const bytes = await Deno.readFile(FIXTURES + file);
      const s = await importSnapshot(streamSource(new Blob([bytes]).stream()), { dbPath: db });
      assertEquals(s.format, file.endsWith(".json") ? "json" : "ndjson");
    }
  });
});

Deno.test("importSnapshot() names the line of each bad JSON record, in our words", async () => {
  await withDb(async (db) => {
    await Deno.writeTextFile(
      `${db}.ndjson`,
      '{"name":"A"}\n{"name":"B","holes":"18"}\n{oops}\n[1]\n',
    );
    const e = await importFailure(importSnapshot(openSource(`${db}.ndjson`), { dbPath: db }));
    assertEquals(e.errors.map((x) => `${x.line}:${x.column}:${x.message}`), [
      "2:holes:holes must be a whole number from 1 to 200 (in JSON a number, not a string)",
      '3:row:line 3 is not valid JSON (at character 2, near "{oops}"): each line of an NDJSON file holds one Club object',
      "4:row:each record must be a JSON object of Club fields",
    ]);
    await Deno.writeTextFile(
      `${db}.json`,
      '[\n  {"name": "A"},\n  {"name": "B",\n   "city": }\n]\n',
    );
    const j = await importFailure(importSnapshot(openSource(`${db}.json`), { dbPath: db }));
    assertEquals(
      j.message,
      "Cannot parse the JSON: line 4 is not valid JSON (in the record that starts on line 3)",
    );
  });
});

Deno.test("importSnapshot() warns and imports: codes become names, one warning per distinct code", async () => {
  await withDb(async (db) => {
    const s = await importFixture("warnings.csv", db);
    assertEquals(s.rows, 9);
    assertEquals(
      s.warnings.listed.map((w) => `${w.line}:${w.column}:${w.rule}:${w.value}:${w.rows}`),
      [
        "2:country:country_code:JP:2",
        "3:state:region_code:ON:1",
        "4:country:unknown_country:Atlantis:1",
        "5:state:unknown_region:Gotham State:1",
        "6:type:unknown_type:golf_course:1",
        "7:holes:golf_facts:9:1",
        "8:opened_year:opened_in_past:2001:1",
        "9:fee_tier:fee_figures_untiered:none:1",
      ],
    );
    assertEquals(s.warnings.count, 8);
    assertEquals(s.warnings.byRule.country_code, 1);
    const byName = new Map(importedClubs(db).map((c) => [c.name, c]));
    assertEquals(byName.get("Tokyo Club")!.country, "Japan");
    assertEquals(byName.get("Osaka Club")!.country, "Japan");
    assertEquals([byName.get("Toronto Club")!.state, byName.get("Toronto Club")!.country], [
      "Ontario",
      "Canada",
    ]);
    assertEquals(byName.get("Atlantis Club")!.country, "Atlantis");
    assertEquals(
      s.warnings.listed[0]!.message,
      '"JP" is a country code: stored as "Japan"',
    );
  });
});

Deno.test("--strict turns every warning into an error and imports nothing", async () => {
  await withDb(async (db) => {
    const e = await importFailure(importFixture("warnings.csv", db, { strict: true }));
    assertEquals(e.message, "Cannot import: 8 warnings, and --strict makes them errors");
    assertEquals(e.strict, true);
    assertEquals(e.errors.length, 8);
    assertEquals([...Deno.readDirSync(db.slice(0, db.lastIndexOf("/")))].map((x) => x.name), [
      "c.db.import-lock",
    ]);
    // Without warnings, --strict imports.
    const ok = await importFixture("pipe.csv", db, { strict: true });
    assertEquals(ok.warnings.count, 0);
  });
});

Deno.test("fee figures without a tier are never shown as exact figures", async () => {
  await withDb(async (db) => {
    await importFixture("warnings.csv", db);
    const store = ClubStore.open(db);
    try {
      const r = search(store, { q: "Thrifty", limit: "1" });
      assert(r.ok);
      const club = r.value.clubs[0]!;
      for (const access of ["locked", "band", "exact"] as const) {
        const api = toApiClub(club, access);
        assertEquals(api.annual_dues, null, access);
        assert(api.fee_views.annual.kind !== "exact", access);
      }
      assertEquals(toApiClub(club, "exact").fee_views.annual.estimate, true);
    } finally {
      store.close();
    }
  });
});

Deno.test("every field's error states its rule in our words, never the library's", () => {
  for (const f of patternedFields()) assert(PATTERN_WORDS[f], `no words for ${f}'s pattern`);
  fc.assert(
    fc.property(
      fc.constantFrom(...CLUB_FIELDS.filter((f) => f !== "name")),
      fc.oneof(fc.string(), fc.constantFrom("-1", "1e99", "x", "[1]", "9999", "ftp://x", "ZZZZ")),
      (field, value) => {
        const r = readRow({ name: "A", [field]: value }, 2);
        if (r.ok) return;
        for (const e of r.errors) {
          assertEquals(e.message, fieldRule(e.column), `${field}=${JSON.stringify(value)}`);
          assert(!/expected|too big|too small|invalid/i.test(e.message), e.message);
        }
      },
    ),
  );
  assertEquals(
    readRow({ name: "A", google_rating: "7" }, 3),
    {
      ok: false,
      errors: [{
        line: 3,
        column: "google_rating",
        value: "7",
        message: "google_rating must be a number from 0 to 5",
      }],
    },
  );
  const empty = readRow({ name: "" }, 4);
  assert(!empty.ok && empty.errors[0]!.message === "name is required (the cell is empty)");
});

Deno.test("an empty JSON array and a file of blank lines are refused clearly", async () => {
  await withDb(async (db) => {
    await Deno.writeTextFile(`${db}.json`, "[]\n");
    const e = await importFailure(
      importSnapshot(openSource(`${db}.json`), { dbPath: db, format: "json" }),
    );
    assertEquals(e.message, "Cannot import: the file holds no clubs");
    await assertRejects(
      importSnapshot(streamSource(new Blob(["\n\n"]).stream()), { dbPath: db }),
      /the file is empty \(no header row\)/,
    );
  });
});
