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
import { isRedisUrl } from "../redis/mod.ts";
import type { LookupOptions, SessionAdmin, SessionLookup } from "./lookup.ts";
import { SessionStore } from "./sqlite.ts";

export type { LookupOptions, SessionAdmin, SessionLookup } from "./lookup.ts";

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
