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
import {
  type ConnectionHttp,
  missingApi,
  type ServeHandler,
  type ServeOnConnection,
  serveOnConnection,
} from "./_serve_on_connection.ts";
import { abortConnection, isFdExhaustion, lastOnConnection } from "./_closing.ts";
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

/** Counters since start, for tests and diagnostics. */
export interface ConnectionStats {
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
  /** `accept` failures that concerned one connection (reset in the backlog, …). */
  acceptFailed: number;
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

/** One accepted connection. */
interface Tracked {
  abort: AbortController;
  http: ConnectionHttp | null;
  /** Requests in progress. */
  busy: number;
  /** When it became idle, or when its current request started (ms). */
  since: number;
  /** Its server has finished: nothing left to close. */
  done: boolean;
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
/** Connections below the count at which descriptors ran out that the lowered cap keeps. */
const FD_MARGIN = 8;
/** How long without running out of descriptors before the cap goes back up (ms). */
const FD_RECOVERY_MS = 60_000;
const internalError = () => new Response("Internal Server Error", { status: 500 });

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
  const serveOn: ServeOnConnection = serveOnConnection;
  const { listener, handler, limits, log } = options;
  const now = options.now ?? (() => performance.now());
  // Insertion-ordered: the first idle connection is the longest idle.
  const idle = new Set<Tracked>();
  const busy = new Set<Tracked>();
  const stats: ConnectionStats = {
    open: 0,
    accepted: 0,
    refused: 0,
    evicted: 0,
    idleTimedOut: 0,
    requestTimedOut: 0,
    fdExhausted: 0,
    acceptFailed: 0,
  };
  let closing = false;
  let idleGrace: ReturnType<typeof setTimeout> | undefined;
  let atCap = false;
  /** The cap in force: lowered while descriptors are short. */
  let cap = limits.maxConnections;
  /** When `accept` last ran out of descriptors (ms), or null. */
  let outOfFdsAt: number | null = null;

  function close(t: Tracked): void {
    idle.delete(t);
    busy.delete(t);
    if (!t.done) abortConnection(t.abort);
  }

  function evictLongestIdle(): boolean {
    for (const t of idle) {
      close(t);
      stats.evicted++;
      return true;
    }
    return false;
  }

  function started(t: Tracked): void {
    if (t.busy++ === 0 && !t.done) {
      idle.delete(t);
      t.since = now();
      busy.add(t);
    }
  }

  function ended(t: Tracked): void {
    // A handler can end after its client went away (and the connection is done).
    if (--t.busy !== 0 || t.done || t.abort.signal.aborted) return;
    if (closing) {
      // Shut down only now: hyper's graceful shutdown cuts a request body
      // still arriving (the handler then fails to read it). Kept among the
      // busy, so the request timeout still bounds the response's delivery.
      t.http?.shutdown().catch(() => close(t));
      return;
    }
    busy.delete(t);
    t.since = now();
    idle.add(t);
  }

  function sweep(): void {
    const t0 = now();
    if (outOfFdsAt !== null && t0 - outOfFdsAt > FD_RECOVERY_MS) {
      outOfFdsAt = null;
      cap = limits.maxConnections;
      log(`no shortage of file descriptors for a minute: connection cap back to ${cap}`);
    }
    for (const t of idle) {
      // Ordered by idleness: stop at the first one still within its time.
      if (t0 - t.since < limits.idleTimeoutMs) break;
      close(t);
      stats.idleTimedOut++;
    }
    for (const t of busy) {
      if (t0 - t.since < limits.requestTimeoutMs) continue;
      close(t);
      stats.requestTimedOut++;
    }
  }

  function track(conn: Deno.TcpConn): void {
    // As `Deno.serve` does: a response's last segment is not held back by
    // Nagle's algorithm until the client acknowledges the one before.
    try {
      conn.setNoDelay(true);
    } catch { /* the client is already gone: serving it fails below */ }
    const t: Tracked = {
      abort: new AbortController(),
      http: null,
      busy: 0,
      since: now(),
      done: false,
    };
    stats.open++;
    stats.accepted++;
    idle.add(t);
    // An answer sent while draining is the connection's last: it says so.
    const wrapped: ServeHandler = (req, info) => {
      started(t);
      let res: Response | Promise<Response>;
      try {
        res = handler(req, info);
      } catch (e) {
        ended(t);
        throw e;
      }
      if (!(res instanceof Promise)) {
        ended(t);
        return closing ? lastOnConnection(res) : res;
      }
      return res.then((r) => {
        ended(t);
        return closing ? lastOnConnection(r) : r;
      }, (e) => {
        ended(t);
        throw e;
      });
    };
    try {
      t.http = serveOn(conn, t.abort.signal, wrapped, internalError, () => {});
    } catch (e) {
      t.done = true;
      idle.delete(t);
      stats.open--;
      try {
        conn.close();
      } catch { /* already closed */ }
      log(`connection could not be served: ${(e as Error).message}`);
      return;
    }
    const done = () => {
      t.done = true;
      idle.delete(t);
      busy.delete(t);
      stats.open--;
      if (atCap && stats.open <= cap / 2) {
        atCap = false;
        log(`connections back under the cap (${stats.open} open)`);
      }
      if (closing && stats.open === 0) allClosed.resolve();
    };
    t.http.finished.then(done, done);
  }

  const allClosed = Promise.withResolvers<void>();
  const timer = setInterval(sweep, SWEEP_MS);

  /** Kinds of per-connection accept failure already logged. */
  const loggedKinds = new Set<string>();

  /** Logs an accept failure that concerned one connection, once per kind. */
  function perConnectionFailure(e: unknown): void {
    stats.acceptFailed++;
    const kind = (e as Error).message;
    if (loggedKinds.has(kind) || loggedKinds.size >= MAX_LOGGED_KINDS) return;
    loggedKinds.add(kind);
    log(`accept failed: ${kind}; retrying (each kind logged once)`);
  }

  /** Out of descriptors: lowers the cap, makes room, and says how long to wait (ms). */
  function outOfFds(backoff: number): number {
    stats.fdExhausted++;
    if (outOfFdsAt === null) {
      // Once per shortage: evicted connections free their descriptors
      // asynchronously, so lowering again now would ratchet down.
      cap = Math.max(1, Math.min(cap, stats.open - FD_MARGIN));
      log(
        `out of file descriptors with ${stats.open} connections open: connection cap lowered to ${cap} for now`,
      );
    }
    outOfFdsAt = now();
    evictLongestIdle();
    return Math.min(Math.max(backoff * 2, FIRST_BACKOFF_MS), MAX_BACKOFF_MS);
  }

  async function acceptLoop(): Promise<void> {
    let backoff = 0;
    while (!closing) {
      let conn: Deno.TcpConn;
      try {
        conn = await listener.accept();
      } catch (e) {
        if (closing || e instanceof Deno.errors.BadResource) break;
        if (isFdExhaustion(e)) {
          backoff = outOfFds(backoff);
          await new Promise((resolve) => setTimeout(resolve, backoff));
        } else {
          // The client went away before it was accepted: the next one is
          // unaffected, so no wait (a wait here let a burst of resets stall
          // the loop for minutes).
          perConnectionFailure(e);
        }
        continue;
      }
      backoff = 0;
      if (closing) {
        conn.close();
        break;
      }
      if (stats.open >= cap) {
        if (!atCap) {
          atCap = true;
          log(
            `connection cap reached (${cap}): closing the longest-idle connections, refusing new ones while all are busy`,
          );
        }
        if (!evictLongestIdle()) {
          stats.refused++;
          conn.close();
          continue;
        }
      }
      track(conn);
    }
  }

  const loopDone = acceptLoop();
  const finished = (async () => {
    await loopDone;
    if (stats.open > 0) await allClosed.promise;
    clearInterval(timer);
    clearTimeout(idleGrace);
  })();

  return {
    addr: listener.addr,
    stats: () => ({ ...stats }),
    finished,
    async shutdown() {
      if (!closing) {
        closing = true;
        const drainStarted = now();
        log(
          `draining: ${stats.open} connections open, ${busy.size} with a request in progress`,
          { event: "drain", open: stats.open, busy: busy.size },
        );
        finished.then(() => {
          const ms = Math.round(now() - drainStarted);
          log(`drained: every connection closed after ${ms} ms`, { event: "drained", ms });
        });
        if (stats.open === 0) allClosed.resolve();
        try {
          listener.close();
        } catch { /* already closed */ }
        // A busy connection is shut down once its handler has answered (see
        // ended()). An idle one may hold a request whose head has arrived but
        // whose handler has not run yet (a loaded event loop): it is closed
        // only after a short grace, in which such a request becomes busy.
        if (idle.size > 0) {
          idleGrace = setTimeout(() => {
            for (const t of idle) close(t);
          }, SHUTDOWN_IDLE_GRACE_MS);
        }
      }
      await finished;
    },
  };
}
