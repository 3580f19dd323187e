// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { FIXTURE_CSV } from "../_fixture.ts";
import { MAIN, runMain, spawn } from "../_run.ts";
import { assert, assertEquals } from "../_assert.ts";
import { hasProc, killAfter, leftovers, peakRss, sha256 } from "./_child.ts";

/** The most a hostile import may hold (MB); a clean one of 40,000 clubs peaks near 150. */
const MAX_PEAK_MB = 300;

/** Hostile input, made on the fly: a sequence of chunks, at most `count`. */
type Input = { chunk: Uint8Array; count: number; head?: string; tail?: string };

const encoder = new TextEncoder();

function chunks(input: Input): ReadableStream<Uint8Array> {
  let i = -1;
  return new ReadableStream({
    pull(c) {
      if (i === -1 && input.head) c.enqueue(encoder.encode(input.head));
      i++;
      if (i < input.count) c.enqueue(input.chunk);
      else {
        if (input.tail) c.enqueue(encoder.encode(input.tail));
        c.close();
      }
    },
  });
}

/**
 * Imports hostile input over a database built from the fixture, `main.ts
 * import <file> --report json`, with the input written to `name` first, or
 * (when `name` is "-") fed through stdin as it is made; the child is
 * killed after 120 s or past 1.5 GB.
 */
async function hostileImport(name: string, input: ReadableStream<Uint8Array>, args: string[] = []) {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-hostile-" });
  try {
    const db = `${dir}/c.db`;
    const first = await runMain(["import", FIXTURE_CSV, "--db", db]);
    assertEquals(first.code, 0, first.stderr);
    const before = await sha256(db);
    const file = name === "-" ? "-" : `${dir}/input/${name}`;
    if (file !== "-") {
      await Deno.mkdir(`${dir}/input`);
      await input.pipeTo((await Deno.open(file, { write: true, createNew: true })).writable);
    }
    const started = performance.now();
    const child = spawn([
      "run",
      "-A",
      MAIN,
      "import",
      file,
      "--db",
      db,
      "--report",
      "json",
      ...args,
    ], {
      stdin: file === "-" ? "piped" : "null",
    });
    const timer = killAfter(child, 120_000);
    const peak = peakRss(child.pid);
    // The import stops reading when it refuses the input: the rest of the pipe is dropped.
    const fed = file === "-" ? input.pipeTo(child.stdin).catch(() => {}) : Promise.resolve();
    const out = await child.output();
    await fed;
    clearTimeout(timer);
    const text = new TextDecoder();
    return {
      code: out.code,
      stdout: text.decode(out.stdout),
      stderr: text.decode(out.stderr),
      peakMb: peak.stop(),
      seconds: (performance.now() - started) / 1000,
      unchanged: await sha256(db) === before,
      leftovers: leftovers(dir),
      db,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

type Result = Awaited<ReturnType<typeof hostileImport>>;

/** Refused cleanly: exit 1, `message` on stderr and in the JSON report, nothing written or left, memory bounded. */
function assertRefused(r: Result, message: RegExp): void {
  const what = `exit ${r.code}, ${r.peakMb} MB, ${r.seconds.toFixed(1)} s: ${r.stderr.slice(-600)}`;
  assertEquals(r.code, 1, what);
  assert(message.test(r.stderr), what);
  assert(r.stderr.includes(`; ${r.db} was not changed`), what);
  const report = JSON.parse(r.stdout);
  assertEquals([report.ok, report.cancelled], [false, false]);
  assert(message.test(report.error), report.error);
  assert(r.unchanged, "the old database changed");
  assertEquals(r.leftovers, [], "temporary files left");
  if (hasProc) assert(r.peakMb <= MAX_PEAK_MB, `peak RSS ${r.peakMb} MB > ${MAX_PEAK_MB} MB`);
}

/** 1 MiB of one byte. */
const mib = (byte: string) => new Uint8Array(1 << 20).fill(byte.charCodeAt(0));

Deno.test("import refuses a gzip bomb (1 GiB of blank lines in 1 MB) early, naming the blank-line limit, in bounded memory", async () => {
  const bomb = chunks({ chunk: mib("\n"), count: 1024 }).pipeThrough(
    new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
  );
  const r = await hostileImport("bomb.csv.gz", bomb);
  assertRefused(r, /lines 1 to 1,000,001 are blank: more than 1,000,000 blank lines in a row/);
});

Deno.test("import refuses a gzip bomb of spaces on one line, naming the record limit, in bounded memory", async () => {
  const bomb = chunks({ chunk: mib(" "), count: 1024, head: "name\n" }).pipeThrough(
    new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
  );
  const r = await hostileImport("spaces.csv.gz", bomb);
  assertRefused(r, /line 2 is blank for more than 1 MiB/);
});

Deno.test("import refuses a 40 MB JSON array saved as .jsonl: line 1 runs past 1 MiB, with a hint", async () => {
  const club = encoder.encode(
    `${JSON.stringify({ name: "A Club", city: "Bern", description: "x".repeat(400) })},`,
  );
  const repeated = new Uint8Array(club.length * 2000);
  for (let i = 0; i < 2000; i++) repeated.set(club, i * club.length);
  const r = await hostileImport(
    "clubs.jsonl",
    chunks({ chunk: repeated, count: 40, head: "[", tail: '{"name":"B"}]\n' }),
  );
  assertRefused(
    r,
    /the record that starts on line 1 runs past 1 MiB.*name the file \.json or import it with --format json/,
  );
});

Deno.test("import refuses a 200 MB NDJSON line from stdin, naming line 1 and the 1 MiB limit", async () => {
  const r = await hostileImport(
    "-",
    chunks({ chunk: mib("y"), count: 200, head: '{"name":"A","description":"', tail: '"}\n' }),
    ["--format", "ndjson"],
  );
  assertRefused(r, /the record that starts on line 1 runs past 1 MiB/);
});

Deno.test("import refuses a JSON array with one 200 MB element, naming the element's line and the 1 MiB limit", async () => {
  const r = await hostileImport(
    "-",
    chunks({
      chunk: mib("y"),
      count: 200,
      head: '[\n{"name":"A"},\n{"name":"B","description":"',
      tail: '"}\n]\n',
    }),
    ["--format", "json"],
  );
  assertRefused(r, /the record that starts on line 3 runs past 1 MiB/);
});

Deno.test("import refuses a JSON array element past 1 MiB however it is cut into chunks", async () => {
  // 3 MiB whole in one gzip chunk: refused like one read across many.
  const element = `[{"name":"A","description":"${"y".repeat(3 << 20)}"}]\n`;
  const r = await hostileImport(
    "one.json.gz",
    ReadableStream.from([encoder.encode(element)]).pipeThrough(
      new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
    ),
  );
  assertRefused(r, /the record that starts on line 1 runs past 1 MiB/);
});
