/**
 * The SQLite session store, the default: who has a site session, and of
 * which tier (docs/api.md#fee-visibility).
 *
 * Sessions live in their own SQLite file beside the club database, never in
 * it, because `import` replaces the club database wholesale: see
 * {@link sessionStorePath}. The file keeps only the SHA-256 hash of each
 * token (./token.ts), so a copy of it lets nobody in.
 *
 * @example
 * ```ts ignore
 * import { SessionStore, sessionStorePath } from "./sqlite.ts";
 * const store = SessionStore.writer(sessionStorePath("data/clubs.db"));
 * const { token } = store.create({ tier: "member", ttlMs: 30 * 86_400_000 });
 * store.lookup(token)?.tier; // "member"
 * store.close();
 * ```
 * @module
 */
import {
  type NewSession,
  newSessionAttempts,
  SessionError,
  type SessionInfo,
  sessionState,
  type SessionTier,
} from "./session.ts";
import { hashToken, hexOf, isTokenShaped, newToken, sameHash } from "./token.ts";
import { SessionFile, SessionLockedError } from "./sqlite_file.ts";

export { SessionLockedError } from "./sqlite_file.ts";

/** How long a reader trusts its open handle before it checks the file again (ms). */
const CHECK_EVERY_MS = 1000;

/**
 * While the file is locked, a reader answers from what it read in the last
 * minute (ms); older answers are not trusted, and the request is anonymous.
 */
const LOCKED_ANSWER_MS = 60_000;

/** Answers a reader remembers for that case (a few hundred bytes each). */
const RECENT_ANSWERS = 10_000;

/**
 * Options of {@link SessionStore.reader}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SessionStore } from "./sqlite.ts";
 * const store = SessionStore.reader("no-such.sessions.db", { checkEveryMs: 250 });
 * assert.equal(store.lookup("cds_nope"), null); // no file yet: no sessions
 * store.close();
 * ```
 */
export interface ReaderOptions {
  /**
   * How often, at most, the file is checked for having been replaced (ms;
   * default 1000). Rows added to the open file count at once regardless.
   */
  checkEveryMs?: number;
}

/**
 * Where the session store of a club database lives: beside it, with
 * `.sessions.db` in place of a trailing `.db` (`data/clubs.db` →
 * `data/clubs.sessions.db`; `/srv/clubs.sqlite` → `/srv/clubs.sqlite.sessions.db`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sessionStorePath } from "./sqlite.ts";
 * assert.equal(sessionStorePath("data/clubs.db"), "data/clubs.sessions.db");
 * ```
 */
export function sessionStorePath(dbPath: string): string {
  return `${dbPath.replace(/\.db$/i, "")}.sessions.db`;
}

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
  readonly #file: SessionFile;
  /** A reader's recent answers by token hash, oldest first, for when the file is locked. */
  readonly #recent = new Map<string, { session: SessionInfo | null; at: number }>();

  private constructor(file: SessionFile) {
    this.#file = file;
  }

  /** Path of the store file. */
  get path(): string {
    return this.#file.path;
  }

  /** True for the server's read-only handle. */
  get readOnly(): boolean {
    return this.#file.readOnly;
  }

  /**
   * A read-only store for the server; the file may not exist yet.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { SessionStore } from "./sqlite.ts";
   * const store = SessionStore.reader("/nonexistent/clubs.sessions.db");
   * assert.equal(store.lookup("cds_nope"), null); // no file, no sessions
   * ```
   */
  static reader(path: string, options: ReaderOptions = {}): SessionStore {
    return new SessionStore(new SessionFile(path, true, options.checkEveryMs ?? CHECK_EVERY_MS));
  }

  /**
   * A read-write store for the `session` command; creates the file (mode
   * 0600) and its table when missing.
   *
   * @example
   * ```ts ignore
   * import { SessionStore } from "./sqlite.ts";
   * const store = SessionStore.writer("data/clubs.sessions.db");
   * store.list();
   * ```
   */
  static writer(path: string): SessionStore {
    const file = new SessionFile(path, false, CHECK_EVERY_MS);
    file.create();
    return new SessionStore(file);
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
    const db = this.#file.writable();
    const attempts = newSessionAttempts(input);
    let session = attempts.next().value as SessionInfo;
    const token = newToken();
    const insert = db.prepare(
      `INSERT INTO sessions (id, token_hash, tier, label, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (;;) {
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
        const next = attempts.next();
        if (!next.done && /UNIQUE.*sessions\.id/.test((e as Error).message)) {
          session = next.value;
          continue;
        }
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
    const db = this.#file.handle();
    if (!db) return [];
    return this.#file.read(() =>
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
    const db = this.#file.writable();
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
      const recent = this.#recent.get(hexOf(hash));
      if (recent === undefined || performance.now() - recent.at > LOCKED_ANSWER_MS) throw e;
      session = recent.session;
    }
    return session && sessionState(session, now) === "active" ? session : null;
  }

  /** The stored session of a token hash, read from the file (null: none, or no file). */
  #find(hash: Uint8Array): SessionInfo | null {
    const db = this.#file.handle();
    if (!db) return null;
    const row = this.#file.read(() =>
      this.#file.statement(
        db,
        `SELECT ${COLUMNS}, token_hash FROM sessions WHERE token_hash = ?`,
      ).get(hash) as (Row & { token_hash: Uint8Array }) | undefined
    );
    const session = row && sameHash(row.token_hash, hash) ? toInfo(row) : null;
    if (this.readOnly) this.#remember(hexOf(hash), session);
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
    this.#file.drop();
  }
}
