/**
 * The shape of a rate store and of its options, apart from the code that
 * opens one (rate_store.ts): the stores implement it and the opener loads
 * the Redis store lazily, so it lives here, where both import it.
 *
 * @module
 */
import type { RedisHealth } from "../../core/redis/mod.ts";
import type { RateHit, RateTable } from "./rate_table.ts";

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
 * Options of `openRateStore` (rate_store.ts).
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
