// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * `query` at a terminal: tables that fit the width, data that cannot drive
 * the terminal, a reader that stops early, hints in flags. Terminal runs
 * need a pseudo-terminal (tests/_run.ts) and are skipped without one.
 */
import stringWidth from "string-width";
import { parse } from "csv-parse/sync";
import { assert, assertEquals, assertStrictEquals } from "../_assert.ts";
import { csvFile, fixture, FIXTURE_CSV, sharedFixture } from "../_fixture.ts";
import { hasTerminal, MAIN, runAtTerminal, runMain, spawn } from "../_run.ts";

const fx = await sharedFixture();
const EVIL = "Evil\x1b]0;pwned\x07\x1b[2J Club";
const HEADER = (await Deno.readTextFile(FIXTURE_CSV)).split("\n")[0]!;

/** A CSV row of the fixture's columns from a few named values. */
function row(values: Record<string, string>): string {
  return HEADER.split(",").map((c) => {
    const v = values[c] ?? "";
    return /[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
  }).join(",");
}

/** Clubs whose names a terminal can get wrong. */
const odd = await fixture({
  csv: await csvFile(
    [
      HEADER,
      row({ name: EVIL, city: "Nowhere", state: "Florida", country: "United States" }),
      row({ name: "東京ゴルフ倶楽部", city: "東京", country: "Japan", type: "golf" }),
      row({
        name: "Cafe\u0301 de l'Ope\u0301ra Cercle Historique",
        city: "Paris",
        country: "France",
      }),
      row({ name: "Family 👨‍👩‍👧 Club", city: "Seoul", country: "South Korea", type: "city" }),
    ].join("\n") + "\n",
  ),
});
globalThis.addEventListener("unload", () => odd.disposeSync());

Deno.test({
  name: "query's table fits an 80-column terminal and aligns wide characters",
  ignore: !hasTerminal,
  async fn() {
    for (const columns of [80, 60, 120]) {
      const { code, lines } = await runAtTerminal(columns, ["query", "--db", odd.path]);
      assertEquals(code, 0, lines.join("\n"));
      const table = lines.slice(0, lines.indexOf(""));
      assertEquals(table.length, 5, lines.join("\n"));
      for (const l of lines) assert(stringWidth(l) <= columns, `${columns}: ${l}`);
      // Each column starts at the same display column on every line.
      const at = (l: string, word: string) => stringWidth(l.slice(0, l.indexOf(`  ${word}`) + 2));
      if (!table[0]!.includes(" CITY")) continue;
      const city = at(table[0]!, "CITY");
      for (const l of table.slice(1)) {
        const c = ["Nowhere", "東京", "Paris", "Seoul"].find((c) => l.includes(c))!;
        assertStrictEquals(at(l, c), city, `${columns}: ${l}`);
      }
    }
  },
});

Deno.test({
  name: "query's table at a terminal shows escape sequences from the data, never sends them",
  ignore: !hasTerminal,
  async fn() {
    const { lines } = await runAtTerminal(120, ["query", "--q", "evil", "--db", odd.path]);
    const text = lines.join("\n");
    assert(!text.includes("\x1b]0;") && !text.includes("\x07"), JSON.stringify(text));
    assert(text.includes("Evil␛]0;pwned␇␛[2J Club"), text);
  },
});

Deno.test({
  name: "query --format csv escapes control characters at a terminal only",
  ignore: !hasTerminal,
  async fn() {
    const { lines } = await runAtTerminal(120, [
      "query",
      "--q",
      "evil",
      "--format",
      "csv",
      "--db",
      odd.path,
    ]);
    assert(!lines.join("\n").includes("\x1b"), JSON.stringify(lines));
    assert(lines[1]!.includes("Evil␛]0;pwned␇␛[2J Club"), lines[1]);
    // Into a pipe or a file, CSV is the data as stored.
    const piped = await runMain(["query", "--q", "evil", "--format", "csv", "--db", odd.path]);
    const [header, first] = parse(piped.stdout) as string[][];
    assertStrictEquals(first![header!.indexOf("name")], EVIL);
  },
});

Deno.test("query --format table escapes control characters in a pipe too", async () => {
  const r = await runMain(["query", "--format", "table", "--db", odd.path]);
  assertEquals(r.code, 0);
  assert(!r.stdout.includes("\x1b") && !r.stdout.includes("\x07"), r.stdout);
  assert(r.stdout.includes("Evil␛]0;pwned␇␛[2J Club"));
});

Deno.test("query | head: a reader that stops early ends query quietly with exit 0", async () => {
  // Enough clubs to fill the pipe: every fixture club 60 times over, with unique names.
  const clubs = parse(await Deno.readTextFile(FIXTURE_CSV), { columns: true }) as Record<
    string,
    string
  >[];
  const many = [HEADER];
  for (let i = 0; i < 60; i++) {
    // New names, and ids and slugs derived from them.
    for (const c of clubs) {
      many.push(row({ ...c, name: `Copy ${i} of ${c.name}`, id: "", slug: "" }));
    }
  }
  await using big = await fixture({ csv: await csvFile(many.join("\n") + "\n") });
  for (const format of ["ndjson", "csv", "json", "table"]) {
    const child = spawn([
      "run",
      "-A",
      MAIN,
      "query",
      "--all",
      "--format",
      format,
      "--db",
      big.path,
    ]);
    const reader = child.stdout.getReader();
    await reader.read();
    await reader.cancel(); // `head` has what it wants and closes the pipe
    const [status, stderr] = await Promise.all([child.status, new Response(child.stderr).text()]);
    assertEquals([format, status.code, stderr], [format, 0, ""]);
  }
});

Deno.test("query hints speak in flags, not REST URLs", async () => {
  const cases: [string[], string][] = [
    [["--page", "0"], "--page"],
    [["--limit", "x"], "--limit"],
    [["--waitlist", "soon"], "--waitlist"],
  ];
  for (const [args, flag] of cases) {
    const r = await runMain(["query", ...args, "--db", fx.path]);
    assertEquals(r.code, 2);
    const hint = r.stderr.split("\n").find((l) => l.startsWith("hint: "))!;
    assert(hint.includes(flag) && hint.includes("main.ts query"), hint);
    assert(!hint.includes("/api/v1") && !hint.includes("GET "), hint);
  }
});

Deno.test("an unknown flag suggests the closest one", async () => {
  const r = await runMain(["query", "--tpye", "golf", "--db", fx.path]);
  assertEquals(r.code, 2);
  assert(r.stderr.startsWith("error: unknown flag '--tpye' (did you mean --type?)"), r.stderr);
  const s = await runMain(["session", "lst", "--teir", "free"]);
  assert(s.stderr.includes("(did you mean --tier?)"), s.stderr);
});
