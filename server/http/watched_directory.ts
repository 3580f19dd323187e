/**
 * A {@link Directory} that reports the health of its database file once
 * per change of state instead of once per request: the first failed read
 * logs `database unavailable: <reason>`, a failure for another reason logs
 * again, and the first successful read after failures logs `database
 * readable again`. Error lines that only repeat a reason already reported
 * (the `clubs_unavailable` line of every request, the MCP tool's line) are
 * dropped by {@link WatchedDirectory.gate}, so a broken or corrupt file
 * costs the log a few lines, not one per request.
 *
 * Only a successful read counts as recovery: a corrupt file often opens
 * fine and fails on the first query, and counting the open would flap.
 *
 * @example
 * ```ts ignore
 * import { WatchedDirectory } from "./watched_directory.ts";
 * const directory = new WatchedDirectory("data/clubs.db", {}, console.error);
 * const errorLog = directory.gate(console.error);
 * ```
 * @module
 */
import {
  type ClubStore,
  Directory,
  type DirectoryOptions,
  StoreError,
} from "../../core/store/mod.ts";

/** Distinct failure reasons remembered while the file stays broken. */
const MAX_REASONS = 16;

/** A live directory that logs its state changes. */
export class WatchedDirectory extends Directory {
  readonly #log: (line: string) => void;
  /** Reasons reported since the last successful read; empty while healthy. */
  readonly #reasons = new Set<string>();
  #failedReads = 0;
  /** The last failure counted (read() sees the one its current() threw). */
  #lastError: unknown = null;

  /**
   * A directory over `path` that reports its state changes to `log`.
   *
   * @param log Where state changes are reported.
   *
   * @example
   * ```ts ignore
   * new WatchedDirectory("data/clubs.db", { checkEveryMs: 250 }, (l) => console.error(l));
   * ```
   */
  constructor(path: string, options: DirectoryOptions, log: (line: string) => void) {
    super(path, options);
    this.#log = log;
  }

  /**
   * Notes a failed open (the file is missing or unreadable).
   *
   * @example
   * ```ts ignore
   * directory.current(); // throws StoreError; logged the first time only
   * ```
   */
  override current(): ClubStore {
    try {
      return super.current();
    } catch (e) {
      if (e instanceof StoreError) this.#failed(e);
      throw e;
    }
  }

  /**
   * Notes a failed read, or the recovery from failures.
   *
   * @example
   * ```ts ignore
   * directory.read((store) => store.bySlug("pine-valley"));
   * ```
   */
  override read<T>(fn: (store: ClubStore) => T): T {
    let result: T;
    try {
      result = super.read(fn);
    } catch (e) {
      if (e instanceof StoreError) this.#failed(e);
      throw e;
    }
    if (this.#reasons.size > 0) {
      this.#log(`database readable again after ${this.#failedReads} failed reads`);
      this.#reasons.clear();
      this.#failedReads = 0;
    }
    return result;
  }

  /**
   * Wraps an error log so that lines repeating a failure reason already
   * reported are dropped; every other line passes.
   *
   * @example
   * ```ts ignore
   * const errorLog = directory.gate((line) => console.error(line));
   * ```
   */
  gate(log: (line: string) => void): (line: string) => void {
    return (line) => {
      for (const reason of this.#reasons) if (line.includes(reason)) return;
      log(line);
    };
  }

  #failed(e: StoreError): void {
    if (e === this.#lastError) return;
    this.#lastError = e;
    this.#failedReads++;
    if (this.#reasons.has(e.message) || this.#reasons.size >= MAX_REASONS) return;
    this.#reasons.add(e.message);
    this.#log(`error: database unavailable: ${e.message} (logged once until it is readable again)`);
  }
}
