/**
 * Rate-limit counters in Redis, shared by every replica
 * (`--rate-limit-store redis://…`).
 *
 * Each request runs one Lua script (atomic on the Redis side): `INCR` the
 * client's key, set its expiry to the window on the first request, return
 * the count and the time left. This is the same fixed window as the local
 * table, starting at the client's first request, so a client gets exactly
 * the limit per window whichever replica answers. Keys expire with their
 * window, so Redis holds only the clients of the current window.
 *
 * When Redis is unreachable or slow, requests are counted in the local
 * table instead (fail open to per-replica limits): no request fails or
 * waits longer than the command timeout (250 ms; none at all while the
 * connection is known to be down), and each replica enforces the limit on
 * its own, so a client spread over K replicas can get up to K × the limit
 * until Redis answers again. After a failed call the store counts locally
 * for a second before it tries Redis again. A restarted Redis without
 * persistence starts every window afresh; its script cache is empty too,
 * which node-redis handles (`EVALSHA`, then `EVAL` on `NOSCRIPT`).
 *
 * @example
 * ```ts ignore
 * import { RedisRateStore } from "./redis_rate_store.ts";
 * const store = await RedisRateStore.open("redis://127.0.0.1:6379/0", local, { log: console.error });
 * await store.hit("203.0.113.7", Date.now(), 60); // { count: 1, resetSeconds: 60 }
 * ```
 * @module
 */
import { createClient, defineScript } from "redis";
import {
  closeClient,
  connectWithin,
  failFastOptions,
  redactRedisUrl,
  type RedisHealth,
  watchConnection,
  withTimeout,
} from "../../core/redis/mod.ts";
import type { RateHit } from "./rate_table.ts";
import type { RateStore, RateStoreOptions } from "./rate_store_types.ts";

/**
 * Prefix of the counter keys: `clubdir:rl:<window seconds>:<client>`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RATE_KEY_PREFIX } from "./redis_rate_store.ts";
 * assert.deepStrictEqual(`${RATE_KEY_PREFIX}60:203.0.113.7`, "clubdir:rl:60:203.0.113.7");
 * ```
 */
export const RATE_KEY_PREFIX = "clubdir:rl:";

/** After a failed call, count locally this long before trying Redis again (ms). */
const BACK_OFF_MS = 1_000;

const HIT = defineScript({
  // A key without expiry (left by anything else) gets one, so it cannot block a client forever.
  SCRIPT: `local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if c == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {c, ttl}`,
  NUMBER_OF_KEYS: 1,
  parseCommand(
    parser: { pushKey(key: string): void; push(...args: string[]): void },
    key: string,
    windowMs: number,
  ) {
    parser.pushKey(key);
    parser.push(String(windowMs));
  },
  transformReply: undefined as unknown as () => [number, number],
});

function makeClient(url: string) {
  return createClient({
    ...failFastOptions(url, { reconnect: true }),
    scripts: { rateHit: HIT },
  });
}

/**
 * Counts in Redis, and in a local store while Redis cannot answer.
 *
 * @example
 * ```ts ignore
 * const store = await RedisRateStore.open(url, new LocalRateStore(table), { log: console.error });
 * ```
 */
export class RedisRateStore implements RateStore {
  readonly #client: ReturnType<typeof makeClient>;
  readonly #fallback: RateStore;
  readonly #what: string;
  readonly #log: (line: string) => void;
  /** Until when (ms since the epoch) to count locally after a failed call. */
  #localUntil = 0;
  #degraded = false;
  readonly #timeoutMs: number;

  private constructor(
    client: ReturnType<typeof makeClient>,
    fallback: RateStore,
    url: string,
    log: (line: string) => void,
    timeoutMs: number,
  ) {
    this.#client = client;
    this.#timeoutMs = timeoutMs;
    this.#fallback = fallback;
    this.#what = `rate-limit store ${redactRedisUrl(url)}`;
    this.#log = log;
  }

  /**
   * Connects, waiting at most `waitMs` (default 2 s); without Redis by then
   * it counts locally and keeps trying in the background.
   *
   * @example
   * ```ts ignore
   * const store = await RedisRateStore.open("redis://cache:6379/0", local, { log: console.error });
   * ```
   */
  static async open(
    url: string,
    fallback: RateStore,
    options: RateStoreOptions,
  ): Promise<RedisRateStore> {
    const client = makeClient(url);
    const store = new RedisRateStore(client, fallback, url, options.log, options.timeoutMs ?? 250);
    watchConnection(client, store.#what, options.log);
    if (!await connectWithin(client, options.waitMs ?? 2_000)) {
      options.log(`${store.#what}: counting per replica until Redis answers`);
    }
    return store;
  }

  /** Counts one request in Redis, or locally while Redis cannot answer. */
  hit(key: string, nowMs: number, windowSeconds: number): RateHit | Promise<RateHit> {
    if (!this.#client.isReady || Date.now() < this.#localUntil) {
      return this.#fallback.hit(key, nowMs, windowSeconds);
    }
    const reply = this.#client.rateHit(
      `${RATE_KEY_PREFIX}${windowSeconds}:${key}`,
      windowSeconds * 1000,
    );
    return withTimeout(reply, this.#timeoutMs).then((reply) => {
      const [count, ttlMs] = reply as [number, number];
      if (this.#degraded) {
        this.#degraded = false;
        this.#log(`${this.#what}: counting in Redis again`);
      }
      const resetSeconds = Math.min(windowSeconds, Math.max(1, Math.ceil(ttlMs / 1000)));
      return { count: Number(count), resetSeconds };
    }, (e: Error) => {
      this.#localUntil = Date.now() + BACK_OFF_MS;
      if (!this.#degraded) {
        this.#degraded = true;
        this.#log(`${this.#what}: ${e.message}; counting per replica meanwhile`);
      }
      return this.#fallback.hit(key, nowMs, windowSeconds);
    });
  }

  /** Whether Redis answers, and where limits are counted meanwhile. */
  health(): RedisHealth {
    if (!this.#client.isReady) {
      return {
        ok: false,
        detail:
          "Redis unreachable: counting limits per replica (a client may get its limit from each)",
      };
    }
    return Date.now() < this.#localUntil
      ? { ok: false, detail: "Redis slow to answer: counting limits per replica for a moment" }
      : { ok: true, detail: "counting limits in Redis" };
  }

  /** Closes the connection (at once when Redis is away). */
  async close(): Promise<void> {
    await closeClient(this.#client);
    await this.#fallback.close();
  }
}
