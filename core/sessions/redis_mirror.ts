/**
 * The server's copy of the Redis sessions (`--sessions redis://…`).
 *
 * A request never waits on Redis for a session this replica already knows:
 * {@link RedisSessionMirror} keeps a copy of the active sessions in memory
 * (about 330 bytes each) and asks Redis for changes every 100 ms (one
 * `MULTI` of four reads; the sessions changed since its version when there
 * are any), so a revocation counts everywhere within that interval.
 *
 * A token the copy does not hold yet (a session created on another replica
 * a moment ago) is looked up in Redis once, on the request that presents
 * it: one script that reads the session with the version it was read at,
 * within the bounds of {@link OnDemand} (75 ms, 16 lookups in flight, "no
 * such session" remembered for 5 s). So a new session counts on every
 * replica at once, not at the next poll.
 *
 * When Redis is unreachable the copy keeps serving what it last saw (new
 * sessions and revocations wait for Redis to return; unknown tokens are no
 * session, without waiting), and a replica that starts without Redis treats
 * every request as anonymous until it answers: a broken store never shows
 * fees it should not.
 *
 * @example
 * ```ts ignore
 * import { RedisSessionMirror } from "./redis_mirror.ts";
 * const mirror = await RedisSessionMirror.open("redis://127.0.0.1:6379/0", { log: console.error });
 * await mirror.prefetch(token); // only for a token it did not know
 * mirror.lookup(token)?.tier; // "member"
 * mirror.close();
 * ```
 * @module
 */
import {
  closeClient,
  connectWithin,
  redactRedisUrl,
  type RedisHealth,
  watchConnection,
  withTimeout,
} from "../redis/mod.ts";
import type { LookupOptions, SessionLookup } from "./lookup.ts";
import { ON_DEMAND_LIMITS, OnDemand, type OnDemandStats } from "./on_demand.ts";
import {
  makeClient,
  parseRecord,
  redisTokenHash,
  SESSION_KEYS,
  type SessionClient,
} from "./redis_schema.ts";
import { type SessionInfo, sessionState } from "./session.ts";
import { isTokenShaped } from "./token.ts";

/** How the copy follows Redis (ms). */
const POLL = {
  /** How often it asks for changes: a revocation counts everywhere within it. */
  everyMs: 100,
  /** Longest wait for one poll; the next poll tries again. */
  timeoutMs: 2_000,
  /** How often it drops sessions that have expired since they were loaded. */
  sweepMs: 60_000,
};

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
  readonly #client: SessionClient;
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
  /** Full loads so far (an on-demand answer from before one may be older than the copy). */
  #loads = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  #lastError = "";
  /** Lookups of tokens the copy does not hold, bounded. */
  readonly #onDemand: OnDemand;

  private constructor(client: SessionClient, url: string, options: LookupOptions) {
    this.#client = client;
    this.#what = `session store ${redactRedisUrl(url)}`;
    this.#log = options.log;
    this.#pollMs = options.pollMs ?? POLL.everyMs;
    this.#onDemand = new OnDemand(
      (hash) => this.#fetch(hash),
      { ...ON_DEMAND_LIMITS, ...options.onDemand },
    );
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

  /**
   * Whether Redis answers, and which sessions count meanwhile: the last
   * copy, or none (anonymous) when none was ever loaded.
   *
   * @example
   * ```ts ignore
   * mirror.health(); // { ok: true, detail: "sessions from Redis" }
   * ```
   */
  health(): RedisHealth {
    const loaded = this.#version >= 0;
    if (this.#client.isReady) {
      return loaded
        ? { ok: true, detail: "sessions from Redis" }
        : { ok: false, detail: "loading the sessions from Redis" };
    }
    return {
      ok: false,
      detail: loaded
        ? "Redis unreachable: serving this replica's last copy of the sessions"
        : "Redis unreachable and no sessions loaded yet: every request counts as anonymous (locked)",
    };
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
    const session = this.#byHash.get(redisTokenHash(token));
    return session && sessionState(session, now) === "active" ? session : null;
  }

  /**
   * For a token the copy does not hold: looks it up in Redis once, so that
   * {@link lookup} answers for a session created on another replica since
   * the last poll. Undefined when there is nothing to wait for: a malformed
   * or known token, one found unknown in the last 5 s, Redis not connected,
   * or 16 lookups already in flight (the token is then no session for this
   * request). Never rejects; settles within 75 ms.
   *
   * @example
   * ```ts ignore
   * const asking = mirror.prefetch(token);
   * if (asking) await asking;
   * mirror.lookup(token);
   * ```
   */
  prefetch(token: string): Promise<void> | undefined {
    if (this.#closed || !isTokenShaped(token)) return undefined;
    const hash = redisTokenHash(token);
    if (this.#byHash.has(hash) || !this.#client.isReady) return undefined;
    return this.#onDemand.ask(hash);
  }

  /** What {@link prefetch} did: lookups sent, answered from the misses, shed, timed out. */
  get onDemand(): Readonly<OnDemandStats> {
    return this.#onDemand.stats;
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

  /**
   * Reads one token hash's session and adds it to the copy when the answer
   * is newer than the copy: a later version of the same epoch, or another
   * epoch while no reload has happened since the question was sent (the
   * next poll reloads then anyway). An older answer is left out: a poll may
   * have applied a later revocation. True when the copy then holds the hash.
   */
  async #fetch(hash: string): Promise<boolean> {
    const loads = this.#loads;
    const [epoch, version, id, json, revoked] = await this.#client.findSession(hash);
    if (id !== undefined && !this.#byHash.has(hash)) {
      const sameEpoch = (epoch || null) === this.#epoch;
      const newer = this.#version < 0 ||
        (sameEpoch ? Number(version) > this.#version : loads === this.#loads);
      if (newer) this.#apply(id, json || null, revoked || null, Date.now());
    }
    return this.#byHash.has(hash);
  }

  #schedule(): void {
    if (this.#closed) return;
    this.#timer = setTimeout(() => this.#poll(true).finally(() => this.#schedule()), this.#pollMs);
  }

  async #poll(logErrors: boolean): Promise<void> {
    if (!this.#client.isReady) return;
    try {
      await withTimeout(this.#sync(), POLL.timeoutMs);
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
    this.#loads++;
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
    if (now - this.#sweptAt < POLL.sweepMs) return;
    this.#sweptAt = now;
    for (const [hash, session] of this.#byHash) {
      if (sessionState(session, now) === "active") continue;
      this.#byHash.delete(hash);
      this.#hashById.delete(session.id);
    }
  }
}
