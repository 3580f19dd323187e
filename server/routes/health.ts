/**
 * The probes a load balancer or process manager asks (docs/deploy.md#probes):
 *
 * - `GET /healthz`, liveness: the process answers. It touches neither the
 *   database nor Redis, so a replica is never restarted for what a restart
 *   cannot fix.
 * - `GET /readyz`, readiness: 200 when the snapshot is open and answers a
 *   real query (its club count and the first club's row), 503 when it does
 *   not (missing, of another layout, unreadable). Stores backed by Redis are
 *   reported, and never make a replica unready: they fail open (docs/deploy.md),
 *   so taking every replica out of the pool for a Redis outage would turn it
 *   into a full outage.
 *
 * The readiness result is kept {@link PROBE_CACHE_MS}, so probes cannot become
 * load; the body names no path, host or address (the server log has those).
 * The app mounts these routes ahead of the access log and the rate limiter
 * (server/app.ts): a probe every second neither fills the log nor uses a
 * client's budget.
 *
 * @example
 * ```ts ignore
 * import { healthRoutes } from "./health.ts";
 * app.route("/", healthRoutes({ directory, stores: { sessions, rateLimit: rateStore } }));
 * ```
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import { type ClubStore, type Directory, StoreError } from "../../core/store/mod.ts";
import { totalClubs } from "../../core/stats/mod.ts";
import { VERSION } from "../../core/model/mod.ts";
import type { RedisHealth } from "../../core/redis/mod.ts";
import type { AppEnv } from "../http/env.ts";
import { send } from "../respond/mod.ts";

/**
 * How long a readiness result is kept (ms): a probe storm costs one check a second.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PROBE_CACHE_MS } from "./health.ts";
 * assert.equal(PROBE_CACHE_MS, 1000);
 * ```
 */
export const PROBE_CACHE_MS = 1_000;

/**
 * The body of `GET /healthz`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LivenessSchema } from "./health.ts";
 * assert.deepStrictEqual(LivenessSchema.parse({ status: "ok", version: "1.2.0" }), { status: "ok", version: "1.2.0" });
 * assert.equal(LivenessSchema.safeParse({ status: "degraded", version: "1.2.0" }).success, false);
 * ```
 */
export const LivenessSchema = z.object({
  status: z.literal("ok").describe("The process answers."),
  version: z.string().describe("The service's version."),
}).describe("Body of `GET /healthz`: the process answers. Nothing else is checked.");

const CheckSchema = z.object({
  state: z.enum(["ok", "degraded", "failed"]).describe(
    "`ok`; `degraded`: working in its fail-open mode (a Redis store while Redis is away); `failed`: not ready.",
  ),
  detail: z.string().describe("What it serves now, or why it cannot."),
});

/**
 * The body of `GET /readyz`, 200 and 503 alike.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ReadinessSchema } from "./health.ts";
 * assert.equal(ReadinessSchema.shape.ready.parse(true), true);
 * assert.equal(ReadinessSchema.shape.ready.safeParse("yes").success, false);
 * ```
 */
export const ReadinessSchema = z.object({
  ready: z.boolean().describe("True (200) when the snapshot answers; false (503) otherwise."),
  version: z.string().describe("The service's version."),
  snapshot: z.object({
    clubs: z.int().min(0).describe("Clubs in the snapshot."),
    imported_at: z.string().nullable().describe("When it was imported (ISO 8601)."),
  }).nullable().describe("The snapshot served; null while the database cannot be read."),
  checks: z.object({
    database: CheckSchema,
    sessions: CheckSchema.optional().describe("With `--sessions redis://…` only."),
    rate_limit_store: CheckSchema.optional().describe(
      "With `--rate-limit-store redis://…` only.",
    ),
  }).describe("Each part's state."),
  not_ready: z.array(z.string()).describe(
    "What keeps the replica out of the pool, and why (empty when ready).",
  ),
  checked_at: z.string().describe(
    `When the check ran (ISO 8601); a result is kept ${PROBE_CACHE_MS / 1000} s.`,
  ),
}).describe("Body of `GET /readyz` (200 ready, 503 not ready).");

/** A readiness body. */
export type Readiness = z.infer<typeof ReadinessSchema>;
type Check = Readiness["checks"]["database"];

// What the probes ask of a store is part of the app's configuration (config.ts).
export type { Probed } from "../config.ts";
import type { Probed } from "../config.ts";

/**
 * What the probes are built from.
 *
 * @example
 * ```ts ignore
 * const options: ProbeOptions = { directory, stores: { sessions } };
 * ```
 */
export interface ProbeOptions {
  /** The live directory. */
  directory: Directory;
  /** The stores that may depend on Redis. */
  stores?: { sessions?: Probed; rateLimit?: Probed };
  /** Milliseconds since the epoch (tests inject one); default `Date.now`. */
  now?: () => number;
}

const JSON_HEADERS = [
  ["Content-Type", "application/json"],
  ["Cache-Control", "no-store"],
] as const;

/**
 * The probe routes, `GET /healthz` and `GET /readyz` (HEAD too).
 *
 * @example
 * ```ts ignore
 * const res = await healthRoutes({ directory }).request("/readyz");
 * res.status; // 200, or 503 with the reason in `not_ready`
 * ```
 */
export function healthRoutes(options: ProbeOptions): Hono<AppEnv> {
  const alive = JSON.stringify(
    { status: "ok", version: VERSION } satisfies z.infer<
      typeof LivenessSchema
    >,
  );
  const ready = readinessCheck(options);
  return new Hono<AppEnv>()
    .get("/healthz", (c) => send(c, alive, { headers: JSON_HEADERS }))
    .get("/readyz", (c) => {
      const { status, body } = ready();
      return send(c, body, { status, headers: JSON_HEADERS });
    });
}

/**
 * The readiness check, kept {@link PROBE_CACHE_MS}: a function answering
 * the status and body of the latest result.
 *
 * @example
 * ```ts ignore
 * const check = readinessCheck({ directory });
 * check().status; // 200 or 503
 * ```
 */
export function readinessCheck(
  options: ProbeOptions,
): () => { status: 200 | 503; body: string; readiness: Readiness } {
  const now = options.now ?? Date.now;
  let kept: { at: number; status: 200 | 503; body: string; readiness: Readiness } | null = null;
  return () => {
    const t = now();
    if (kept && t - kept.at >= 0 && t - kept.at < PROBE_CACHE_MS) return kept;
    const readiness = checkReadiness(options, t);
    kept = {
      at: t,
      status: readiness.ready ? 200 : 503,
      body: JSON.stringify(readiness),
      readiness,
    };
    return kept;
  };
}

/** One readiness check, now. */
function checkReadiness(options: ProbeOptions, t: number): Readiness {
  const { check: database, snapshot } = databaseCheck(options.directory);
  const checks: Readiness["checks"] = { database };
  const sessions = options.stores?.sessions?.health?.();
  if (sessions) checks.sessions = redisCheck(sessions);
  const rateLimit = options.stores?.rateLimit?.health?.();
  if (rateLimit) checks.rate_limit_store = redisCheck(rateLimit);
  const notReady = Object.entries(checks)
    .filter(([, c]) => c.state === "failed")
    .map(([name, c]) => `${name}: ${c.detail}`);
  return {
    ready: notReady.length === 0,
    version: VERSION,
    snapshot,
    checks,
    not_ready: notReady,
    checked_at: new Date(t).toISOString(),
  };
}

/** Redis down is a degraded mode, never a reason to leave the pool (fail open). */
function redisCheck(h: RedisHealth): Check {
  return { state: h.ok ? "ok" : "degraded", detail: h.detail };
}

/**
 * Asks the snapshot a real query through the directory (which reports a
 * storage failure once in the server log, and drops a broken snapshot):
 * its club count, and the row of its first club, read from the file each
 * time (the count is kept per snapshot).
 */
function databaseCheck(directory: Directory): { check: Check; snapshot: Readiness["snapshot"] } {
  try {
    const snapshot = directory.read((store) => {
      const clubs = totalClubs(store);
      if (clubs > 0 && firstClub(store) === undefined) {
        throw new StoreError("the snapshot counts clubs but returns none");
      }
      return { clubs, imported_at: store.meta.imported_at ?? null };
    });
    return {
      check: { state: "ok", detail: `${snapshot.clubs.toLocaleString("en-US")} clubs` },
      snapshot,
    };
  } catch (e) {
    return { check: { state: "failed", detail: failureReason(e) }, snapshot: null };
  }
}

/** The first club's row, joined as a page of results joins it. */
function firstClub(store: ClubStore): unknown {
  return store.statement(
    "SELECT c.rowid FROM club_keys k JOIN clubs c ON c.rowid = k.club ORDER BY k.rank LIMIT 1",
  ).get();
}

/**
 * Why the database cannot serve, in words that name no path (the probe may
 * be public; the server log has the full message).
 *
 * @example
 * ```ts ignore
 * failureReason(new StoreError("…", { cause: new Deno.errors.NotFound("…") })); // "the database file is missing"
 * ```
 */
function failureReason(e: unknown): string {
  if (!(e instanceof StoreError)) return "the check failed unexpectedly (see the server log)";
  // A failure remembered between checks wraps the first one.
  for (let c: unknown = e; c instanceof Error; c = c.cause) {
    if (c instanceof Deno.errors.NotFound) return "the database file is missing";
  }
  if (/schema version/.test(e.message)) {
    return "the database file is of another layout (import it again)";
  }
  return "the database file cannot be read (corrupt, or not a database; see the server log)";
}
