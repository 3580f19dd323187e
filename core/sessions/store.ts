/**
 * The session store: who has a site session, and of which tier (docs/api.md#fee-visibility).
 *
 * Sessions live in their own SQLite file beside the club database, never in
 * it, because `import` replaces the club database wholesale: see
 * {@link sessionStorePath}. The file keeps only the SHA-256 hash of each
 * token, so a copy of it lets nobody in.
 *
 * A token is `cds_` followed by 43 base64url characters (32 random bytes,
 * 256 bits). It is shown once, when the session is created.
 *
 * @example
 * ```ts ignore
 * import { SessionStore, sessionStorePath } from "./store.ts";
 * const store = SessionStore.writer(sessionStorePath("data/clubs.db"));
 * const { token } = store.create({ tier: "member", ttlMs: 30 * 86_400_000 });
 * store.lookup(token)?.tier; // "member"
 * store.close();
 * ```
 * @module
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { createHash, timingSafeEqual } from "node:crypto";
import type { FeeAccess } from "../club/mod.ts";
import { setPragmas } from "../store/pragma.ts";

/**
 * Session tiers (docs/api.md#fee-visibility): a free account or a paying member.
 *
 * @example
 * ```ts
 * import { SESSION_TIERS } from "./store.ts";
 * SESSION_TIERS.includes("member"); // true
 * ```
 */
export const SESSION_TIERS = ["free", "member"] as const;

/**
 * A session tier.
 *
 * @example
 * ```ts
 * import type { SessionTier } from "./store.ts";
 * const tier: SessionTier = "free";
 * ```
 */
export type SessionTier = typeof SESSION_TIERS[number];

/**
 * The fee access each tier grants (docs/api.md#fee-visibility). No session at all is `locked`.
 *
 * @example
 * ```ts
 * import { TIER_ACCESS } from "./store.ts";
 * TIER_ACCESS.member; // "exact"
 * ```
 */
export const TIER_ACCESS: Readonly<Record<SessionTier, FeeAccess>> = {
  free: "band",
  member: "exact",
};

/**
 * Every token starts with this, so a leaked one is easy to recognise and grep for.
 *
 * @example
 * ```ts
 * import { newToken, TOKEN_PREFIX } from "./store.ts";
 * newToken().startsWith(TOKEN_PREFIX); // true
 * ```
 */
export const TOKEN_PREFIX = "cds_";

/** `cds_` + base64url of 32 bytes (43 characters, no padding). */
const TOKEN_SHAPE = /^cds_[A-Za-z0-9_-]{43}$/;

/** Version of the store's tables, kept in `PRAGMA user_version`. */
const STORE_VERSION = 1;

/** How long a reader trusts its open handle before it checks the file again (ms). */
const CHECK_EVERY_MS = 1000;

/**
 * While the file is locked, a reader answers from what it read in the last
 * minute (ms); older answers are not trusted, and the request is anonymous.
 */
const LOCKED_ANSWER_MS = 60_000;

/** Answers a reader remembers for that case (a few hundred bytes each). */
const RECENT_ANSWERS = 10_000;

/** The CLI's writer may wait this long for the server's reads (ms); a reader never waits. */
const WRITER_BUSY_TIMEOUT_MS = 2000;

/**
 * Options of {@link SessionStore.reader}.
 *
 * @example
 * ```ts
 * import { SessionStore } from "./store.ts";
 * SessionStore.reader("clubs.sessions.db", { checkEveryMs: 250 }).close();
 * ```
 */
export interface ReaderOptions {
  /**
   * How often, at most, the file is checked for having been replaced (ms;
   * default 1000). Rows added to the open file count at once regardless.
   */
  checkEveryMs?: number;
}

/** Raised when the session store cannot be opened, read or written. */
export class SessionError extends Error {
  /**
   * @example
   * ```ts
   * import { SessionError } from "./store.ts";
   * new SessionError("Cannot open session store: missing").name; // "SessionError"
   * ```
   */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "SessionError";
  }
}

/**
 * Raised by a reader's lookup while another process holds the store's lock
 * and no recent answer for the token is remembered: the server treats the
 * request as anonymous instead of waiting for the lock.
 *
 * @example
 * ```ts
 * import { SessionLockedError } from "./store.ts";
 * new SessionLockedError("locked") instanceof Error; // true
 * ```
 */
export class SessionLockedError extends SessionError {
  /**
   * @example
   * ```ts
   * import { SessionLockedError } from "./store.ts";
   * new SessionLockedError("Session store is locked").name; // "SessionLockedError"
   * ```
   */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "SessionLockedError";
  }
}

/** SQLite's BUSY and LOCKED: another connection holds a lock this one needs. */
function isLocked(e: unknown): boolean {
  const { code, errcode } = (e ?? {}) as { code?: unknown; errcode?: unknown };
  return code === "ERR_SQLITE_ERROR" && typeof errcode === "number" &&
    ((errcode & 0xff) === 5 || (errcode & 0xff) === 6);
}

/**
 * One stored session, as `list` shows it: never the token, never its hash.
 *
 * @example
 * ```ts
 * import type { SessionInfo } from "./store.ts";
 * const s: SessionInfo = { id: "3f9a0c12be", tier: "free", label: null,
 *   createdAt: 0, expiresAt: 86_400_000, revokedAt: null };
 * ```
 */
export interface SessionInfo {
  /** Short random id, safe to print and to pass to `revoke`. */
  id: string;
  tier: SessionTier;
  label: string | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Milliseconds since the epoch; the session counts as none from then on. */
  expiresAt: number;
  /** Milliseconds since the epoch, or null while not revoked. */
  revokedAt: number | null;
}

/**
 * Whether a session still counts.
 *
 * @example
 * ```ts
 * import type { SessionState } from "./store.ts";
 * const state: SessionState = "revoked";
 * ```
 */
export type SessionState = "active" | "expired" | "revoked";

/**
 * Where the session store of a club database lives: beside it, with
 * `.sessions.db` in place of a trailing `.db` (`data/clubs.db` →
 * `data/clubs.sessions.db`; `/srv/clubs.sqlite` → `/srv/clubs.sqlite.sessions.db`).
 *
 * @example
 * ```ts
 * import { sessionStorePath } from "./store.ts";
 * sessionStorePath("data/clubs.db"); // "data/clubs.sessions.db"
 * ```
 */
export function sessionStorePath(dbPath: string): string {
  return `${dbPath.replace(/\.db$/i, "")}.sessions.db`;
}

/**
 * A new random token: `cds_` + base64url of 32 random bytes (256 bits).
 *
 * @example
 * ```ts
 * import { newToken } from "./store.ts";
 * newToken().length; // 47
 * ```
 */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return TOKEN_PREFIX + base64url(bytes);
}

/**
 * Whether a string has the shape of a token. Anything else is no session,
 * without a database read.
 *
 * @example
 * ```ts
 * import { isTokenShaped, newToken } from "./store.ts";
 * isTokenShaped(newToken()); // true
 * isTokenShaped("hello"); // false
 * ```
 */
export function isTokenShaped(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/**
 * The SHA-256 of a token: all the store ever keeps of it.
 *
 * @example
 * ```ts
 * import { hashToken } from "./store.ts";
 * hashToken("cds_x").length; // 32
 * ```
 */
export function hashToken(token: string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(token, "utf8").digest());
}

/** A token hash as a map key. */
function hashKey(hash: Uint8Array): string {
  let key = "";
  for (const byte of hash) key += String.fromCharCode(byte);
  return key;
}

/**
 * Whether a session counts at a given time.
 *
 * @example
 * ```ts
 * import { sessionState } from "./store.ts";
 * sessionState({ expiresAt: 10, revokedAt: null }, 20); // "expired"
 * ```
 */
export function sessionState(
  session: Pick<SessionInfo, "expiresAt" | "revokedAt">,
  now: number,
): SessionState {
  if (session.revokedAt !== null) return "revoked";
  return now >= session.expiresAt ? "expired" : "active";
}

function base64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function randomId(): string {
  return Array.from(
    crypto.getRandomValues(new Uint8Array(5)),
    (b) => b.toString(16).padStart(2, "0"),
  ).join("");
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
  id          TEXT PRIMARY KEY,
  token_hash  BLOB NOT NULL UNIQUE CHECK (length(token_hash) = 32),
  tier        TEXT NOT NULL CHECK (tier IN ('free', 'member')),
  label       TEXT,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  revoked_at  INTEGER
);
PRAGMA user_version = ${STORE_VERSION};
`;

const COLUMNS = "id, tier, label, created_at, expires_at, revoked_at";

interface Row {
  id: string;
  tier: SessionTier;
  label: string | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

function toInfo(row: Row): SessionInfo {
  return {
    id: row.id,
    tier: row.tier,
    label: row.label,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

/**
 * What {@link SessionStore.create} needs.
 *
 * @example
 * ```ts
 * import type { NewSession } from "./store.ts";
 * const input: NewSession = { tier: "member", ttlMs: 30 * 86_400_000, label: "alice" };
 * ```
 */
export interface NewSession {
  tier: SessionTier;
  /** Lifetime in milliseconds, from `now`. */
  ttlMs: number;
  /** A note for `list`, such as who the session is for. */
  label?: string | null;
  /** The current time (ms since the epoch); `Date.now()` unless given. */
  now?: number;
}

/**
 * The session store file. A writer (the `session` command) creates it; a
 * reader (the server) opens it read-only, treats a missing file as "nobody
 * has a session", and reopens it when it appears or is replaced, so new
 * sessions count without a restart. Each lookup reads the file, so a
 * revocation counts from the next request.
 *
 * @example
 * ```ts ignore
 * const reader = SessionStore.reader(sessionStorePath("data/clubs.db"));
 * reader.lookup(token)?.tier; // "member", or undefined for no session
 * ```
 */
export class SessionStore {
  /** Path of the store file. */
  readonly path: string;
  /** True for the server's read-only handle. */
  readonly readOnly: boolean;
  readonly #checkEveryMs: number;
  #db: DatabaseSync | null = null;
  #identity = "";
  #checkedAt = -Infinity;
  readonly #statements = new Map<string, StatementSync>();
  /** A reader's recent answers by token hash, oldest first, for when the file is locked. */
  readonly #recent = new Map<string, { session: SessionInfo | null; at: number }>();

  private constructor(path: string, readOnly: boolean, checkEveryMs = CHECK_EVERY_MS) {
    this.path = path;
    this.readOnly = readOnly;
    this.#checkEveryMs = checkEveryMs;
  }

  /**
   * A read-only store for the server; the file may not exist yet.
   *
   * @example
   * ```ts
   * import { SessionStore } from "./store.ts";
   * const store = SessionStore.reader("/nonexistent/clubs.sessions.db");
   * store.lookup("cds_nope"); // null: no file, no sessions
   * ```
   */
  static reader(path: string, options: ReaderOptions = {}): SessionStore {
    return new SessionStore(path, true, options.checkEveryMs);
  }

  /**
   * A read-write store for the `session` command; creates the file (mode
   * 0600) and its table when missing.
   *
   * @example
   * ```ts ignore
   * import { SessionStore } from "./store.ts";
   * const store = SessionStore.writer("data/clubs.sessions.db");
   * store.list();
   * ```
   */
  static writer(path: string): SessionStore {
    const store = new SessionStore(path, false);
    try {
      // Owner-only, before SQLite creates it with the default umask.
      Deno.writeFileSync(path, new Uint8Array(), { createNew: true, mode: 0o600 });
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists)) {
        throw new SessionError(
          `Cannot create session store "${path}": ${(e as Error).message}`,
          { cause: e },
        );
      }
    }
    const db = store.#handle()!;
    try {
      db.exec(SCHEMA);
    } catch (e) {
      store.close();
      throw new SessionError(
        `Cannot use session store "${path}": ${(e as Error).message}`,
        { cause: e },
      );
    }
    return store;
  }

  /**
   * Creates a session and returns its token (shown only this once) and its
   * stored form.
   *
   * @example
   * ```ts ignore
   * const { token, session } = store.create({ tier: "free", ttlMs: 3_600_000, label: "demo" });
   * ```
   */
  create(input: NewSession): { token: string; session: SessionInfo } {
    const db = this.#writable();
    if (!SESSION_TIERS.includes(input.tier)) {
      throw new SessionError(
        `Cannot create session: tier must be one of ${
          SESSION_TIERS.join(", ")
        }, got "${input.tier}"`,
      );
    }
    if (!Number.isSafeInteger(input.ttlMs) || input.ttlMs <= 0) {
      throw new SessionError(
        `Cannot create session: lifetime must be a positive whole number of ms, got ${input.ttlMs}`,
      );
    }
    const now = input.now ?? Date.now();
    const token = newToken();
    const insert = db.prepare(
      `INSERT INTO sessions (id, token_hash, tier, label, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    // Ids are 40 random bits: a clash is rare but possible, so retry.
    for (let attempt = 0;; attempt++) {
      const session: SessionInfo = {
        id: randomId(),
        tier: input.tier,
        label: input.label ?? null,
        createdAt: now,
        expiresAt: now + input.ttlMs,
        revokedAt: null,
      };
      try {
        insert.run(
          session.id,
          hashToken(token),
          session.tier,
          session.label,
          session.createdAt,
          session.expiresAt,
        );
        return { token, session };
      } catch (e) {
        if (attempt < 5 && /UNIQUE.*sessions\.id/.test((e as Error).message)) continue;
        throw new SessionError(
          `Cannot create session in "${this.path}": ${(e as Error).message}`,
          { cause: e },
        );
      }
    }
  }

  /**
   * Every stored session, oldest first, including expired and revoked ones.
   *
   * @example
   * ```ts ignore
   * for (const s of store.list()) console.log(s.id, s.tier);
   * ```
   */
  list(): SessionInfo[] {
    const db = this.#handle();
    if (!db) return [];
    return this.#read(() =>
      (db.prepare(`SELECT ${COLUMNS} FROM sessions ORDER BY created_at, id`)
        .all() as unknown as Row[])
        .map(toInfo)
    );
  }

  /**
   * Revokes the session with this token or id. Returns the session (its
   * `revokedAt` unchanged when it was already revoked), or null when none
   * matches.
   *
   * @example
   * ```ts ignore
   * store.revoke("3f9a0c12be")?.revokedAt;
   * ```
   */
  revoke(tokenOrId: string, now: number = Date.now()): SessionInfo | null {
    const db = this.#writable();
    const where = isTokenShaped(tokenOrId) ? "token_hash = ?" : "id = ?";
    const key = isTokenShaped(tokenOrId) ? hashToken(tokenOrId) : tokenOrId;
    db.prepare(
      `UPDATE sessions SET revoked_at = ? WHERE ${where} AND revoked_at IS NULL`,
    ).run(now, key);
    const row = db.prepare(`SELECT ${COLUMNS} FROM sessions WHERE ${where}`).get(key) as
      | Row
      | undefined;
    return row ? toInfo(row) : null;
  }

  /**
   * The active session of a token, or null when the token is malformed,
   * unknown, expired or revoked, or when there is no store file. Throws
   * {@link SessionError} when the file exists but cannot be read.
   *
   * @example
   * ```ts ignore
   * store.lookup(token, Date.now())?.tier; // "member"
   * ```
   */
  lookup(token: string, now: number = Date.now()): SessionInfo | null {
    if (!isTokenShaped(token)) return null;
    const hash = hashToken(token);
    let session: SessionInfo | null;
    try {
      session = this.#find(hash);
    } catch (e) {
      if (!(e instanceof SessionLockedError)) throw e;
      // Never wait for another process's lock: answer as recently read, or not at all.
      const recent = this.#recent.get(hashKey(hash));
      if (recent === undefined || performance.now() - recent.at > LOCKED_ANSWER_MS) throw e;
      session = recent.session;
    }
    return session && sessionState(session, now) === "active" ? session : null;
  }

  /** The stored session of a token hash, read from the file (null: none, or no file). */
  #find(hash: Uint8Array): SessionInfo | null {
    const db = this.#handle();
    if (!db) return null;
    const row = this.#read(() =>
      this.#statement(
        db,
        `SELECT ${COLUMNS}, token_hash FROM sessions WHERE token_hash = ?`,
      ).get(hash) as (Row & { token_hash: Uint8Array }) | undefined
    );
    // The index finds the row by hash; the final check compares in constant
    // time anyway, so no code path's timing depends on how much of it matched.
    const session = row && timingSafeEqual(row.token_hash, hash) ? toInfo(row) : null;
    if (this.readOnly) this.#remember(hashKey(hash), session);
    return session;
  }

  #remember(key: string, session: SessionInfo | null): void {
    this.#recent.delete(key);
    if (this.#recent.size >= RECENT_ANSWERS) {
      this.#recent.delete(this.#recent.keys().next().value!);
    }
    this.#recent.set(key, { session, at: performance.now() });
  }

  /**
   * Closes the file; a reader reopens on its next lookup.
   *
   * @example
   * ```ts ignore
   * store.close();
   * ```
   */
  close(): void {
    this.#drop();
  }

  #writable(): DatabaseSync {
    if (this.readOnly) {
      throw new SessionError(
        `Cannot change session store "${this.path}": opened read-only`,
      );
    }
    return this.#handle()!;
  }

  #read<T>(fn: () => T): T {
    try {
      return fn();
    } catch (e) {
      if (isLocked(e)) {
        throw new SessionLockedError(
          `Session store "${this.path}" is locked by another process`,
          { cause: e },
        );
      }
      // A half-written or replaced file: reopen from scratch next time.
      this.#drop();
      this.#checkedAt = -Infinity;
      throw new SessionError(
        `Cannot read session store "${this.path}": ${(e as Error).message}`,
        { cause: e },
      );
    }
  }

  #statement(db: DatabaseSync, sql: string): StatementSync {
    let s = this.#statements.get(sql);
    if (!s) {
      s = db.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s;
  }

  /** The open handle; for a reader, null while the file does not exist. */
  #handle(): DatabaseSync | null {
    if (!this.readOnly) {
      if (!this.#db) this.#db = this.#open();
      return this.#db;
    }
    const now = performance.now();
    if (this.#db && now - this.#checkedAt < this.#checkEveryMs) return this.#db;
    this.#checkedAt = now;
    let identity: string;
    try {
      const st = Deno.statSync(this.path);
      identity = `${st.dev}:${st.ino}`;
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) {
        throw new SessionError(
          `Cannot read session store "${this.path}": ${(e as Error).message}`,
          { cause: e },
        );
      }
      this.#drop();
      return null;
    }
    if (this.#db && identity === this.#identity) return this.#db;
    this.#drop();
    this.#db = this.#open();
    this.#identity = identity;
    return this.#db;
  }

  #open(): DatabaseSync {
    try {
      const db = new DatabaseSync(this.path, { readOnly: this.readOnly });
      // The CLI may wait for the server's short reads; the server never waits
      // for a lock (a request must not stall on another process).
      setPragmas(db, { busy_timeout: this.readOnly ? 0 : WRITER_BUSY_TIMEOUT_MS });
      let version: number;
      try {
        version = (db.prepare("PRAGMA user_version").get() as { user_version: number })
          .user_version;
      } catch (e) {
        db.close();
        if (!isLocked(e)) throw e;
        throw new SessionLockedError(
          `Session store "${this.path}" is locked by another process`,
          { cause: e },
        );
      }
      // 0 is a file still being created; a newer version is a newer clubdir's.
      if (version > STORE_VERSION) {
        db.close();
        throw new SessionError(
          `Cannot use session store "${this.path}": version ${version}, expected ${STORE_VERSION}`,
        );
      }
      return db;
    } catch (e) {
      if (e instanceof SessionError) throw e;
      throw new SessionError(
        `Cannot open session store "${this.path}": ${(e as Error).message}`,
        { cause: e },
      );
    }
  }

  #drop(): void {
    this.#statements.clear();
    if (this.#db?.isOpen) this.#db.close();
    this.#db = null;
    this.#identity = "";
  }
}
