/**
 * Lists and numbers defined once are quoted by interpolation, never written
 * out again: a source file that restates one drifts the day the constant
 * changes.
 */
import config from "../deno.json" with { type: "json" };
import {
  ADVERTISED_RATE_LIMIT as RATE,
  DEFAULT_LIMIT,
  FEE_ACCESS,
  MAX_LIMIT,
  SESSION_COOKIE,
  VERSION,
  WAITLIST_VALUES,
} from "../core/model/mod.ts";
import { type FeeAccess } from "../core/club/mod.ts";
import { assertEquals } from "./_assert.ts";

const ROOT = new URL("../", import.meta.url);

async function* sources(dir: URL): AsyncGenerator<{ path: string; text: string }> {
  for await (const e of Deno.readDir(dir)) {
    const url = new URL(e.name + (e.isDirectory ? "/" : ""), dir);
    if (e.isDirectory) yield* sources(url);
    else if (e.name.endsWith(".ts")) {
      yield { path: url.pathname.slice(ROOT.pathname.length), text: await Deno.readTextFile(url) };
    }
  }
}

/** Source lines outside doc comments (examples may show values). */
function codeLines(text: string): string[] {
  return text.split("\n").filter((l) => !/^\s*(\*|\/\*\*|\/\/)/.test(l));
}

/** Restatements of each constant, as they were once written out in prose. */
const RESTATED: [string, RegExp][] = [
  ["WAITLIST_VALUES", new RegExp(WAITLIST_VALUES.slice(0, 3).join(",? ?"))],
  ["MAX_LIMIT", new RegExp(`\\b(1 to|maximum( of)?|clamped to) ${MAX_LIMIT}\\b`)],
  [
    "DEFAULT_LIMIT",
    new RegExp(
      `page.*default ${DEFAULT_LIMIT}\\b|out for ${DEFAULT_LIMIT}\\b|limit=${DEFAULT_LIMIT}\\b`,
    ),
  ],
  ["SESSION_COOKIE", new RegExp(`\\b${SESSION_COOKIE}=<token>`)],
  [
    "ADVERTISED_RATE_LIMIT",
    new RegExp(`\\b${RATE.limit}(/| requests (in|per) )${RATE.windowSeconds}\\b`),
  ],
  ["VERSION", new RegExp(`"${VERSION.replaceAll(".", "\\.")}"`)],
];

Deno.test("no source file restates a list or limit that a constant defines", async () => {
  const found: string[] = [];
  for (const dir of ["core/", "server/", "cli/"]) {
    for await (const { path, text } of sources(new URL(dir, ROOT))) {
      for (const line of codeLines(text)) {
        for (const [name, re] of RESTATED) {
          if (re.test(line)) found.push(`${path}: ${name}: ${line.trim()}`);
        }
      }
    }
  }
  // main.ts too: it is a source file outside the folders.
  for (const line of codeLines(await Deno.readTextFile(new URL("main.ts", ROOT)))) {
    for (const [name, re] of RESTATED) if (re.test(line)) found.push(`main.ts: ${name}: ${line}`);
  }
  assertEquals(found, []);
});

Deno.test("the version is deno.json's", () => {
  assertEquals(VERSION, config.version);
});

Deno.test("FeeAccess is derived from FEE_ACCESS", () => {
  // Type-checks only while every FEE_ACCESS value is a FeeAccess and back.
  const values: readonly FeeAccess[] = FEE_ACCESS;
  const back: typeof FEE_ACCESS[number] = values[0]!;
  assertEquals([...values, back], ["locked", "band", "exact", "locked"]);
});

Deno.test("every suite asserts, builds fixtures and runs child processes through the shared modules", async () => {
  const found: string[] = [];
  // The shared modules themselves, and this file, whose patterns would match themselves.
  const shared = new Set([
    "tests/_assert.ts",
    "tests/_fixture.ts",
    "tests/_run.ts",
    "tests/consistency_test.ts",
  ]);
  for await (const { path, text } of sources(new URL("tests/", ROOT))) {
    if (shared.has(path)) continue;
    const lines = codeLines(text);
    if (lines.some((l) => /from "node:assert/.test(l))) {
      found.push(`${path}: node:assert, not _assert.ts`);
    }
    if (lines.some((l) => /new Deno\.Command\(Deno\.execPath\(\)/.test(l))) {
      found.push(`${path}: its own deno runner, not _run.ts`);
    }
    if (lines.some((l) => /fixtures\/clubs\.csv/.test(l))) found.push(`${path}: FIXTURE_CSV again`);
  }
  assertEquals(found, []);
});
