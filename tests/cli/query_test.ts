// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { parse } from "csv-parse/sync";
import { ClubListSchema } from "../../core/schema/club.ts";
import { clubListJson } from "../../core/search/club_list.ts";
import { parseSearch } from "../../core/search/query.ts";
import { findPage } from "../../core/search/search.ts";
import { FEE_FIGURE_FIELDS } from "../../core/model/mod.ts";
import { csvFile, fixture, FIXTURE_CSV, numberedClubsCsv, sharedFixture } from "../_fixture.ts";
import { runMain } from "../_run.ts";
import { strictTsv } from "./_tsv.ts";
import { assert, assertEquals } from "../_assert.ts";

const fx = await sharedFixture();

Deno.test("query --format json prints exactly the anonymous REST ClubList body", async () => {
  const r = await runMain([
    "query",
    "--type",
    "golf",
    "--state",
    "FL",
    "--format",
    "json",
    "--db",
    fx.path,
  ]);
  assertEquals(r.code, 0);
  const q = parseSearch({ type: "golf", state: "FL" });
  assert(q.ok);
  assertEquals(r.stdout, clubListJson(fx.store, findPage(fx.store, q.value), "locked") + "\n");
  const body = ClubListSchema.parse(JSON.parse(r.stdout));
  assertEquals(body.fee_access, "locked");
  assert(body.clubs.every((c) => c.initiation_fee === null && c.annual_dues === null));
});

Deno.test("query prints JSON when stdout is not a terminal", async () => {
  const r = await runMain(["query", "--q", "riverside", "--db", fx.path]);
  assertEquals(JSON.parse(r.stdout).total, 3);
});

Deno.test("query --format table shows columns and a showing footer", async () => {
  const r = await runMain([
    "query",
    "--q",
    "riverside",
    "--limit",
    "2",
    "--format",
    "table",
    "--db",
    fx.path,
  ]);
  assertEquals(r.code, 0);
  const lines = r.stdout.trimEnd().split("\n");
  assert(lines[0]!.startsWith("NAME") && lines[0]!.includes("WAITLIST"));
  assertEquals(lines.at(-1), "showing 1–2 of 3 (next: --page 2)");
});

Deno.test("query --all streams every page as NDJSON", async () => {
  const r = await runMain([
    "query",
    "--all",
    "--limit",
    "7",
    "--format",
    "ndjson",
    "--db",
    fx.path,
  ]);
  const rows = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
  assertEquals(rows.length, 30);
  assertEquals(new Set(rows.map((c) => c.id)).size, 30);
});

Deno.test("query --all --format json is one ClubList with every club", async () => {
  const r = await runMain([
    "query",
    "--all",
    "--type",
    "golf",
    "--format",
    "json",
    "--limit",
    "3",
    "--db",
    fx.path,
  ]);
  const body = ClubListSchema.parse(JSON.parse(r.stdout));
  assertEquals([body.clubs.length, body.total], [13, 13]);
});

Deno.test("query --format csv writes a header and one row per club, fees hidden", async () => {
  const r = await runMain(["query", "--q", "pine valley", "--format", "csv", "--db", fx.path]);
  const [header, row] = parse(r.stdout) as string[][];
  assert(header!.includes("name") && header!.includes("initiation_fee"));
  assertEquals(row![header!.indexOf("name")], "Pine Valley Golf Club");
  assertEquals(row![header!.indexOf("initiation_fee")], "");
});

Deno.test("query --format tsv is export's TSV, escapes included, with the fees left empty", async () => {
  const header = (await Deno.readTextFile(FIXTURE_CSV)).split("\n")[0]!;
  const awkward = 'tab\there, "quoted"\nand a second line';
  const values: Record<string, string> = {
    name: "Awkward Cells Club",
    city: "Bern",
    country: "Switzerland",
    type: "golf",
    description: awkward,
    initiation_fee: "1000",
    annual_dues: "500",
    monthly_dues: "50",
    currency: "CHF",
  };
  const line = header.split(",").map((c) => {
    const v = values[c] ?? "";
    return /[",\n\t]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
  }).join(",");
  await using odd = await fixture({ csv: await csvFile(`${header}\n${line}\n`) });
  const r = await runMain(["query", "--all", "--format", "tsv", "--db", odd.path]);
  assertEquals(r.code, 0, r.stderr);
  // No quoting: a tab or line break is escaped, a quote is a plain character.
  assert(r.stdout.includes('\ttab\\there, "quoted"\\nand a second line\t'), r.stdout);
  const exported = await runMain(["export", "--format", "tsv", "--db", odd.path]);
  assertEquals(exported.code, 0, exported.stderr);
  const rows = strictTsv(r.stdout);
  const expected = strictTsv(exported.stdout);
  assertEquals(rows[0], expected[0]);
  assertEquals(rows.length, 2);
  for (const fee of FEE_FIGURE_FIELDS) {
    const at = expected[0]!.indexOf(fee);
    assert(at >= 0 && expected[1]![at] !== "", fee);
    expected[1]![at] = "";
  }
  assertEquals(rows[1], expected[1]);
  assertEquals(rows[1]![rows[0]!.indexOf("description")], awkward);
  // Nothing but the fee cells (adjacent columns) differs from export's text.
  const blanked = exported.stdout.replace("\t1000\t500\t50\t", "\t\t\t\t");
  assert(blanked !== exported.stdout);
  assertEquals(r.stdout, blanked);
});

Deno.test("query prints the API's message and exits 2 on a bad page", async () => {
  const r = await runMain(["query", "--page", "0", "--db", fx.path]);
  assertEquals(r.code, 2);
  assert(r.stderr.includes('Page "0" is not a whole number from 1'), r.stderr);
  assert(r.stderr.includes("hint:"));
});

Deno.test("query names a bad waitlist value and the allowed ones", async () => {
  const r = await runMain(["query", "--waitlist", "open,soon", "--db", fx.path]);
  assertEquals(r.code, 2);
  assert(r.stderr.includes('"soon"') && r.stderr.includes("by_invitation"), r.stderr);
});

Deno.test("query rejects an unknown flag with a one-line error and a pointer to --help", async () => {
  const r = await runMain(["query", "--colour", "red", "--db", fx.path]);
  assertEquals(r.code, 2);
  assert(r.stderr.startsWith("error: unknown flag '--colour'"), r.stderr);
  assert(r.stderr.endsWith('\nRun "main.ts query --help" for the options.\n'), r.stderr);
  assert(!r.stderr.includes("Usage:"), r.stderr);
});

Deno.test("query rejects an unknown --format", async () => {
  const r = await runMain(["query", "--format", "xml", "--db", fx.path]);
  assertEquals(r.code, 2);
  assert(r.stderr.includes("--format"));
});

Deno.test("query on a missing database says how to build it and exits 1", async () => {
  const r = await runMain(["query", "--db", "/nonexistent/clubs.db"]);
  assertEquals(r.code, 1);
  assert(r.stderr.includes('Cannot read database "/nonexistent/clubs.db"'), r.stderr);
  assert(r.stderr.includes("hint: build it with"), r.stderr);
});

/** `query --db <fixture> --format json` with the given flags. */
function queryJson(...flags: string[]) {
  return runMain(["query", ...flags, "--format", "json", "--db", fx.path]);
}

Deno.test("query --match, --sort and --city search as the REST parameters do", async () => {
  const words = await queryJson("--q", "george st", "--match", "words");
  assertEquals(JSON.parse(words.stdout).clubs.map((c: { name: string }) => c.name), [
    "Royal St. George's Golf Club",
  ]);
  const ranked = await queryJson("--q", "club", "--sort", "relevance", "--limit", "2");
  assertEquals(JSON.parse(ranked.stdout).clubs.map((c: { name: string }) => c.name), [
    "Club de Golf, Málaga",
    "Club Havana Cigar Lounge",
  ]);
  const city = await queryJson("--city", "zurich");
  assertEquals(JSON.parse(city.stdout).total, 1);
});

Deno.test("query prints suggestions on stderr when nothing matches, the body on stdout", async () => {
  const r = await queryJson("--type", "golff");
  assertEquals(r.code, 0);
  const body = JSON.parse(r.stdout);
  assertEquals([body.total, body.suggestions], [0, [{ params: { type: "golf" }, total: 13 }]]);
  assert(r.stderr.includes("--type golf   (13 clubs)"), r.stderr);
  const state = await queryJson("--state", "NSW");
  assert(state.stderr.includes("--country AU   (1 club)"), state.stderr);
  assert(state.stderr.includes("without --state   (30 clubs)"), state.stderr);
  const none = await queryJson("--q", "zzzzzz");
  assertEquals(none.stderr, "");
});

Deno.test("query's suggestions write counts with thousands separators", async () => {
  await using big = await fixture({ csv: await numberedClubsCsv(1234) });
  const r = await runMain(["query", "--type", "golff", "--format", "json", "--db", big.path]);
  assertEquals(r.code, 0);
  assertEquals(JSON.parse(r.stdout).suggestions, [{ params: { type: "golf" }, total: 1234 }]);
  assert(r.stderr.includes("--type golf   (1,234 clubs)"), r.stderr);
});

Deno.test("query exits 2 naming --q when q is too long or holds a control character", async () => {
  for (const q of ["x".repeat(201), "abc\u0001def"]) {
    const r = await queryJson("--q", q);
    assertEquals(r.code, 2);
    assert(r.stderr.startsWith("error: invalid q (--q): "), r.stderr);
    assert(!r.stderr.includes("\u0001"), "the message shows the character escaped");
  }
  const sort = await queryJson("--sort", "relevance");
  assertEquals(sort.code, 2);
  assert(sort.stderr.includes("needs q"), sort.stderr);
});

Deno.test("query --help lists every search parameter as a flag", async () => {
  const r = await runMain(["query", "--help"]);
  for (
    const flag of ["--city CITY", "--match MODE", "--sort ORDER", "--q TEXT", "--waitlist LIST"]
  ) {
    assert(r.stdout.includes(flag), flag);
  }
});
