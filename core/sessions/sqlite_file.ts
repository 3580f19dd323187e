/**
 * The SQLite session file underneath {@link SessionStore} (./sqlite.ts):
 * its table and version, opening it, and how a read-only handle follows a
 * file that appears, is replaced or is locked by another process.
 *
 * @example
 * ```ts ignore
 * import { SessionFile } from "./sqlite_file.ts";
 * const file = new SessionFile("data/clubs.sessions.db", true, 1000);
 * const db = file.handle(); // null while the file does not exist
 * file.drop();
 * ```
 * @module
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { setPragmas } from "../store/pragma.ts";
import { SessionError } from "./session.ts";

/** Version of the store's tables, kept in `PRAGMA user_version`. */
const STORE_VERSION = 1;

/** The CLI's writer may wait this long for the server's reads (ms); a reader never waits. */
const WRITER_BUSY_TIMEOUT_MS = 2000;

/** The table, created by a writer. */
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

/**
 * Raised by a reader's lookup while another process holds the store's lock
 * and no recent answer for the token is remembered: the server treats the
 * request as anonymous instead of waiting for the lock.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SessionLockedError } from "./sqlite_file.ts";
 * assert.ok(new SessionLockedError("locked") instanceof Error);
 * ```
 */
export class SessionLockedError extends SessionError {
  /**
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { SessionLockedError } from "./sqlite_file.ts";
   * assert.equal(new SessionLockedError("Session store is locked").name, "SessionLockedError");
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
 * One session file: a writer's handle (created with its table on first
 * use), or a reader's, which treats a missing file as no handle and, at
 * most every `checkEveryMs`, reopens a file that was replaced.
 *
 * @example
 * ```ts ignore
 * const file = new SessionFile("clubs.sessions.db", false, 1000);
 * file.create();
 * ```
 */
export class SessionFile {
  /** Path of the store file. */
  readonly path: string;
  /** True for the server's read-only handle. */
  readonly readOnly: boolean;
  readonly #checkEveryMs: number;
  #db: DatabaseSync | null = null;
  #identity = "";
  #checkedAt = -Infinity;
  readonly #statements = new Map<string, StatementSync>();

  /**
   * @example
   * ```ts ignore
   * new SessionFile("clubs.sessions.db", true, 1000);
   * ```
   */
  constructor(path: string, readOnly: boolean, checkEveryMs: number) {
    this.path = path;
    this.readOnly = readOnly;
    this.#checkEveryMs = checkEveryMs;
  }

  /**
   * Creates the file (mode 0600) and its table when missing (writers).
   *
   * @example
   * ```ts ignore
   * new SessionFile("clubs.sessions.db", false, 1000).create();
   * ```
   */
  create(): void {
    try {
      // Owner-only, before SQLite creates it with the default umask.
      Deno.writeFileSync(this.path, new Uint8Array(), { createNew: true, mode: 0o600 });
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists)) {
        throw new SessionError(
          `Cannot create session store "${this.path}": ${(e as Error).message}`,
          { cause: e },
        );
      }
    }
    const db = this.handle()!;
    try {
      db.exec(SCHEMA);
    } catch (e) {
      this.drop();
      throw new SessionError(
        `Cannot use session store "${this.path}": ${(e as Error).message}`,
        { cause: e },
      );
    }
  }

  /**
   * The handle a change needs; throws {@link SessionError} for a reader.
   *
   * @example
   * ```ts ignore
   * file.writable().prepare("UPDATE sessions SET revoked_at = ?").run(0);
   * ```
   */
  writable(): DatabaseSync {
    if (this.readOnly) {
      throw new SessionError(
        `Cannot change session store "${this.path}": opened read-only`,
      );
    }
    return this.handle()!;
  }

  /**
   * Runs a read; a locked file raises {@link SessionLockedError}, any other
   * failure a {@link SessionError} and a reopen from scratch next time.
   *
   * @example
   * ```ts ignore
   * file.read(() => db.prepare("SELECT 1").get());
   * ```
   */
  read<T>(fn: () => T): T {
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
      this.drop();
      this.#checkedAt = -Infinity;
      throw new SessionError(
        `Cannot read session store "${this.path}": ${(e as Error).message}`,
        { cause: e },
      );
    }
  }

  /**
   * A prepared statement, kept for the life of the handle.
   *
   * @example
   * ```ts ignore
   * file.statement(db, "SELECT id FROM sessions").all();
   * ```
   */
  statement(db: DatabaseSync, sql: string): StatementSync {
    let s = this.#statements.get(sql);
    if (!s) {
      s = db.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s;
  }

  /**
   * The open handle; for a reader, null while the file does not exist.
   *
   * @example
   * ```ts ignore
   * const db = file.handle();
   * ```
   */
  handle(): DatabaseSync | null {
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
      this.drop();
      return null;
    }
    if (this.#db && identity === this.#identity) return this.#db;
    this.drop();
    this.#db = this.#open();
    this.#identity = identity;
    return this.#db;
  }

  /**
   * Closes the handle; a reader reopens on its next read.
   *
   * @example
   * ```ts ignore
   * file.drop();
   * ```
   */
  drop(): void {
    this.#statements.clear();
    if (this.#db?.isOpen) this.#db.close();
    this.#db = null;
    this.#identity = "";
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
}
