/**
 * Splits a Linux `perf` recording of a Deno process by where its CPU time
 * went: the kernel, Deno's own native code (its Rust HTTP server, V8's
 * runtime and garbage collector, which the binary ships without symbols),
 * JavaScript compiled by V8, and the C library. A V8 `.cpuprofile` sees
 * only the JavaScript thread's view of JavaScript; this sees everything
 * the process ran, so it says how much of a request is ours to speed up.
 *
 * JavaScript is named through the map V8 writes with
 * `--v8-flags=--perf-basic-prof` (`/tmp/perf-<pid>.map`). V8 reuses the
 * addresses of collected code, so a later line of that map overrides an
 * earlier one covering the same address (`perf report` takes the first,
 * and names a hot function after code that died long before).
 *
 * @example
 * ```ts ignore
 * import { perfSplit } from "./perf_split.ts";
 * // perf record -g -p <pid>, then: perf script -F ip,dso > script.txt
 * const map = Deno.readTextFileSync("/tmp/perf-123.map");
 * const split = perfSplit(Deno.readTextFileSync("script.txt"), map, Deno.execPath());
 * split.parts.kernel / split.samples; // the kernel's share
 * ```
 * @module
 */

/** Where a sample's innermost frame ran. */
export type PerfPart = "kernel" | "native" | "javascript" | "libc" | "other";

/** What {@link perfSplit} found. */
export interface PerfSplit {
  /** Samples read. */
  samples: number;
  /** Samples per part. */
  parts: Record<PerfPart, number>;
  /** JavaScript functions by samples in themselves, most first. */
  javascript: [name: string, samples: number][];
  /** Samples in Deno's native code, by the nearest JavaScript function that called it. */
  nativeByCaller: [name: string, samples: number][];
}

interface MapEntry {
  start: number;
  end: number;
  /** Line number in the map: the later line wins. */
  line: number;
  name: string;
}

/** An address-to-name lookup over a V8 perf map, the latest entry winning. */
function mapLookup(perfMap: string): (ip: number) => string | null {
  const entries: MapEntry[] = [];
  perfMap.split("\n").forEach((text, line) => {
    const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(text);
    if (!m) return;
    const start = parseInt(m[1]!, 16);
    entries.push({ start, end: start + parseInt(m[2]!, 16), line, name: m[3]! });
  });
  entries.sort((a, b) => a.start - b.start);
  // Longest code object: how far back from an address a covering entry can start.
  const longest = entries.reduce((n, e) => Math.max(n, e.end - e.start), 0);
  const cache = new Map<number, string | null>();
  return (ip) => {
    const known = cache.get(ip);
    if (known !== undefined) return known;
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (entries[mid]!.start <= ip) lo = mid + 1;
      else hi = mid;
    }
    let best: MapEntry | null = null;
    for (let i = lo - 1; i >= 0 && ip - entries[i]!.start < longest; i--) {
      const e = entries[i]!;
      if (ip < e.end && (best === null || e.line > best.line)) best = e;
    }
    const name = best === null ? null : shortName(best.name);
    cache.set(ip, name);
    return name;
  };
}

/** `JS:*'fn file:///…/core/search/bits.ts:87:37` → `fn core/search/bits.ts:87`. */
function shortName(name: string): string {
  // V8 marks the tier (~ ^ + *), on-stack replacement (o) and context specialisation (').
  const m = /^JS:o?[~^+*]?'?(\S*)(?: (.*))?$/.exec(name);
  if (!m) return name;
  const where = (m[2] ?? "").replace(/^file:\/\/\S*?\/(core|server|cli|bench)\//, "$1/")
    .replace(/^file:\/\/\S*\/npm\/registry\.npmjs\.org\//, "npm:").replace(/:(\d+):\d+$/, ":$1");
  return `${m[1] || "(anonymous)"}${where ? ` ${where}` : ""}`;
}

/** Where a frame of `perf script -F ip,dso` ran, given the recorded executable's path. */
function partOf(dso: string, binary: string): PerfPart {
  if (dso.includes("[kernel")) return "kernel";
  if (/\/perf-\d+\.map\)$/.test(dso) || dso.includes("[JIT]")) return "javascript";
  if (/\/lib(c|m|pthread)[.-][^/]*\)$/.test(dso)) return "libc";
  if (dso === `(${binary})`) return "native";
  return "other";
}

/**
 * Splits the output of `perf script -F ip,dso` (with call chains: one
 * block per sample, innermost frame first) by where each sample ran.
 *
 * @param script What `perf script -F ip,dso` printed.
 * @param perfMap The V8 perf map of the recorded process.
 * @param binary The recorded executable's path (`Deno.execPath()` of the process).
 */
export function perfSplit(script: string, perfMap: string, binary: string): PerfSplit {
  const nameOf = mapLookup(perfMap);
  const parts: Record<PerfPart, number> = {
    kernel: 0,
    native: 0,
    javascript: 0,
    libc: 0,
    other: 0,
  };
  const javascript = new Map<string, number>();
  const nativeByCaller = new Map<string, number>();
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  let samples = 0;
  for (const block of script.split(/\n\s*\n/)) {
    const frames = block.split("\n").map((l) => l.trim()).filter((l) => l !== "")
      .map((l) => {
        const m = /^([0-9a-f]+)\s*(.*)$/.exec(l);
        return m ? { ip: parseInt(m[1]!, 16), dso: m[2]! } : null;
      }).filter((f) => f !== null);
    const leaf = frames[0];
    if (!leaf) continue;
    samples++;
    const part = partOf(leaf.dso, binary);
    parts[part]++;
    if (part === "javascript") add(javascript, nameOf(leaf.ip) ?? "(unnamed JIT code)");
    if (part !== "native") continue;
    let caller = "(no JavaScript on the stack: the event loop, HTTP, GC)";
    for (const f of frames.slice(1)) {
      const name = partOf(f.dso, binary) === "javascript" ? nameOf(f.ip) : null;
      if (name !== null) {
        caller = name;
        break;
      }
    }
    add(nativeByCaller, caller);
  }
  const ranked = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { samples, parts, javascript: ranked(javascript), nativeByCaller: ranked(nativeByCaller) };
}

const LABELS: Record<PerfPart, string> = {
  kernel: "kernel (TCP on loopback, waking the client, syscalls)",
  native: "Deno's native code (Rust HTTP, V8 runtime, GC)",
  javascript: "JavaScript (ours, Hono's, Deno's)",
  libc: "C library (memcpy, malloc)",
  other: "other",
};

/**
 * The split as Markdown: a table of parts in µs a request, then the top
 * JavaScript functions and the top callers of native code.
 *
 * @example
 * ```ts ignore
 * console.log(formatPerfSplit(split, 52, 12));
 * ```
 */
export function formatPerfSplit(split: PerfSplit, usPerRequest: number, top = 12): string {
  const us = (n: number) => (usPerRequest * n / split.samples).toFixed(1);
  const pct = (n: number) => `${(100 * n / split.samples).toFixed(1)}%`;
  const lines = [
    `| where serve's CPU went (${split.samples} samples) | share | µs a request |`,
    "| - | - | - |",
    ...(Object.keys(LABELS) as PerfPart[]).filter((p) => split.parts[p] > 0)
      .map((p) => `| ${LABELS[p]} | ${pct(split.parts[p])} | ${us(split.parts[p])} |`),
    `| all | 100% | ${usPerRequest.toFixed(1)} |`,
    "",
    "JavaScript, self:",
    ...split.javascript.slice(0, top).map(([n, c]) => `  ${us(c).padStart(5)} µs  ${n}`),
    "",
    "Deno's native code, by the JavaScript that called it:",
    ...split.nativeByCaller.slice(0, top).map(([n, c]) => `  ${us(c).padStart(5)} µs  ${n}`),
  ];
  return lines.join("\n");
}
