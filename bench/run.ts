/**
 * `deno task bench`: every performance figure of the project in one run on
 * one machine, printed as one Markdown table and written to
 * `bench/results/latest.md`.
 *
 * 1. `main.ts import` of the bundled snapshot into a temp database (wall time).
 * 2. `Deno.bench` of the search engine (bench/search_bench.ts).
 * 3. HTTP load with wrk (2 threads, 32 connections) against `main.ts serve`
 *    and against the ceiling server (bench/ceiling.ts), one and two workers.
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
 * ```
 * @module
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { BUNDLED_SNAPSHOT } from "../core/import/mod.ts";
import { findPage, parseSearch } from "../core/search/mod.ts";
import { ClubStore } from "../core/store/mod.ts";
import { mixedPaths, wrkScript } from "./mixed.ts";
import { mcpBench } from "./mcp.ts";
import { topSelfTime } from "./profile.ts";
import { type LoadResult, type LoadTool, loadTool, parseDuration, runLoad } from "./wrk.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAIN = `${ROOT}main.ts`;
const RESULTS = `${ROOT}bench/results/latest.md`;

/** The targets of issue #5. */
const TARGETS = {
  share: 0.5, // each standard query, of ceiling req/s
  p99Ms: 25,
  mixedShare: 0.15,
  importS: 1.5,
  importVsSqliteUtils: 4, // sqlite-utils time / ours, side by side
  coldRatio: 2, // cold query / empty script
  rssMb: 150,
};

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

function spawn(cmd: string, args: string[]): Child {
  const proc = new Deno.Command(cmd, {
    args,
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
    // As `deno task import` runs it (a small young generation keeps memory flat).
    const flags = "--v8-flags=--max-semi-space-size=2,--max-old-space-size=128";
    const args = ["run", flags, "-A", MAIN, "import", snapshot];
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

interface HttpRow {
  name: string;
  workers: number;
  kind: "ceiling" | "standard" | "mixed";
  load: LoadResult;
  rssMb: number | null;
  /** What was served, for the result column. */
  note: string;
}

interface HttpPlan {
  tool: LoadTool;
  dbPath: string;
  seconds: number;
  pathsFile: string;
  pathCount: number;
  luaFile: string;
}

function serveArgs(dbPath: string, port: number, workers: number, cpuProf: string | null) {
  return [
    "run",
    "-A",
    ...(cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${cpuProf}`] : []),
    // As `deno task serve` runs it: a 4 MB young generation keeps RSS near
    // 100 MB at the same throughput (the default grows to 16 MB per space).
    "--v8-flags=--max-semi-space-size=4",
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
  ];
}

/** Headers Deno.serve adds itself: the ceiling must not send them twice. */
const OWN_HEADERS = new Set(["date", "content-length", "transfer-encoding", "connection", "vary"]);

/** Load tests against serve (one config) and a ceiling with as many processes. */
async function httpRuns(plan: HttpPlan, workers: number): Promise<HttpRow[]> {
  const rows: HttpRow[] = [];
  const load = (url: string, mixed = false, seconds = plan.seconds) =>
    runLoad(plan.tool, {
      url,
      seconds,
      threads: 2,
      connections: 32,
      ...(mixed ? { pathsFile: plan.pathsFile, luaFile: plan.luaFile } : {}),
    });

  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  const serve = spawn(Deno.execPath(), serveArgs(plan.dbPath, port, workers, null));
  // The ceiling answers with the first page's size and headers.
  const shape = { bytes: 0, headers: {} as Record<string, string> };
  try {
    await waitReady(`${origin}/api/v1/clubs?limit=1`, serve);
    const notes = new Map<string, string>();
    for (const [name, path] of STANDARD) {
      const res = await fetch(origin + path);
      const bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`${name}: GET ${path} answered ${res.status}`);
      const total = Number(res.headers.get("x-total-clubs"));
      notes.set(name, `${fmt(bytes / 1000, 1)} KB body, total ${fmt(total)}`);
      if (path !== STANDARD[0]![1]) continue;
      shape.bytes = bytes;
      res.headers.forEach((v, k) => {
        if (!OWN_HEADERS.has(k)) shape.headers[k] = v;
      });
    }
    log(`serve (${workers} worker${workers > 1 ? "s" : ""}) ready on ${origin}; warming up…`);
    await load(origin + STANDARD[0]![1], false, 1);
    for (const [name, path] of STANDARD) {
      log(`  ${name}…`);
      const r = await load(origin + path);
      const rssMb = peakRssMb(serve.proc.pid);
      rows.push({ name, workers, kind: "standard", load: r, rssMb, note: notes.get(name)! });
    }
    for (const [name, path] of WEBSITE) {
      log(`  ${name}…`);
      const page = await fetch(origin + path, { redirect: "manual" });
      const bytes = (await page.arrayBuffer()).byteLength;
      if (page.status !== 200) throw new Error(`${name}: GET ${path} answered ${page.status}`);
      const r = await load(origin + path);
      const note = `${fmt(bytes / 1000, 1)} KB HTML page`;
      rows.push({
        name,
        workers,
        kind: "standard",
        load: r,
        rssMb: peakRssMb(serve.proc.pid),
        note,
      });
    }
    log("  mixed…");
    const r = await load(origin, true);
    const hits = fmt(r.requests / plan.pathCount, 1);
    rows.push({
      name: "mixed",
      workers,
      kind: "mixed",
      load: r,
      rssMb: peakRssMb(serve.proc.pid),
      note: `${fmt(plan.pathCount)} distinct paths, ${hits} hits per path`,
    });
  } finally {
    await stop(serve);
  }

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
        "--bytes",
        String(shape.bytes),
        "--headers",
        JSON.stringify(shape.headers),
        ...(workers > 1 ? ["--reuse-port"] : []),
      ]));
      await waitReady(`http://127.0.0.1:${cport}/`, ceilings[i]!);
    }
    log(`  ceiling (${workers} process${workers > 1 ? "es" : ""}, ${shape.bytes} B body)…`);
    await load(`http://127.0.0.1:${cport}/`, false, 1);
    const r = await load(`http://127.0.0.1:${cport}/api/v1/clubs`);
    rows.unshift({
      name: "ceiling",
      workers,
      kind: "ceiling",
      load: r,
      rssMb: ceilings.reduce((a, c) => a + (peakRssMb(c.proc.pid) ?? 0), 0) || null,
      note: `one precomputed ${fmt(shape.bytes / 1000, 1)} KB body`,
    });
  } finally {
    await Promise.all(ceilings.map((c) => stop(c)));
  }
  return rows;
}

/** CPU profile of serve (one worker) under the mixed load: top self time. */
async function profileServe(plan: HttpPlan, dir: string): Promise<string> {
  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  const serve = spawn(Deno.execPath(), serveArgs(plan.dbPath, port, 1, dir));
  try {
    await waitReady(`${origin}/api/v1/clubs?limit=1`, serve);
    log("profiling serve under the mixed load…");
    await runLoad(plan.tool, {
      url: origin,
      seconds: plan.seconds,
      pathsFile: plan.pathsFile,
      luaFile: plan.luaFile,
    });
  } finally {
    // SIGINT lets Deno exit normally and write the profile.
    await stop(serve, "SIGINT");
  }
  const files = [...Deno.readDirSync(dir)].filter((f) => f.name.endsWith(".cpuprofile"));
  if (!files.length) return "(serve wrote no CPU profile: it may not exit cleanly on SIGINT)";
  return topSelfTime(await Deno.readTextFile(`${dir}/${files[0]!.name}`), 20);
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
const verdict = (misses: string[]) => misses.length ? `**not met** (${misses.join("; ")})` : "met";
const time = (ns: number) =>
  ns >= 1e6 ? `${fmt(ns / 1e6, 2)} ms` : ns >= 1e3 ? `${fmt(ns / 1e3, 1)} µs` : `${fmt(ns)} ns`;

function httpLine(row: HttpRow, ceiling: number): string[] {
  const { load } = row;
  const share = load.rps / ceiling;
  const label = `HTTP ${row.name}${row.workers > 1 ? ` (${row.workers} workers)` : ""}`;
  let target = "–";
  if (row.kind !== "ceiling") {
    const misses: string[] = [];
    const need = row.kind === "mixed" ? TARGETS.mixedShare : TARGETS.share;
    if (share < need) misses.push(`< ${pct(need)} of ceiling`);
    if (row.kind === "standard" && load.p99Ms >= TARGETS.p99Ms) {
      misses.push(`p99 ≥ ${TARGETS.p99Ms} ms`);
    }
    if (row.rssMb !== null && row.rssMb >= TARGETS.rssMb) misses.push(`RSS ≥ ${TARGETS.rssMb} MB`);
    if (load.non2xx || load.errors) misses.push(`${load.non2xx} non-2xx, ${load.errors} errors`);
    target = `${
      row.kind === "mixed" ? `≥ ${pct(need)}` : `≥ ${pct(need)}, p99 < ${TARGETS.p99Ms} ms`
    }, RSS < ${TARGETS.rssMb} MB: ${verdict(misses)}`;
  }
  return [
    label,
    fmt(load.rps),
    fmt(load.p50Ms, 2),
    fmt(load.p99Ms, 2),
    row.kind === "ceiling" ? "100%" : pct(share),
    row.rssMb === null ? "?" : fmt(row.rssMb),
    row.note,
    target,
  ];
}

function markdown(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
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
      "no-workers": { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(`Usage: deno task bench [--quick] [--duration 10s] [--snapshot FILE]
                       [--paths N] [--profile] [--no-workers]

  --duration D    length of each HTTP load test (default 10s; 3s with --quick)
  --quick         smoke run: 3 s load tests, fewer repetitions
  --snapshot F    CSV snapshot to import (default data/clubs.csv.gz)
  --paths N       distinct paths of the mixed workload (default 20000)
  --profile       also CPU-profile serve under the mixed load
  --no-workers    skip the --workers 2 runs`);
    return;
  }
  const seconds = parseDuration(values.duration ?? (values.quick ? "3s" : "10s"));
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
    try {
      paths = mixedPaths({
        count: pathCount,
        seed: 5,
        total: (filters) => {
          const q = parseSearch(filters);
          return q.ok ? findPage(store, { ...q.value, limit: 1 }).total : 0;
        },
      });
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
    };
    await Deno.writeTextFile(plan.pathsFile, paths.join("\n") + "\n");
    await Deno.writeTextFile(plan.luaFile, wrkScript(plan.pathsFile, 2));

    const help = await output(Deno.execPath(), ["run", "-A", MAIN, "serve", "--help"]);
    if (help.code !== 0) throw new Error(`main.ts serve is not available:\n${help.stderr}`);
    const canWorkers = help.stdout.includes("--workers") && !values["no-workers"];
    const http = await httpRuns(plan, 1);
    if (canWorkers) http.push(...await httpRuns(plan, 2));
    else log("serve has no --workers flag (or --no-workers): one worker only");

    // 5. MCP
    const mcp = await mcpBench({
      tool,
      dbPath,
      seconds,
      scratch: tmp,
      procs: { spawn, stop, waitReady, freePort, serveArgs },
      log,
    });

    let profile = "";
    if (values.profile) {
      await Deno.mkdir(`${tmp}/prof`);
      profile = await profileServe(plan, `${tmp}/prof`);
    }

    // 4. cold start
    log("cold query vs empty script…");
    const empty = `${tmp}/empty.ts`;
    await Deno.writeTextFile(empty, "");
    const cold = await coldStart(dbPath, empty, values.quick ? 5 : 10);

    // The table.
    const rows: string[][] = [];
    for (const row of http) {
      const ceiling = http.find((r) => r.kind === "ceiling" && r.workers === row.workers)!;
      rows.push(httpLine(row, ceiling.load.rps));
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
      `< ${TARGETS.coldRatio}×: ${
        verdict(ratio >= TARGETS.coldRatio ? [`${fmt(ratio, 1)}×`] : [])
      }`,
    ]);
    for (const b of benches) {
      rows.push([
        `Deno.bench ${b.group ?? ""}: ${b.name}`,
        ...dash,
        `avg ${time(b.avgNs)}, p99 ${time(b.p99Ns)} (${fmt(1e9 / b.avgNs)}/s)`,
        "–",
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
      "paths, so no path repeats before the whole list has been requested.",
      "Peak RSS: VmHWM of the serve process tree after the row (the rows run top to bottom). " +
      "Deno.bench: in-process calls with the store's result caches off.",
    ];
    const report = `${table}\n\n${notes.join("\n")}\n\n${mcp.markdown}\n${
      profile
        ? `\nTop self time of serve under the mixed load:\n\n\`\`\`\n${profile}\n\`\`\`\n`
        : ""
    }`;
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
