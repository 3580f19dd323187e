/**
 * Where the rate limiter counts: a {@link RateStore}. The default is the
 * in-process {@link RateTable} (exact across the workers of one process);
 * `--rate-limit-store redis://…` counts in Redis instead, so a client's limit
 * holds across every replica behind a load balancer (see
 * `redis_rate_store.ts`, loaded only then).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LocalRateStore } from "./rate_store.ts";
 * import { RateTable } from "./rate_table.ts";
 * const store = new LocalRateStore(RateTable.create(1024));
 * assert.deepStrictEqual(store.hit("203.0.113.7", 1_000_000, 60), { count: 1, resetSeconds: 60 });
 * ```
 * @module
 */
import { type RateHit, RateTable } from "./rate_table.ts";
import type { RedisHealth } from "../../core/redis/mod.ts";

export type { RateHit } from "./rate_table.ts";

/**
 * Counts requests per client in fixed windows that start at the client's
 * first request.
 *
 * @example
 * ```ts ignore
 * const hit = await store.hit(client, Date.now(), 60);
 * if (hit.count > limit) { ... }
 * ```
 */
export interface RateStore {
  /**
   * Counts one request of `key` at `nowMs`; synchronous for the local table,
   * a promise for a network store.
   */
  hit(key: string, nowMs: number, windowSeconds: number): RateHit | Promise<RateHit>;
  /** A store backed by Redis: its state, for the readiness probe. Absent: nothing to report. */
  health?(): RedisHealth;
  /** Releases connections (the local table has none). */
  close(): Promise<void>;
}

/**
 * The in-process store: a {@link RateTable}, shared by worker isolates
 * through its `SharedArrayBuffer`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LocalRateStore } from "./rate_store.ts";
 * import { RateTable } from "./rate_table.ts";
 * assert.deepStrictEqual(new LocalRateStore(RateTable.create()).hit("198.51.100.4", Date.now(), 60).count, 1);
 * ```
 */
export class LocalRateStore implements RateStore {
  /** The counters. */
  readonly table: RateTable;

  /** Counts in `table`. */
  constructor(table: RateTable) {
    this.table = table;
  }

  /** Counts one request (synchronously). */
  hit(key: string, nowMs: number, windowSeconds: number): RateHit {
    return this.table.hit(key, Math.floor(nowMs / 1000), windowSeconds);
  }

  /** Nothing to release. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Options of {@link openRateStore}.
 *
 * @example
 * ```ts ignore
 * const options: RateStoreOptions = { table: RateTable.create(), log: console.error };
 * ```
 */
export interface RateStoreOptions {
  /** The local table (shared with the other workers); a new one when omitted. */
  table?: RateTable;
  /** Where connection changes are reported. */
  log: (line: string) => void;
  /** Redis: longest wait for one count before counting locally (ms; default 250). */
  timeoutMs?: number;
  /** Redis: how long start-up waits for a connection (ms; default 2000). */
  waitMs?: number;
}

/**
 * The store a setting names: null for the local table, or a `redis://` URL
 * (the local table then counts while Redis is unreachable).
 *
 * @example
 * ```ts ignore
 * const store = await openRateStore("redis://127.0.0.1:6379/0", { log: console.error });
 * await store.close();
 * ```
 */
export async function openRateStore(
  where: string | null,
  options: RateStoreOptions,
): Promise<RateStore> {
  const local = new LocalRateStore(options.table ?? RateTable.create());
  if (where === null) return local;
  const { RedisRateStore } = await import("./redis_rate_store.ts");
  return await RedisRateStore.open(where, local, options);
}
