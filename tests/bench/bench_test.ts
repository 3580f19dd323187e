import { ceilingBody } from "../../bench/ceiling.ts";
import { mixedPaths, seededRandom, wrkScript } from "../../bench/mixed.ts";
import { formatPerfSplit, perfSplit } from "../../bench/perf_split.ts";
import { topSelfTime } from "../../bench/profile.ts";
import { parseDuration, parseWrk } from "../../bench/wrk.ts";
import { assert, assertEquals, assertThrows } from "../_assert.ts";

const WRK_OUTPUT = `Running 10s test @ http://127.0.0.1:8000/api/v1/clubs
  2 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.10ms    1.01ms  30.52ms   91.02%
    Req/Sec     7.71k   512.33     8.60k    70.50%
  Latency Distribution
     50%  812.00us
     75%    2.29ms
     90%    2.81ms
     99%    1.20s
  153416 requests in 10.01s, 7.95GB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 7
Requests/sec:  15331.79
Transfer/sec:    813.84MB
`;

Deno.test("parseWrk reads throughput, percentiles in any unit, and failures", () => {
  assertEquals(parseWrk(WRK_OUTPUT), {
    requests: 153416,
    rps: 15331.79,
    p50Ms: 0.812,
    p99Ms: 1200,
    non2xx: 7,
    errors: 5,
    errorKinds: { read: 2, timeout: 3 },
  });
});

Deno.test("parseWrk refuses output without latency percentiles", () => {
  assertThrows(() => parseWrk("Requests/sec: 5\n10 requests in 2s"), /50% latency/);
});

Deno.test("parseDuration takes s, m, ms and bare seconds", () => {
  assertEquals(parseDuration("10s"), 10);
  assertEquals(parseDuration("3"), 3);
  assertEquals(parseDuration("1m"), 60);
  assertEquals(parseDuration("1500ms"), 1.5);
  assertThrows(() => parseDuration("ten"), /Cannot read duration/);
  assertThrows(() => parseDuration("200ms"), /too short/);
});

Deno.test("mixedPaths are distinct, seeded and within the given totals", () => {
  const a = mixedPaths({ count: 3000, seed: 7, total: () => 120 });
  assertEquals(new Set(a).size, 3000);
  assertEquals(mixedPaths({ count: 3000, seed: 7, total: () => 120 }), a);
  assert(mixedPaths({ count: 3000, seed: 8, total: () => 120 })[0] !== a[0]);
  for (const p of a) {
    const url = new URL(p, "http://x");
    assertEquals(url.pathname, "/api/v1/clubs");
    const limit = Number(url.searchParams.get("limit") ?? 50);
    const page = Number(url.searchParams.get("page") ?? 1);
    // At most ten pages past the last one (120 clubs).
    assert(page <= Math.ceil(120 / limit) + 10, p);
    assert(/^[\x21-\x7e]+$/.test(p), p);
  }
});

Deno.test("seededRandom repeats per seed and stays in [0, 1)", () => {
  const a = seededRandom(3);
  const b = seededRandom(3);
  for (let i = 0; i < 1000; i++) {
    const x = a();
    assertEquals(x, b());
    assert(x >= 0 && x < 1);
  }
});

Deno.test("wrkScript reads the path file and spaces threads out", () => {
  const lua = wrkScript("/tmp/p.txt", 2);
  assert(lua.includes('io.lines("/tmp/p.txt")'));
  assert(lua.includes("thread_no * #paths / 2"));
});

Deno.test("ceilingBody has exactly the requested size", () => {
  assertEquals(new TextEncoder().encode(ceilingBody(54_347)).byteLength, 54_347);
  JSON.parse(ceilingBody(1000));
});

Deno.test("topSelfTime ranks functions by self time", () => {
  const frame = (functionName: string) => ({
    functionName,
    url: "file:///x/db/search.ts",
    lineNumber: 9,
  });
  const profile = {
    nodes: [
      { id: 1, callFrame: frame("(root)") },
      { id: 2, callFrame: frame("findPage") },
      { id: 3, callFrame: frame("") },
    ],
    samples: [2, 2, 3, 2],
    timeDeltas: [1000, 1000, 1000, 1000],
  };
  const lines = topSelfTime(JSON.stringify(profile), 2).split("\n");
  assertEquals(lines.length, 2);
  assert(/3 ms\s+75\.0%\s+findPage db\/search\.ts:10$/.test(lines[0]!), lines[0]);
  assert(lines[1]!.includes("(anonymous)"));
});

Deno.test("perfSplit() splits samples by where they ran and names JIT code by the latest map entry", () => {
  const deno = "/opt/deno/deno";
  // V8 wrote `old` first; its code was collected and `hot` now lives at 0x1080.
  const map = [
    "1000 200 JS:*'old file:///x/core/search/bits.ts:10:5",
    "1080 40 JS:+'hot file:///x/core/store/club_json.ts:181:111",
    "2000 100 JS:~caller file:///x/server/routes/clubs.ts:157:20",
  ].join("\n");
  const frame = (ip: number, dso: string) => `\t    ${ip.toString(16)} (${dso})`;
  const sample = (...frames: string[]) => frames.join("\n");
  const script = [
    sample(frame(0x1090, "/tmp/perf-7.map"), frame(0x2010, "/tmp/perf-7.map")),
    sample(frame(0x1010, "/tmp/perf-7.map")),
    sample(frame(0x35da39c, deno), frame(0x2020, "/tmp/perf-7.map")),
    sample(frame(0x1d34646, deno), frame(0x1d51a93, deno)),
    sample(frame(0xffffffff81000000, "[kernel.kallsyms]")),
    sample(frame(0x7f0000001000, "/usr/lib/x86_64-linux-gnu/libc.so.6")),
    sample(frame(0x7ffd00000000, "[vdso]")),
  ].join("\n\n");
  const split = perfSplit(`\n${script}\n`, map, deno);
  assertEquals(split.samples, 7);
  assertEquals(split.parts, { kernel: 1, native: 2, javascript: 2, libc: 1, other: 1 });
  assertEquals(split.javascript, [
    ["hot core/store/club_json.ts:181", 1],
    ["old core/search/bits.ts:10", 1],
  ]);
  assertEquals(split.nativeByCaller, [
    ["caller server/routes/clubs.ts:157", 1],
    ["(no JavaScript on the stack: the event loop, HTTP, GC)", 1],
  ]);
  const text = formatPerfSplit(split, 70);
  assert(text.includes("| Deno's native code (Rust HTTP, V8 runtime, GC) | 28.6% | 20.0 |"), text);
  assert(text.includes("| all | 100% | 70.0 |"), text);
});
