/**
 * The cluster test's broken replica: under load through nginx, one
 * replica's database is removed, then replaced by a corrupt file, then put
 * back. Its `/readyz` must say 503 with the reason, then 200 again, and no
 * client request may fail: nginx sends what the broken replica answers 500
 * (`clubs_unavailable`) to another one (`proxy_next_upstream … http_500`).
 *
 * @example
 * ```ts ignore
 * import { breakReplica } from "./readiness.ts";
 * const r = await breakReplica({ db, port, seconds: 6, load: () => runLoad(tool, opts) });
 * r.states.map((s) => s.status); // [503, 503, 200]
 * ```
 * @module
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { LoadResult } from "../wrk.ts";

/**
 * What {@link breakReplica} is given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { BrokenReplicaOptions } from "./readiness.ts";
 * const o: BrokenReplicaOptions = { db: "/tmp/r3/clubs.db", port: 18003, seconds: 6, load: () => Promise.reject() };
 * assert.ok(o.seconds > 1.5); // the database is back 1.5 s before the load ends
 * ```
 */
export interface BrokenReplicaOptions {
  /** The replica's database file. */
  db: string;
  /** The replica's port (its `/readyz` is asked directly). */
  port: number;
  /** How long the load lasts (s); the database is back 1.5 s before its end. */
  seconds: number;
  /** The load through nginx, started at once. */
  load: () => Promise<LoadResult>;
}

/**
 * One state of the replica as `/readyz` reported it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ProbedState } from "./readiness.ts";
 * const s: ProbedState = { what: "missing", status: 503, reason: "database: the database file is missing", ms: 240 };
 * assert.deepStrictEqual(JSON.parse(JSON.stringify(s)), s); // printed as JSON in the results
 * ```
 */
export interface ProbedState {
  /** What was done to the file: `missing`, `corrupt` or `restored`. */
  what: string;
  /** The status `/readyz` settled on (0: it did not within 5 s). */
  status: number;
  /** Its `not_ready` entries, joined. */
  reason: string;
  /** Milliseconds from the change to that answer. */
  ms: number;
}

/** Polls the replica's `/readyz` until it answers `want` (at most 5 s). */
async function until(port: number, want: number, what: string): Promise<ProbedState> {
  const t0 = performance.now();
  let last: ProbedState = { what, status: 0, reason: "no answer", ms: 0 };
  while (performance.now() - t0 < 5_000) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`, {
        signal: AbortSignal.timeout(2_000),
      });
      const body = await res.json() as { not_ready?: string[] };
      last = {
        what,
        status: res.status,
        reason: (body.not_ready ?? []).join("; "),
        ms: performance.now() - t0,
      };
      if (res.status === want) return last;
    } catch (e) {
      last = { what, status: 0, reason: (e as Error).message, ms: performance.now() - t0 };
    }
    await sleep(50);
  }
  return { ...last, status: 0 };
}

/**
 * Breaks and mends the replica's database under load; resolves with the
 * load's result and what `/readyz` said at each step. The database is back
 * in place whatever happens.
 *
 * @example
 * ```ts ignore
 * const { load, states } = await breakReplica(options);
 * ```
 */
export async function breakReplica(
  options: BrokenReplicaOptions,
): Promise<{ load: LoadResult; states: ProbedState[] }> {
  const started = performance.now();
  const at = (s: number) => sleep(Math.max(0, s * 1000 - (performance.now() - started)));
  const saved = `${options.db}.saved`;
  const states: ProbedState[] = [];
  const loading = options.load();
  try {
    await at(0.5);
    await Deno.rename(options.db, saved);
    states.push(await until(options.port, 503, "missing"));
    await at(options.seconds / 2);
    // Garbage where the database was: it opens as no SQLite file.
    await Deno.writeFile(`${options.db}.tmp`, new Uint8Array(64 * 1024).fill(0x5a));
    await Deno.rename(`${options.db}.tmp`, options.db);
    const corrupt = await untilReason(options.port, /cannot be read/, "corrupt");
    states.push(corrupt);
    await at(options.seconds - 1.5);
  } finally {
    await Deno.rename(saved, options.db).catch(() => {});
  }
  states.push(await until(options.port, 200, "restored"));
  return { load: await loading, states };
}

/** Polls until `/readyz`'s reason matches `pattern` (the file changed from one failure to another). */
async function untilReason(port: number, pattern: RegExp, what: string): Promise<ProbedState> {
  const t0 = performance.now();
  let last = await until(port, 503, what);
  while (!pattern.test(last.reason) && performance.now() - t0 < 5_000) {
    await sleep(50);
    last = await until(port, 503, what);
  }
  return { ...last, ms: performance.now() - t0, status: pattern.test(last.reason) ? 503 : 0 };
}
