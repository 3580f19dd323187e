/**
 * Every metric `serve --metrics` exposes, written once: its name, type,
 * help and label names. The recorder (recorder.ts) fills a
 * {@link MetricsSnapshot} keyed by these names, the exposition
 * (exposition.ts) writes them in this order, and docs/deploy.md's table is
 * checked against this list (tests/server/metrics/).
 *
 * Label values are bounded by construction: `route` is a registered route
 * template (or `unmatched`), `code` an HTTP status, `cache` the name a
 * memo is declared with in code, `kind` one of a fixed few.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FAMILIES } from "./families.ts";
 * assert.deepStrictEqual(FAMILIES.requests.name, "clubdir_http_requests_total");
 * ```
 * @module
 */

/** One metric family. */
export interface Family {
  name: string;
  type: "counter" | "gauge" | "histogram";
  help: string;
  /** Label names, in the order written. */
  labels: readonly string[];
}

/**
 * Latency histogram buckets (seconds, upper bounds; `+Inf` follows): a
 * cached page is answered in tens of microseconds, a cold search in
 * milliseconds, a timeout at 30 s.
 */
export const LATENCY_BUCKETS: readonly number[] = [
  0.0001,
  0.00025,
  0.0005,
  0.001,
  0.0025,
  0.005,
  0.01,
  0.025,
  0.05,
  0.1,
  0.25,
  0.5,
  1,
  2.5,
  5,
  10,
  30,
];

const family = (
  name: string,
  type: Family["type"],
  help: string,
  labels: readonly string[] = [],
): Family => ({ name, type, help, labels });

/** The families, by the key the recorder uses. */
export const FAMILIES = {
  requests: family(
    "clubdir_http_requests_total",
    "counter",
    "HTTP requests answered, by route template and status code.",
    ["route", "code"],
  ),
  duration: family(
    "clubdir_http_request_duration_seconds",
    "histogram",
    "Time from a request reaching the app to its response being ready, by route template.",
    ["route"],
  ),
  bytes: family(
    "clubdir_http_response_bytes_total",
    "counter",
    "Response body bytes sent, by route template (bodies of known length; string bodies by UTF-16 code units, which the ASCII bodies the server sends equal).",
    ["route"],
  ),
  rateLimited: family(
    "clubdir_http_rate_limited_total",
    "counter",
    "Requests answered 429 by the rate limiter.",
  ),
  connectionsOpen: family("clubdir_connections_open", "gauge", "Connections open now."),
  connectionsAccepted: family(
    "clubdir_connections_accepted_total",
    "counter",
    "Connections accepted.",
  ),
  connectionsRefused: family(
    "clubdir_connections_refused_total",
    "counter",
    "Connections refused at the connection cap (every connection busy).",
  ),
  connectionsEvicted: family(
    "clubdir_connections_evicted_total",
    "counter",
    "Idle connections closed to make room at the cap or when out of file descriptors.",
  ),
  idleTimeouts: family(
    "clubdir_connection_idle_timeouts_total",
    "counter",
    "Connections closed by the idle (header-read and keep-alive) timeout.",
  ),
  requestTimeouts: family(
    "clubdir_request_timeouts_total",
    "counter",
    "Connections closed because a request outlived the request timeout.",
  ),
  fdExhausted: family(
    "clubdir_accept_fd_exhausted_total",
    "counter",
    "Accepts that failed for lack of file descriptors.",
  ),
  cacheHits: family(
    "clubdir_cache_hits_total",
    "counter",
    "Lookups answered by a per-snapshot cache, by cache.",
    ["cache"],
  ),
  cacheMisses: family(
    "clubdir_cache_misses_total",
    "counter",
    "Lookups a per-snapshot cache could not answer, by cache.",
    ["cache"],
  ),
  cacheEvictions: family(
    "clubdir_cache_evictions_total",
    "counter",
    "Entries evicted to keep a per-snapshot cache within its byte budget, by cache.",
    ["cache"],
  ),
  cacheBytes: family(
    "clubdir_cache_bytes",
    "gauge",
    "Bytes a per-snapshot cache holds now (as weighed), by cache.",
    ["cache"],
  ),
  cacheEntries: family(
    "clubdir_cache_entries",
    "gauge",
    "Entries a per-snapshot cache holds now, by cache.",
    ["cache"],
  ),
  cacheBudget: family(
    "clubdir_cache_budget_bytes",
    "gauge",
    "Bytes a per-snapshot cache may hold, by cache.",
    ["cache"],
  ),
  snapshotClubs: family(
    "clubdir_snapshot_clubs",
    "gauge",
    "Clubs in the snapshot being served (0 while none can be read).",
  ),
  snapshotAge: family(
    "clubdir_snapshot_age_seconds",
    "gauge",
    "Seconds since the snapshot being served was imported.",
  ),
  snapshotSwaps: family(
    "clubdir_snapshot_swaps_total",
    "counter",
    "New snapshots picked up without a restart.",
  ),
  sessionLookups: family(
    "clubdir_session_lookups_total",
    "counter",
    "Session tokens looked up, by where the answer came from: local (the copy or file held), redis (asked on the request), miss (no active session).",
    ["source"],
  ),
  redisErrors: family(
    "clubdir_redis_errors_total",
    "counter",
    "Redis connection errors and replies that timed out (sessions and rate limits).",
  ),
  workerRestarts: family(
    "clubdir_worker_restarts_total",
    "counter",
    "Worker isolates restarted after dying (--workers N).",
  ),
  workers: family(
    "clubdir_workers",
    "gauge",
    "Isolates whose figures this scrape adds up (1 without --workers).",
  ),
} as const satisfies Record<string, Family>;

/** A key of {@link FAMILIES}. */
export type FamilyKey = keyof typeof FAMILIES;

/**
 * One isolate's figures at one moment, keyed by family, then by its label
 * values joined with a tab (`""` for a family without labels); a histogram's
 * value is its per-bucket counts (not cumulative), then the count above the
 * last bucket, the sum and the count. Plain JSON, so a worker can publish it
 * to shared memory (shared.ts) and the scraping isolate add it up.
 */
export type MetricsSnapshot = Partial<Record<FamilyKey, Record<string, number | number[]>>>;
