/**
 * Serving the app on a socket: settings (plain data, so they can be posted
 * to worker isolates) in, a running server out. Used by `main.ts serve` in
 * the main isolate and by each isolate of `--workers N`.
 *
 * Connections are accepted by our own loop (`http/connections.ts`): idle and
 * header-read timeouts, a request timeout, a connection cap and surviving
 * EMFILE. A Deno without the internal API that loop needs cannot serve:
 * `listen` throws (there is no fallback to `Deno.serve`, which has none of
 * these guarantees). Each request reaches `app.fetch` with the connection info as the
 * Hono bindings; that is how the client address reaches the rate limiter.
 *
 * @example
 * ```ts ignore
 * import { listen } from "./listen.ts";
 * const running = listen(settings, { onListen: (addr) => console.error(addr) });
 * await running.close(); // stops accepting, finishes in-flight requests
 * ```
 * @module
 */
import type { Hono } from "hono";
import type { Directory } from "../core/store/mod.ts";
import { findPage, parseSearch } from "../core/search/mod.ts";
import { type SessionLookup, SessionStore, sessionStorePath } from "../core/sessions/mod.ts";
import { isRedisUrl } from "../core/redis/mod.ts";
import type { RateStore } from "./http/rate_store.ts";
import { createApp } from "./app.ts";
import { sessionAccess, sessionErrorLog } from "./http/sessions.ts";
import { WatchedDirectory } from "./http/watched_directory.ts";
import { stderrLine } from "./middleware/access_log.ts";
import type { ServeSettings } from "./options.ts";
import type { AppEnv } from "./http/env.ts";
import type { RateTable } from "./http/rate_table.ts";
import {
  connectionCap,
  type ConnectionLimits,
  type ConnectionStats,
  DEFAULT_CONNECTION_LIMITS,
  fdLimit,
  RESERVED_FDS,
  serveConnections,
  type ServeHandler,
} from "./http/connections.ts";

// The settings are derived from the one option table of `serve`.
export { DEFAULT_SETTINGS, type ServeSettings } from "./options.ts";

/**
 * The Host values a server bound to `addr` answers by default: the bound
 * address, its loopback forms, and the host of the public base URL.
 *
 * @example
 * ```ts
 * import { defaultAllowedHosts } from "./listen.ts";
 * defaultAllowedHosts({ transport: "tcp", hostname: "127.0.0.1", port: 8000 }, null);
 * // ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"]
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

/** Options of {@link listen}. */
export interface ListenOptions {
  /** Share the port with other isolates (SO_REUSEPORT; Linux, `--unstable-net`). */
  reusePort?: boolean;
  /** The shared rate-limit table (every worker gets the same one). */
  table?: RateTable;
  /** Sessions to look up instead of the settings' file: the Redis copy, from `listenShared`. */
  sessions?: SessionLookup;
  /** Where the rate limiter counts instead of `table`: Redis, from `listenShared`. */
  rateStore?: RateStore;
  /** Called once the socket is bound. */
  onListen?: (addr: Deno.NetAddr) => void;
  /** Prefix of this isolate's log lines, e.g. `[w2] `. */
  logPrefix?: string;
  /** Where log lines go instead of stderr (tests). */
  log?: (line: string) => void;
  /** Mounts more routes on the app before it serves (tests, extensions). */
  configure?: (app: Hono<AppEnv>) => void;
  /** Timeouts (tests shorten them); the cap comes from the settings. */
  limits?: Partial<Omit<ConnectionLimits, "maxConnections">>;
}

/** A running server. */
export interface Listening {
  /** What is bound: the address, and when serving ends. */
  server: {
    /** The bound address (the real port when 0 was asked for). */
    addr: Deno.NetAddr;
    /** Settles when the server has stopped; rejects if it stopped by itself on an error. */
    finished: Promise<void>;
  };
  /** The live directory the app reads (it reports its state changes once). */
  directory: Directory;
  /** The connection limits in force. */
  limits: ConnectionLimits;
  /** Connection counters. */
  connections(): ConnectionStats;
  /** Stops accepting, lets in-flight requests finish, closes the database. */
  close(): Promise<void>;
}

/**
 * Describes the snapshot being served, for the start-up line: e.g.
 * `30 clubs, snapshot 2026-08-30T12:00:00.000Z`.
 *
 * @example
 * ```ts ignore
 * import { describeSnapshot } from "./listen.ts";
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
 * The URL a bound address is reached at.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listenUrl } from "./listen.ts";
 * assert.deepStrictEqual(listenUrl({ transport: "tcp", hostname: "::1", port: 8000 }), "http://[::1]:8000/");
 * ```
 */
export function listenUrl(addr: Deno.NetAddr): string {
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  return `http://${host}:${addr.port}/`;
}

/**
 * Builds the app for `settings` and serves it.
 *
 * @example
 * ```ts ignore
 * import { DEFAULT_SETTINGS, listen } from "./listen.ts";
 * const running = listen({ ...DEFAULT_SETTINGS, db: "data/clubs.db", port: 0 });
 * ```
 */
export function listen(settings: ServeSettings, options: ListenOptions = {}): Listening {
  const prefix = options.logPrefix ?? "";
  const sink = options.log ?? stderrLine;
  // A broken database is reported once per change of state, not per request.
  const directory = new WatchedDirectory(
    settings.db,
    { checkEveryMs: settings.checkEveryMs, holdJson: settings.holdJson },
    (line) => sink(prefix + line),
  );
  const redisSessions = settings.sessions !== null && isRedisUrl(settings.sessions);
  const redisCounts = settings.rateLimitStore !== null && settings.rateLimit !== "off";
  if ((redisSessions && !options.sessions) || (redisCounts && !options.rateStore)) {
    throw new Error("Redis stores are opened by listenShared() (server/shared_stores.ts)");
  }
  const sessions: SessionLookup = options.sessions ??
    SessionStore.reader(settings.sessions ?? sessionStorePath(settings.db));
  // Filled in once the port is bound (it may be 0 until then).
  const allowedHosts = settings.allowedHosts === "off"
    ? null
    : new Set((settings.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const app = createApp({
    directory,
    name: settings.name,
    baseUrl: settings.baseUrl,
    rateLimit: settings.rateLimit === "off"
      ? "off"
      : { ...settings.rateLimit, table: options.table, store: options.rateStore },
    trustProxy: settings.trustProxy,
    supportEmail: settings.supportEmail,
    access: sessionAccess(sessions, Date.now, sessionErrorLog((line) => sink(prefix + line))),
    allowedHosts,
    log: settings.quiet ? undefined : (line) => sink(prefix + line),
    errorLog: directory.gate((line) => sink(prefix + line)),
  });
  options.configure?.(app);
  const handler: ServeHandler = (req, info) => app.fetch(req, info);
  let served: Served;
  try {
    served = serveGuarded(settings, options, handler, (line) => sink(prefix + line));
  } catch (e) {
    directory.close();
    sessions.close();
    throw e;
  }
  const server = served.server;
  if (allowedHosts && settings.allowedHosts === null) {
    for (const h of defaultAllowedHosts(server.addr, settings.baseUrl)) allowedHosts.add(h);
  }
  return {
    server,
    directory,
    limits: served.limits,
    connections: served.connections,
    async close() {
      await served.shutdown();
      directory.close();
      sessions.close();
    },
  };
}

/** A bound server. */
interface Served {
  server: Listening["server"];
  limits: ConnectionLimits;
  connections(): ConnectionStats;
  shutdown(): Promise<void>;
}

/** Our accept loop: timeouts, the connection cap, EMFILE survived. */
function serveGuarded(
  settings: ServeSettings,
  options: ListenOptions,
  handler: ServeHandler,
  log: (line: string) => void,
): Served {
  const fds = fdLimit();
  const limits: ConnectionLimits = {
    ...DEFAULT_CONNECTION_LIMITS,
    ...options.limits,
    maxConnections: connectionCap(settings.maxConnections, settings.workers, fds),
  };
  if (
    settings.maxConnections !== null && fds !== null && settings.maxConnections > fds - RESERVED_FDS
  ) {
    log(
      `warning: --max-connections ${settings.maxConnections} is above what the file-descriptor limit (${fds}) allows; past it, connections wait until others close`,
    );
  }
  // reusePort is only passed when asked for: it is an unstable option.
  const listener = Deno.listen({
    hostname: settings.hostname,
    port: settings.port,
    ...(options.reusePort ? { reusePort: true } : {}),
  });
  const server = serveConnections({ listener, handler, limits, log });
  options.onListen?.(server.addr);
  return {
    server,
    limits,
    connections: server.stats,
    shutdown: server.shutdown,
  };
}
