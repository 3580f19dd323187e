/**
 * HTTP load generation with a standard tool: wrk (Debian package) when it
 * is there or can be installed, else autocannon from npm. Both report the
 * same {@link LoadResult}.
 *
 * @example
 * ```ts ignore
 * import { loadTool, runLoad } from "./wrk.ts";
 * const tool = await loadTool(console.error, "/tmp/scratch");
 * const r = await runLoad(tool, { url: "http://127.0.0.1:8000/api/v1/clubs", seconds: 10 });
 * console.log(r.rps, r.p50Ms, r.p99Ms);
 * ```
 * @module
 */
import { durationMs } from "../cli/args.ts";

/** What one load run measured. */
export interface LoadResult {
  /** Completed requests. */
  requests: number;
  /** Requests per second over the run. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses that were not 2xx or 3xx. */
  non2xx: number;
  /** Connect, read, write errors and timeouts: the sum of {@link LoadResult.errorKinds}. */
  errors: number;
  /** The errors by kind, only the kinds that occurred (`{ read: 1 }`): what failed, when a run must have none. */
  errorKinds: Record<string, number>;
}

/**
 * Load runs taken in slices (one row, interleaved with others) as one
 * result: requests over the total time, latencies averaged.
 */
export function combine(parts: LoadResult[]): LoadResult {
  const requests = parts.reduce((n, p) => n + p.requests, 0);
  const seconds = parts.reduce((n, p) => n + p.requests / p.rps, 0);
  const mean = (f: (p: LoadResult) => number) => parts.reduce((n, p) => n + f(p), 0) / parts.length;
  return {
    requests,
    rps: requests / seconds,
    p50Ms: mean((p) => p.p50Ms),
    p99Ms: mean((p) => p.p99Ms),
    non2xx: parts.reduce((n, p) => n + p.non2xx, 0),
    errors: parts.reduce((n, p) => n + p.errors, 0),
    errorKinds: parts.reduce<Record<string, number>>((all, p) => {
      for (const [k, n] of Object.entries(p.errorKinds)) all[k] = (all[k] ?? 0) + n;
      return all;
    }, {}),
  };
}

/** A load generator ready to run. */
export type LoadTool =
  | { kind: "wrk" }
  | { kind: "autocannon"; dir: string };

/** Options of {@link runLoad}. */
export interface LoadOptions {
  /** Base URL: the fixed path to hit, or the origin when `pathsFile` is set. */
  url: string;
  seconds: number;
  threads?: number;
  connections?: number;
  /** A file of paths, one a line, walked as in bench/mixed.ts. */
  pathsFile?: string;
  /** The wrk Lua script for `pathsFile` (wrk only). */
  luaFile?: string;
  /** Request headers, such as `Accept-Encoding` (wrk `-H`, autocannon `headers`). */
  headers?: Record<string, string>;
}

async function run(
  cmd: string,
  args: string[],
  timeoutMs: number,
  env?: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(cmd, {
    args,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(timeoutMs),
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** Whether a command can be started at all (wrk --version exits with 1). */
async function has(cmd: string): Promise<boolean> {
  try {
    await run(cmd, ["--version"], 10_000);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `cmd` can be started, installing Debian's `pkg` with apt-get
 * (after `apt-get update` when the first try fails) when it cannot.
 *
 * @example
 * ```ts ignore
 * if (!(await aptInstalled("perf", "linux-perf", console.error))) console.error("no perf");
 * ```
 */
export async function aptInstalled(
  cmd: string,
  pkg: string,
  log: (line: string) => void,
): Promise<boolean> {
  if (await has(cmd)) return true;
  log(`${cmd} not found: installing ${pkg} with apt-get…`);
  const apt = { DEBIAN_FRONTEND: "noninteractive" };
  try {
    let r = await run("apt-get", ["install", "-y", "-qq", pkg], 300_000, apt);
    if (r.code !== 0) {
      await run("apt-get", ["update", "-qq"], 300_000, apt);
      r = await run("apt-get", ["install", "-y", "-qq", pkg], 300_000, apt);
    }
    if (r.code === 0 && await has(cmd)) return true;
    log(`apt-get could not install ${pkg}: ${r.stderr.trim().split("\n").at(-1)}`);
  } catch (e) {
    log(`apt-get could not install ${pkg}: ${(e as Error).message}`);
  }
  return false;
}

/**
 * wrk if installed; else `apt-get install -y wrk` (see {@link aptInstalled});
 * else autocannon installed with npm into `scratchDir`. Throws when none
 * works.
 */
export async function loadTool(log: (line: string) => void, scratchDir: string): Promise<LoadTool> {
  if (await aptInstalled("wrk", "wrk", log)) return { kind: "wrk" };
  log("falling back to autocannon from npm…");
  const dir = `${scratchDir}/autocannon`;
  await Deno.mkdir(dir, { recursive: true });
  const r = await run("npm", [
    "install",
    "--prefix",
    dir,
    "--no-save",
    "--no-audit",
    "--no-fund",
    "--silent",
    "autocannon@8",
  ], 300_000);
  if (r.code !== 0) throw new Error(`Cannot install a load generator: ${r.stderr.trim()}`);
  await Deno.writeTextFile(`${dir}/load.cjs`, AUTOCANNON_RUNNER);
  return { kind: "autocannon", dir };
}

/** Runs one load test; never runs longer than its duration plus 60 s. */
export async function runLoad(tool: LoadTool, o: LoadOptions): Promise<LoadResult> {
  const threads = o.threads ?? 2;
  const connections = o.connections ?? 32;
  const timeoutMs = (o.seconds + 60) * 1000;
  if (tool.kind === "wrk") {
    const args = [
      `-t${threads}`,
      `-c${connections}`,
      `-d${o.seconds}s`,
      "--timeout",
      "5s",
      "--latency",
    ];
    for (const [name, value] of Object.entries(o.headers ?? {})) {
      args.push("-H", `${name}: ${value}`);
    }
    if (o.luaFile) args.push("-s", o.luaFile);
    const r = await run("wrk", [...args, o.url], timeoutMs);
    if (r.code !== 0) throw new Error(`wrk failed: ${r.stderr.trim() || r.stdout.trim()}`);
    return parseWrk(r.stdout);
  }
  const config = {
    url: o.url,
    connections,
    seconds: o.seconds,
    pathsFile: o.pathsFile ?? null,
    headers: o.headers ?? {},
  };
  const r = await run("node", [`${tool.dir}/load.cjs`, JSON.stringify(config)], timeoutMs, {
    NODE_PATH: `${tool.dir}/node_modules`,
  });
  if (r.code !== 0) throw new Error(`autocannon failed: ${r.stderr.trim()}`);
  return JSON.parse(r.stdout) as LoadResult;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function ms(value: string, unit: string): number {
  return Number(value) * (UNIT_MS[unit] ?? NaN);
}

/** Reads the text wrk prints with `--latency`. Throws when a figure is missing. */
export function parseWrk(text: string): LoadResult {
  const need = (re: RegExp, what: string): RegExpMatchArray => {
    const m = text.match(re);
    if (!m) throw new Error(`Cannot read ${what} from wrk output:\n${text}`);
    return m;
  };
  const p50 = need(/^\s*50%\s+([\d.]+)(us|ms|s|m|h)\s*$/m, "the 50% latency");
  const p99 = need(/^\s*99%\s+([\d.]+)(us|ms|s|m|h)\s*$/m, "the 99% latency");
  const socket = text.match(
    /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/,
  );
  const errorKinds = socket
    ? kinds({ connect: socket[1]!, read: socket[2]!, write: socket[3]!, timeout: socket[4]! })
    : {};
  return {
    requests: Number(need(/(\d+) requests in/, "the request count")[1]),
    rps: Number(need(/Requests\/sec:\s+([\d.]+)/, "requests per second")[1]),
    p50Ms: ms(p50[1]!, p50[2]!),
    p99Ms: ms(p99[1]!, p99[2]!),
    non2xx: Number(text.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    errors: Object.values(errorKinds).reduce((a, n) => a + n, 0),
    errorKinds,
  };
}

/** The kinds whose count is not zero, as numbers. */
function kinds(counts: Record<string, string | number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(counts).map(([k, n]) => [k, Number(n)] as const).filter(([, n]) => n > 0),
  );
}

/** Parses a duration such as `10s`, `3`, `1m` or `1500ms` into seconds (with {@link durationMs}). */
export function parseDuration(raw: string): number {
  const ms = durationMs(raw, { units: ["ms", "s", "m"], bare: "s" });
  if (ms === null) throw new Error(`Cannot read duration "${raw}": use e.g. 10s, 3s or 1m`);
  if (ms < 1_000) throw new Error(`Duration "${raw}" is too short: use at least 1s`);
  return ms / 1_000;
}

// The autocannon fallback: one Node process, the same figures as wrk. It
// has no Lua, so the path walk of bench/mixed.ts is done in setupRequest.
const AUTOCANNON_RUNNER = `"use strict";
const fs = require("node:fs");
const autocannon = require("autocannon");
const c = JSON.parse(process.argv[2]);
const paths = c.pathsFile ? fs.readFileSync(c.pathsFile, "utf8").split("\\n").filter(Boolean) : null;
let i = 0;
const opts = { url: c.url, connections: c.connections, duration: c.seconds, timeout: 5, headers: c.headers };
if (paths) opts.requests = [{ setupRequest: (r) => ({ ...r, path: paths[i++ % paths.length] }) }];
autocannon(opts, (err, res) => {
  if (err) { console.error(String(err)); process.exit(1); }
  process.stdout.write(JSON.stringify({
    requests: res.requests.total,
    rps: res.requests.total / (res.duration || c.seconds),
    p50Ms: res.latency.p50,
    p99Ms: res.latency.p99,
    non2xx: res.non2xx,
    errors: res.errors + res.timeouts,
    errorKinds: Object.fromEntries([["error", res.errors], ["timeout", res.timeouts]].filter(([, n]) => n > 0)),
  }));
});
`;
