/**
 * The figures `/metrics` takes from the stores an isolate opens: session
 * lookups counted by where they were answered, and the Redis errors of
 * this isolate (core/redis counts them).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Metrics } from "../metrics/mod.ts";
 * import { countedSessions } from "./_observed.ts";
 * const metrics = new Metrics();
 * const store = { lookup: () => null, close() {} };
 * countedSessions(store, metrics).lookup("token");
 * assert.deepStrictEqual(metrics.sessions, { local: 0, redis: 0, miss: 1 });
 * ```
 * @module
 */
import type { SessionLookup } from "../../core/sessions/mod.ts";
import { redisErrors } from "../../core/redis/mod.ts";
import type { Metrics } from "../metrics/mod.ts";

/** Redis errors in this isolate so far. */
export const redisErrorCount: () => number = redisErrors;

/**
 * `store` with its lookups counted into `metrics`: a token the local copy
 * (or the SQLite file) answers is `local`, one that had to be asked of
 * Redis on its request is `redis` (counted when the question is sent), and
 * a token with no active session is `miss`. Everything else passes through
 * to the store unchanged.
 */
export function countedSessions(store: SessionLookup, metrics: Metrics): SessionLookup {
  const sessions = metrics.sessions;
  return new Proxy(store, {
    get(target, prop) {
      if (prop === "lookup") {
        return (token: string, now?: number) => {
          const found = target.lookup(token, now);
          if (found === null) sessions.miss++;
          else sessions.local++;
          return found;
        };
      }
      if (prop === "prefetch" && target.prefetch) {
        return (token: string) => {
          const waiting = target.prefetch!(token);
          if (waiting !== undefined) sessions.redis++;
          return waiting;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
