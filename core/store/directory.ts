/**
 * The live directory: the current snapshot of a database file, swapped for
 * the new one when an import renames a new file into place. Because the old
 * file stays open until the swap, no reader ever sees a half-built file.
 *
 * @example
 * ```ts ignore
 * import { Directory } from "./directory.ts";
 * const dir = new Directory("data/clubs.db");
 * // Throws StoreError while the file is unusable or a read of it fails.
 * const club = dir.read((store) => store.bySlug("pine-valley"));
 * ```
 * @module
 */
import { ClubStore, type OpenOptions, StoreError } from "./store.ts";

/** Options of {@link Directory}. */
export interface DirectoryOptions {
  /** How often, at most, the file is checked for a new snapshot (ms). */
  checkEveryMs?: number;
  /** Hold each snapshot's club JSON in memory (see {@link OpenOptions}). */
  holdJson?: boolean;
  /** Keep answers in each snapshot's results memos (see {@link OpenOptions}); default true. */
  keepResults?: boolean;
  /**
   * Builds what readers will need on a snapshot just opened, before it
   * replaces the current one (serve passes the search core's
   * `warmSearch`): no reader then waits for a structure to be built.
   */
  warm?: (store: ClubStore) => void | Iterable<unknown>;
  /**
   * Pick a new snapshot up off the request path: once a check sees a new
   * file, it is opened and warmed in steps (each of `warm`'s, and `preload`
   * before them) with a turn of the event loop between them, while readers
   * keep the current snapshot; the swap is made when it is ready. Without
   * this (and always for the first snapshot, when there is none to keep
   * serving), the check that sees the file opens and warms it at once.
   */
  background?: {
    /**
     * Runs first, off this thread (serve loads the club JSON in a worker
     * and offers it to the open: server/http/snapshot_loader.ts).
     */
    preload?: (path: string) => Promise<void>;
  };
}

/** A snapshot being prepared in the background. */
interface Preparing {
  identity: string;
  cancelled: boolean;
  done: Promise<void>;
}

/** A turn of the event loop: what is waiting (requests) runs first. */
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Holds the current {@link ClubStore} of a database path. */
export class Directory {
  readonly path: string;
  readonly #checkEveryMs: number;
  readonly #open: OpenOptions;
  readonly #warm: DirectoryOptions["warm"];
  readonly #background: DirectoryOptions["background"];
  #preparing: Preparing | null = null;
  #store: ClubStore | null = null;
  #identity = "";
  #checkedAt = -Infinity;
  /** Why the file could not be used at the last check (null once it could). */
  #failure: StoreError | null = null;

  constructor(path: string, options: DirectoryOptions = {}) {
    this.path = path;
    this.#checkEveryMs = options.checkEveryMs ?? 250;
    this.#open = { holdJson: options.holdJson ?? false, keepResults: options.keepResults ?? true };
    this.#warm = options.warm;
    this.#background = options.background;
  }

  /**
   * The current snapshot; throws {@link StoreError} when the file is
   * unusable. A file that replaced a good one and cannot be opened drops the
   * old snapshot too: every request then fails alike until a good file is
   * back, instead of some being answered from data no longer on disk. The
   * file is checked at most every `checkEveryMs`, broken or not.
   */
  current(): ClubStore {
    const now = performance.now();
    if (now - this.#checkedAt < this.#checkEveryMs) {
      if (this.#store) return this.#store;
      // Each request gets its own error: the server's log counts them.
      if (this.#failure) throw new StoreError(this.#failure.message, { cause: this.#failure });
    }
    this.#checkedAt = now;
    let identity: string;
    try {
      const st = Deno.statSync(this.path);
      identity = `${st.ino}:${st.size}:${st.mtime?.getTime()}`;
    } catch (e) {
      throw this.#fail(
        new StoreError(`Cannot read database "${this.path}": ${(e as Error).message}`, {
          cause: e,
        }),
      );
    }
    if (this.#store && identity === this.#identity) return this.#store;
    if (this.#store && this.#background) {
      // The current snapshot answers until the new one is ready.
      if (this.#preparing?.identity !== identity) this.#prepare(identity);
      return this.#store;
    }
    let next: ClubStore | undefined;
    try {
      next = ClubStore.open(this.path, this.#open);
      const steps = this.#warm?.(next);
      if (steps) { for (const _ of steps) { /* every step, now */ } }
    } catch (e) {
      // A file that opens but cannot be read while warming fails as one that cannot be opened.
      next?.close();
      if (!isStorageFailure(e)) throw e;
      throw this.#fail(
        e instanceof StoreError
          ? e
          : new StoreError(`Cannot read database "${this.path}": ${(e as Error).message}`, {
            cause: e,
          }),
      );
    }
    this.#swap(next, identity);
    return next;
  }

  /**
   * Settles when no snapshot is being prepared in the background (tests,
   * and a caller that wants the new file served before going on).
   *
   * @example
   * ```ts ignore
   * await directory.settled();
   * ```
   */
  async settled(): Promise<void> {
    while (this.#preparing) await this.#preparing.done;
  }

  #swap(next: ClubStore, identity: string): void {
    this.#drop();
    this.#store = next;
    this.#identity = identity;
    this.#failure = null;
  }

  /** Opens and warms the file of `identity` a step at a time, then swaps it in. */
  #prepare(identity: string): void {
    if (this.#preparing) this.#preparing.cancelled = true;
    const job: Preparing = { identity, cancelled: false, done: Promise.resolve() };
    this.#preparing = job;
    job.done = (async () => {
      let next: ClubStore | undefined;
      try {
        await this.#background?.preload?.(this.path);
        await turn();
        if (job.cancelled) return;
        next = ClubStore.open(this.path, this.#open);
        const steps = this.#warm?.(next);
        if (steps) {
          for (const _ of steps) {
            await turn();
            if (job.cancelled) return;
          }
        }
        this.#swap(next, identity);
        next = undefined;
      } catch (e) {
        if (job.cancelled) return;
        // As when the check opens the file itself: a file that replaced a
        // good one and cannot be used drops the old snapshot too.
        this.#fail(
          e instanceof StoreError
            ? e
            : new StoreError(`Cannot read database "${this.path}": ${(e as Error).message}`, {
              cause: e,
            }),
        );
      } finally {
        next?.close();
        if (this.#preparing === job) this.#preparing = null;
      }
    })();
  }

  /**
   * Runs `fn` on the current snapshot: the one place where storage failures
   * are told from bugs. A file that cannot be opened, or a read that fails in
   * storage (an SQLite I/O, corruption or layout error, a handle closed under
   * the reader), throws {@link StoreError} and drops the snapshot; any other
   * exception passes through as it is. A handle closed under the reader is
   * reopened by the next read; a failing file at the next check (at most
   * every `checkEveryMs`), so that a corrupt file that opens fine is not
   * opened again, its JSON loaded again, for every request.
   *
   * @example
   * ```ts ignore
   * const total = directory.read((store) => findPage(store, query).total);
   * ```
   */
  read<T>(fn: (store: ClubStore) => T): T {
    const store = this.current();
    try {
      return fn(store);
    } catch (e) {
      if (!isStorageFailure(e)) throw e;
      const failure = e instanceof StoreError
        ? e
        : new StoreError(`Cannot read database "${this.path}": ${(e as Error).message}`, {
          cause: e,
        });
      if (closedUnderReader(e)) this.invalidate();
      else this.#fail(failure);
      throw failure;
    }
  }

  /** Forgets the current snapshot (after a read failed); the next call reopens. */
  invalidate(): void {
    this.#drop();
    this.#failure = null;
    this.#checkedAt = -Infinity;
  }

  /** Drops the snapshot and remembers why, until the next check. */
  #fail(e: StoreError): StoreError {
    this.#drop();
    this.#failure = e;
    return e;
  }

  /** Closes the current snapshot, and gives up one being prepared. */
  close(): void {
    if (this.#preparing) this.#preparing.cancelled = true;
    this.#drop();
  }

  #drop(): void {
    this.#store?.close();
    this.#store = null;
    this.#identity = "";
  }
}

/**
 * SQLite primary result codes that mean the file, not the query, failed:
 * PERM, ABORT, BUSY, LOCKED, NOMEM, READONLY, IOERR, CORRUPT, NOTFOUND, FULL,
 * CANTOPEN, PROTOCOL, SCHEMA, NOTADB.
 */
const STORAGE_CODES = new Set([3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 17, 26]);

/**
 * Whether an exception thrown while reading a snapshot means the storage
 * failed (as opposed to a bug, such as a malformed query, which must never
 * drop the snapshot): a {@link StoreError}, an SQLite error with a storage
 * result code or about a missing table or column (a file of another
 * layout), or a database handle or statement closed under the reader.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isStorageFailure } from "./directory.ts";
 * assert.equal(isStorageFailure(new TypeError("x is undefined")), false);
 * ```
 */
export function isStorageFailure(e: unknown): boolean {
  if (e instanceof StoreError) return true;
  const { code, errcode, message } = (e ?? {}) as {
    code?: unknown;
    errcode?: unknown;
    message?: unknown;
  };
  if (code === "ERR_SQLITE_ERROR") {
    if (typeof errcode === "number" && STORAGE_CODES.has(errcode & 0xff)) return true;
    return /^no such (table|column)/.test(String(message));
  }
  return closedUnderReader(e);
}

/** A snapshot's handle or statement was closed while a reader still used it. */
function closedUnderReader(e: unknown): boolean {
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return code === "ERR_INVALID_STATE" &&
    /database is not open|statement has been finalized/.test(String(message));
}
