// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * `query --changed-since DATE` on a database of two imports in a row
 * (tests/core/history/_two_imports.ts): every format against core/history's
 * own answer, the filters, paging, fee changes only as "Fees updated", and
 * a bad date as a usage error naming the flag. CSV is read back by
 * csv-parse, TSV by a strict IANA reader.
 */
import { parse } from "csv-parse/sync";
import { changeListJson, listChanges } from "../../core/history/mod.ts";
import { ChangeListSchema } from "../../core/schema/mod.ts";
import { parseSearch, type RawSearch } from "../../core/search/mod.ts";
import { CHANGE_COLUMNS } from "../../cli/query_changes.ts";
import { FIRST_DAY, SECOND_DAY, twoImports } from "../core/history/_two_imports.ts";
import { sharedFixture } from "../_fixture.ts";
import { hasTerminal, runAtTerminal, runMain } from "../_run.ts";
import { strictTsv } from "./_tsv.ts";
import { assert, assertEquals, assertMatch } from "../_assert.ts";

const h = await twoImports();
globalThis.addEventListener("unload", () => {
  h.store.close();
  Deno.removeSync(h.dir, { recursive: true });
});

/** `main.ts query --changed-since <since> ...args --db <the two imports>`. */
function changes(since: string, ...args: string[]) {
  return runMain(["query", "--changed-since", since, ...args, "--db", h.path]);
}

/** The wire form core/history answers an anonymous caller, as `query` must print it. */
function expected(raw: RawSearch, since: string) {
  const q = parseSearch(raw);
  assert(q.ok);
  const meta = {
    access: "locked",
    page: q.value.page,
    limit: q.value.limit,
    since,
  } as const;
  const list = listChanges(h.store, q.value, meta);
  return changeListJson(h.store, list, { ...meta, baseUrl: null });
}

Deno.test("query --changed-since --format json prints the body GET /api/v1/changes gives an anonymous caller", async () => {
  const r = await changes(FIRST_DAY, "--format", "json");
  assertEquals(r.code, 0, r.stderr);
  const body = ChangeListSchema.parse(JSON.parse(r.stdout));
  assertEquals(body, expected({}, FIRST_DAY));
  // 3 added, 2 removed, 5 changed (two waitlists, two fee changes, one opened).
  assertEquals(body.total, 10);
  assertEquals(body.fee_access, "locked");
  assertEquals(body.kept, {
    snapshots: 2,
    newest: SECOND_DAY,
    oldest: FIRST_DAY,
  });
  const kinds = body.changes.map((c) => c.kind).sort();
  assertEquals(kinds.filter((k) => k === "added").length, 3);
  assertEquals(kinds.filter((k) => k === "removed").length, 2);
});

Deno.test("query --changed-since shows fee changes only as 'Fees updated', never a figure or band", async () => {
  const r = await changes(FIRST_DAY, "--format", "json");
  const body = ChangeListSchema.parse(JSON.parse(r.stdout));
  for (const edited of [h.edits.verifiedFees, h.edits.estimateFees]) {
    const c = body.changes.find((c) => c.club.id === edited.id)!;
    assertEquals(c.words, ["Fees updated"]);
    assertEquals(c.fields, [{ field: "fees", old: null, new: null }]);
  }
  // No figure of either club, before or after, appears anywhere in any format.
  const figures = [h.edits.verifiedFees, h.edits.estimateFees].flatMap((c) =>
    [c.initiation_fee, c.initiation_fee! / 3, c.annual_dues].filter((v) => v !== null)
  ).map(String);
  for (const format of ["json", "ndjson", "csv", "tsv", "table"]) {
    const out = (await changes(FIRST_DAY, "--format", format)).stdout;
    for (const f of figures) assert(!out.includes(f), `${format} shows ${f}`);
    assert(!/fee_views|fee_tier|currency/.test(out), format);
  }
});

Deno.test("query --changed-since applies the search's filters as core/history does", async () => {
  const opened = h.edits.opened;
  for (
    const raw of [
      { state: opened.state!, country: opened.country! },
      { waitlist: "open" },
      { type: "golf" },
      { q: h.edits.added[0]!.name.split(" ")[0]!, match: "words" },
    ] as RawSearch[]
  ) {
    const flags = Object.entries(raw).flatMap((
      [k, v],
    ) => [`--${k}`, String(v)]);
    const r = await changes(FIRST_DAY, ...flags, "--format", "json");
    assertEquals(r.code, 0, r.stderr);
    assertEquals(
      JSON.parse(r.stdout),
      expected(raw, FIRST_DAY),
      flags.join(" "),
    );
  }
  const open = JSON.parse(
    (await changes(FIRST_DAY, "--waitlist", "open")).stdout,
  );
  assert(
    open.changes.some((c: { club: { id: string } }) => c.club.id === opened.id),
  );
  // A day after the second import: nothing.
  const none = await changes("2025-03-04", "--format", "json");
  assertEquals(JSON.parse(none.stdout).total, 0);
});

Deno.test("query --changed-since pages with --page/--limit and --all joins every page into one body", async () => {
  const page = await changes(
    FIRST_DAY,
    "--page",
    "2",
    "--limit",
    "4",
    "--format",
    "json",
  );
  assertEquals(
    JSON.parse(page.stdout),
    expected({ page: "2", limit: "4" }, FIRST_DAY),
  );
  const all = await changes(
    FIRST_DAY,
    "--all",
    "--limit",
    "3",
    "--format",
    "json",
  );
  const body = ChangeListSchema.parse(JSON.parse(all.stdout));
  const whole = expected({ limit: "200" }, FIRST_DAY);
  assertEquals(body, { ...whole, limit: whole.total });
  const nd = await changes(
    FIRST_DAY,
    "--all",
    "--limit",
    "3",
    "--format",
    "ndjson",
  );
  assertEquals(
    nd.stdout.trim().split("\n").map((l) => JSON.parse(l)),
    whole.changes,
  );
});

Deno.test("query --changed-since writes one CSV or TSV line per change, the wire form's fields flattened", async () => {
  const whole = expected({}, FIRST_DAY);
  const csv = parse(
    (await changes(FIRST_DAY, "--format", "csv")).stdout,
  ) as string[][];
  const tsv = strictTsv((await changes(FIRST_DAY, "--format", "tsv")).stdout);
  for (const [format, rows] of [["csv", csv], ["tsv", tsv]] as const) {
    assertEquals(rows[0], [...CHANGE_COLUMNS], format);
    assertEquals(rows.length, whole.total + 1, format);
    const at = (name: string) => rows[0]!.indexOf(name);
    rows.slice(1).forEach((row, i) => {
      const c = whole.changes[i]!;
      assertEquals(row[at("snapshot_date")], c.snapshot.date, format);
      assertEquals(row[at("kind")], c.kind, format);
      assertEquals(row[at("club_name")], c.club.name, format);
      assertEquals(row[at("club_url")], "", format);
      assertEquals(JSON.parse(row[at("words")]!), c.words, format);
      assertEquals(JSON.parse(row[at("fields")]!), c.fields, format);
    });
  }
  assertEquals(
    CHANGE_COLUMNS.slice(0, 4),
    ["snapshot_id", "snapshot_date", "kind", "club_id"],
  );
});

Deno.test("query --changed-since --format table lists the changes in words, with a footer in flags", async () => {
  const r = await changes(FIRST_DAY, "--limit", "4", "--format", "table");
  assertEquals(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  assertMatch(lines[0]!, /^DATE +NAME +PLACE +CHANGE$/);
  assertEquals(
    lines.at(-1),
    "showing 1–4 of 10 changes since 2025-03-01 (next: --page 2)",
  );
  const all = (await changes(FIRST_DAY, "--format", "table")).stdout;
  const row = (id: string) => {
    const name = [...h.second, ...h.edits.removed].find((c) => c.id === id)!.name;
    return all.split("\n").find((l) => l.includes(name))!;
  };
  assertMatch(row(h.edits.opened.id), /^2025-03-03 .*Opened for applications$/);
  assertMatch(row(h.edits.closedWaitlist.id), /Closed its waitlist$/);
  assertMatch(row(h.edits.verifiedFees.id), /Fees updated$/);
  assertMatch(row(h.edits.removed[0]!.id), /Removed from the directory$/);
  assertMatch(row(h.edits.added[0]!.id), /New in /);
  const none = await changes("2025-03-04", "--format", "table");
  assertEquals(
    none.stdout.trimEnd().split("\n").at(-1),
    "no changes since 2025-03-04 to clubs these filters find",
  );
});

Deno.test("query --changed-since says when the history kept does not reach back to the date", async () => {
  const r = await changes("2024-12-31", "--format", "table");
  assertEquals(r.stdout.trimEnd().split("\n").slice(-2), [
    "showing 1–10 of 10 changes since 2024-12-31",
    "the history kept goes back to 2025-03-01",
  ]);
  // One import: its snapshot has nothing to compare with, so nothing is listed.
  const fx = await sharedFixture();
  const one = await runMain([
    "query",
    "--changed-since",
    "2000-01-01",
    "--format",
    "json",
    "--db",
    fx.path,
  ]);
  const body = ChangeListSchema.parse(JSON.parse(one.stdout));
  assertEquals([body.total, body.kept.snapshots], [0, 1]);
});

Deno.test("query --changed-since with a date that is not a day is a usage error naming the flag", async () => {
  for (const bad of ["2025-02-30", "yesterday", "2025-3-1", ""]) {
    const r = await changes(bad, "--format", "json");
    assertEquals(r.code, 2, bad);
    assertEquals(r.stdout, "", bad);
    assertMatch(
      r.stderr,
      /^error: --changed-since must be a day written YYYY-MM-DD, such as 2025-03-03; got "/,
      bad,
    );
  }
  const sorted = await changes(FIRST_DAY, "--sort", "name");
  assertEquals(sorted.code, 2);
  assertMatch(sorted.stderr, /--sort does not apply to --changed-since/);
  // The search's own checks still run, worded as query words them.
  const page = await changes(FIRST_DAY, "--page", "0");
  assertEquals(page.code, 2);
  assertMatch(page.stderr, /\(--page\)/);
});

Deno.test({
  name: "query --changed-since's table fits the terminal, keeping the change",
  ignore: !hasTerminal,
  async fn() {
    const { code, lines } = await runAtTerminal(60, [
      "query",
      "--changed-since",
      FIRST_DAY,
      "--db",
      h.path,
    ]);
    assertEquals(code, 0, lines.join("\n"));
    assert(
      lines[0]!.startsWith("DATE") && lines[0]!.includes("CHANGE"),
      lines[0],
    );
    assert(!lines[0]!.includes("PLACE"), lines[0]);
    for (const l of lines) assert(l.length <= 60, l);
    assert(
      lines.some((l) => l.includes("Opened for applications")),
      lines.join("\n"),
    );
  },
});
