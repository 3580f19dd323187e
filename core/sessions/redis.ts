/**
 * Sessions kept in Redis, for several replicas (`--sessions redis://…`):
 * the `session` command's {@link RedisSessions}, and the server's
 * {@link RedisSessionMirror} (./redis_mirror.ts), a copy in memory that
 * follows every change and asks Redis about a token it has not seen yet.
 * The keys, scripts and record format are in ./redis_schema.ts.
 *
 * Sessions must survive a Redis restart: run Redis with persistence
 * (`appendonly yes`) and an eviction policy that spares keys without a TTL
 * (`volatile-lru`).
 *
 * @example
 * ```ts ignore
 * import { RedisSessionMirror, RedisSessions } from "./redis.ts";
 * await using admin = await RedisSessions.connect("redis://127.0.0.1:6379/0");
 * const { token } = await admin.create({ tier: "member", ttlMs: 86_400_000 });
 * const mirror = await RedisSessionMirror.open("redis://127.0.0.1:6379/0", { log: console.error });
 * mirror.lookup(token)?.tier; // "member"
 * mirror.close();
 * ```
 * @module
 */
import { closeClient, connectOnce, redactRedisUrl, withTimeout } from "../redis/mod.ts";
import type { SessionAdmin } from "./lookup.ts";
import { type NewSession, newSessionAttempts, SessionError, type SessionInfo } from "./session.ts";
import { isTokenShaped, newToken } from "./token.ts";
import {
  makeClient,
  parseRecord,
  recordJson,
  redisTokenHash,
  SESSION_KEYS,
  type SessionClient,
} from "./redis_schema.ts";

export { SESSION_KEYS } from "./redis_schema.ts";
export { RedisSessionMirror } from "./redis_mirror.ts";

/** Longest wait for one reply of the `session` command (ms). */
const ADMIN_TIMEOUT_MS = 5_000;

/**
 * The `session` command's view of the Redis store.
 *
 * @example
 * ```ts ignore
 * await using admin = await RedisSessions.connect("redis://127.0.0.1:6379/0");
 * await admin.revoke("3f9a0c12be");
 * ```
 */
export class RedisSessions implements SessionAdmin {
  readonly where: string;
  readonly #client: SessionClient;

  private constructor(client: SessionClient, url: string) {
    this.#client = client;
    this.where = redactRedisUrl(url);
  }

  /**
   * Connects (without retrying); throws {@link SessionError} when Redis
   * cannot be reached.
   *
   * @example
   * ```ts ignore
   * const admin = await RedisSessions.connect("redis://127.0.0.1:6379/0");
   * ```
   */
  static async connect(url: string): Promise<RedisSessions> {
    const client = makeClient(url, false);
    try {
      await connectOnce(client, url);
    } catch (e) {
      throw new SessionError(`Cannot open session store: ${(e as Error).message}`, { cause: e });
    }
    return new RedisSessions(client, url);
  }

  /**
   * Creates a session; the token is shown only here.
   *
   * @example
   * ```ts ignore
   * const { token, session } = await admin.create({ tier: "free", ttlMs: 3_600_000 });
   * ```
   */
  async create(input: NewSession): Promise<{ token: string; session: SessionInfo }> {
    let tries = 0;
    for (const session of newSessionAttempts(input)) {
      tries++;
      // A token per try too: 0 is a clash of ids, -1 (in theory) of token hashes.
      const token = newToken();
      const hash = redisTokenHash(token);
      const done = await this.#call(
        "create session",
        () => this.#client.createSession(session.id, hash, recordJson(hash, session)),
      );
      if (Number(done) > 0) return { token, session };
    }
    throw new SessionError(
      `Cannot create session in ${this.where}: no free id after ${tries} tries`,
    );
  }

  /**
   * Every session, oldest first, expired and revoked ones included.
   *
   * @example
   * ```ts ignore
   * for (const s of await admin.list()) console.log(s.id, s.tier);
   * ```
   */
  async list(): Promise<SessionInfo[]> {
    const [records, revoked] = await this.#call(
      "list sessions",
      () =>
        this.#client.multi().hGetAll(SESSION_KEYS.records).hGetAll(SESSION_KEYS.revoked)
          .exec() as Promise<unknown> as Promise<[Record<string, string>, Record<string, string>]>,
    );
    return Object.entries(records)
      .map(([id, json]) => parseRecord(id, json, revoked[id])?.session)
      .filter((s): s is SessionInfo => s !== undefined)
      .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /**
   * Revokes the session with this token or id.
   *
   * @example
   * ```ts ignore
   * (await admin.revoke("3f9a0c12be"))?.revokedAt;
   * ```
   */
  async revoke(tokenOrId: string, now: number = Date.now()): Promise<SessionInfo | null> {
    const byToken = isTokenShaped(tokenOrId);
    const reply = await this.#call(
      "revoke session",
      () =>
        this.#client.revokeSession(
          byToken ? "hash" : "id",
          byToken ? redisTokenHash(tokenOrId) : tokenOrId,
          now,
        ),
    );
    if (!reply) return null;
    const [id, json, at] = reply;
    return parseRecord(String(id), String(json), String(at))?.session ?? null;
  }

  /** Closes the connection. */
  async [Symbol.asyncDispose](): Promise<void> {
    await closeClient(this.#client);
  }

  async #call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await withTimeout(fn(), ADMIN_TIMEOUT_MS);
    } catch (e) {
      throw new SessionError(`Cannot ${what} in ${this.where}: ${(e as Error).message}`, {
        cause: e,
      });
    }
  }
}
