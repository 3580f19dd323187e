/**
 * The connections one server has accepted (see connections.ts, which
 * accepts them and drains them): each tracked from accept to close, idle or
 * busy, swept by the idle and request timeouts, evicted at the cap, and
 * shut down one by one once a drain has begun.
 *
 * @module
 */
import type { ConnectionLimits } from "../http/connection_limits.ts";
import type { ConnectionHttp, ServeHandler, ServeOnConnection } from "./_serve_on_connection.ts";
import { abortConnection, lastOnConnection } from "./_closing.ts";
import type { LogFields } from "../middleware/log_format.ts";
import type { ConnectionFigures } from "../metrics/mod.ts";

/** Counters since start, for tests and diagnostics: the figures `/metrics` shows, and more. */
export interface ConnectionStats extends ConnectionFigures {
  /** `accept` failures that concerned one connection (reset in the backlog, …). */
  acceptFailed: number;
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

/** How long without running out of descriptors before the cap goes back up (ms). */
const FD_RECOVERY_MS = 60_000;
/** Connections below the count at which descriptors ran out that the lowered cap keeps. */
const FD_MARGIN = 8;
const internalError = () => new Response("Internal Server Error", { status: 500 });

/** What a pool is built from. */
export interface PoolOptions {
  serveOn: ServeOnConnection;
  handler: ServeHandler;
  limits: ConnectionLimits;
  log: (line: string, fields?: LogFields) => void;
  now: () => number;
}

/**
 * The accepted connections of one server, with its counters.
 *
 * @example
 * ```ts ignore
 * const pool = new ConnectionPool({ serveOn, handler, limits, log, now: () => performance.now() });
 * pool.track(await listener.accept());
 * pool.sweep(); // closes what outlived its timeout
 * ```
 */
export class ConnectionPool {
  readonly stats: ConnectionStats = {
    open: 0,
    accepted: 0,
    refused: 0,
    evicted: 0,
    idleTimedOut: 0,
    requestTimedOut: 0,
    fdExhausted: 0,
    acceptFailed: 0,
  };
  /** Resolves once a drain has begun and every connection is closed. */
  readonly allClosed: PromiseWithResolvers<void> = Promise.withResolvers<void>();
  /** A drain has begun: no new request is kept alive. */
  closing = false;
  // Insertion-ordered: the first idle connection is the longest idle.
  readonly #idle = new Set<Tracked>();
  readonly #busy = new Set<Tracked>();
  readonly #o: PoolOptions;
  #atCap = false;
  /** The cap in force: lowered while descriptors are short. */
  #cap: number;
  /** When `accept` last ran out of descriptors (ms), or null. */
  #outOfFdsAt: number | null = null;

  constructor(options: PoolOptions) {
    this.#o = options;
    this.#cap = options.limits.maxConnections;
  }

  /** Connections with a request in progress. */
  get busy(): number {
    return this.#busy.size;
  }

  /** Whether one more connection fits; at the cap, makes room by closing the longest idle. */
  admits(): boolean {
    if (this.stats.open < this.#cap) return true;
    if (!this.#atCap) {
      this.#atCap = true;
      this.#o.log(
        `connection cap reached (${this.#cap}): closing the longest-idle connections, refusing new ones while all are busy`,
      );
    }
    if (this.evictLongestIdle()) return true;
    this.stats.refused++;
    return false;
  }

  /** Out of descriptors: lowers the cap (once per shortage) and makes room. */
  lackOfFds(): void {
    this.stats.fdExhausted++;
    if (this.#outOfFdsAt === null) {
      // Once per shortage: evicted connections free their descriptors
      // asynchronously, so lowering again now would ratchet down.
      this.#cap = Math.max(1, Math.min(this.#cap, this.stats.open - FD_MARGIN));
      this.#o.log(
        `out of file descriptors with ${this.stats.open} connections open: connection cap lowered to ${this.#cap} for now`,
      );
    }
    this.#outOfFdsAt = this.#o.now();
    this.evictLongestIdle();
  }

  /** Closes the longest-idle connection; false when none is idle. */
  evictLongestIdle(): boolean {
    for (const t of this.#idle) {
      this.#close(t);
      this.stats.evicted++;
      return true;
    }
    return false;
  }

  /** Closes what outlived its timeout; restores the cap a minute after a shortage. */
  sweep(): void {
    const t0 = this.#o.now();
    const { limits, log } = this.#o;
    if (this.#outOfFdsAt !== null && t0 - this.#outOfFdsAt > FD_RECOVERY_MS) {
      this.#outOfFdsAt = null;
      this.#cap = limits.maxConnections;
      log(`no shortage of file descriptors for a minute: connection cap back to ${this.#cap}`);
    }
    for (const t of this.#idle) {
      // Ordered by idleness: stop at the first one still within its time.
      if (t0 - t.since < limits.idleTimeoutMs) break;
      this.#close(t);
      this.stats.idleTimedOut++;
    }
    for (const t of this.#busy) {
      if (t0 - t.since < limits.requestTimeoutMs) continue;
      this.#close(t);
      this.stats.requestTimedOut++;
    }
  }

  /** Closes every idle connection (a drain's grace is over). */
  closeIdle(): void {
    for (const t of this.#idle) this.#close(t);
  }

  /** Whether a connection is idle now. */
  get hasIdle(): boolean {
    return this.#idle.size > 0;
  }

  /** Serves an accepted connection and tracks it until it closes. */
  track(conn: Deno.TcpConn): void {
    // As `Deno.serve` does: a response's last segment is not held back by
    // Nagle's algorithm until the client acknowledges the one before.
    try {
      conn.setNoDelay(true);
    } catch { /* the client is already gone: serving it fails below */ }
    const t: Tracked = {
      abort: new AbortController(),
      http: null,
      busy: 0,
      since: this.#o.now(),
      done: false,
    };
    this.stats.open++;
    this.stats.accepted++;
    this.#idle.add(t);
    try {
      t.http = this.#o.serveOn(conn, t.abort.signal, this.#wrap(t), internalError, () => {});
    } catch (e) {
      t.done = true;
      this.#idle.delete(t);
      this.stats.open--;
      try {
        conn.close();
      } catch { /* already closed */ }
      this.#o.log(`connection could not be served: ${(e as Error).message}`);
      return;
    }
    const done = () => this.#finished(t);
    t.http.finished.then(done, done);
  }

  /** The handler as this connection runs it: busy while it answers; a drain's answer is the last. */
  #wrap(t: Tracked): ServeHandler {
    const { handler } = this.#o;
    return (req, info) => {
      this.#started(t);
      let res: Response | Promise<Response>;
      try {
        res = handler(req, info);
      } catch (e) {
        this.#ended(t);
        throw e;
      }
      if (!(res instanceof Promise)) {
        this.#ended(t);
        return this.closing ? lastOnConnection(res) : res;
      }
      return res.then((r) => {
        this.#ended(t);
        return this.closing ? lastOnConnection(r) : r;
      }, (e) => {
        this.#ended(t);
        throw e;
      });
    };
  }

  #finished(t: Tracked): void {
    t.done = true;
    this.#idle.delete(t);
    this.#busy.delete(t);
    this.stats.open--;
    if (this.#atCap && this.stats.open <= this.#cap / 2) {
      this.#atCap = false;
      this.#o.log(`connections back under the cap (${this.stats.open} open)`);
    }
    if (this.closing && this.stats.open === 0) this.allClosed.resolve();
  }

  #close(t: Tracked): void {
    this.#idle.delete(t);
    this.#busy.delete(t);
    if (!t.done) abortConnection(t.abort);
  }

  #started(t: Tracked): void {
    if (t.busy++ === 0 && !t.done) {
      this.#idle.delete(t);
      t.since = this.#o.now();
      this.#busy.add(t);
    }
  }

  #ended(t: Tracked): void {
    // A handler can end after its client went away (and the connection is done).
    if (--t.busy !== 0 || t.done || t.abort.signal.aborted) return;
    if (this.closing) {
      // Shut down only now: hyper's graceful shutdown cuts a request body
      // still arriving (the handler then fails to read it). Kept among the
      // busy, so the request timeout still bounds the response's delivery.
      t.http?.shutdown().catch(() => this.#close(t));
      return;
    }
    this.#busy.delete(t);
    t.since = this.#o.now();
    this.#idle.add(t);
  }
}
