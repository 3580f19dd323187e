/**
 * Serving HTTP from our own accept loop, so that every connection is
 * accounted for. `Deno.serve` (Deno 2.9) has no header-read or idle timeout
 * and no connection cap, and when `accept` fails with EMFILE its serve loop
 * ends and the process exits. Here the loop is ours:
 *
 * - A connection with no request in progress is closed after
 *   {@link ConnectionLimits.idleTimeoutMs}: from accept until its first
 *   request's head is complete (the header-read timeout: trickling header
 *   bytes does not extend it), and again after each response (keep-alive).
 * - A request whose body read and handler take longer than
 *   {@link ConnectionLimits.requestTimeoutMs} has its connection closed.
 * - At {@link ConnectionLimits.maxConnections} the longest-idle connection
 *   is closed to make room; when every connection is busy the new one is
 *   refused (closed at once).
 * - An `accept` that fails for one connection (the client reset it while it
 *   waited in the backlog: ENOTCONN, ECONNABORTED, ECONNRESET, EPROTO, …) is
 *   retried at once: it says nothing about the next client, so a burst of
 *   resets never slows the loop (each kind is logged once).
 * - When `accept` fails for lack of file descriptors (EMFILE, ENFILE), the
 *   loop does not die: it lowers the cap to just under the connections open
 *   at that moment (so from then on the cap rule above makes room for new
 *   clients), closes the longest-idle connection and retries after a short
 *   backoff (10 ms doubling to 100 ms); pending clients wait in the kernel's
 *   backlog. The cap goes back up after a minute without running out.
 * - A graceful {@link ConnectionServer.shutdown} stops accepting, closes
 *   idle connections after a one-second grace (a request whose head has
 *   arrived but whose handler has not run yet starts in it), and lets a
 *   request in progress (its body possibly still arriving) reach its
 *   handler's answer before that connection is shut down; the request
 *   timeout still bounds it. Every answer sent while draining carries
 *   `Connection: close`, so a keep-alive client sends its next request on a
 *   new connection instead of losing it on this one.
 *
 * Each accepted connection is handed to Deno's native HTTP engine (hyper)
 * with `serveHttpOnConnection`, the per-connection form of `Deno.serve`, and
 * its own `AbortSignal`, which closes it outright. That function is internal
 * to Deno (`Deno[Deno.internal]`); where it is missing, serving refuses to
 * start (see {@link checkPerConnectionServing}) rather than run without
 * these guarantees.
 *
 * One timer per server sweeps the connections once a second; idle ones are
 * kept in order of idleness, so a sweep touches only those it closes.
 *
 * @example
 * ```ts ignore
 * import { DEFAULT_CONNECTION_LIMITS, serveConnections } from "./connections.ts";
 * const server = serveConnections({
 *   listener: Deno.listen({ hostname: "127.0.0.1", port: 0 }),
 *   handler: (req, info) => new Response(`hello ${info.remoteAddr.hostname}`),
 *   limits: DEFAULT_CONNECTION_LIMITS,
 *   log: (line) => console.error(line),
 * });
 * await server.shutdown();
 * ```
 * @module
 */
import { type ConnectionLimits } from "../http/connection_limits.ts";
import { missingApi, type ServeHandler, serveOnConnection } from "./_serve_on_connection.ts";
import { isFdExhaustion } from "./_closing.ts";
import { ConnectionPool, type ConnectionStats } from "./_connection_pool.ts";

export type { ConnectionStats } from "./_connection_pool.ts";
import type { LogFields } from "../middleware/log_format.ts";

export {
  connectionCap,
  type ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  fdLimit,
  RESERVED_FDS,
} from "../http/connection_limits.ts";
export {
  checkPerConnectionServing,
  REQUIRED_DENO,
  type ServeHandler,
} from "./_serve_on_connection.ts";

/** Options of {@link serveConnections}. */
export interface ServeConnectionsOptions {
  /** A bound TCP listener; the server owns it from now on. */
  listener: Deno.Listener<Deno.TcpConn, Deno.NetAddr>;
  handler: ServeHandler;
  limits: ConnectionLimits;
  /** Where state changes are reported (one line each, never one per connection). */
  log: (line: string, fields?: LogFields) => void;
  /** Milliseconds clock; default `performance.now`. */
  now?: () => number;
}

/** A running server. */
export interface ConnectionServer {
  addr: Deno.NetAddr;
  stats(): ConnectionStats;
  /** Settles when the accept loop has ended and every connection is closed. */
  finished: Promise<void>;
  /**
   * Stops accepting, closes idle connections, lets requests in progress
   * finish (still bounded by the request timeout), then resolves.
   */
  shutdown(): Promise<void>;
}

const SWEEP_MS = 1000;
/** After a shutdown starts, how long an idle connection may still start a request (ms). */
const SHUTDOWN_IDLE_GRACE_MS = 1000;
/**
 * Backoff after running out of descriptors: long enough not to spin while
 * evicted connections free theirs, short enough that clients queued in the
 * backlog are not kept waiting.
 */
const FIRST_BACKOFF_MS = 10;
const MAX_BACKOFF_MS = 100;
/** Kinds of accept failure remembered for logging once each (more are not logged). */
const MAX_LOGGED_KINDS = 32;

/**
 * Serves `handler` on every connection `listener` accepts, within `limits`.
 * Throws (and closes `listener`) when this Deno cannot serve per connection
 * (see {@link checkPerConnectionServing}).
 *
 * @example
 * ```ts ignore
 * import { DEFAULT_CONNECTION_LIMITS, serveConnections } from "./connections.ts";
 * const server = serveConnections({
 *   listener: Deno.listen({ hostname: "127.0.0.1", port: 8000 }),
 *   handler: () => new Response("ok"),
 *   limits: { ...DEFAULT_CONNECTION_LIMITS, maxConnections: 100 },
 *   log: console.error,
 * });
 * server.stats().open; // 0
 * ```
 */
export function serveConnections(options: ServeConnectionsOptions): ConnectionServer {
  if (serveOnConnection === null) {
    options.listener.close();
    throw missingApi();
  }
  const { listener, handler, limits, log } = options;
  const now = options.now ?? (() => performance.now());
  const pool = new ConnectionPool({ serveOn: serveOnConnection, handler, limits, log, now });
  const timer = setInterval(() => pool.sweep(), SWEEP_MS);
  const loopDone = acceptConnections(listener, pool, log);
  const finished = (async () => {
    await loopDone;
    if (pool.stats.open > 0) await pool.allClosed.promise;
    clearInterval(timer);
  })();
  return {
    addr: listener.addr,
    stats: () => ({ ...pool.stats }),
    finished,
    shutdown: () => drain(listener, pool, finished, { log, now }),
  };
}

/**
 * Accepts connections into `pool` until it is closing: a failure that
 * concerned one connection is retried at once (each kind logged once), a
 * lack of descriptors after a backoff, and a connection past the cap is
 * refused when none can make room.
 */
async function acceptConnections(
  listener: Deno.Listener<Deno.TcpConn, Deno.NetAddr>,
  pool: ConnectionPool,
  log: (line: string) => void,
): Promise<void> {
  const loggedKinds = new Set<string>();
  let backoff = 0;
  while (!pool.closing) {
    let conn: Deno.TcpConn;
    try {
      conn = await listener.accept();
    } catch (e) {
      if (pool.closing || e instanceof Deno.errors.BadResource) break;
      if (isFdExhaustion(e)) {
        pool.lackOfFds();
        backoff = Math.min(Math.max(backoff * 2, FIRST_BACKOFF_MS), MAX_BACKOFF_MS);
        await new Promise((resolve) => setTimeout(resolve, backoff));
      } else {
        // The client went away before it was accepted: the next one is
        // unaffected, so no wait (a wait here let a burst of resets stall
        // the loop for minutes).
        pool.stats.acceptFailed++;
        const kind = (e as Error).message;
        if (!loggedKinds.has(kind) && loggedKinds.size < MAX_LOGGED_KINDS) {
          loggedKinds.add(kind);
          log(`accept failed: ${kind}; retrying (each kind logged once)`);
        }
      }
      continue;
    }
    backoff = 0;
    if (pool.closing) {
      conn.close();
      break;
    }
    if (!pool.admits()) {
      conn.close();
      continue;
    }
    pool.track(conn);
  }
}

/**
 * A graceful stop: no new connection, every answer from now on the last of
 * its connection, idle connections closed after a short grace (a request
 * whose head has arrived but whose handler has not run yet starts in it),
 * busy ones shut down as their handlers answer (see ConnectionPool).
 */
async function drain(
  listener: Deno.Listener<Deno.TcpConn, Deno.NetAddr>,
  pool: ConnectionPool,
  finished: Promise<void>,
  { log, now }: { log: ServeConnectionsOptions["log"]; now: () => number },
): Promise<void> {
  if (!pool.closing) {
    pool.closing = true;
    const drainStarted = now();
    const { open } = pool.stats;
    log(
      `draining: ${open} connections open, ${pool.busy} with a request in progress`,
      { event: "drain", open, busy: pool.busy },
    );
    finished.then(() => {
      const ms = Math.round(now() - drainStarted);
      log(`drained: every connection closed after ${ms} ms`, { event: "drained", ms });
    });
    if (open === 0) pool.allClosed.resolve();
    try {
      listener.close();
    } catch { /* already closed */ }
    if (pool.hasIdle) {
      const grace = setTimeout(() => pool.closeIdle(), SHUTDOWN_IDLE_GRACE_MS);
      finished.then(() => clearTimeout(grace));
    }
  }
  await finished;
}
