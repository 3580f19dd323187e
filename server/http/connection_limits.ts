/**
 * How many connections a server keeps and for how long: the limits
 * {@link serveConnections} (connections.ts) enforces, their defaults, and
 * the connection cap that fits the process's file descriptors.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connectionCap, DEFAULT_CONNECTION_LIMITS } from "./connection_limits.ts";
 * assert.deepStrictEqual(DEFAULT_CONNECTION_LIMITS.idleTimeoutMs, 10_000);
 * assert.deepStrictEqual(connectionCap(null, 1, 256), 156);
 * ```
 * @module
 */
/** How many connections a server keeps and for how long. */
export interface ConnectionLimits {
  /** Most connections open at once (this server, i.e. one isolate). */
  maxConnections: number;
  /**
   * A connection with no request in progress is closed after this many ms:
   * the header-read timeout of a new connection and the keep-alive timeout
   * of a used one.
   */
  idleTimeoutMs: number;
  /** A request still unanswered after this many ms (body read included) closes its connection. */
  requestTimeoutMs: number;
}

/**
 * The defaults `serve` uses. 4,096 idle connections cost about 65 MB (16 KB
 * each, measured); `serve` lowers the cap further to fit the process's
 * file-descriptor limit (see {@link connectionCap}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_CONNECTION_LIMITS } from "./connection_limits.ts";
 * assert.deepStrictEqual(DEFAULT_CONNECTION_LIMITS.idleTimeoutMs, 10000);
 * ```
 */
export const DEFAULT_CONNECTION_LIMITS: Readonly<ConnectionLimits> = Object.freeze({
  maxConnections: 4096,
  idleTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
});

/** File descriptors kept free for the database, the session store, stdio and the runtime. */
export const RESERVED_FDS = 100;

/**
 * The soft limit on open file descriptors of this process, from
 * `/proc/self/limits`; null where that cannot be read (not Linux).
 *
 * @example
 * ```ts ignore
 * import { fdLimit } from "./connection_limits.ts";
 * fdLimit(); // 20000 (what `ulimit -n` says)
 * ```
 */
export function fdLimit(): number | null {
  try {
    const text = Deno.readTextFileSync("/proc/self/limits");
    const m = /^Max open files\s+(\d+|unlimited)/m.exec(text);
    if (!m) return null;
    return m[1] === "unlimited" ? null : Number(m[1]);
  } catch {
    return null;
  }
}

/**
 * The connection cap of each of `isolates` servers in one process: the
 * requested total, or by default the lower of
 * {@link DEFAULT_CONNECTION_LIMITS}.maxConnections and the descriptor limit
 * less {@link RESERVED_FDS}, split between the isolates (they share the
 * process's descriptors). At least 1.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { connectionCap } from "./connection_limits.ts";
 * assert.deepStrictEqual(connectionCap(null, 1, 256), 156);
 * assert.deepStrictEqual(connectionCap(null, 2, 20_000), 2048);
 * connectionCap(300, 2, 256); // 150 (explicit: honoured even above the fd limit)
 * ```
 */
export function connectionCap(
  requested: number | null,
  isolates: number,
  limit: number | null,
): number {
  const total = requested ??
    Math.min(DEFAULT_CONNECTION_LIMITS.maxConnections, (limit ?? Infinity) - RESERVED_FDS);
  return Math.max(1, Math.floor(total / isolates));
}
