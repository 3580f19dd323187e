/**
 * Sessions kept in Redis, for several replicas (`--sessions redis://…`).
 *
 * Redis holds what the SQLite store holds: per session its id, the SHA-256
 * of its token (never the token), tier, label, dates and revocation. Every
 * change bumps a version number and records the session's id in a change
 * log, both inside one Lua script, so a change is all there or not at all.
 *
 * The server never asks Redis during a request: {@link RedisSessionMirror}
 * keeps a copy of the active sessions in memory (about 330 bytes each) and
 * asks Redis for changes every 100 ms (one `MULTI` of four reads; the
 * sessions changed since its version when there are any). A session created
 * or revoked on any replica counts everywhere within that interval. When
 * Redis is unreachable the copy keeps serving what it last saw (new
 * sessions and revocations wait for Redis to return), and a replica that
 * starts without Redis treats every request as anonymous until it answers:
 * a broken store never shows fees it should not.
 *
 * Keys share the `{clubdir}` hash tag, so the scripts also run on a Redis
 * Cluster. Sessions must survive a Redis restart: run Redis with
 * persistence (`appendonly yes`) and an eviction policy that spares keys
 * without a TTL (`volatile-lru`).
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
import { createClient, defineScript } from "redis";
import { createHash } from "node:crypto";
import {
  closeClient,
  connectOnce,
  connectWithin,
  failFastOptions,
  redactRedisUrl,
  watchConnection,
  withTimeout,
} from "../redis/mod.ts";
import {
  checkNewSession,
  type LookupOptions,
  newSessionId,
  type SessionAdmin,
  type SessionLookup,
} from "./backend.ts";
import {
  isTokenShaped,
  type NewSession,
  newToken,
  SESSION_TIERS,
  SessionError,
  type SessionInfo,
  sessionState,
  type SessionTier,
} from "./store.ts";

/**
 * The Redis keys of the session store, in the order the scripts take them.
 *
 * @example
 * ```ts
 * import { SESSION_KEYS } from "./redis.ts";
 * SESSION_KEYS.records; // "{clubdir}:sessions"
 * ```
 */
export const SESSION_KEYS = {
  /** Hash: session id → record JSON (token hash, tier, label, dates). */
  records: "{clubdir}:sessions",
  /** Hash: token hash (hex) → session id. */
  byHash: "{clubdir}:sessions:by-hash",
  /** Hash: session id → revocation time (ms since the epoch). */
  revoked: "{clubdir}:sessions:revoked",
  /** Counter bumped by every change. */
  version: "{clubdir}:sessions:version",
  /** Sorted set: session id scored by the version of its latest change. */
  changes: "{clubdir}:sessions:changes",
  /** The highest version trimmed off the change log (a copy older than it reloads). */
  floor: "{clubdir}:sessions:floor",
  /**
   * A random value set with the first change: when Redis loses its data, the
   * version starts again from 0 under a new epoch, so copies reload.
   */
  epoch: "{clubdir}:sessions:epoch",
} as const;

const KEYS = Object.values(SESSION_KEYS);

/** Change-log entries kept; a copy further behind reloads everything. */
const CHANGE_LOG_LENGTH = 10_000;

/** How often the server's copy asks for changes (ms): a change counts everywhere within it. */
const POLL_MS = 100;

/** How often the copy drops sessions that have expired since they were loaded (ms). */
const SWEEP_MS = 60_000;

// Shared by the scripts: bump the version, log the id, trim the log.
const BUMP = `local function bump(id)
  redis.call('SETNX', KEYS[7], ARGV[2])
  local v = redis.call('INCR', KEYS[4])
  redis.call('ZADD', KEYS[5], v, id)
  local over = redis.call('ZCARD', KEYS[5]) - tonumber(ARGV[1])
  if over > 0 then
    local last = redis.call('ZRANGE', KEYS[5], over - 1, over - 1, 'WITHSCORES')
    redis.call('SET', KEYS[6], last[2])
    redis.call('ZREMRANGEBYRANK', KEYS[5], 0, over - 1)
  end
  return v
end
`;

// node-redis sends EVALSHA and falls back to EVAL on NOSCRIPT (a restarted Redis).
const CREATE = defineScript({
  SCRIPT: BUMP + `if redis.call('HEXISTS', KEYS[1], ARGV[3]) == 1 then return 0 end
if redis.call('HSETNX', KEYS[2], ARGV[4], ARGV[3]) == 0 then return -1 end
redis.call('HSET', KEYS[1], ARGV[3], ARGV[5])
return bump(ARGV[3])`,
  NUMBER_OF_KEYS: KEYS.length,
  parseCommand(
    parser: { pushKey(key: string): void; push(...args: string[]): void },
    id: string,
    hash: string,
    record: string,
  ) {
    for (const key of KEYS) parser.pushKey(key);
    parser.push(String(CHANGE_LOG_LENGTH), newEpoch(), id, hash, record);
  },
  transformReply: undefined as unknown as () => number,
});

const REVOKE = defineScript({
  SCRIPT: BUMP + `local id = ARGV[4]
if ARGV[3] == 'hash' then
  id = redis.call('HGET', KEYS[2], ARGV[4])
  if not id then return false end
end
local record = redis.call('HGET', KEYS[1], id)
if not record then return false end
local at = redis.call('HGET', KEYS[3], id)
if not at then
  at = ARGV[5]
  redis.call('HSET', KEYS[3], id, at)
  bump(id)
end
return {id, record, at}`,
  NUMBER_OF_KEYS: KEYS.length,
  parseCommand(
    parser: { pushKey(key: string): void; push(...args: string[]): void },
    by: "id" | "hash",
    key: string,
    now: number,
  ) {
    for (const k of KEYS) parser.pushKey(k);
    parser.push(String(CHANGE_LOG_LENGTH), newEpoch(), by, key, String(now));
  },
  transformReply: undefined as unknown as () => [string, string, string] | null,
});

function newEpoch(): string {
  return newSessionId() + newSessionId();
}

/** Longest wait for one reply of the `session` command (ms). */
const ADMIN_TIMEOUT_MS = 5_000;

/** Longest wait for one poll of the server's copy; the next poll tries again (ms). */
const POLL_TIMEOUT_MS = 2_000;

function makeClient(url: string, reconnect: boolean) {
  return createClient({
    ...failFastOptions(url, { reconnect }),
    scripts: { createSession: CREATE, revokeSession: REVOKE },
  });
}

type Client = ReturnType<typeof makeClient>;

/** The SHA-256 of a token in hex: the form Redis keeps. */
function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** What one record holds besides its id and revocation. */
interface StoredRecord {
  hash: string;
  tier: SessionTier;
  label: string | null;
  createdAt: number;
  expiresAt: number;
}

/** Reads a stored record; null when it is not one (written by something else). */
function parseRecord(
  id: string,
  json: string | null | undefined,
  revoked: string | null | undefined,
): { hash: string; session: SessionInfo } | null {
  if (json === null || json === undefined) return null;
  let r: Partial<StoredRecord>;
  try {
    r = JSON.parse(json);
  } catch {
    return null;
  }
  if (
    typeof r !== "object" || r === null || typeof r.hash !== "string" ||
    !SESSION_TIERS.includes(r.tier as SessionTier) ||
    !Number.isSafeInteger(r.createdAt) || !Number.isSafeInteger(r.expiresAt) ||
    (r.label !== null && typeof r.label !== "string")
  ) return null;
  const revokedAt = revoked === null || revoked === undefined ? null : Number(revoked);
  return {
    hash: r.hash,
    session: {
      id,
      tier: r.tier!,
      label: r.label ?? null,
      createdAt: r.createdAt!,
      expiresAt: r.expiresAt!,
      revokedAt: Number.isFinite(revokedAt) ? revokedAt : null,
    },
  };
}

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
  readonly #client: Client;

  private constructor(client: Client, url: string) {
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
    checkNewSession(input);
    const now = input.now ?? Date.now();
    // Ids are 40 random bits (tokens 256): a clash is rare but possible, so retry.
    for (let attempt = 0; attempt < 6; attempt++) {
      const token = newToken();
      const session: SessionInfo = {
        id: newSessionId(),
        tier: input.tier,
        label: input.label ?? null,
        createdAt: now,
        expiresAt: now + input.ttlMs,
        revokedAt: null,
      };
      const record: StoredRecord = {
        hash: tokenHash(token),
        tier: session.tier,
        label: session.label,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
      };
      const done = await this.#call(
        "create session",
        () => this.#client.createSession(session.id, record.hash, JSON.stringify(record)),
      );
      if (Number(done) > 0) return { token, session };
    }
    throw new SessionError(`Cannot create session in ${this.where}: no free id after 6 tries`);
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
          byToken ? tokenHash(tokenOrId) : tokenOrId,
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

/**
 * The server's in-memory copy of the active Redis sessions, kept current by
 * polling for changes. {@link RedisSessionMirror.lookup} is synchronous and
 * never touches the network.
 *
 * @example
 * ```ts ignore
 * const mirror = await RedisSessionMirror.open(url, { log: console.error, pollMs: 100 });
 * mirror.lookup(token); // SessionInfo or null
 * ```
 */
export class RedisSessionMirror implements SessionLookup {
  readonly #client: Client;
  readonly #what: string;
  readonly #log: (line: string) => void;
  readonly #pollMs: number;
  /** Active sessions by token hash (hex). */
  readonly #byHash = new Map<string, SessionInfo>();
  /** Token hash of each session in {@link #byHash}, to drop it on revocation. */
  readonly #hashById = new Map<string, string>();
  /** Version of the copy; -1 before the first load. */
  #version = -1;
  /** Epoch of the copy (null: Redis has none, no change was ever made). */
  #epoch: string | null = null;
  #sweptAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  #lastError = "";

  private constructor(client: Client, url: string, options: LookupOptions) {
    this.#client = client;
    this.#what = `session store ${redactRedisUrl(url)}`;
    this.#log = options.log;
    this.#pollMs = options.pollMs ?? POLL_MS;
  }

  /**
   * Connects and loads the sessions, waiting at most `waitMs` (default 3 s);
   * without Redis by then it starts empty and keeps trying in the background.
   *
   * @example
   * ```ts ignore
   * const mirror = await RedisSessionMirror.open("redis://127.0.0.1:6379/0", { log: console.error });
   * ```
   */
  static async open(url: string, options: LookupOptions): Promise<RedisSessionMirror> {
    const client = makeClient(url, true);
    const mirror = new RedisSessionMirror(client, url, options);
    watchConnection(client, mirror.#what, options.log);
    if (await connectWithin(client, options.waitMs ?? 3_000)) await mirror.#poll(false);
    else {
      options.log(
        `${mirror.#what}: no sessions loaded yet; requests count as anonymous until Redis answers`,
      );
    }
    mirror.#schedule();
    return mirror;
  }

  /** How many active sessions the copy holds. */
  get size(): number {
    return this.#byHash.size;
  }

  /**
   * The active session of a token, from memory.
   *
   * @example
   * ```ts ignore
   * mirror.lookup(token, Date.now())?.tier; // "free"
   * ```
   */
  lookup(token: string, now: number = Date.now()): SessionInfo | null {
    if (!isTokenShaped(token)) return null;
    const session = this.#byHash.get(tokenHash(token));
    return session && sessionState(session, now) === "active" ? session : null;
  }

  /**
   * Stops following Redis and closes the connection.
   *
   * @example
   * ```ts ignore
   * mirror.close();
   * ```
   */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    void closeClient(this.#client);
  }

  /** Brings the copy up to date now (tests; the server relies on polling). */
  async refresh(): Promise<void> {
    await this.#sync();
  }

  #schedule(): void {
    if (this.#closed) return;
    this.#timer = setTimeout(() => this.#poll(true).finally(() => this.#schedule()), this.#pollMs);
  }

  async #poll(logErrors: boolean): Promise<void> {
    if (!this.#client.isReady) return;
    try {
      await withTimeout(this.#sync(), POLL_TIMEOUT_MS);
      this.#lastError = "";
    } catch (e) {
      // Connection loss is reported by watchConnection; say anything else once.
      const message = (e as Error).message;
      if (logErrors && this.#client.isReady && message !== this.#lastError) {
        this.#log(`${this.#what}: cannot read changes (${message}); serving the last copy`);
      }
      this.#lastError = message;
    }
  }

  async #sync(): Promise<void> {
    const known = this.#version;
    if (known < 0) return await this.#load();
    const [epoch, version, floor, ids] = await this.#client.multi()
      .get(SESSION_KEYS.epoch)
      .get(SESSION_KEYS.version)
      .get(SESSION_KEYS.floor)
      .zRange(SESSION_KEYS.changes, `(${known}`, "+inf", { BY: "SCORE" })
      .exec() as unknown as [string | null, string | null, string | null, string[]];
    const v = Number(version ?? 0);
    // Redis lost its data, or the copy is behind the trimmed log: reload everything.
    if (epoch !== this.#epoch || v < known || known < Number(floor ?? 0)) {
      return await this.#load();
    }
    if (v === known) return this.#sweep();
    if (ids.length) {
      const [records, revoked] = await this.#client.multi()
        .hmGet(SESSION_KEYS.records, ids)
        .hmGet(SESSION_KEYS.revoked, ids)
        .exec() as unknown as [(string | null)[], (string | null)[]];
      const now = Date.now();
      ids.forEach((id, i) => this.#apply(id, records[i], revoked[i], now));
    }
    this.#version = v;
  }

  async #load(): Promise<void> {
    const [epoch, version, records, revoked] = await this.#client.multi()
      .get(SESSION_KEYS.epoch)
      .get(SESSION_KEYS.version)
      .hGetAll(SESSION_KEYS.records)
      .hGetAll(SESSION_KEYS.revoked)
      .exec() as unknown as [
        string | null,
        string | null,
        Record<string, string>,
        Record<string, string>,
      ];
    this.#byHash.clear();
    this.#hashById.clear();
    const now = Date.now();
    for (const [id, json] of Object.entries(records)) this.#apply(id, json, revoked[id], now);
    this.#version = Number(version ?? 0);
    this.#epoch = epoch;
    this.#sweptAt = now;
  }

  #apply(
    id: string,
    json: string | null | undefined,
    revoked: string | null | undefined,
    now: number,
  ): void {
    const old = this.#hashById.get(id);
    if (old !== undefined) {
      this.#byHash.delete(old);
      this.#hashById.delete(id);
    }
    const parsed = parseRecord(id, json, revoked);
    if (!parsed || sessionState(parsed.session, now) !== "active") return;
    this.#byHash.set(parsed.hash, parsed.session);
    this.#hashById.set(id, parsed.hash);
  }

  /** Drops sessions that expired since they were loaded, so memory holds active ones only. */
  #sweep(): void {
    const now = Date.now();
    if (now - this.#sweptAt < SWEEP_MS) return;
    this.#sweptAt = now;
    for (const [hash, session] of this.#byHash) {
      if (sessionState(session, now) === "active") continue;
      this.#byHash.delete(hash);
      this.#hashById.delete(session.id);
    }
  }
}
