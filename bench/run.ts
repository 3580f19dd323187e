/**
 * `deno task bench`: every performance figure of the project in one run on
 * one machine, printed as one Markdown table and written to
 * `bench/results/latest.md`.
 *
 * 1. `main.ts import` of the bundled snapshot into a temp database (wall time).
 * 2. `Deno.bench` of the search engine (bench/search_bench.ts).
 * 3. HTTP load with wrk (2 threads, 32 connections) against `main.ts serve`
 *    and against the ceiling server (bench/ceiling.ts), one and two workers:
 *    the standard queries plain and with `Accept-Encoding: gzip, br`
 *    (against a ceiling answering the same precompressed body), the
 *    website's pages, and the mixed load of distinct queries.
 * 4. A cold `main.ts query` process against `deno run` of an empty script.
 * 5. MCP: `POST /api/mcp` against the SDK floor and REST (bench/mcp.ts).
 *
 * Everything listens on 127.0.0.1 only; child processes are killed and temp
 * files removed at the end, also on error or Ctrl-C.
 *
 * @example
 * ```sh
 * deno task bench                 # full run, 10 s per load test
 * deno task bench --quick         # smoke run, 3 s per load test
 * deno task bench --duration 20s --snapshot /tmp/clubs.csv.gz
 * deno task bench --profile       # also CPU-profile serve under the mixed load
 * deno task bench --perf          # also split serve's CPU by where it ran (Linux perf)
 * deno task bench --metrics       # every serve with --metrics, its count checked at the end
 * deno task bench --metrics-ab    # the standard queries, serve without and with --metrics in turn
 * ```
 * @module
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { BUNDLED_SNAPSHOT } from "../core/import/mod.ts";
import { findPage, parseSearch } from "../core/search/mod.ts";
import { ClubStore } from "../core/store/mod.ts";
import { mixedPaths, wrkScript } from "./mixed.ts";
import { scaleBench } from "./scale.ts";
import { mcpBench } from "./mcp.ts";
import { topSelfTime } from "./profile.ts";
import { formatPerfSplit, perfSplit } from "./perf_split.ts";
import {
  aptInstalled,
  type LoadResult,
  type LoadTool,
  loadTool,
  parseDuration,
  runLoad,
} from "./wrk.ts";
import { compressBody, negotiateEncoding } from "../server/http/compress.ts";
import { IMPORT_V8_FLAGS, SERVE_ENV, SERVE_V8_FLAGS } from "./serve_flags.ts";
import { abSlices, abTable, metricsAb, type ProveMetrics, proveMetrics } from "./metrics_http.ts";

/** Kept in step with bench/search_bench.ts (which needs a database to load). */
const SUGGEST_TARGET_NS = 20_000;

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAIN = `${ROOT}main.ts`;
const RESULTS = `${ROOT}bench/results/latest.md`;
const METRICS_AB_RESULTS = `${ROOT}bench/results/metrics-ab.md`;

/**
 * The targets: issue #28 (distinct traffic, memory by data layout,
 * suggestions), #13 (standard queries, compression), #12 (website), #5
 * (import). The cold start of `query` is measured, no longer a target.
 */
const TARGETS = {
  /** Each standard API query, of ceiling req/s, by worker count (#28). */
  share: { 1: 0.5, 2: 0.7 } as Record<number, number>,
  websiteShare: 0.5, // each website page, of ceiling req/s (#12)
  mixedShare: 0.35, // the mixed distinct queries with one worker, of ceiling req/s (#28)
  compressedShare: 0.5, // standard queries with Accept-Encoding, of the compressed ceiling (#13)
  p99Ms: 25, // the mixed load's p99 at 32 connections (#28)
  importS: 1.5,
  importVsSqliteUtils: 4, // sqlite-utils time / ours, side by side
  /** Peak RSS of serve through the whole run, by worker count (#28). */
  rssMb: { 1: 200, 2: 300 } as Record<number, number>,
  suggestUs: SUGGEST_TARGET_NS / 1000, // each suggestion for an empty search, Deno.bench avg (#28)
};

/** What the compressed rows send, as a browser would. */
const ACCEPT_ENCODING = "gzip, br";

/** The standard HTTP queries. */
const STANDARD: [string, string][] = [
  ["first page", "/api/v1/clubs"],
  ["type=golf&state=FL", "/api/v1/clubs?type=golf&state=FL"],
  ["q=club", "/api/v1/clubs?q=club"],
  ["page=100", "/api/v1/clubs?page=100"],
];

/** The same queries as the website's results pages (HTML), held to the same target. */
const WEBSITE: [string, string][] = STANDARD.map((
  [name, path],
) => [`website ${name}`, path.replace("/api/v1/clubs", "/clubs")]);

const log = (line: string) => console.error(`bench: ${line}`);

// ---------------------------------------------------------------- processes

/** Every child started here, so that all of them die with the run. */
const children = new Set<Deno.ChildProcess>();

interface Child {
  proc: Deno.ChildProcess;
  /** The last few KB of its stderr, for error messages. */
  stderr: () => string;
  exited: () => boolean;
}

function spawn(cmd: string, args: string[], env?: Record<string, string>): Child {
  const proc = new Deno.Command(cmd, {
    args,
    env,
    cwd: ROOT,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  children.add(proc);
  let tail = "";
  let exited = false;
  proc.status.then(() => (exited = true), () => (exited = true));
  // Drain stderr so a chatty child never blocks on a full pipe.
  (async () => {
    for await (const chunk of proc.stderr.pipeThrough(new TextDecoderStream())) {
      tail = (tail + chunk).slice(-4096);
    }
  })().catch(() => {});
  return { proc, stderr: () => tail.trim(), exited: () => exited };
}

/** SIGTERM (or `signal`), then SIGKILL after 5 s; resolves when it is gone. */
async function stop(child: Child, signal: Deno.Signal = "SIGTERM"): Promise<void> {
  if (!children.delete(child.proc)) return;
  try {
    child.proc.kill(signal);
  } catch { /* already exited */ }
  const timer = setTimeout(() => {
    try {
      child.proc.kill("SIGKILL");
    } catch { /* already exited */ }
  }, 5000);
  await child.proc.status.catch(() => {});
  clearTimeout(timer);
}

function killAll(): void {
  for (const p of children) {
    try {
      p.kill("SIGKILL");
    } catch { /* already exited */ }
  }
  children.clear();
}

/** A free loopback port: bind port 0, read the port, let it go. */
function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** Waits until `url` answers 200; fails fast when the child exits. */
async function waitReady(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exited()) throw new Error(`Server exited before it was ready:\n${child.stderr()}`);
    let res: Response | null = null;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    } catch { /* not listening yet */ }
    if (res?.ok) {
      await res.body?.cancel();
      return;
    }
    // Up but failing: waiting longer will not help.
    if (res) throw new Error(`Server answered ${res.status} at ${url}:\n${await res.text()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Server not ready after ${timeoutMs / 1000} s at ${url}:\n${child.stderr()}`);
}

/** Peak resident memory (VmHWM) of a process and its descendants, in MB. */
function peakRssMb(pid: number): number | null {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      for (const t of Deno.readDirSync(`/proc/${pids[i]}/task`)) {
        const kids = Deno.readTextFileSync(`/proc/${pids[i]}/task/${t.name}/children`);
        pids.push(...kids.split(/\s+/).filter(Boolean).map(Number));
      }
    } catch { /* gone, or no /proc */ }
  }
  let kb = 0;
  for (const p of pids) {
    try {
      const m = Deno.readTextFileSync(`/proc/${p}/status`).match(/^VmHWM:\s+(\d+) kB/m);
      kb += Number(m?.[1] ?? 0);
    } catch { /* gone */ }
  }
  return kb ? kb / 1024 : null;
}

async function output(
  cmd: string,
  args: string[],
  env?: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  const out = await new Deno.Command(cmd, {
    args,
    cwd: ROOT,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(600_000),
  }).output();
  const ms = performance.now() - started;
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr), ms };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

// ------------------------------------------------------------------- stages

interface ImportFigures {
  wallS: number;
  inProcessS: number | null;
  rows: string;
  /** Peak RSS of the import process (GNU time), MB. */
  rssMb: number | null;
  /** sqlite-utils `insert --csv --detect-types` + `enable-fts` of the same rows, median s. */
  sqliteUtilsS: number | null;
}

const GNU_TIME = "/usr/bin/time";

function installed(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** sqlite-utils' own import of the same CSV (decompressed) with a name index, in seconds. */
async function timeSqliteUtils(csv: string, dbPath: string): Promise<number> {
  await Deno.remove(dbPath).catch(() => {});
  const started = performance.now();
  for (
    const args of [
      ["insert", dbPath, "clubs", csv, "--csv", "--detect-types"],
      ["enable-fts", dbPath, "clubs", "name"],
    ]
  ) {
    const r = await output("sqlite-utils", args);
    if (r.code !== 0) throw new Error(`sqlite-utils ${args[0]} failed:\n${r.stderr}`);
  }
  return (performance.now() - started) / 1000;
}

/**
 * Imports the snapshot `runs` times via subprocess (median wall time, peak
 * RSS), each run side by side with sqlite-utils on the same rows when it is
 * installed (`apt-get install -y sqlite-utils`), so both see the same load.
 */
async function timeImport(snapshot: string, dbPath: string, runs: number): Promise<ImportFigures> {
  const walls: number[] = [];
  const inside: number[] = [];
  const rss: number[] = [];
  const theirs: number[] = [];
  let rows = "?";
  const utils = installed("/usr/bin/sqlite-utils") || installed("/usr/local/bin/sqlite-utils");
  const csv = `${dbPath}.snapshot.csv`;
  if (utils) {
    const bytes = await new Response(
      (await Deno.open(snapshot)).readable.pipeThrough(new DecompressionStream("gzip")),
    ).arrayBuffer();
    await Deno.writeFile(csv, new Uint8Array(bytes));
  }
  const gnuTime = installed(GNU_TIME);
  for (let i = 0; i < runs; i++) {
    // As `deno task import` runs it (see serve_flags.ts).
    const args = ["run", IMPORT_V8_FLAGS, "-A", MAIN, "import", snapshot];
    args.push("--db", dbPath);
    const r = gnuTime
      ? await output(GNU_TIME, ["-f", "peak-rss-kb %M", Deno.execPath(), ...args])
      : await output(Deno.execPath(), args);
    if (r.code !== 0) throw new Error(`import failed:\n${r.stderr}`);
    walls.push(r.ms / 1000);
    const m = r.stderr.match(/: ([\d,]+) clubs,.* in ([\d.]+) s/);
    if (m) {
      rows = m[1]!;
      inside.push(Number(m[2]));
    }
    const kb = r.stderr.match(/peak-rss-kb (\d+)/);
    if (kb) rss.push(Number(kb[1]) / 1024);
    if (utils) theirs.push(await timeSqliteUtils(csv, `${dbPath}.sqlite-utils.db`));
  }
  return {
    wallS: median(walls),
    inProcessS: inside.length ? median(inside) : null,
    rows,
    rssMb: rss.length ? median(rss) : null,
    sqliteUtilsS: theirs.length ? median(theirs) : null,
  };
}

interface BenchFigure {
  name: string;
  group: string | null;
  avgNs: number;
  p99Ns: number;
}

async function denoBench(dbPath: string): Promise<BenchFigure[]> {
  const r = await output(Deno.execPath(), ["bench", "-A", "--json", "bench/search_bench.ts"], {
    CLUBDIR_BENCH_DB: dbPath,
    NO_COLOR: "1",
  });
  if (r.code !== 0) throw new Error(`deno bench failed:\n${r.stderr}\n${r.stdout}`);
  const json = JSON.parse(r.stdout) as {
    benches: {
      name: string;
      group: string | null;
      results: { ok?: { avg: number; p99: number } }[];
    }[];
  };
  return json.benches.map((b) => ({
    name: b.name,
    group: b.group,
    avgNs: b.results[0]?.ok?.avg ?? NaN,
    p99Ns: b.results[0]?.ok?.p99 ?? NaN,
  }));
}

/** A load row: its kind says which ceiling it is a share of and which target holds. */
interface HttpRow {
  name: string;
  workers: number;
  kind: "ceiling" | "api" | "website" | "mixed" | "compressed ceiling" | "compressed";
  load: LoadResult;
  rssMb: number | null;
  /** What was served, for the result column. */
  note: string;
}

/** Bytes of one page as sent plain and in each coding (`Content-Length`). */
interface SizeRow {
  name: string;
  workers: number;
  sizes: [encoding: string, bytes: number | null][];
}

interface HttpPlan {
  tool: LoadTool;
  dbPath: string;
  seconds: number;
  pathsFile: string;
  pathCount: number;
  luaFile: string;
  /** Other distinct paths (none of the measured ones), to warm serve on before a mixed row. */
  warm: { pathsFile: string; luaFile: string };
  /** A temp directory for files handed to children. */
  scratch: string;
  /** With `--metrics`: serve runs with the flag, and this checks each serve before it stops. */
  metrics: ProveMetrics | null;
}

function serveArgs(
  dbPath: string,
  port: number,
  workers: number,
  cpuProf: string | null,
  metrics = false,
) {
  return [
    "run",
    "-A",
    ...(cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${cpuProf}`] : []),
    // As `deno task serve` runs it (see serve_flags.ts).
    SERVE_V8_FLAGS,
    // --workers needs SO_REUSEPORT, an unstable Deno API.
    ...(workers > 1 ? ["--unstable-net"] : []),
    MAIN,
    "serve",
    "--rate-limit",
    "off",
    "--quiet",
    "--hostname",
    "127.0.0.1",
    "--port",
    String(port),
    "--db",
    dbPath,
    ...(workers > 1 ? ["--workers", String(workers)] : []),
    ...(metrics ? ["--metrics"] : []),
  ];
}

/** Headers Deno.serve adds itself: the ceiling must not send them twice. */
const OWN_HEADERS = new Set(["date", "content-length", "transfer-encoding", "connection", "vary"]);

/** The length a response states, or null (fetch decodes the body, the header stays). */
async function sentBytes(url: string, encoding: string): Promise<number | null> {
  const res = await fetch(url, { headers: { "accept-encoding": encoding } });
  await res.body?.cancel();
  const length = res.headers.get("content-length");
  return length === null ? null : Number(length);
}

/** Starts `workers` ceiling processes on one port with `args`; stops them when `fn` is done. */
async function withCeiling<T>(
  workers: number,
  args: string[],
  fn: (origin: string, procs: Child[]) => Promise<T>,
): Promise<T> {
  const ceilings: Child[] = [];
  const cport = freePort();
  try {
    for (let i = 0; i < workers; i++) {
      ceilings.push(spawn(Deno.execPath(), [
        "run",
        "-A",
        ...(workers > 1 ? ["--unstable-net"] : []),
        `${ROOT}bench/ceiling.ts`,
        "--port",
        String(cport),
        ...args,
        ...(workers > 1 ? ["--reuse-port"] : []),
      ]));
      await waitReady(`http://127.0.0.1:${cport}/`, ceilings[i]!);
    }
    return await fn(`http://127.0.0.1:${cport}`, ceilings);
  } finally {
    await Promise.all(ceilings.map((c) => stop(c)));
  }
}

/**
 * Where a path of the website lands: itself, or the same-origin address its
 * redirects lead to (at most five).
 */
async function canonicalPath(origin: string, path: string): Promise<string> {
  for (let hops = 0; hops < 5; hops++) {
    const res = await fetch(origin + path, { redirect: "manual" });
    await res.body?.cancel();
    const to = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || to === null) return path;
    const next = new URL(to, origin + path);
    if (next.origin !== origin) return path;
    path = next.pathname + next.search;
  }
  return path;
}

/** Load tests against serve (one config) and ceilings with as many processes. */
async function httpRuns(
  plan: HttpPlan,
  workers: number,
): Promise<{ rows: HttpRow[]; sizes: SizeRow[] }> {
  const rows: HttpRow[] = [];
  const sizes: SizeRow[] = [];
  const load = (url: string, mixed = false, seconds = plan.seconds, headers = {}) =>
    runLoad(plan.tool, {
      url,
      seconds,
      threads: 2,
      connections: 32,
      headers,
      ...(mixed ? { pathsFile: plan.pathsFile, luaFile: plan.luaFile } : {}),
    });
  const procs = workers > 1 ? ` (${workers} processes)` : "";
  const compressedHeaders = { "Accept-Encoding": ACCEPT_ENCODING };
  // The coding serve picks for ACCEPT_ENCODING, and so the ceiling's.
  const encoding = negotiateEncoding(ACCEPT_ENCODING)!;

  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  const metrics = plan.metrics !== null;
  const serve = spawn(
    Deno.execPath(),
    serveArgs(plan.dbPath, port, workers, null, metrics),
    SERVE_ENV,
  );
  // What the load generator completed against serve, for the metrics' check.
  let completed = 0;
  const served = async (...args: Parameters<typeof load>) => {
    const r = await load(...args);
    completed += r.requests;
    return r;
  };
  // The ceilings answer with the first page's size and headers, plain and compressed.
  const shape = { bytes: 0, headers: {} as Record<string, string> };
  const compressedFile = `${plan.scratch}/first-page.${workers}.${encoding}`;
  let compressedBytes = 0;
  try {
    await waitReady(`${origin}/api/v1/clubs?limit=1`, serve);
    const notes = new Map<string, string>();
    for (const [name, path] of STANDARD) {
      const res = await fetch(origin + path, { headers: { "accept-encoding": "identity" } });
      const body = new Uint8Array(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${name}: GET ${path} answered ${res.status}`);
      const total = Number(res.headers.get("x-total-clubs"));
      const packed = await sentBytes(origin + path, ACCEPT_ENCODING);
      notes.set(name, `${fmt(body.byteLength / 1000, 1)} KB body, total ${fmt(total)}`);
      notes.set(
        `${name} compressed`,
        `${fmt((packed ?? NaN) / 1000, 1)} KB ${encoding} body of ${
          fmt(body.byteLength / 1000, 1)
        } KB`,
      );
      if (path !== STANDARD[0]![1]) continue;
      shape.bytes = body.byteLength;
      res.headers.forEach((v, k) => {
        if (!OWN_HEADERS.has(k)) shape.headers[k] = v;
      });
      // The same bytes serve sends: the same code, coding and level.
      const compressed = compressBody(body, encoding);
      if (packed !== compressed.byteLength) {
        log(
          `warning: serve sent ${packed} ${encoding} bytes, the ceiling's copy has ${compressed.byteLength}`,
        );
      }
      compressedBytes = compressed.byteLength;
      await Deno.writeFile(compressedFile, compressed);
      const codings = ["identity", "gzip", "br", "zstd"];
      sizes.push({
        name: "first page",
        workers,
        sizes: await Promise.all(
          codings.map(async (e) =>
            [e, await sentBytes(origin + path, e)] as [string, number | null]
          ),
        ),
      });
      const site = origin + WEBSITE[0]![1];
      sizes.push({
        name: "website first page",
        workers,
        sizes: await Promise.all(
          codings.map(async (e) => [e, await sentBytes(site, e)] as [string, number | null]),
        ),
      });
    }
    log(`serve (${workers} worker${workers > 1 ? "s" : ""}) ready on ${origin}; warming up…`);
    await served(origin + STANDARD[0]![1], false, 1);
    const rss = () => peakRssMb(serve.proc.pid);
    for (const [name, path] of STANDARD) {
      log(`  ${name}…`);
      const r = await served(origin + path);
      rows.push({ name, workers, kind: "api", load: r, rssMb: rss(), note: notes.get(name)! });
    }
    for (const [name, path] of STANDARD) {
      log(`  ${name} with Accept-Encoding: ${ACCEPT_ENCODING}…`);
      const r = await served(origin + path, false, plan.seconds, compressedHeaders);
      rows.push({
        name: `${name}, Accept-Encoding: ${ACCEPT_ENCODING}`,
        workers,
        kind: "compressed",
        load: r,
        rssMb: rss(),
        note: notes.get(`${name} compressed`)!,
      });
    }
    for (const [name, asked] of WEBSITE) {
      log(`  ${name}…`);
      // The website redirects a search to its one address (state=FL to
      // state=Florida): the row loads that address, as a browser ends up doing.
      const path = await canonicalPath(origin, asked);
      const page = await fetch(origin + path, {
        redirect: "manual",
        headers: { "accept-encoding": "identity" },
      });
      const bytes = (await page.arrayBuffer()).byteLength;
      if (page.status !== 200) throw new Error(`${name}: GET ${path} answered ${page.status}`);
      const r = await served(origin + path);
      const note = `${fmt(bytes / 1000, 1)} KB HTML page${path === asked ? "" : ` at ${path}`}`;
      rows.push({ name, workers, kind: "website", load: r, rssMb: rss(), note });
    }
    // Measured warm, as under real traffic: after minutes of the four
    // standard queries, serve's first seconds of varied ones run well below
    // its steady pace (see docs/performance.md).
    completed += (await warmUp(plan, origin)).requests;
    log("  mixed…");
    const r = await served(origin, true);
    const hits = fmt(r.requests / plan.pathCount, 1);
    rows.push({
      name: "mixed",
      workers,
      kind: "mixed",
      load: r,
      rssMb: rss(),
      note: `${fmt(plan.pathCount)} distinct paths, ${hits} hits per path`,
    });
    await plan.metrics?.(origin, completed, `serve${workersLabel(workers)}`, workers);
  } finally {
    await stop(serve);
  }

  const plainArgs = ["--bytes", String(shape.bytes), "--headers", JSON.stringify(shape.headers)];
  rows.unshift(
    await withCeiling(workers, plainArgs, async (base, ceilings) => {
      log(`  ceiling${procs}, ${shape.bytes} B body…`);
      await load(`${base}/`, false, 1);
      const r = await load(`${base}/api/v1/clubs`);
      return {
        name: "ceiling",
        workers,
        kind: "ceiling",
        load: r,
        rssMb: ceilings.reduce((a, c) => a + (peakRssMb(c.proc.pid) ?? 0), 0) || null,
        note: `one precomputed ${fmt(shape.bytes / 1000, 1)} KB body`,
      } satisfies HttpRow;
    }),
  );
  const compressedArgs = [
    "--headers",
    JSON.stringify(shape.headers),
    "--body-file",
    compressedFile,
    "--encoding",
    encoding,
  ];
  const compressedCeiling = await withCeiling(workers, compressedArgs, async (base, ceilings) => {
    log(`  compressed ceiling${procs}, ${compressedBytes} B ${encoding} body…`);
    await load(`${base}/`, false, 1, compressedHeaders);
    const r = await load(`${base}/api/v1/clubs`, false, plan.seconds, compressedHeaders);
    return {
      name: `ceiling, Accept-Encoding: ${ACCEPT_ENCODING}`,
      workers,
      kind: "compressed ceiling",
      load: r,
      rssMb: ceilings.reduce((a, c) => a + (peakRssMb(c.proc.pid) ?? 0), 0) || null,
      note: `the first page's ${fmt(compressedBytes / 1000, 1)} KB ${encoding} body, precomputed`,
    } satisfies HttpRow;
  });
  // Right above the rows that are a share of it.
  rows.splice(rows.findIndex((r) => r.kind === "compressed"), 0, compressedCeiling);
  return { rows, sizes };
}

/** The mixed load on the warm-up paths (see {@link HttpPlan.warm}) for one row's length. */
function warmUp(plan: HttpPlan, origin: string): Promise<LoadResult> {
  log("  warming up on other distinct paths…");
  return runLoad(plan.tool, { url: origin, seconds: plan.seconds, ...plan.warm });
}

/** CPU profile of serve (one worker) under the mixed load: top self time. */
async function profileServe(plan: HttpPlan, dir: string): Promise<string> {
  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  const args = serveArgs(plan.dbPath, port, 1, dir, plan.metrics !== null);
  const serve = spawn(Deno.execPath(), args, SERVE_ENV);
  try {
    await waitReady(`${origin}/api/v1/clubs?limit=1`, serve);
    const warm = await warmUp(plan, origin);
    log("profiling serve under the mixed load…");
    const r = await runLoad(plan.tool, {
      url: origin,
      seconds: plan.seconds,
      pathsFile: plan.pathsFile,
      luaFile: plan.luaFile,
    });
    await plan.metrics?.(origin, warm.requests + r.requests, "serve under --profile");
  } finally {
    // SIGINT lets Deno exit normally and write the profile.
    await stop(serve, "SIGINT");
  }
  const files = [...Deno.readDirSync(dir)].filter((f) => f.name.endsWith(".cpuprofile"));
  if (!files.length) return "(serve wrote no CPU profile: it may not exit cleanly on SIGINT)";
  return topSelfTime(await Deno.readTextFile(`${dir}/${files[0]!.name}`), 20);
}

/** CPU ticks (user + system) a process has used so far. */
function cpuTicks(pid: number): number {
  const fields = Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Linux `perf` of serve (one worker) under the mixed load: its CPU split
 * into kernel, Deno's native code, JavaScript and C library, in µs a
 * request (bench/perf_split.ts), so a profile says how much is ours.
 */
async function perfServe(plan: HttpPlan, dir: string): Promise<string> {
  if (!(await aptInstalled("perf", "linux-perf", log))) {
    return "(no perf: linux-perf did not install)";
  }
  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  // V8 writes /tmp/perf-<pid>.map, which names its compiled JavaScript, and
  // a log of its own, sent to the scratch directory rather than the repository.
  const perfFlags = `--perf-basic-prof,--no-logfile-per-isolate,--logfile=${dir}/v8.log`;
  const args = serveArgs(plan.dbPath, port, 1, null, plan.metrics !== null)
    .map((a) => a === SERVE_V8_FLAGS ? `${a},${perfFlags}` : a);
  const serve = spawn(Deno.execPath(), args, SERVE_ENV);
  const pid = serve.proc.pid;
  const data = `${dir}/perf.data`;
  try {
    await waitReady(`${origin}/api/v1/clubs?limit=1`, serve);
    const warm = await warmUp(plan, origin);
    log("recording serve with perf under the mixed load…");
    const ticks = cpuTicks(pid);
    const loading = runLoad(plan.tool, {
      url: origin,
      seconds: plan.seconds,
      pathsFile: plan.pathsFile,
      luaFile: plan.luaFile,
    });
    const recorded = await output("perf", [
      "record",
      "-F",
      "999",
      "-g",
      "-p",
      String(pid),
      "-o",
      data,
      "--",
      "sleep",
      String(Math.max(1, plan.seconds - 2)),
    ]);
    const load = await loading;
    const used = cpuTicks(pid) - ticks;
    await plan.metrics?.(origin, warm.requests + load.requests, "serve under --perf");
    if (recorded.code !== 0) {
      return `(perf record failed: ${recorded.stderr.trim().split("\n").at(-1)})`;
    }
    const script = await output("perf", ["script", "-i", data, "-F", "ip,dso"]);
    if (script.code !== 0) return `(perf script failed: ${script.stderr.trim()})`;
    const map = await Deno.readTextFile(`/tmp/perf-${pid}.map`).catch(() => null);
    if (map === null) return `(V8 wrote no /tmp/perf-${pid}.map: JavaScript cannot be named)`;
    const tick = Number((await output("getconf", ["CLK_TCK"])).stdout.trim()) || 100;
    const usPerRequest = used * 1e6 / tick / load.requests;
    return formatPerfSplit(perfSplit(script.stdout, map, Deno.execPath()), usPerRequest);
  } finally {
    await stop(serve);
    await Deno.remove(`/tmp/perf-${pid}.map`).catch(() => {});
  }
}

interface ColdFigures {
  queryMs: number;
  emptyMs: number;
  how: string;
}

/** Median wall time of a cold `main.ts query` and of an empty script. */
async function coldStart(dbPath: string, emptyScript: string, runs: number): Promise<ColdFigures> {
  const deno = Deno.execPath();
  const query = [deno, "run", "-A", MAIN, "query", "--type", "golf", "--state", "FL"];
  query.push("--format", "json", "--db", dbPath);
  const empty = [deno, "run", "-A", emptyScript];
  try {
    const json = `${emptyScript}.hyperfine.json`;
    const r = await output("hyperfine", [
      "-N",
      "--warmup",
      "3",
      "--runs",
      String(runs),
      "--export-json",
      json,
      query.join(" "),
      empty.join(" "),
    ]);
    if (r.code !== 0) throw new Error(r.stderr);
    const res = JSON.parse(await Deno.readTextFile(json)).results as { median: number }[];
    return {
      queryMs: res[0]!.median * 1000,
      emptyMs: res[1]!.median * 1000,
      how: `hyperfine, median of ${runs}`,
    };
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  const time = async (argv: string[]) => {
    const ms: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const r = await output(argv[0]!, argv.slice(1));
      if (r.code !== 0) throw new Error(`${argv.join(" ")} failed:\n${r.stderr}`);
      if (i >= 3) ms.push(r.ms); // the first three warm the caches
    }
    return median(ms);
  };
  return { queryMs: await time(query), emptyMs: await time(empty), how: `median of ${runs}` };
}

// -------------------------------------------------------------------- table

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = (x: number) => `${Math.round(x * 100)}%`;
const verdict = (misses: string[]) => misses.length ? `**missed** (${misses.join("; ")})` : "met";
const time = (ns: number) =>
  ns >= 1e6 ? `${fmt(ns / 1e6, 2)} ms` : ns >= 1e3 ? `${fmt(ns / 1e3, 1)} µs` : `${fmt(ns)} ns`;

/** The share of its ceiling a row must reach, or null for a ceiling (or none set). */
function shareTarget(kind: HttpRow["kind"], workers: number): number | null {
  switch (kind) {
    case "api":
      return TARGETS.share[workers] ?? TARGETS.share[1]!;
    case "website":
      return TARGETS.websiteShare;
    case "mixed":
      return workers === 1 ? TARGETS.mixedShare : null;
    case "compressed":
      return TARGETS.compressedShare;
    default:
      return null;
  }
}

const workersLabel = (workers: number) => workers > 1 ? ` (${workers} workers)` : "";

function httpLine(row: HttpRow, ceiling: HttpRow): string[] {
  const { load } = row;
  const share = load.rps / ceiling.load.rps;
  const label = `HTTP ${row.name}${workersLabel(row.workers)}`;
  const need = shareTarget(row.kind, row.workers);
  let target = "–";
  if (need !== null) {
    // Each row is held to its issue's words: a share of the ceiling, and for
    // the mixed load a p99 too; memory is judged over the whole run (the
    // "peak RSS of serve" rows), since the rows share one serve process.
    const misses: string[] = [];
    const of = row.kind === "compressed" ? "compressed ceiling" : "ceiling";
    const p99 = row.kind === "mixed" && row.workers === 1;
    if (share < need) misses.push(`< ${pct(need)} of ${of}`);
    if (p99 && load.p99Ms >= TARGETS.p99Ms) misses.push(`p99 ≥ ${TARGETS.p99Ms} ms`);
    if (load.non2xx || load.errors) misses.push(`${load.non2xx} non-2xx, ${load.errors} errors`);
    const p99Words = p99 ? `, p99 < ${TARGETS.p99Ms} ms` : "";
    target = `≥ ${pct(need)} of ${of}${p99Words}: ${verdict(misses)}`;
  }
  return [
    label,
    fmt(load.rps),
    fmt(load.p50Ms, 2),
    fmt(load.p99Ms, 2),
    row.kind.endsWith("ceiling") ? "100%" : pct(share),
    row.rssMb === null ? "?" : fmt(row.rssMb),
    row.note,
    target,
  ];
}

/** Bytes of a page plain and in each coding, as a share of the plain body. */
function sizeLine(row: SizeRow): string[] {
  const plain = row.sizes.find(([e]) => e === "identity")?.[1] ?? null;
  const cells = row.sizes.map(([e, bytes]) => {
    if (bytes === null) return `${e} ?`;
    const name = e === "identity" ? "plain" : e;
    const share = plain && e !== "identity" ? ` (${pct(bytes / plain)})` : "";
    return `${name} ${fmt(bytes)} B${share}`;
  });
  const compressed = row.sizes.some(([e, b]) =>
    e !== "identity" && b !== null && plain && b < plain
  );
  return [
    `compression: ${row.name} bytes sent${workersLabel(row.workers)}`,
    "–",
    "–",
    "–",
    "–",
    "–",
    cells.join(", "),
    `compressed for Accept-Encoding (br, gzip${
      row.sizes.some(([e]) => e === "zstd") ? ", zstd" : ""
    }): ${verdict(compressed ? [] : ["sent plain"])}`,
  ];
}

/** The highest peak RSS of serve's rows for a worker count: the whole run's peak. */
function rssLine(rows: HttpRow[], workers: number): string[] {
  const limit = TARGETS.rssMb[workers] ?? TARGETS.rssMb[1]!;
  const serve = rows.filter((r) => r.workers === workers && !r.kind.endsWith("ceiling"));
  const peaks = serve.map((r) => r.rssMb).filter((m): m is number => m !== null);
  const peak = peaks.length ? Math.max(...peaks) : null;
  const miss = peak === null ? ["not measured"] : peak > limit ? [`${fmt(peak)} MB`] : [];
  return [
    `peak RSS of serve through the run (${workers} worker${workers > 1 ? "s" : ""})`,
    "–",
    "–",
    "–",
    "–",
    peak === null ? "?" : fmt(peak),
    "VmHWM of the serve process tree after its last row",
    `≤ ${limit} MB: ${verdict(miss)}`,
  ];
}

function markdown(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

// ------------------------------------------------------ metrics on and off

/** Whether serve has `--workers` (it needs SO_REUSEPORT). */
async function serveHasWorkers(): Promise<boolean> {
  const help = await output(Deno.execPath(), ["run", "-A", MAIN, "serve", "--help"]);
  if (help.code !== 0) throw new Error(`main.ts serve is not available:\n${help.stderr}`);
  return help.stdout.includes("--workers");
}

/**
 * `--metrics-ab`: imports the snapshot once, then measures the standard API
 * queries against serve without and with `--metrics` (bench/metrics_http.ts)
 * for one worker and, unless `noWorkers`, two; prints the table and writes
 * it to bench/results/metrics-ab.md.
 */
async function metricsAbRun(o: {
  snapshot: string;
  dbPath: string;
  seconds: number;
  noWorkers: boolean;
  scratch: string;
  machine: string;
}): Promise<void> {
  log(`importing ${o.snapshot}…`);
  const imported = await output(Deno.execPath(), [
    "run",
    IMPORT_V8_FLAGS,
    "-A",
    MAIN,
    "import",
    o.snapshot,
    "--db",
    o.dbPath,
  ]);
  if (imported.code !== 0) throw new Error(`import failed:\n${imported.stderr}`);
  const tool = await loadTool(log, o.scratch);
  const counts = [1, ...(!o.noWorkers && await serveHasWorkers() ? [2] : [])];
  const rows = [];
  const proofs: string[] = [];
  for (const workers of counts) {
    const r = await metricsAb({
      tool,
      seconds: o.seconds,
      workers,
      paths: STANDARD,
      serve: (port, w, metrics) =>
        spawn(Deno.execPath(), serveArgs(o.dbPath, port, w, null, metrics), SERVE_ENV),
      procs: { stop, waitReady, freePort },
      log,
    });
    rows.push(...r.rows);
    proofs.push(
      `${workers} worker${workers > 1 ? "s" : ""}: ${fmt(r.counted)} ≥ ${fmt(r.completed)}`,
    );
  }
  const { slice, count } = abSlices(o.seconds);
  const report = [
    abTable(rows),
    "",
    `Machine: ${o.machine}. Load: ${tool.kind === "wrk" ? "wrk" : "autocannon"}, 2 threads, ` +
    `32 connections. Two serves ran side by side, as \`deno task bench\` starts serve, one ` +
    `without and one with \`--metrics\` (its \`/metrics\` a 404 on the first); each row took ` +
    `${count} slices of ${slice} s from each, in turn (off, on, on, off, …), after 1 s of each ` +
    "query on both. on/off req/s: the requests of all slices over their time; the range: the " +
    "ratio of each pair of adjacent slices, which is the noise of the machine. Before it " +
    "stopped, the serve with metrics was scraped: its request counter held at least the " +
    `requests the load generator completed against it (${proofs.join("; ")}).`,
  ].join("\n");
  console.log(`\n${report}`);
  await Deno.mkdir(`${ROOT}bench/results`, { recursive: true });
  await Deno.writeTextFile(
    METRICS_AB_RESULTS,
    `<!-- deno task bench --metrics-ab, ${new Date().toISOString()} -->\n${report}\n`,
  );
  log(`written to ${METRICS_AB_RESULTS}`);
}

// --------------------------------------------------------------------- main

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      duration: { type: "string" },
      quick: { type: "boolean", default: false },
      snapshot: { type: "string", default: BUNDLED_SNAPSHOT },
      paths: { type: "string", default: "20000" },
      profile: { type: "boolean", default: false },
      perf: { type: "boolean", default: false },
      "no-workers": { type: "boolean", default: false },
      "scale-count": { type: "string", default: "400000" },
      metrics: { type: "boolean", default: false },
      "metrics-ab": { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(`Usage: deno task bench [--quick] [--duration 10s] [--snapshot FILE]
                       [--paths N] [--profile] [--perf] [--no-workers]
                       [--metrics | --metrics-ab]

  --duration D    length of each HTTP load test (default 10s; 3s with --quick)
  --quick         smoke run: 3 s load tests, fewer repetitions
  --snapshot F    CSV snapshot to import (default data/clubs.csv.gz)
  --paths N       distinct paths of the mixed workload (default 20000)
  --profile       also CPU-profile serve under the mixed load
  --perf          also split serve's CPU under the mixed load by where it ran:
                  kernel, Deno's native code, JavaScript, C library (Linux perf)
  --no-workers    skip the --workers 2 runs
  --scale-count N clubs of the generated directory measured beside the bundled
                  one (bench/scale.ts; default 400000, 0 to skip)
  --metrics       start every serve with --metrics; each is scraped before it
                  stops and the run fails unless it counted every request the
                  load generator completed
  --metrics-ab    only the import and the four standard API queries, each against
                  two serves side by side, without and with --metrics, in 2 s
                  slices taken in turn (1 s below --duration 4s): req/s, on/off
                  ratio and the ratio's spread over the slice pairs, per worker
                  count; written to bench/results/metrics-ab.md`);
    return;
  }
  const seconds = parseDuration(values.duration ?? (values.quick ? "3s" : "10s"));
  if (values.metrics && values["metrics-ab"]) {
    throw new Error("--metrics and --metrics-ab: choose one (--metrics-ab runs serve both ways)");
  }
  const pathCount = Number(values.paths);
  if (!Number.isInteger(pathCount) || pathCount < 2000) {
    throw new Error(`--paths must be a whole number from 2000, got "${values.paths}"`);
  }
  try {
    Deno.statSync(values.snapshot);
  } catch {
    throw new Error(
      `Cannot read the snapshot ${values.snapshot}: run "deno task generate" or pass --snapshot`,
    );
  }

  const tmp = await Deno.makeTempDir({ prefix: "clubdir-bench-" });
  const onSignal = () => {
    killAll();
    Deno.removeSync(tmp, { recursive: true });
    Deno.exit(130);
  };
  Deno.addSignalListener("SIGINT", onSignal);
  Deno.addSignalListener("SIGTERM", onSignal);
  try {
    const cpu = Deno.readTextFileSync("/proc/cpuinfo").match(/^model name\s*:\s*(.*)$/m)?.[1];
    // Other work on the machine skews every figure: say how busy it was.
    const load = Deno.readTextFileSync("/proc/loadavg").split(" ")[0];
    const machine = `${navigator.hardwareConcurrency} CPUs (${cpu ?? "unknown CPU"}), ` +
      `Deno ${Deno.version.deno}, ${Deno.build.os}, load average ${load} at start`;
    log(machine);
    if (values["metrics-ab"]) {
      await metricsAbRun({
        snapshot: values.snapshot,
        dbPath: `${tmp}/clubs.db`,
        seconds,
        noWorkers: values["no-workers"],
        scratch: tmp,
        machine,
      });
      return;
    }

    // 1. import
    const dbPath = `${tmp}/clubs.db`;
    log(`importing ${values.snapshot}…`);
    const imp = await timeImport(values.snapshot, dbPath, values.quick ? 1 : 3);

    // 2. Deno.bench
    log("Deno.bench of the search engine…");
    const benches = await denoBench(dbPath);

    // 3. HTTP
    const tool = await loadTool(log, tmp);
    log(`mixed workload: ${fmt(pathCount)} distinct paths…`);
    const store = ClubStore.open(dbPath);
    let paths: string[];
    let warmPaths: string[];
    try {
      const total = (filters: Record<string, string>) => {
        const q = parseSearch(filters);
        return q.ok ? findPage(store, { ...q.value, limit: 1 }).total : 0;
      };
      paths = mixedPaths({ count: pathCount, seed: 5, total });
      const measured = new Set(paths);
      warmPaths = mixedPaths({ count: pathCount, seed: 6, total }).filter((p) => !measured.has(p));
    } finally {
      store.close();
    }
    const plan: HttpPlan = {
      tool,
      dbPath,
      seconds,
      pathsFile: `${tmp}/paths.txt`,
      pathCount,
      luaFile: `${tmp}/mixed.lua`,
      warm: { pathsFile: `${tmp}/warm-paths.txt`, luaFile: `${tmp}/warm.lua` },
      scratch: tmp,
      metrics: null,
    };
    // What each serve's /metrics counted, for the notes.
    const proofs: string[] = [];
    if (values.metrics) {
      plan.metrics = async (origin, completed, label, workers = 1) => {
        const counted = await proveMetrics(origin, completed, workers);
        proofs.push(`${label} ${fmt(counted)} ≥ ${fmt(completed)}`);
      };
    }
    await Deno.writeTextFile(plan.pathsFile, paths.join("\n") + "\n");
    await Deno.writeTextFile(plan.luaFile, wrkScript(plan.pathsFile, 2));
    await Deno.writeTextFile(plan.warm.pathsFile, warmPaths.join("\n") + "\n");
    await Deno.writeTextFile(plan.warm.luaFile, wrkScript(plan.warm.pathsFile, 2));

    const canWorkers = await serveHasWorkers() && !values["no-workers"];
    const runs = [await httpRuns(plan, 1)];
    if (canWorkers) runs.push(await httpRuns(plan, 2));
    else log("serve has no --workers flag (or --no-workers): one worker only");
    const http = runs.flatMap((r) => r.rows);
    const sizes = runs.flatMap((r) => r.sizes);

    // 5. MCP
    const mcp = await mcpBench({
      tool,
      dbPath,
      seconds,
      scratch: tmp,
      procs: {
        spawn,
        stop,
        waitReady,
        freePort,
        serveArgs: (db, port, workers, prof) =>
          serveArgs(db, port, workers, prof, plan.metrics !== null),
      },
      log,
      ...(plan.metrics ? { proveMetrics: plan.metrics } : {}),
    });

    let profile = "";
    if (values.profile) {
      await Deno.mkdir(`${tmp}/prof`);
      profile = await profileServe(plan, `${tmp}/prof`);
    }
    let perf = "";
    if (values.perf) perf = await perfServe(plan, tmp);

    // 4. cold start
    log("cold query vs empty script…");
    const empty = `${tmp}/empty.ts`;
    await Deno.writeTextFile(empty, "");
    const cold = await coldStart(dbPath, empty, values.quick ? 5 : 10);

    // The table.
    const rows: string[][] = [];
    for (const [i, run] of runs.entries()) {
      const workers = run.rows[0]!.workers;
      const ceilingOf = (kind: HttpRow["kind"]) =>
        http.find((r) => r.kind === kind && r.workers === workers)!;
      for (const row of run.rows) {
        const compressed = row.kind === "compressed" || row.kind === "compressed ceiling";
        rows.push(httpLine(row, ceilingOf(compressed ? "compressed ceiling" : "ceiling")));
      }
      rows.push(rssLine(http, workers));
      // The sizes do not depend on the worker count: once.
      if (i === 0) rows.push(...sizes.filter((s) => s.workers === workers).map(sizeLine));
    }
    const dash = ["–", "–", "–", "–", "–"];
    const importMiss = imp.wallS >= TARGETS.importS ? [`${fmt(imp.wallS, 2)} s`] : [];
    rows.push([
      `import ${imp.rows} clubs (main.ts import, wall)`,
      ...dash,
      `${fmt(imp.wallS, 2)} s${
        imp.inProcessS === null ? "" : ` (in-process ${fmt(imp.inProcessS, 2)} s)`
      }`,
      `< ${TARGETS.importS} s: ${verdict(importMiss)}`,
    ]);
    if (imp.sqliteUtilsS !== null) {
      const times = imp.sqliteUtilsS / imp.wallS;
      rows.push([
        "import vs sqlite-utils `insert --csv --detect-types` + `enable-fts` (same rows, wall)",
        ...dash,
        `${fmt(imp.sqliteUtilsS, 2)} s = ${fmt(times, 1)}× ours${
          imp.rssMb === null ? "" : `; our peak RSS ${fmt(imp.rssMb)} MB`
        }`,
        `≥ ${TARGETS.importVsSqliteUtils}×: ${
          verdict(times < TARGETS.importVsSqliteUtils ? [`${fmt(times, 1)}×`] : [])
        }`,
      ]);
    }
    const ratio = cold.queryMs / cold.emptyMs;
    rows.push([
      "cold `main.ts query --type golf --state FL --format json`",
      ...dash,
      `${fmt(cold.queryMs)} ms vs empty script ${fmt(cold.emptyMs)} ms = ${
        fmt(ratio, 1)
      }× (${cold.how})`,
      "–",
    ]);
    for (const b of benches) {
      const suggestion = b.group === "suggestions";
      const over = b.avgNs > TARGETS.suggestUs * 1000 ? [`avg ${time(b.avgNs)}`] : [];
      rows.push([
        `Deno.bench ${b.group ?? ""}: ${b.name}`,
        ...dash,
        `avg ${time(b.avgNs)}, p99 ${time(b.p99Ns)} (${fmt(1e9 / b.avgNs)}/s)`,
        suggestion ? `≤ ${TARGETS.suggestUs} µs each: ${verdict(over)}` : "–",
      ]);
    }
    const table = markdown(
      ["Measure", "req/s", "p50 ms", "p99 ms", "vs ceiling", "peak RSS MB", "result", "target"],
      rows,
    );
    const notes = [
      `Machine: ${machine}. Load: ${
        tool.kind === "wrk" ? "wrk" : "autocannon"
      }, 2 threads, 32 connections, ${seconds} s per row, on the same machine as the server.`,
      "Mixed: each wrk thread walks its own part of one seeded, shuffled list of distinct " +
      "paths, so no path repeats before the whole list has been requested. Before the row, " +
      "serve runs as long on another such list (none of the measured paths): a server under " +
      "real traffic is warm on varied queries, not on the four standard ones.",
      `Compressed rows: wrk sends \`Accept-Encoding: ${ACCEPT_ENCODING}\`, serve answers ${
        negotiateEncoding(ACCEPT_ENCODING)
      } from its cache, and their ceiling answers the same ${
        negotiateEncoding(ACCEPT_ENCODING)
      } bytes (a Uint8Array with Content-Encoding). Website rows are a share of the plain ceiling.`,
      "Peak RSS: VmHWM of the serve process tree after the row (serve's rows run top to bottom, " +
      "the ceilings after them). " +
      "Deno.bench: in-process calls with the store's result caches off.",
    ];
    // 4. Ten times the directory (issue 39): both sizes in this run.
    const scaleCount = Number(values["scale-count"]);
    let scale = "";
    if (scaleCount > 0) {
      const r = await scaleBench({
        smallDb: dbPath,
        count: scaleCount,
        seconds,
        searches: values.quick ? 100 : 500,
        paths: pathCount,
        scratch: tmp,
        log,
        ...(plan.metrics ? { proveMetrics: plan.metrics } : {}),
      });
      scale =
        `\nThe bundled directory beside ${fmt(scaleCount)} generated clubs (bench/scale.ts; ` +
        `serve on each in turn; distinct random 5-letter \`q\`, one at a time):\n\n${r.table}\n`;
    }
    if (values.metrics) {
      notes.push(
        "Metrics: every serve of this run ran with `--metrics`; before it stopped, its " +
          "`/metrics` was scraped and its request counter held at least the requests the load " +
          `generator completed (counted ≥ completed): ${proofs.join("; ")}.`,
      );
    }
    const report = `${table}\n\n${notes.join("\n")}\n\n${mcp.markdown}\n${scale}${
      profile
        ? `\nTop self time of serve under the mixed load:\n\n\`\`\`\n${profile}\n\`\`\`\n`
        : ""
    }${perf ? `\nWhere serve's CPU went under the mixed load (perf):\n\n${perf}\n` : ""}`;
    console.log(`\n${report}`);
    await Deno.mkdir(`${ROOT}bench/results`, { recursive: true });
    await Deno.writeTextFile(
      RESULTS,
      `<!-- deno task bench, ${new Date().toISOString()} -->\n${report}`,
    );
    log(`written to ${RESULTS}`);
  } finally {
    Deno.removeSignalListener("SIGINT", onSignal);
    Deno.removeSignalListener("SIGTERM", onSignal);
    killAll();
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  try {
    await main();
  } catch (e) {
    console.error(`bench: error: ${(e as Error).message}`);
    Deno.exit(1);
  }
}
