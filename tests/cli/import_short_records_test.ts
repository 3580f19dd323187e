// Test tier: integration (sockets or child processes; see tests/tiers.ts).
/**
 * Gzip files of millions of two-byte records, made on the fly, imported
 * the way `deno task import` runs (its V8 flags: a 128 MB heap): each one
 * ends with a clean refusal (exit 1, the JSON report, nothing left behind,
 * the old database as it was), never V8's "out of memory" (exit 133).
 */
import { fileURLToPath } from "node:url";
import { FIXTURE_CSV } from "../_fixture.ts";
import { runMain, spawn } from "../_run.ts";
import { assert, assertEquals } from "../_assert.ts";
import { hasProc, killAfter, leftovers, peakRss, sha256 } from "./_child.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The `deno run` arguments of `deno task import` (deno.json), with write
 * access to `dir` instead of data/: the same V8 flags, the same entry point.
 */
function importTaskArgs(dir: string): string[] {
  const tasks = JSON.parse(Deno.readTextFileSync(`${ROOT}deno.json`)).tasks;
  const words = (tasks.import as string).split(/\s+/);
  assertEquals(words.slice(0, 2), ["deno", "run"], tasks.import);
  assert(words.some((w) => w.startsWith("--v8-flags=") && w.includes("--max-old-space-size=")));
  return words.slice(1).map((w) =>
    w.startsWith("--allow-write") ? `--allow-write=${dir}` : w === "main.ts" ? `${ROOT}main.ts` : w
  );
}

/** `head` then `count` copies of `line` (rounded up to 65,536), gzipped as it is made. */
function gzipOf(head: string, line: string, count: number): ReadableStream<Uint8Array> {
  const block = new TextEncoder().encode(line.repeat(1 << 16));
  const blocks = Math.ceil(count / (1 << 16));
  let i = -1;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (i++ === -1) c.enqueue(new TextEncoder().encode(head));
      else if (i <= blocks) c.enqueue(block);
      else c.close();
    },
  }).pipeThrough(
    new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
  );
}

async function importGzip(name: string, input: ReadableStream<Uint8Array>) {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-short-records-" });
  try {
    const db = `${dir}/c.db`;
    const first = await runMain(["import", FIXTURE_CSV, "--db", db]);
    assertEquals(first.code, 0, first.stderr);
    const before = await sha256(db);
    const file = `${dir}/${name}`;
    await input.pipeTo((await Deno.open(file, { write: true, createNew: true })).writable);
    const bytes = Deno.statSync(file).size;
    const child = spawn([...importTaskArgs(dir), file, "--db", db, "--report", "json"], {
      cwd: ROOT,
    });
    const timer = killAfter(child, 120_000);
    const peak = peakRss(child.pid);
    const out = await child.output();
    clearTimeout(timer);
    const text = new TextDecoder();
    return {
      bytes,
      code: out.code,
      stdout: text.decode(out.stdout),
      stderr: text.decode(out.stderr),
      peakMb: peak.stop(),
      unchanged: await sha256(db) === before,
      leftovers: leftovers(dir).filter((n) => n !== name),
      db,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Refused cleanly: exit 1, `message` in the report and on stderr, nothing written or left. */
function assertRefused(r: Awaited<ReturnType<typeof importGzip>>, message: RegExp): void {
  const what = `exit ${r.code}, ${r.peakMb} MB: ${r.stderr.slice(-800)}`;
  assertEquals(r.code, 1, what);
  const report = JSON.parse(r.stdout);
  assertEquals([report.ok, report.cancelled], [false, false]);
  assert(message.test(report.error), report.error);
  assert(r.stderr.includes(`; ${r.db} was not changed`), what);
  assertEquals(report.errors.listed.length, 50, "the first --max-errors errors are listed");
  assert(r.unchanged, "the old database changed");
  assertEquals(r.leftovers, [], "temporary files left");
  // Two isolates of at most 128 MB of heap each, and SQLite's caches.
  if (hasProc) assert(r.peakMb <= 400, `peak RSS ${r.peakMb} MB`);
}

Deno.test("import refuses 33 million two-byte CSV rows (one club repeated) gzipped cleanly, within the task's heap", async () => {
  const r = await importGzip("a.csv.gz", gzipOf("name\n", "a\n", 33_000_000));
  assert(r.bytes < 512 * 1024, `${r.bytes} bytes`);
  assertRefused(
    r,
    /^Cannot import: 100,000 errors by line 100,002, the most an import counts: it stopped reading there$/,
  );
  const listed = JSON.parse(r.stdout).errors.listed;
  assertEquals(listed[0].line, 3);
  assert(/^id must be unique: already used on line 2$/.test(listed[0].message));
});

Deno.test("import refuses 2 million CSV rows of one comma gzipped cleanly, within the task's heap", async () => {
  const r = await importGzip("comma.csv.gz", gzipOf("name\n", ",\n", 2_000_000));
  assert(r.bytes < 64 * 1024, `${r.bytes} bytes`);
  assertRefused(r, /^Cannot import: 100,000 errors by line 100,001, the most an import counts/);
  assertEquals(JSON.parse(r.stdout).errors.count, 100_000);
});

Deno.test("import refuses 33 million NDJSON lines of `1` gzipped cleanly, within the task's heap", async () => {
  const r = await importGzip("one.ndjson.gz", gzipOf("", "1\n", 33_000_000));
  assertRefused(r, /^Cannot import: 100,000 errors by line 100,000, the most an import counts/);
  assert(/JSON object/.test(JSON.parse(r.stdout).errors.listed[0].message));
});
