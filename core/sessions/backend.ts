/**
 * Where sessions live, behind two small interfaces: the server's
 * {@link SessionLookup} (synchronous, never waits on I/O it does not own)
 * and the `session` command's {@link SessionAdmin}. A store setting is a
 * file path (the SQLite store, the default) or a `redis://` URL (shared by
 * every replica; node-redis is loaded only then).
 *
 * @example
 * ```ts ignore
 * import { openSessionAdmin } from "./backend.ts";
 * await using admin = await openSessionAdmin("redis://127.0.0.1:6379/0", "write");
 * const { token } = await admin.create({ tier: "member", ttlMs: 86_400_000 });
 * ```
 * @module
 */
import { isRedisUrl, type RedisHealth } from "../redis/mod.ts";
import type { OnDemandLimits } from "./on_demand.ts";
import type { NewSession, SessionInfo } from "./session.ts";
import { SessionStore } from "./sqlite.ts";

/**
 * What the server needs: the active session of a token, answered from
 * memory or a local file. Only a token a shared store's copy does not hold
 * yet costs a request a bounded wait, through {@link SessionLookup.prefetch}.
 *
 * @example
 * ```ts ignore
 * import type { SessionLookup } from "./backend.ts";
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
 * import type { SessionAdmin } from "./backend.ts";
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
 * Opens the store the `session` command works on: "read" never creates a
 * file store (a missing file lists as empty), "write" creates it.
 * Throws {@link SessionError} when Redis cannot be reached.
 *
 * @example
 * ```ts ignore
 * await using admin = await openSessionAdmin("data/clubs.sessions.db", "read");
 * (await admin.list()).length;
 * ```
 */
export async function openSessionAdmin(
  where: string,
  mode: "read" | "write",
): Promise<SessionAdmin> {
  if (isRedisUrl(where)) {
    const { RedisSessions } = await import("./redis.ts");
    return await RedisSessions.connect(where);
  }
  const store = mode === "write" ? SessionStore.writer(where) : SessionStore.reader(where);
  return {
    where,
    create: (input) => Promise.resolve(store.create(input)),
    list: () => Promise.resolve(store.list()),
    revoke: (tokenOrId, now) => Promise.resolve(store.revoke(tokenOrId, now)),
    [Symbol.asyncDispose]: () => Promise.resolve(store.close()),
  };
}

/**
 * Options of {@link openSessionLookup}.
 *
 * @example
 * ```ts
 * import type { LookupOptions } from "./backend.ts";
 * const o: LookupOptions = { log: console.error, pollMs: 100, waitMs: 3_000 };
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

/**
 * Opens the store the server reads: the SQLite file read-only, or a local
 * copy of the Redis sessions that follows every change within `pollMs` and
 * looks up a token it does not hold yet on the request that presents it.
 *
 * @example
 * ```ts ignore
 * const sessions = await openSessionLookup("redis://127.0.0.1:6379/0", { log: console.error });
 * sessions.lookup(token)?.tier;
 * sessions.close();
 * ```
 */
export async function openSessionLookup(
  where: string,
  options: LookupOptions,
): Promise<SessionLookup> {
  if (!isRedisUrl(where)) return SessionStore.reader(where);
  const { RedisSessionMirror } = await import("./redis_mirror.ts");
  return await RedisSessionMirror.open(where, options);
}
