/**
 * Per-client rate limit (spec §8) with `RateLimit` and `RateLimit-Policy`
 * headers on every response. A client is an IPv4 address or an IPv6 /64
 * (see `rate_key.ts`). Each client gets a fixed window starting at its
 * first request; past the limit it gets a 429 `rate_limited` problem with
 * `Retry-After`. `remaining` and `reset` are live.
 *
 * With the limit off nothing is enforced and the headers carry the
 * advertised constants (`limit=120, remaining=120, reset=60`, `120;w=60`).
 *
 * Registered before the routes, it counts every route mounted on the app,
 * later ones (MCP, profile pages) included, against the same budget.
 *
 * @example
 * ```ts ignore
 * import { rateLimit } from "./rate_limit.ts";
 * app.use(rateLimit({ config: { limit: 120, windowSeconds: 60 }, trustProxy: 0, problems }));
 * ```
 * @module
 */
import type { Context, MiddlewareHandler, Next } from "hono";
import { ADVERTISED_RATE_LIMIT } from "../../core/model/mod.ts";
import { clientAddress } from "../http/client_address.ts";
import { rateKey } from "../http/rate_key.ts";
import type { AppEnv } from "../http/env.ts";
import { addResponseHeader, type Problems } from "../respond/mod.ts";
import { RateTable } from "../http/rate_table.ts";
import { LocalRateStore, type RateHit, type RateStore } from "../http/rate_store.ts";

/** How many requests a client may send per window (docs/api.md#rate-limit-headers). */
export interface RateLimitConfig {
  /** Requests allowed per window. */
  limit: number;
  /** Window length in seconds. */
  windowSeconds: number;
  /**
   * The counter table. Pass the same table (or one built on the same
   * `SharedArrayBuffer`) to every worker so a client's limit is shared;
   * omitted, the app makes its own.
   */
  table?: RateTable;
  /** Where to count instead of `table`: a shared store such as Redis (../http/rate_store.ts). */
  store?: RateStore;
}

/** Options of {@link rateLimit}. */
export interface RateLimitOptions {
  /** The limit, or "off". */
  config: RateLimitConfig | "off";
  /** Trusted proxy hops: count by their `X-Forwarded-For` entry instead of the connection (0: never). */
  trustProxy: number;
  /** Answers the 429. */
  problems: Problems;
  /** Clock in ms since the epoch; default `Date.now`. */
  now?: () => number;
}

/**
 * The `RateLimit` header value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rateLimitHeader } from "./rate_limit.ts";
 * assert.deepStrictEqual(rateLimitHeader(120, 119, 60), "limit=120, remaining=119, reset=60");
 * ```
 */
export function rateLimitHeader(limit: number, remaining: number, reset: number): string {
  return `limit=${limit}, remaining=${remaining}, reset=${reset}`;
}

/**
 * The `RateLimit-Policy` header value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rateLimitPolicy } from "./rate_limit.ts";
 * assert.deepStrictEqual(rateLimitPolicy(120, 60), "120;w=60");
 * ```
 */
export function rateLimitPolicy(limit: number, windowSeconds: number): string {
  return `${limit};w=${windowSeconds}`;
}

/**
 * The rate-limit middleware.
 *
 * @example
 * ```ts ignore
 * import { rateLimit } from "./rate_limit.ts";
 * app.use(rateLimit({ config: "off", trustProxy: 0, problems })); // constant headers only
 * ```
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const { config, trustProxy, problems } = options;
  if (config === "off") {
    const { limit, windowSeconds } = ADVERTISED_RATE_LIMIT;
    const advertised = rateLimitHeader(limit, limit, windowSeconds);
    const policy = rateLimitPolicy(limit, windowSeconds);
    return function rateLimitOff(c, next) {
      addResponseHeader(c, "RateLimit", advertised);
      addResponseHeader(c, "RateLimit-Policy", policy);
      return next();
    };
  }

  const { limit, windowSeconds } = config;
  const store = config.store ?? new LocalRateStore(config.table ?? RateTable.create());
  const now = options.now ?? Date.now;
  const policy = rateLimitPolicy(limit, windowSeconds);

  return function rateLimit(c, next) {
    // One key per IPv4 address and per IPv6 /64, whatever the spelling: a
    // single IPv6 subscriber holds a whole /64.
    const client = rateKey(clientAddress(c, trustProxy));
    // The local table answers at once; a shared store (Redis) with a promise.
    const hit = store.hit(client, now(), windowSeconds);
    return hit instanceof Promise ? hit.then((h) => answer(c, next, h)) : answer(c, next, hit);
  };

  function answer(c: Context<AppEnv>, next: Next, hit: RateHit): Promise<Response | void> {
    addResponseHeader(
      c,
      "RateLimit",
      rateLimitHeader(limit, Math.max(0, limit - hit.count), hit.resetSeconds),
    );
    addResponseHeader(c, "RateLimit-Policy", policy);
    if (hit.count > limit) {
      return Promise.resolve(problems.respond(
        c,
        "rate_limited",
        `This client sent more than ${limit} requests in ${windowSeconds} seconds; retry in ${hit.resetSeconds} seconds`,
        { headers: { "Retry-After": String(hit.resetSeconds) } },
      ));
    }
    return next();
  }
}
