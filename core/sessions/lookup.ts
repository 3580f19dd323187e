/**
 * The two interfaces of a session store, apart from the code that opens one
 * (backend.ts): the server's {@link SessionLookup} and the `session`
 * command's {@link SessionAdmin}. The stores implement them and the opener
 * loads a store lazily, so they live here, where both import them.
 *
 * @module
 */
import type { RedisHealth } from "../redis/mod.ts";
import type { OnDemandLimits } from "./on_demand.ts";
import type { NewSession, SessionInfo } from "./session.ts";

/**
 * What the server needs: the active session of a token, answered from
 * memory or a local file. Only a token a shared store's copy does not hold
 * yet costs a request a bounded wait, through {@link SessionLookup.prefetch}.
 *
 * @example
 * ```ts ignore
 * import type { SessionLookup } from "./lookup.ts";
 * const lookup: SessionLookup = SessionStore.reader("data/clubs.sessions.db");
 * await lookup.prefetch?.(token);
 * lookup.lookup(token)?.tier; // "member"
 * ```
 */
export interface SessionLookup {
  /** The active session of a token, or null (malformed, unknown, expired, revoked). */
  lookup(token: string, now?: number): SessionInfo | null;
  /**
   * A store whose copy may lag (Redis): makes {@link lookup} know a token
   * created elsewhere a moment ago, by one bounded lookup. Undefined when
   * there is nothing to wait for; never rejects. Absent: lookup() reads the
   * store itself (the SQLite file).
   */
  prefetch?(token: string): Promise<void> | undefined;
  /** A store backed by Redis: its state, for the readiness probe. Absent: nothing to report. */
  health?(): RedisHealth;
  /** Releases the store. */
  close(): void;
}

/**
 * What `session create|list|revoke` needs, whichever store holds the sessions.
 *
 * @example
 * ```ts ignore
 * import type { SessionAdmin } from "./lookup.ts";
 * const sessions: SessionInfo[] = await admin.list();
 * ```
 */
export interface SessionAdmin extends AsyncDisposable {
  /** The store, as messages name it (a Redis password masked). */
  readonly where: string;
  /** Creates a session; its token is returned only here. */
  create(input: NewSession): Promise<{ token: string; session: SessionInfo }>;
  /** Every session, oldest first, expired and revoked ones included. */
  list(): Promise<SessionInfo[]>;
  /** Revokes by token or id; the session (already revoked: `revokedAt` unchanged), or null. */
  revoke(tokenOrId: string, now?: number): Promise<SessionInfo | null>;
}

/**
 * Options of `openSessionLookup` (backend.ts).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { LookupOptions } from "./lookup.ts";
 * const lines: string[] = [];
 * const o: LookupOptions = { log: (line) => lines.push(line), pollMs: 100, waitMs: 3_000 };
 * o.log("Redis unreachable");
 * assert.deepStrictEqual(lines, ["Redis unreachable"]);
 * ```
 */
export interface LookupOptions {
  /** Where warnings go (Redis unreachable, and back). */
  log: (line: string) => void;
  /** Redis: how often the local copy asks for changes (ms; default 100). */
  pollMs?: number;
  /** Redis: how long to wait for the first copy before serving without it (ms; default 3000). */
  waitMs?: number;
  /** Redis: bounds of the lookups of tokens the copy does not hold (default `ON_DEMAND_LIMITS`). */
  onDemand?: Partial<OnDemandLimits>;
}
