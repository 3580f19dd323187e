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
import type { RateStore, RateStoreOptions } from "./rate_store_types.ts";

export type { RateHit } from "./rate_table.ts";
export type { RateStore, RateStoreOptions } from "./rate_store_types.ts";

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
