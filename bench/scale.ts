/**
 * Ten times the directory (issue 39): the same measurements at the bundled
 * 40,000 clubs and at a directory of `--count` clubs (default 400,000)
 * generated on the fly from the same generator (data/generate.ts, never
 * committed), in one run, so only ratios measured side by side are compared
 * on this shared machine. Per size, `serve` (as `deno task serve` runs it,
 * rate limit off) is started on its own database and measured for:
 *
 * - cold start: from spawning serve to its first answer to a name search in
 *   each `match` mode (the search structures are built on first use);
 * - distinct name searches: `--searches` random 5-letter `q` per mode, each
 *   asked once, one at a time (latency median and p99, no cache can help),
 *   and as many MCP `search_clubs` calls (`POST /api/mcp`, its `words`
 *   default);
 * - the mixed load of bench/mixed.ts (wrk, 2 threads, 32 connections);
 * - peak RSS: VmHWM of serve after all of it.
 *
 * `deno task bench` runs it (bench/run.ts `--scale-count`); alone:
 *
 * ```sh
 * deno run -A bench/scale.ts --count 400000 --seconds 10
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { findPage, MATCH_MODES, parseSearch } from "../core/search/mod.ts";
import { ClubStore } from "../core/store/mod.ts";
import { mixedPaths, seededRandom, wrkScript } from "./mixed.ts";
import type { ProveMetrics } from "./metrics_http.ts";
import { type LoadResult, type LoadTool, loadTool, runLoad } from "./wrk.ts";
import { IMPORT_V8_FLAGS, SERVE_ENV, SERVE_V8_FLAGS } from "./serve_flags.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAIN = `${ROOT}main.ts`;

/** The targets, as ratios of the large directory to the bundled one (and absolutes). */
export const SCALE_TARGETS = {
  searchMedianMs: 5,
  searchP99Ms: 25,
  /** Large-directory search latency at most this many times the bundled one's. */
  searchRatio: 3,
  /** Mixed throughput at least this share of the bundled one's. */
  mixedShare: 0.5,
  mixedP99Ms: 50,
  /** Peak RSS at most this many times the bundled one's. */
  rssRatio: 2.5,
};

/** What one size measured. */
export interface SizeFigures {
  clubs: number;
  /** Spawn to the first answer of a name search in each mode, ms. */
  coldMs: number;
  /** Per mode (and {@link MCP_ROW}): median and p99 of distinct name searches, ms. */
  searches: Record<string, { median: number; p99: number }>;
  mixed: LoadResult;
  rssMb: number | null;
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** VmHWM of a process, MB. */
function peakRssMb(pid: number): number | null {
  try {
    const m = Deno.readTextFileSync(`/proc/${pid}/status`).match(/^VmHWM:\s+(\d+) kB/m);
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Distinct random 5-letter names, the same for every size (seeded). */
export function randomNames(count: number, seed: number): string[] {
  const rnd = seededRandom(seed);
  const out = new Set<string>();
  while (out.size < count) {
    out.add(
      Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(rnd() * 26))).join(""),
    );
  }
  return [...out];
}

/** Generates a snapshot of `count` clubs and imports it into `dbPath`, as `deno task import` does. */
export async function buildDirectory(count: number, dir: string): Promise<string> {
  const csv = `${dir}/clubs-${count}.csv.gz`;
  const db = `${dir}/clubs-${count}.db`;
  for (
    const args of [
      ["run", "-A", `${ROOT}data/generate.ts`, "--count", String(count), "--out", csv],
      ["run", IMPORT_V8_FLAGS, "-A", MAIN, "import", csv, "--db", db],
    ]
  ) {
    const out = await new Deno.Command(Deno.execPath(), {
      args,
      cwd: ROOT,
      stdout: "null",
      stderr: "piped",
    })
      .output();
    if (out.code !== 0) {
      throw new Error(`deno ${args.join(" ")} failed:\n${new TextDecoder().decode(out.stderr)}`);
    }
  }
  await Deno.remove(csv);
  return db;
}

/** The key of the MCP `search_clubs` figures in {@link SizeFigures.searches}. */
export const MCP_ROW = "mcp";

/** One MCP `search_clubs` call with name `q` (a stateless JSON-RPC POST); its latency, ms. */
async function mcpSearch(origin: string, q: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${origin}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "search_clubs", arguments: { q } },
    }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (res.status !== 200 || !text.includes('"result"')) {
    throw new Error(`search_clubs ${q} answered ${res.status}: ${text.slice(0, 200)}`);
  }
  return performance.now() - started;
}

async function get(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

/** Options of {@link measureSize}. */
export interface SizeOptions {
  tool: LoadTool;
  seconds: number;
  searches: number;
  /** Distinct paths of the mixed load. */
  paths: number;
  scratch: string;
  /** With `deno task bench --metrics`: serve runs with the flag and is checked before it stops. */
  proveMetrics?: ProveMetrics;
}

/** Every measurement of one database; see the module doc. */
export async function measureSize(dbPath: string, o: SizeOptions): Promise<SizeFigures> {
  const store = ClubStore.open(dbPath);
  let clubs: number;
  let paths: string[];
  try {
    clubs = store.clubs;
    const total = (filters: Record<string, string>) => {
      const q = parseSearch(filters);
      return q.ok ? findPage(store, { ...q.value, limit: 1 }).total : 0;
    };
    paths = mixedPaths({ count: o.paths, seed: 5, total });
  } finally {
    store.close();
  }
  const pathsFile = `${o.scratch}/scale-paths-${clubs}.txt`;
  const luaFile = `${o.scratch}/scale-${clubs}.lua`;
  await Deno.writeTextFile(pathsFile, paths.join("\n") + "\n");
  await Deno.writeTextFile(luaFile, wrkScript(pathsFile, 2));

  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const proc = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", SERVE_V8_FLAGS, MAIN, "serve", "--rate-limit", "off", "--quiet"]
      .concat(["--hostname", "127.0.0.1", "--port", String(port), "--db", dbPath])
      .concat(o.proveMetrics ? ["--metrics"] : []),
    env: SERVE_ENV,
    cwd: ROOT,
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    // Cold start: the first name search of each mode answered.
    for (const match of MATCH_MODES) {
      for (;;) {
        try {
          await get(`${origin}/api/v1/clubs?q=coldstart&match=${match}`);
          break;
        } catch (e) {
          if (performance.now() - started > 120_000) throw e;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    }
    const coldMs = performance.now() - started;
    const searches: SizeFigures["searches"] = {};
    // A few requests first so the handlers are compiled, as in a server that has run a while.
    for (const q of randomNames(50, 99)) await get(`${origin}/api/v1/clubs?q=${q}`);
    for (const [m, match] of MATCH_MODES.entries()) {
      const times: number[] = [];
      for (const q of randomNames(o.searches, 1 + m)) {
        times.push(await get(`${origin}/api/v1/clubs?q=${q}&match=${match}`));
      }
      searches[match] = { median: quantile(times, 0.5), p99: quantile(times, 0.99) };
    }
    const calls: number[] = [];
    for (const q of randomNames(o.searches, 11)) calls.push(await mcpSearch(origin, q));
    searches[MCP_ROW] = { median: quantile(calls, 0.5), p99: quantile(calls, 0.99) };
    const mixed = await runLoad(o.tool, {
      url: origin,
      seconds: o.seconds,
      threads: 2,
      connections: 32,
      pathsFile,
      luaFile,
    });
    const rssMb = peakRssMb(proc.pid);
    await o.proveMetrics?.(origin, mixed.requests, `scale, ${fmt(clubs)} clubs`);
    return { clubs, coldMs, searches, mixed, rssMb };
  } finally {
    try {
      proc.kill("SIGTERM");
    } catch { /* gone */ }
    await proc.status;
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The markdown table of both sizes, their ratio and each target's verdict. */
export function scaleTable(small: SizeFigures, large: SizeFigures): string {
  const t = SCALE_TARGETS;
  const verdict = (ok: boolean) => ok ? "met" : "**missed**";
  const rows: string[] = [
    `| measurement | ${fmt(small.clubs)} clubs | ${
      fmt(large.clubs)
    } clubs | ratio | target | result |`,
    "|-|-:|-:|-:|-|-|",
  ];
  for (const match of [...MATCH_MODES, MCP_ROW]) {
    const a = small.searches[match]!;
    const b = large.searches[match]!;
    const what = match === MCP_ROW
      ? "MCP `search_clubs` (`words`)"
      : `distinct name searches, \`match=${match}\``;
    for (
      const [stat, x, y, abs] of [
        ["median", a.median, b.median, t.searchMedianMs],
        ["p99", a.p99, b.p99, t.searchP99Ms],
      ] as const
    ) {
      // Below a millisecond the ratio is the machine's noise: the absolute target decides.
      const ratio = y / x;
      const ok = y <= abs && (ratio <= t.searchRatio || y < 1);
      rows.push(
        `| ${what}, ${stat} | ${fmt(x, 2)} ms | ${fmt(y, 2)} ms | ${
          fmt(ratio, 1)
        }× | ≤ ${abs} ms and ≤ ${t.searchRatio}× | ${verdict(ok)} |`,
      );
    }
  }
  const share = large.mixed.rps / small.mixed.rps;
  rows.push(
    `| mixed load (req/s) | ${fmt(small.mixed.rps)} | ${fmt(large.mixed.rps)} | ${
      fmt(share, 2)
    }× | ≥ ${t.mixedShare}× | ${verdict(share >= t.mixedShare)} |`,
  );
  rows.push(
    `| mixed load p99, errors | ${fmt(small.mixed.p99Ms, 1)} ms, ${small.mixed.errors} | ${
      fmt(large.mixed.p99Ms, 1)
    } ms, ${large.mixed.errors} | | < ${t.mixedP99Ms} ms, 0 | ${
      verdict(
        large.mixed.p99Ms < t.mixedP99Ms && large.mixed.errors === 0 && large.mixed.non2xx === 0,
      )
    } |`,
  );
  const rss = small.rssMb && large.rssMb ? large.rssMb / small.rssMb : NaN;
  rows.push(
    `| peak RSS of serve | ${fmt(small.rssMb ?? NaN)} MB | ${fmt(large.rssMb ?? NaN)} MB | ${
      fmt(rss, 2)
    }× | ≤ ${t.rssRatio}× | ${verdict(rss <= t.rssRatio)} |`,
  );
  rows.push(
    `| cold start (spawn to a name search in each mode) | ${fmt(small.coldMs)} ms | ${
      fmt(large.coldMs)
    } ms | ${fmt(large.coldMs / small.coldMs, 1)}× | | |`,
  );
  return rows.join("\n");
}

/** Options of {@link scaleBench}. */
export interface ScaleOptions {
  /** The bundled directory's database. */
  smallDb: string;
  /** Clubs of the generated directory. */
  count: number;
  seconds: number;
  searches: number;
  paths: number;
  scratch: string;
  log: (line: string) => void;
  /** A database of the large directory already built (else it is generated). */
  largeDb?: string;
  /** See {@link SizeOptions.proveMetrics}. */
  proveMetrics?: ProveMetrics;
}

/** Both sizes, one after the other on the same machine; returns the table. */
export async function scaleBench(
  o: ScaleOptions,
): Promise<{ small: SizeFigures; large: SizeFigures; table: string }> {
  const tool = await loadTool(o.log, o.scratch);
  o.log(`generating and importing ${fmt(o.count)} clubs…`);
  const largeDb = o.largeDb ?? await buildDirectory(o.count, o.scratch);
  const opts = {
    tool,
    seconds: o.seconds,
    searches: o.searches,
    paths: o.paths,
    scratch: o.scratch,
    ...(o.proveMetrics ? { proveMetrics: o.proveMetrics } : {}),
  };
  o.log("measuring the bundled directory…");
  const small = await measureSize(o.smallDb, opts);
  o.log(`measuring ${fmt(o.count)} clubs…`);
  const large = await measureSize(largeDb, opts);
  if (!o.largeDb) await Deno.remove(largeDb).catch(() => {});
  return { small, large, table: scaleTable(small, large) };
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      count: { type: "string", default: "400000" },
      seconds: { type: "string", default: "10" },
      searches: { type: "string", default: "500" },
      paths: { type: "string", default: "20000" },
      "small-db": { type: "string" },
      "large-db": { type: "string" },
    },
  });
  const scratch = await Deno.makeTempDir({ prefix: "clubdir-scale-" });
  try {
    let smallDb = values["small-db"];
    if (!smallDb) {
      smallDb = `${scratch}/bundled.db`;
      const out = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          IMPORT_V8_FLAGS,
          "-A",
          MAIN,
          "import",
          `${ROOT}data/clubs.csv.gz`,
          "--db",
          smallDb,
        ],
        cwd: ROOT,
        stdout: "null",
        stderr: "null",
      }).output();
      if (out.code !== 0) throw new Error("import of the bundled directory failed");
    }
    const r = await scaleBench({
      smallDb,
      count: Number(values.count),
      seconds: Number(values.seconds),
      searches: Number(values.searches),
      paths: Number(values.paths),
      scratch,
      log: (line) => console.error(line),
      ...(values["large-db"] ? { largeDb: values["large-db"] } : {}),
    });
    console.log(r.table);
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
}
