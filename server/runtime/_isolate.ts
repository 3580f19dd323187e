/**
 * Serving the app from one isolate: the main isolate with `--workers 1`,
 * each worker isolate otherwise. {@link serveIsolate} opens, in order, the
 * live directory, the session store (the SQLite file, or a copy of the
 * Redis sessions loaded before the first request), the rate store (the
 * process's shared table, or Redis counting with that table as its
 * fallback), builds the app, and only then binds the socket; it closes
 * them in reverse order when serving stops or start-up fails.
 *
 * Connections are accepted by our own loop (`./connections.ts`): idle and
 * header-read timeouts, a request timeout, a connection cap and surviving
 * EMFILE. Each request passes the pre-request hook (a session token the
 * Redis copy does not hold yet is looked up, bounded in time) and then
 * reaches the app with the connection info as the Hono bindings: that is
 * how the client address reaches the rate limiter.
 *
 * @example
 * ```ts ignore
 * import { serveIsolate } from "./_isolate.ts";
 * const served = await serveIsolate({ ...DEFAULT_SETTINGS, db: "data/clubs.db" }, {});
 * await served.close(); // stops accepting, finishes in-flight requests, closes the stores
 * ```
 * @module
 */
import type { Hono } from "hono";
import type { Directory } from "../../core/store/mod.ts";
import { findPage, parseSearch, warmSearchSteps } from "../../core/search/mod.ts";
import {
  openSessionLookup,
  type SessionLookup,
  sessionStorePath,
} from "../../core/sessions/mod.ts";
import { openRateStore, type RateStore } from "../http/rate_store.ts";
import type { RateTable } from "../http/rate_table.ts";
import { createApp } from "../app.ts";
import { sessionAccess, sessionErrorLog, sessionPrefetch } from "../http/sessions.ts";
import { WatchedDirectory } from "../http/watched_directory.ts";
import { preloadClubJson } from "../http/snapshot_loader.ts";
import type { ServeSettings } from "../options.ts";
import type { AppEnv } from "../http/env.ts";
import { eventLog } from "../middleware/log_format.ts";
import { IsolateMetrics, type SharedRegion } from "../metrics/mod.ts";
import { countedSessions, redisErrorCount } from "./_observed.ts";
import { keepQueriesOutOfSpans } from "./_otel_no_query.ts";
import {
  connectionCap,
  type ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  fdLimit,
  RESERVED_FDS,
  serveConnections,
  type ServeHandler,
} from "./connections.ts";

/**
 * Runs before the app sees a request: undefined lets it through at once, a
 * promise holds it until the promise settles (it never rejects).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { BeforeRequest } from "./_isolate.ts";
 * const none: BeforeRequest = () => undefined;
 * assert.equal(none(new Request("http://127.0.0.1/")), undefined); // nothing to wait for
 * ```
 */
export type BeforeRequest = (req: Request) => Promise<void> | undefined;

/**
 * Options of {@link serveIsolate}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolateOptions } from "./_isolate.ts";
 * const lines: string[] = [];
 * const options: IsolateOptions = { reusePort: true, worker: 1, log: (line) => lines.push(line) };
 * options.log?.("listening");
 * assert.deepStrictEqual(lines, ["listening"]); // written as they are
 * ```
 */
export interface IsolateOptions {
  /** Share the port with other isolates (SO_REUSEPORT; Linux, `--unstable-net`). */
  reusePort?: boolean;
  /** The process's rate-limit table (every worker gets the same one); a new one when omitted. */
  table?: RateTable;
  /** The worker this isolate is (`--workers N`): its log lines say so. */
  worker?: number;
  /**
   * Where log lines go, written as they are (the worker entry passes
   * stderr): this isolate gives them their form (`--log-format`).
   */
  log: (line: string) => void;
  /** The process's shared metrics regions (`--workers N --metrics`). */
  metrics?: SharedRegion;
  /** Mounts more routes on the app before it serves (tests). */
  configure?: (app: Hono<AppEnv>) => void;
  /** Timeouts (tests shorten them); the cap comes from the settings. */
  limits?: Partial<Omit<ConnectionLimits, "maxConnections">>;
}

/**
 * One isolate serving.
 *
 * @example
 * ```ts ignore
 * const served: ServedIsolate = await serveIsolate(settings, { log: console.error });
 * served.addr.port;
 * ```
 */
export interface ServedIsolate {
  /** The bound address (the real port when 0 was asked for). */
  addr: Deno.NetAddr;
  /** Settles when serving has stopped; rejects if it stopped by itself on an error. */
  finished: Promise<void>;
  /** The start-up line's description of the snapshot, e.g. `30 clubs, snapshot …`. */
  snapshot(): string;
  /** Stops accepting, lets in-flight requests finish, then closes the stores. */
  close(): Promise<void>;
}

/**
 * The URL a bound address is reached at.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listenUrl } from "./_isolate.ts";
 * assert.deepStrictEqual(listenUrl({ transport: "tcp", hostname: "::1", port: 8000 }), "http://[::1]:8000/");
 * ```
 */
export function listenUrl(addr: Deno.NetAddr): string {
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  return `http://${host}:${addr.port}/`;
}

/**
 * The Host values a server bound to `addr` answers by default: the bound
 * address, its loopback forms, and the host of the public base URL.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultAllowedHosts } from "./_isolate.ts";
 * assert.deepStrictEqual(
 *   defaultAllowedHosts({ transport: "tcp", hostname: "127.0.0.1", port: 8000 }, null),
 *   ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"],
 * );
 * ```
 */
export function defaultAllowedHosts(addr: Deno.NetAddr, baseUrl: string | null): string[] {
  const bound = new URL(listenUrl(addr)).host;
  const hosts = new Set([
    bound,
    `localhost:${addr.port}`,
    `127.0.0.1:${addr.port}`,
    `[::1]:${addr.port}`,
  ]);
  if (baseUrl) hosts.add(new URL(baseUrl).host);
  return [...hosts].map((h) => h.toLowerCase());
}

/**
 * Describes the snapshot being served, for the start-up line.
 *
 * @example
 * ```ts ignore
 * describeSnapshot(directory); // "39,214 clubs, snapshot 2026-08-30T12:00:00.000Z"
 * ```
 */
export function describeSnapshot(directory: Directory): string {
  try {
    const store = directory.current();
    const all = parseSearch({});
    const total = all.ok ? findPage(store, { ...all.value, limit: 1 }).total : 0;
    return `${total.toLocaleString("en-US")} clubs, snapshot ${
      store.meta.imported_at ?? store.meta.snapshot ?? "unknown"
    }`;
  } catch (e) {
    return `database unavailable: ${(e as Error).message}`;
  }
}

/**
 * The handler the accept loop calls: `before` (when there is one), then the
 * app. Without a hook it is the app's own `fetch`, with no extra promise.
 *
 * @example
 * ```ts ignore
 * const handler = withBeforeRequest(sessionPrefetch(sessions), app.fetch);
 * ```
 */
export function withBeforeRequest(
  before: BeforeRequest | undefined,
  fetch: ServeHandler,
): ServeHandler {
  if (!before) return fetch;
  return (req, info) => {
    const waiting = before(req);
    return waiting === undefined ? fetch(req, info) : waiting.then(() => fetch(req, info));
  };
}

/**
 * Opens the stores, builds the app and serves it on `settings`' port.
 * Throws (having closed whatever it opened) when the port cannot be bound
 * or a store cannot be opened; Redis being down is not such a failure.
 *
 * @example
 * ```ts ignore
 * const served = await serveIsolate(settings, { reusePort: true, table, log: console.error });
 * ```
 */
export async function serveIsolate(
  settings: ServeSettings,
  options: IsolateOptions,
): Promise<ServedIsolate> {
  const log = eventLog(settings.logFormat, options.log, { worker: options.worker });
  // Before anything is opened: spans of this isolate's requests (OTEL_DENO=true) carry no query.
  keepQueriesOutOfSpans();
  // Opened in this order, closed in the reverse one.
  const opened: (() => unknown)[] = [];
  const closeAll = async () => {
    for (const close of opened.reverse()) await close();
  };
  try {
    // 1. The live directory: a broken database is reported once per change of state.
    const directory = new WatchedDirectory(
      settings.db,
      // Search structures are built before a snapshot is served (core/search/warm.ts);
      // a new snapshot is prepared off the request path, its JSON read in a worker.
      {
        checkEveryMs: settings.checkEveryMs,
        holdJson: settings.holdJson,
        warm: warmSearchSteps,
        background: { preload: settings.holdJson ? preloadClubJson(log) : undefined },
      },
      log,
    );
    opened.push(() => directory.close());
    // Figures for /metrics; its sources are attached as they are opened.
    const metrics = settings.metrics ? new IsolateMetrics(options.metrics, log) : null;
    if (metrics) {
      opened.push(() => metrics.close());
      metrics.recorder.attach({
        directory: () => directory.figures(),
        redisErrors: redisErrorCount,
      });
    }
    // 2. Sessions: the file, or the Redis copy (loaded first, so a replica
    // never serves with an empty copy while Redis is up).
    const openedSessions: SessionLookup = await openSessionLookup(
      settings.sessions ?? sessionStorePath(settings.db),
      { log },
    );
    const sessions = metrics ? countedSessions(openedSessions, metrics.recorder) : openedSessions;
    opened.push(() => sessions.close());
    // 3. Rate counts: the process's table, or Redis with that table as its fallback.
    let rateStore: RateStore | undefined;
    if (settings.rateLimit !== "off") {
      const store = await openRateStore(settings.rateLimitStore, { table: options.table, log });
      opened.push(() => store.close());
      rateStore = store;
    }
    // 4. The app. Filled in once the port is bound (it may be 0 until then).
    const allowedHosts = settings.allowedHosts === "off"
      ? null
      : new Set((settings.allowedHosts ?? []).map((h) => h.toLowerCase()));
    const app = createApp({
      directory,
      name: settings.name,
      baseUrl: settings.baseUrl,
      rateLimit: settings.rateLimit === "off" ? "off" : { ...settings.rateLimit, store: rateStore },
      trustProxy: settings.trustProxy,
      supportEmail: settings.supportEmail,
      access: sessionAccess(sessions, Date.now, sessionErrorLog(log)),
      allowedHosts,
      log: settings.quiet ? undefined : options.log,
      logFormat: settings.logFormat,
      worker: options.worker,
      metrics,
      errorLog: directory.gate(log),
      stores: { sessions, rateLimit: rateStore },
    });
    options.configure?.(app);
    // 5. The pre-request hook: a session created on another replica since
    // the copy's last poll counts on the request that presents it.
    const handler = withBeforeRequest(sessionPrefetch(sessions), app.fetch);
    // 6. The socket and our accept loop.
    const server = serveConnections({
      listener: bind(settings, options.reusePort ?? false),
      handler,
      limits: connectionLimits(settings, options, log),
      log,
    });
    metrics?.recorder.attach({ connections: () => server.stats() });
    if (allowedHosts && settings.allowedHosts === null) {
      for (const h of defaultAllowedHosts(server.addr, settings.baseUrl)) allowedHosts.add(h);
    }
    return {
      addr: server.addr,
      finished: server.finished,
      snapshot: () => describeSnapshot(directory),
      async close() {
        await server.shutdown();
        await closeAll();
      },
    };
  } catch (e) {
    await closeAll();
    throw e;
  }
}

/** Binds the port; `reusePort` is only passed when asked for (it is an unstable option). */
function bind(settings: ServeSettings, reusePort: boolean): Deno.TcpListener {
  return Deno.listen({
    hostname: settings.hostname,
    port: settings.port,
    ...(reusePort ? { reusePort: true } : {}),
  });
}

/** The limits of this isolate: its share of the connection cap, and the timeouts. */
function connectionLimits(
  settings: ServeSettings,
  options: IsolateOptions,
  log: (line: string) => void,
): ConnectionLimits {
  const fds = fdLimit();
  const requested = settings.maxConnections;
  if (requested !== null && fds !== null && requested > fds - RESERVED_FDS) {
    log(
      `warning: --max-connections ${requested} is above what the file-descriptor limit (${fds}) allows; past it, connections wait until others close`,
    );
  }
  return {
    ...DEFAULT_CONNECTION_LIMITS,
    ...options.limits,
    maxConnections: connectionCap(requested, settings.workers, fds),
  };
}
