/**
 * The figures of one isolate: what each request adds (plain number
 * increments on arrays made once per route template, no allocation per
 * request), and what is read only when a scrape or a publication asks for
 * it (connections, caches, the snapshot, Redis), from the sources the
 * isolate attaches. {@link Metrics.snapshot} turns both into a
 * {@link MetricsSnapshot}, keyed by the families of families.ts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Metrics } from "./recorder.ts";
 * const metrics = new Metrics();
 * metrics.request("/api/v1/clubs", 200, 0.0012, 512);
 * const snap = metrics.snapshot();
 * assert.deepStrictEqual(snap.requests?.["/api/v1/clubs\t200"], 1);
 * assert.deepStrictEqual(snap.bytes?.["/api/v1/clubs"], 512);
 * ```
 * @module
 */
import { LATENCY_BUCKETS, type MetricsSnapshot } from "./families.ts";
import type { CacheFigures, DirectoryFigures } from "../http/watched_directory.ts";

export type { CacheFigures, DirectoryFigures };

/** The label of a request no route template answered. */
export const UNMATCHED = "unmatched";

/** Most route templates counted apart; past them, requests count as {@link UNMATCHED}. */
export const MAX_ROUTES = 128;

/** Status codes 0 to 599 by index. */
const CODES = 600;

/** One route template's figures. */
interface RouteFigures {
  /** Requests by status code. */
  codes: Float64Array;
  /** Per-bucket counts, the count above the last bucket, the sum (s) and the count. */
  latency: Float64Array;
  bytes: number;
}

/** Connection counters, as the accept loop keeps them (runtime/connections.ts). */
export interface ConnectionFigures {
  /** Connections open now. */
  open: number;
  accepted: number;
  /** Closed at once because every connection was busy at the cap. */
  refused: number;
  /** Idle connections closed to make room at the cap or when out of descriptors. */
  evicted: number;
  /** Closed by the idle (header-read) timeout. */
  idleTimedOut: number;
  /** Closed because a request outlived the request timeout. */
  requestTimedOut: number;
  /** `accept` failures for lack of file descriptors. */
  fdExhausted: number;
}

/** What an isolate attaches for the figures read at scrape time. */
export interface MetricsSources {
  connections?: () => ConnectionFigures;
  directory?: () => DirectoryFigures;
  /** Redis errors so far (core/redis). */
  redisErrors?: () => number;
}

/** Where a session lookup was answered. */
export type SessionSource = "local" | "redis" | "miss";

/** The figures of one isolate. */
export class Metrics {
  readonly #routes = new Map<string, RouteFigures>();
  #sources: MetricsSources = {};
  /** Requests answered 429. */
  rateLimited = 0;
  /** Session lookups by where they were answered. */
  readonly sessions: Record<SessionSource, number> = { local: 0, redis: 0, miss: 0 };

  /** Adds sources of figures read at scrape time (later ones replace earlier ones). */
  attach(sources: MetricsSources): void {
    this.#sources = { ...this.#sources, ...sources };
  }

  /**
   * Counts one answered request: its route template (bounded: a registered
   * route or {@link UNMATCHED}), status, latency (s) and body bytes (null:
   * unknown, not counted).
   */
  request(route: string, status: number, seconds: number, bytes: number | null): void {
    let r = this.#routes.get(route);
    if (r === undefined) r = this.#route(route);
    r.codes[status < CODES && status >= 0 ? status : 0]!++;
    const latency = r.latency;
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i++;
    latency[i]!++;
    latency[LATENCY_BUCKETS.length + 1]! += seconds;
    latency[LATENCY_BUCKETS.length + 2]!++;
    if (bytes !== null) r.bytes += bytes;
    if (status === 429) this.rateLimited++;
  }

  #route(route: string): RouteFigures {
    if (this.#routes.size >= MAX_ROUTES) {
      const other = this.#routes.get(UNMATCHED);
      if (other) return other;
    }
    const figures: RouteFigures = {
      codes: new Float64Array(CODES),
      latency: new Float64Array(LATENCY_BUCKETS.length + 3),
      bytes: 0,
    };
    this.#routes.set(route, figures);
    return figures;
  }

  /** Every figure now, keyed by family and labels. */
  snapshot(now: number = Date.now()): MetricsSnapshot {
    const requests: Record<string, number> = {};
    const duration: Record<string, number[]> = {};
    const bytes: Record<string, number> = {};
    for (const [route, r] of this.#routes) {
      for (let code = 0; code < CODES; code++) {
        if (r.codes[code]! > 0) requests[`${route}\t${code}`] = r.codes[code]!;
      }
      duration[route] = [...r.latency];
      bytes[route] = r.bytes;
    }
    const snap: MetricsSnapshot = {
      requests,
      duration,
      bytes,
      rateLimited: { "": this.rateLimited },
      sessionLookups: { ...this.sessions },
      workers: { "": 1 },
    };
    const c = this.#sources.connections?.();
    if (c) {
      snap.connectionsOpen = { "": c.open };
      snap.connectionsAccepted = { "": c.accepted };
      snap.connectionsRefused = { "": c.refused };
      snap.connectionsEvicted = { "": c.evicted };
      snap.idleTimeouts = { "": c.idleTimedOut };
      snap.requestTimeouts = { "": c.requestTimedOut };
      snap.fdExhausted = { "": c.fdExhausted };
    }
    const d = this.#sources.directory?.();
    if (d) {
      snap.cacheHits = {};
      snap.cacheMisses = {};
      snap.cacheEvictions = {};
      snap.cacheBytes = {};
      snap.cacheEntries = {};
      snap.cacheBudget = {};
      for (const [name, m] of Object.entries(d.caches)) {
        snap.cacheHits[name] = m.hits;
        snap.cacheMisses[name] = m.misses;
        snap.cacheEvictions[name] = m.evictions;
        snap.cacheBytes[name] = m.bytes;
        snap.cacheEntries[name] = m.size;
        snap.cacheBudget[name] = m.budget;
      }
      snap.snapshotClubs = { "": d.clubs };
      if (d.importedAt !== null) {
        snap.snapshotAge = { "": Math.max(0, (now - d.importedAt) / 1000) };
      }
      snap.snapshotSwaps = { "": d.swaps };
    }
    const redis = this.#sources.redisErrors;
    if (redis) snap.redisErrors = { "": redis() };
    return snap;
  }
}
