/**
 * How a running `serve` picks up a snapshot renamed into place: the time
 * from the rename to the first answer from the new snapshot, and the
 * slowest answers while it is picked up, under a bounded load of a few
 * clients (cached and uncached pages, name searches). Each round renames
 * the other of two snapshots in; the figures are per round.
 *
 * @example
 * ```sh
 * deno run -A bench/cluster/swap_latency.ts A.db B.db [--rounds 3] [--main main.ts]
 * ```
 * @module
 */
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { freePort, waitForPort } from "./procs.ts";
import { SERVE_ENV, SERVE_V8_FLAGS } from "../serve_flags.ts";

/** One round's figures (ms). */
export interface SwapRound {
  /** Rename → the first answer of `GET /` naming the new snapshot. */
  appearsMs: number;
  /** The slowest answer from the rename until 0.5 s after the new snapshot appeared. */
  worstDuringMs: number;
  /** The 99th percentile over the same time. */
  p99DuringMs: number;
  /** The slowest answer in the second before the rename. */
  worstBeforeMs: number;
  /** Requests answered during the swap window. */
  during: number;
}

/** A percentile of `values` (0–100), 0 for none. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function snapshotOf(base: string): Promise<string | null> {
  const res = await fetch(`${base}/`, { headers: { accept: "application/json" } });
  const body = await res.json() as { snapshot?: { imported_at?: string } | null };
  return body.snapshot?.imported_at ?? null;
}

async function main(args: string[]): Promise<void> {
  const files = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
  const rounds = Number(args[args.indexOf("--rounds") + 1] ?? 3) || 3;
  const mainTs = args.includes("--main")
    ? args[args.indexOf("--main") + 1]!
    : fileURLToPath(new URL("../../main.ts", import.meta.url));
  if (files.length !== 2) throw new Error("usage: swap_latency.ts A.db B.db [--rounds N]");
  const dir = await Deno.makeTempDir({ prefix: "clubdir-swap-" });
  const db = `${dir}/clubs.db`;
  await Deno.copyFile(files[0]!, db);
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      SERVE_V8_FLAGS,
      "-A",
      mainTs,
      "serve",
      "--db",
      db,
      "--port",
      String(port),
      "--hostname",
      "127.0.0.1",
      "--rate-limit",
      "off",
      "--quiet",
    ],
    env: SERVE_ENV,
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  const results: SwapRound[] = [];
  try {
    await waitForPort(port, 60_000, "serve");
    // Every answer: when it was asked, how long it took.
    const answers: { at: number; ms: number }[] = [];
    let stop = false;
    let n = 0;
    const client = async (id: number) => {
      for (let i = 0; !stop && i < 1_000_000; i++) {
        const k = (n++ * 7919 + id) % 5_000;
        const path = i % 3 === 0
          ? `/api/v1/clubs?limit=10&page=${1 + (k % 50)}`
          : i % 3 === 1
          ? `/api/v1/clubs?q=${"abcdefghij"[k % 10]}${"lmnoprst"[k % 8]}${"aeiou"[k % 5]}`
          : `/api/v1/clubs?type=golf&page=${1 + (k % 20)}`;
        const at = performance.now();
        const res = await fetch(base + path);
        await res.arrayBuffer();
        answers.push({ at, ms: performance.now() - at });
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    await sleep(3_000);
    for (let r = 0; r < rounds; r++) {
      const file = files[(r + 1) % 2]!;
      const old = await snapshotOf(base);
      await Deno.copyFile(file, `${db}.incoming`);
      await sleep(1_000);
      const renamed = performance.now();
      await Deno.rename(`${db}.incoming`, db);
      let appeared = 0;
      while (performance.now() - renamed < 20_000) {
        const now = await snapshotOf(base);
        if (now !== old) {
          appeared = performance.now() - renamed;
          break;
        }
        await sleep(5);
      }
      await sleep(500 + 1_000);
      const during = answers.filter((a) => a.at >= renamed && a.at <= renamed + appeared + 500);
      const before = answers.filter((a) => a.at >= renamed - 1_000 && a.at < renamed);
      results.push({
        appearsMs: Math.round(appeared),
        worstDuringMs: Math.round(Math.max(...during.map((a) => a.ms))),
        p99DuringMs: Math.round(percentile(during.map((a) => a.ms), 99)),
        worstBeforeMs: Math.round(Math.max(...before.map((a) => a.ms))),
        during: during.length,
      });
    }
    stop = true;
    await Promise.all(clients);
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await Deno.remove(dir, { recursive: true });
  }
  console.log(JSON.stringify(results));
  for (const r of results) {
    console.log(
      `rename → new snapshot answers ${r.appearsMs} ms; slowest answer meanwhile ${r.worstDuringMs} ms (p99 ${r.p99DuringMs} ms, ${r.during} answers); slowest in the second before ${r.worstBeforeMs} ms`,
    );
  }
}

if (import.meta.main) await main(Deno.args);
