// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { DatabaseSync } from "node:sqlite";
import {
  ImportError,
  importSnapshot,
  openSource,
  streamSource,
} from "../../../../core/import/build/import.ts";
import { ClubStore } from "../../../../core/store/store.ts";
import { fixture, FIXTURE_CSV } from "../../../_fixture.ts";
import { importedClubs, importFailure } from "../_helpers.ts";
import { assert, assertEquals, assertRejects } from "../../../_assert.ts";

const HEADER = "name,city,state,country,type";

async function tmp(): Promise<string> {
  return await Deno.makeTempDir({ prefix: "clubdir-import-" });
}

async function importText(text: string | Uint8Array, dbPath: string, dryRun = false) {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  const path = `${dbPath}.input`;
  await Deno.writeFile(path, bytes);
  return await importSnapshot(openSource(path), { dbPath, dryRun, maxErrors: 10 });
}

async function importErrors(text: string): Promise<ImportError> {
  const dir = await tmp();
  try {
    return await importFailure(importText(text, `${dir}/c.db`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("importSnapshot() reads BOM, CRLF, quoted commas, quotes and newlines, empty cells as null", async () => {
  const dir = await tmp();
  const csv =
    '\ufeffname,city,description,verified,amenities\r\n"Club, The","Town","He said ""hi""\r\nthen left",yes,golf; pool\r\nB Club,,,0,"[""spa""]"\r\n';
  const s = await importText(csv, `${dir}/c.db`);
  assertEquals(s.rows, 2);
  const [b, club] = importedClubs(`${dir}/c.db`);
  assertEquals(club!.name, "Club, The");
  assertEquals(club!.description, 'He said "hi"\r\nthen left');
  assertEquals(club!.verified, true);
  assertEquals(club!.amenities, ["golf", "pool"]);
  assertEquals(b!.city, null);
  assertEquals(b!.verified, false);
  assertEquals(b!.amenities, ["spa"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() accepts columns in any order and reports unknown columns", async () => {
  const dir = await tmp();
  const s = await importText("colour,city,name\nred,Paris,Le Club\n", `${dir}/c.db`);
  assertEquals(s.unknownColumns, ["colour"]);
  assertEquals(importedClubs(`${dir}/c.db`)[0]!.city, "Paris");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() refuses a header without name", async () => {
  const e = await importErrors("city,state\nParis,\n");
  assert(/no "name" column/.test(e.message), e.message);
});

Deno.test("importSnapshot() derives a stable id and a unique slug when missing", async () => {
  const dir = await tmp();
  const csv =
    `${HEADER}\nRiverside Club,Tampa,Florida,United States,golf\nRiverside Club,Tampa,Florida,United States,tennis\nRiverside Club,Ottawa,Ontario,Canada,golf\n`;
  await importText(csv, `${dir}/a.db`);
  await importText(csv, `${dir}/b.db`);
  const a = importedClubs(`${dir}/a.db`);
  const b = importedClubs(`${dir}/b.db`);
  assertEquals(a.map((c) => c.id), b.map((c) => c.id));
  assert(
    a.every((c) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(c.id)
    ),
  );
  assertEquals(a.map((c) => c.slug).sort(), [
    "riverside-club-ottawa",
    "riverside-club-tampa",
    "riverside-club-tampa-2",
  ]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() reports every bad row with line, column and value", async () => {
  const csv = [
    "name,verified,holes,waitlist_status,google_rating,hero_image_url",
    "Good Club,yes,18,open,4.5,https://x.example/a.jpg",
    "Bad Bool,maybe,18,open,4,",
    "Bad Holes,no,eighteen,open,4,",
    "Bad Waitlist,no,9,sometimes,4,",
    ",no,9,open,4,",
    "Bad Rating,no,9,open,7,ftp://x",
  ].join("\n");
  const e = await importErrors(csv);
  const got = e.errors.map((x) => `${x.line}:${x.column}:${x.value}`);
  assertEquals(got, [
    "3:verified:maybe",
    "4:holes:eighteen",
    "5:waitlist_status:sometimes",
    "6:name:",
    "7:hero_image_url:ftp://x",
    "7:google_rating:7",
  ]);
  assertEquals(e.errorCount, 6);
});

Deno.test("importSnapshot() caps the listed errors but counts them all", async () => {
  const rows = Array.from({ length: 25 }, (_, i) => `Club ${i},maybe`);
  const e = await importErrors(["name,verified", ...rows].join("\n"));
  assertEquals(e.errors.length, 10);
  assertEquals(e.errorCount, 25);
});

Deno.test("importSnapshot() rejects duplicate ids and slugs naming the first line", async () => {
  const id = "00000000-0000-4000-8000-000000000001";
  const e = await importErrors(`name,id,slug\nA,${id},a\nB,${id},b\nC,,a\n`);
  assertEquals(e.errors.map((x) => `${x.line}:${x.column}:${x.message}`), [
    "3:id:id must be unique: already used on line 2",
    "4:slug:slug must be unique: already used on line 2",
  ]);
});

Deno.test("importSnapshot() rejects a row with the wrong number of fields", async () => {
  const e = await importErrors("name,city\nA,B,C\n");
  assertEquals(e.errors[0]!.line, 2);
  assert(/expected 2 fields/.test(e.errors[0]!.message));
});

Deno.test("importSnapshot() imports fee figures on a club whose fee_tier is none, with a warning", async () => {
  const dir = await tmp();
  const s = await importText("name,fee_tier,annual_dues\nA,none,5000\n", `${dir}/c.db`);
  assertEquals(s.warnings.listed.map((w) => `${w.line}:${w.column}:${w.rule}`), [
    "2:fee_tier:fee_figures_untiered",
  ]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() names the line where a multi-line record starts", async () => {
  const e = await importErrors('name,description,holes\nA,"one\ntwo\nthree",x\nB,,\n');
  assertEquals(e.errors[0]!.line, 2);
});

Deno.test("importSnapshot() leaves the old database byte-for-byte untouched when it fails", async () => {
  const dir = await tmp();
  const db = `${dir}/c.db`;
  await importSnapshot(openSource(FIXTURE_CSV), { dbPath: db });
  const before = await Deno.readFile(db);
  await assertRejects(importText("name,holes\nA,x\n", db), ImportError);
  await assertRejects(importText("", db), ImportError);
  await assertRejects(importText("name\n", db), ImportError);
  assertEquals(await Deno.readFile(db), before);
  const left = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.includes("importing"));
  assertEquals(left, []);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() leaves the old database when aborted", async () => {
  const dir = await tmp();
  const db = `${dir}/c.db`;
  await importSnapshot(openSource(FIXTURE_CSV), { dbPath: db });
  const before = await Deno.readFile(db);
  const rows = Array.from({ length: 3000 }, (_, i) => `Club ${i}`).join("\n");
  await Deno.writeTextFile(`${dir}/big.csv`, `name\n${rows}\n`);
  const abort = new AbortController();
  abort.abort(new Error("stop"));
  await assertRejects(
    importSnapshot(openSource(`${dir}/big.csv`), { dbPath: db, signal: abort.signal }),
  );
  assertEquals(await Deno.readFile(db), before);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() --dry-run validates without writing", async () => {
  const dir = await tmp();
  const s = await importText(`${HEADER}\nA,B,,,golf\n`, `${dir}/c.db`, true);
  assertEquals([s.rows, s.dbPath], [1, null]);
  assertEquals([...Deno.readDirSync(dir)].map((e) => e.name), ["c.db.input"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() reads gzip input", async () => {
  const dir = await tmp();
  const gz = new Uint8Array(
    await new Response(
      new Blob([`${HEADER}\nZ Club,Zug,Zug,Switzerland,golf\n`]).stream().pipeThrough(
        new CompressionStream("gzip"),
      ),
    ).arrayBuffer(),
  );
  const s = await importText(gz, `${dir}/c.db`);
  assertEquals(s.rows, 1);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() stores precomputed keys: country code, subdivision code, type", async () => {
  const dir = await tmp();
  await importText(
    `${HEADER}\nA,Tampa,FL,USA,Country-Club\nB,Sydney,New South Wales,Australia,golf\n`,
    `${dir}/c.db`,
  );
  const store = ClubStore.open(`${dir}/c.db`);
  const keys = store.db.prepare("SELECT type, country, state FROM club_keys ORDER BY rank").all();
  store.close();
  assertEquals(keys.map((k) => ({ ...k })), [
    { type: "country_club", country: "US", state: "US-FL" },
    { type: "golf", country: "AU", state: "AU-NSW" },
  ]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() turns a corrupt gzip into a clear ImportError", async () => {
  const dir = await tmp();
  const gz = new Uint8Array(
    await new Response(new Blob(["name\nA\n"]).stream().pipeThrough(new CompressionStream("gzip")))
      .arrayBuffer(),
  );
  const bad = new Uint8Array([...gz.subarray(0, 15), 1, 2, 3, 4]);
  await assertRejects(importText(bad, `${dir}/c.db`), /Cannot read the input: corrupt gzip/);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() reports an unclosed quote with its line", async () => {
  const e = await importErrors('name,city\nA,"unclosed\nB,c\n');
  assert(/Cannot parse the CSV: .*line/i.test(e.message), e.message);
});

Deno.test("importSnapshot() reads any byte stream, not only a file from openSource", async () => {
  const dir = await tmp();
  const csv = `${HEADER}\nA,Tampa,FL,USA,golf\n"B\nC",Zug,Zug,Switzerland,golf\n`;
  const s = await importSnapshot(streamSource(new Blob([csv]).stream()), { dbPath: `${dir}/c.db` });
  assertEquals(s.rows, 2);
  assertEquals(importedClubs(`${dir}/c.db`).map((c) => c.name), ["A", "B\nC"]);
  const e = await importFailure(
    importSnapshot(streamSource(new Blob(['name,holes\nA,x\nB,"y\n']).stream()), {
      dbPath: `${dir}/d.db`,
    }),
  );
  assert(/Cannot parse the CSV: .*line/i.test(e.message), e.message);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() reads a file as its name says and records the name, unless the options say otherwise", async () => {
  const dir = await tmp();
  // Tab-separated: read as TSV by its name, as CSV with a sniffed tab otherwise.
  const path = `${dir}/clubs.tsv`;
  await Deno.writeTextFile(path, "name\tcity\nA\\tB\tTampa\n");
  const source = (path: string) => {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      return db.prepare("SELECT value FROM meta WHERE key = 'source'").get()?.value;
    } finally {
      db.close();
    }
  };
  const named = await importSnapshot(openSource(path), { dbPath: `${dir}/a.db` });
  assertEquals([named.format, named.delimiter, source(`${dir}/a.db`)], ["tsv", "\t", path]);
  assertEquals(importedClubs(`${dir}/a.db`)[0]!.name, "A\tB");
  const told = await importSnapshot(openSource(path), {
    dbPath: `${dir}/b.db`,
    format: "csv",
    source: "feed",
  });
  assertEquals([told.format, told.delimiter, source(`${dir}/b.db`)], ["csv", "\t", "feed"]);
  assertEquals(importedClubs(`${dir}/b.db`)[0]!.name, "A\\tB");
  // A stream has no name to read: its content decides, and it is called what it was given.
  const bytes = await Deno.readFile(path);
  const streamed = await importSnapshot(streamSource(new Blob([bytes]).stream(), "pipe"), {
    dbPath: `${dir}/c.db`,
  });
  assertEquals([streamed.format, source(`${dir}/c.db`)], ["csv", "pipe"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() turns a failing byte stream into a clear ImportError", async () => {
  const dir = await tmp();
  let sent = false;
  const failing = new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent) return c.error(new Error("disk on fire"));
      sent = true;
      c.enqueue(new TextEncoder().encode("name\nA\n"));
    },
  });
  const e = await importFailure(importSnapshot(streamSource(failing), { dbPath: `${dir}/c.db` }));
  assertEquals(e.message, "Cannot read the input: disk on fire");
  // Only the lock file stays: no temporary database.
  assertEquals([...Deno.readDirSync(dir)].map((e) => e.name), ["c.db.import-lock"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() streams a large file in bounded batches and keeps every line number", async () => {
  const dir = await tmp();
  // Enough rows for many batches and chunks; one bad row near the end.
  const rows = Array.from({ length: 5000 }, (_, i) => i === 4321 ? `Club ${i},x` : `Club ${i},18`);
  await Deno.writeTextFile(`${dir}/big.csv`, `name,holes\n${rows.join("\n")}\n`);
  const e = await importFailure(
    importSnapshot(openSource(`${dir}/big.csv`), { dbPath: `${dir}/c.db` }),
  );
  assertEquals(e.errors.map((x) => `${x.line}:${x.column}:${x.value}`), ["4323:holes:x"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("importSnapshot() stores each club's JSON at its rank by name, in 16 KiB pages", async () => {
  await using fx = await fixture();
  const db = new DatabaseSync(fx.path, { readOnly: true });
  try {
    assertEquals((db.prepare("PRAGMA page_size").get() as { page_size: number }).page_size, 16384);
    const rows = db.prepare(
      `SELECT k.rank, c.name, c.rowid AS line, j.json FROM club_keys k
       JOIN clubs c ON c.rowid = k.club JOIN club_json j ON j.rank = k.rank ORDER BY k.rank`,
    ).all() as { rank: number; name: string; line: number; json: string }[];
    assertEquals(rows.map((r) => r.rank), rows.map((_, i) => i + 1));
    assertEquals(
      rows.map((r) => (JSON.parse(r.json) as { name: string }).name),
      rows.map((r) => r.name),
    );
    // The fixture is not in name order, so the copy had to reorder it.
    assert(rows.some((r, i) => r.line !== i + 1));
  } finally {
    db.close();
  }
});
