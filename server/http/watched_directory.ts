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
 * It also logs each snapshot swap (old → new snapshot, with their club
 * counts), and keeps what `/metrics` says of the snapshot and its caches
 * ({@link WatchedDirectory.figures}): the caches' hits, misses and
 * evictions are carried over from the snapshots before, so they only grow.
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
import { totalClubs } from "../../core/stats/mod.ts";

/** Fields an event adds to a JSON log record (server/middleware/log_format.ts). */
type LogFields = Record<string, string | number | boolean | null>;

/** One cache's figures (core/store's MemoStats), counters carried over swaps. */
export interface CacheFigures {
  budget: number;
  size: number;
  bytes: number;
  hits: number;
  misses: number;
  evictions: number;
}

/** What `/metrics` says of the snapshot served and its caches (server/metrics/). */
export interface DirectoryFigures {
  /** Every cache by name, counters carried over from the snapshots before. */
  caches: Record<string, CacheFigures>;
  /** Clubs of the snapshot served, 0 while none can be read. */
  clubs: number;
  /** When it was imported (ms since the epoch), or null. */
  importedAt: number | null;
  /** Snapshots picked up since start. */
  swaps: number;
}

/** Distinct failure reasons remembered while the file stays broken. */
const MAX_REASONS = 16;

/** A live directory that logs its state changes. */
export class WatchedDirectory extends Directory {
  readonly #log: (line: string, fields?: LogFields) => void;
  /** Reasons reported since the last successful read; empty while healthy. */
  readonly #reasons = new Set<string>();
  #failedReads = 0;
  /** The last failure counted (read() sees the one its current() threw). */
  #lastError: unknown = null;
  /** The snapshot last served, and its number of clubs. */
  #served: ClubStore | null = null;
  #servedClubs = 0;
  #swaps = 0;
  /** Cache counters of the snapshots served before this one, by cache. */
  readonly #retired: Record<string, CacheFigures> = {};

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
  constructor(
    path: string,
    options: DirectoryOptions,
    log: (line: string, fields?: LogFields) => void,
  ) {
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
    let store: ClubStore;
    try {
      store = super.current();
    } catch (e) {
      if (e instanceof StoreError) this.#failed(e);
      throw e;
    }
    if (store !== this.#served) this.#serving(store);
    return store;
  }

  /**
   * What `/metrics` says of the snapshot: its clubs (0 while the file
   * cannot be read), when it was imported, the swaps since start, and every
   * cache's figures, counters carried over from the snapshots before.
   *
   * @example
   * ```ts ignore
   * directory.figures().clubs; // 39214
   * ```
   */
  figures(): DirectoryFigures {
    const caches: Record<string, CacheFigures> = {};
    for (const [name, m] of Object.entries(this.#retired)) caches[name] = { ...m };
    for (const [name, m] of Object.entries(this.#served?.memoStats() ?? {})) {
      const before = caches[name];
      caches[name] = before === undefined ? { ...m } : {
        ...m,
        hits: before.hits + m.hits,
        misses: before.misses + m.misses,
        evictions: before.evictions + m.evictions,
      };
    }
    const importedAt = Date.parse(this.#served?.meta.imported_at ?? "");
    return {
      caches,
      clubs: this.#reasons.size > 0 || this.#served === null ? 0 : this.#servedClubs,
      importedAt: Number.isNaN(importedAt) ? null : importedAt,
      swaps: this.#swaps,
    };
  }

  /** Notes the snapshot now served; a new one (not a reopened handle) is a swap, logged. */
  #serving(store: ClubStore): void {
    const before = this.#served;
    const clubsBefore = this.#servedClubs;
    this.#served = store;
    try {
      this.#servedClubs = totalClubs(store);
    } catch {
      // A file that opens and fails its first query: the read that follows says why.
      this.#servedClubs = 0;
    }
    if (before === null) return;
    // Counters of the snapshot left behind (its memos outlive its handle).
    for (const [name, m] of Object.entries(before.memoStats())) {
      const r = this.#retired[name] ??= { ...m, hits: 0, misses: 0, evictions: 0 };
      r.hits += m.hits;
      r.misses += m.misses;
      r.evictions += m.evictions;
    }
    if (before.meta.snapshot === store.meta.snapshot) return;
    this.#swaps++;
    const from = before.meta.imported_at ?? before.meta.snapshot ?? "unknown";
    const to = store.meta.imported_at ?? store.meta.snapshot ?? "unknown";
    this.#log(
      `snapshot swapped: ${from} (${clubsBefore.toLocaleString("en-US")} clubs) -> ${to} (${
        this.#servedClubs.toLocaleString("en-US")
      } clubs)`,
      {
        event: "snapshot_swap",
        from_imported_at: from,
        from_clubs: clubsBefore,
        to_imported_at: to,
        to_clubs: this.#servedClubs,
      },
    );
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
