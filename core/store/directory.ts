/**
 * The live directory: the current snapshot of a database file, swapped for
 * the new one when an import renames a new file into place. Because the old
 * file stays open until the swap, no reader ever sees a half-built file.
 *
 * @example
 * ```ts ignore
 * import { Directory } from "./directory.ts";
 * const dir = new Directory("data/clubs.db");
 * const store = dir.current(); // throws StoreError while the file is unusable
 * ```
 * @module
 */
import { ClubStore, StoreError } from "./store.ts";

/** Options of {@link Directory}. */
export interface DirectoryOptions {
  /** How often, at most, the file is checked for a new snapshot (ms). */
  checkEveryMs?: number;
}

/** Holds the current {@link ClubStore} of a database path. */
export class Directory {
  readonly path: string;
  readonly #checkEveryMs: number;
  #store: ClubStore | null = null;
  #identity = "";
  #checkedAt = -Infinity;

  constructor(path: string, options: DirectoryOptions = {}) {
    this.path = path;
    this.#checkEveryMs = options.checkEveryMs ?? 250;
  }

  /** The current snapshot; throws {@link StoreError} when the file is unusable. */
  current(): ClubStore {
    const now = performance.now();
    if (this.#store && now - this.#checkedAt < this.#checkEveryMs) {
      return this.#store;
    }
    this.#checkedAt = now;
    let identity: string;
    try {
      const st = Deno.statSync(this.path);
      identity = `${st.ino}:${st.size}:${st.mtime?.getTime()}`;
    } catch (e) {
      this.#drop();
      throw new StoreError(
        `Cannot read database "${this.path}": ${(e as Error).message}`,
        { cause: e },
      );
    }
    if (this.#store && identity === this.#identity) return this.#store;
    const next = ClubStore.open(this.path);
    this.#drop();
    this.#store = next;
    this.#identity = identity;
    return next;
  }

  /** Forgets the current snapshot (after a read failed); the next call reopens. */
  invalidate(): void {
    this.#drop();
    this.#checkedAt = -Infinity;
  }

  /** Closes the current snapshot. */
  close(): void {
    this.#drop();
  }

  #drop(): void {
    this.#store?.close();
    this.#store = null;
    this.#identity = "";
  }
}
