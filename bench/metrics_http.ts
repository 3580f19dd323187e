/**
 * `serve --metrics` under `deno task bench` (issue 38: metrics must not cost
 * the hot path measurably):
 *
 * - `--metrics`: every serve of the run is started with the flag; before it
 *   stops, {@link proveMetrics} scrapes its `/metrics` and fails the run
 *   unless the request counter holds at least the requests the load
 *   generator completed against it (so the figures really were taken with
 *   the metrics on and counting).
 * - `--metrics-ab`: {@link metricsAb} runs the standard REST rows against two
 *   serves at once, one without the flag and one with it, in short slices
 *   taken in turn (off, on, on, off, …), and {@link abTable} gives each row's
 *   on/off ratio beside the spread of the ratios of its adjacent slice pairs:
 *   the noise the ratio is to be read against on a shared machine.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { requestsCounted } from "./metrics_http.ts";
 * const scrape = [
 *   "# TYPE clubdir_http_requests_total counter",
 *   'clubdir_http_requests_total{route="/api/v1/clubs",code="200"} 120',
 *   'clubdir_http_requests_total{route="/",code="200"} 3',
 * ].join("\n");
 * assert.equal(requestsCounted(scrape), 123);
 * ```
 * @module
 */
import { FAMILIES, METRICS_PATH, PUBLISH_EVERY_MS } from "../server/metrics/mod.ts";
import { combine, type LoadResult, type LoadTool, runLoad } from "./wrk.ts";

/**
 * Checks a serve started with `--metrics` before it stops (see
 * {@link proveMetrics}); `label` names it in the run's notes.
 */
export type ProveMetrics = (
  origin: string,
  completed: number,
  label: string,
  workers?: number,
) => Promise<void>;

/** The sum of the request counter over its series in a Prometheus text exposition (0 when absent). */
export function requestsCounted(exposition: string): number {
  const name = FAMILIES.requests.name;
  let total = 0;
  for (const line of exposition.split("\n")) {
    // The name alone or with labels, never a longer name that starts alike.
    if (!line.startsWith(name) || !/^[{ ]/.test(line.slice(name.length))) continue;
    const value = Number(line.slice(line.lastIndexOf(" ") + 1));
    if (!Number.isFinite(value)) throw new Error(`Cannot read the sample "${line}"`);
    total += value;
  }
  return total;
}

/**
 * Scrapes `origin`'s `/metrics` and returns the requests it counted; throws
 * when serve answers without metrics or counted fewer than `completed` (the
 * requests the load generator completed against it). With several workers
 * it first waits for each worker's next publication (a scrape adds up what
 * the others last published).
 */
export async function proveMetrics(
  origin: string,
  completed: number,
  workers = 1,
): Promise<number> {
  if (workers > 1) await new Promise((r) => setTimeout(r, PUBLISH_EVERY_MS * 1.5));
  const res = await fetch(origin + METRICS_PATH);
  const text = await res.text();
  if (res.status !== 200) {
    throw new Error(`--metrics: GET ${origin}${METRICS_PATH} answered ${res.status}: metrics off`);
  }
  const counted = requestsCounted(text);
  if (counted < completed) {
    throw new Error(
      `--metrics: serve at ${origin} counted ${counted} requests, fewer than the ${completed} ` +
        "the load generator completed against it",
    );
  }
  return counted;
}

/** One standard row measured against serve without and with `--metrics`. */
export interface AbRow {
  name: string;
  workers: number;
  /** The slices of each serve, in the order taken. */
  off: LoadResult[];
  on: LoadResult[];
}

/** What {@link metricsAb} needs from bench/run.ts. */
export interface AbPlan<C> {
  tool: LoadTool;
  /** The load each row gets from each serve, in seconds, split into slices. */
  seconds: number;
  workers: number;
  /** The rows: name and path. */
  paths: readonly (readonly [string, string])[];
  /** Starts serve on `port` as the bench does, with or without `--metrics`. */
  serve(port: number, workers: number, metrics: boolean): C;
  /** The process helpers of bench/run.ts. */
  procs: {
    stop(child: C): Promise<void>;
    waitReady(url: string, child: C): Promise<void>;
    freePort(): number;
  };
  log: (line: string) => void;
}

/**
 * How a row's `seconds` of load per serve is sliced: 2 s slices (1 s below
 * 4 s), an even count of them so that each serve goes first as often.
 */
export function abSlices(seconds: number): { slice: number; count: number } {
  const slice = seconds >= 4 ? 2 : 1;
  return { slice, count: Math.max(2, 2 * Math.round(seconds / slice / 2)) };
}

/**
 * Runs the rows against two serves started side by side, one without and
 * one with `--metrics`; checks the first has no `/metrics` and the second
 * counted every request (see {@link proveMetrics}): `completed` is what the
 * load generator completed against the second, warm-up included.
 */
export async function metricsAb<C>(
  plan: AbPlan<C>,
): Promise<{ rows: AbRow[]; counted: number; completed: number }> {
  const { procs, log, workers } = plan;
  const ports = { off: procs.freePort(), on: procs.freePort() };
  const origin = { off: `http://127.0.0.1:${ports.off}`, on: `http://127.0.0.1:${ports.on}` };
  const serves = {
    off: plan.serve(ports.off, workers, false),
    on: plan.serve(ports.on, workers, true),
  };
  const rows: AbRow[] = [];
  let completed = 0;
  const load = async (side: "off" | "on", path: string, seconds: number) => {
    const r = await runLoad(plan.tool, {
      url: origin[side] + path,
      seconds,
      threads: 2,
      connections: 32,
    });
    if (r.non2xx || r.errors) {
      throw new Error(
        `metrics ${side}: GET ${path} had ${r.non2xx} non-2xx answers, ${r.errors} errors`,
      );
    }
    if (side === "on") completed += r.requests;
    return r;
  };
  try {
    await procs.waitReady(`${origin.off}/api/v1/clubs?limit=1`, serves.off);
    await procs.waitReady(`${origin.on}/api/v1/clubs?limit=1`, serves.on);
    const off = await fetch(origin.off + METRICS_PATH);
    await off.body?.cancel();
    if (off.status !== 404) {
      throw new Error(`serve without --metrics answered ${off.status} at ${METRICS_PATH}`);
    }
    log(`metrics off/on (${workers} worker${workers > 1 ? "s" : ""}): warming up…`);
    for (const [, path] of plan.paths) {
      await load("off", path, 1);
      await load("on", path, 1);
    }
    const { slice, count } = abSlices(plan.seconds);
    for (const [name, path] of plan.paths) {
      log(`  ${name}: ${count} slices of ${slice} s per serve, in turn…`);
      const row: AbRow = { name, workers, off: [], on: [] };
      for (let i = 0; i < count; i++) {
        // Pairs alternate which serve goes first: off, on, on, off, …
        for (const side of i % 2 ? (["on", "off"] as const) : (["off", "on"] as const)) {
          row[side].push(await load(side, path, slice));
        }
      }
      rows.push(row);
    }
    const counted = await proveMetrics(origin.on, completed, workers);
    return { rows, counted, completed };
  } finally {
    await Promise.all([procs.stop(serves.off), procs.stop(serves.on)]);
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A row's figures: both sides combined, their ratio, and the ratio of each slice pair. */
export function abFigures(row: AbRow): {
  off: LoadResult;
  on: LoadResult;
  ratio: number;
  pairs: number[];
} {
  const off = combine(row.off);
  const on = combine(row.on);
  const pairs = row.on.map((r, i) => r.rps / row.off[i]!.rps);
  return { off, on, ratio: on.rps / off.rps, pairs };
}

/** The Markdown table of the rows. */
export function abTable(rows: AbRow[]): string {
  const header = [
    "Measure",
    "off req/s",
    "on req/s",
    "on/off req/s",
    "on/off of each slice pair",
    "off p50 / p99 ms",
    "on p50 / p99 ms",
  ];
  const lines = rows.map((row) => {
    const f = abFigures(row);
    const ms = (r: LoadResult) => `${fmt(r.p50Ms, 2)} / ${fmt(r.p99Ms, 2)}`;
    const range = `${fmt(Math.min(...f.pairs), 2)}–${fmt(Math.max(...f.pairs), 2)}`;
    return [
      `HTTP ${row.name}${row.workers > 1 ? ` (${row.workers} workers)` : ""}`,
      fmt(f.off.rps),
      fmt(f.on.rps),
      fmt(f.ratio, 3),
      `${range} (${f.pairs.length} pairs)`,
      ms(f.off),
      ms(f.on),
    ];
  });
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...lines.map(line)].join("\n");
}
