/**
 * One opened, immutable snapshot of the directory: the SQLite handle, its
 * prepared statements and its memo: the caches valid for this snapshot only.
 *
 * @example
 * ```ts ignore
 * import { ClubStore } from "./store.ts";
 * const store = ClubStore.open("data/clubs.db");
 * store.bySlug("pine-valley-golf-club-pine-valley");
 * ```
 * @module
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { ClubRecord } from "../schema/club.ts";
import { SCHEMA_VERSION } from "./layout.ts";
import { CLUB_FIELDS } from "../model/fields.ts";
import { type Memo, memoBudgetBytes, type MemoOptions, Memos, type MemoStats } from "./memo.ts";
import { type Row, rowToRecord } from "./rows.ts";
import { ClubJsonText, type LoadOptions, type SharedClubJson } from "./club_json.ts";
import { setPragmas } from "./pragma.ts";

// Workers of one process share the held JSON through the store's door.
export { offerClubJson, type SharedClubJson } from "./club_json.ts";

/** Options of {@link ClubStore.open}. */
export interface OpenOptions {
  /**
   * Hold every club's anonymous JSON in memory (see club_json.ts), read at
   * open: for a server, whose page bodies then cost no SQLite read. A
   * one-shot reader (the CLI) leaves it off and opens in a few ms.
   */
  holdJson?: boolean;
  /**
   * Hold it in shared memory, to hand to other isolates
   * ({@link ClubStore.sharedJson}); a text offered to this isolate for the
   * same snapshot is adopted either way (see club_json.ts).
   */
  shareJson?: boolean;
  /**
   * The most bytes of club JSON held as text and packed (see club_json.ts;
   * tests hold a small directory packed with `{ maxBytes: 0 }`).
   */
  heldJsonBounds?: Pick<LoadOptions, "maxBytes" | "packedMaxBytes">;
  /**
   * Keep answers in the snapshot's `results` memos (default true). Off, every
   * search is answered from the indexes alone: the reference a differential
   * test holds the caches to.
   */
  keepResults?: boolean;
}

/** SQLite's page cache (negative: KiB) of a store that holds its club JSON. */
const HELD_JSON_CACHE_KIB = -2000;

/** The bytes of changes a file's history records (`history_snapshots.bytes`), 0 without one. */
function recordedHistoryBytes(db: DatabaseSync): number {
  const has = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'history_snapshots'").get();
  if (!has) return 0;
  const row = db.prepare("SELECT coalesce(sum(bytes), 0) AS n FROM history_snapshots").get();
  return Number((row as { n: number }).n);
}

/** Raised when a file is not a usable directory database. */
export class StoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StoreError";
  }
}

/** An opened snapshot. Cheap to query; never written. */
export class ClubStore {
  readonly db: DatabaseSync;
  /** Metadata recorded at import (imported_at, source, snapshot, …). */
  readonly meta: Readonly<Record<string, string>>;
  /** Clubs in the snapshot: what its memos' budget grows with (see memo.ts). */
  readonly clubs: number;
  /** Bytes of changes its history records (0 without one): the history's memos grow with it. */
  readonly historyBytes: number;
  readonly #statements = new Map<string, StatementSync>();
  readonly #memos: Memos;
  /** Held club JSON, or null to read `club_json`. */
  readonly #json: ClubJsonText | null;

  private constructor(
    db: DatabaseSync,
    meta: Record<string, string>,
    json: ClubJsonText | null,
    keepResults: boolean,
  ) {
    // `rank` is the rowid: its largest value is one lookup.
    const row = db.prepare("SELECT coalesce(max(rank), 0) AS n FROM club_keys").get() as {
      n: number;
    };
    this.clubs = Number(row.n);
    this.historyBytes = recordedHistoryBytes(db);
    const budget = memoBudgetBytes(this.clubs, this.historyBytes);
    this.#memos = keepResults ? new Memos(budget) : new Memos(budget, 0);
    this.db = db;
    this.meta = meta;
    this.#json = json;
  }

  /** Opens a database file read-only; throws {@link StoreError} if unusable. */
  static open(path: string, options: OpenOptions = {}): ClubStore {
    let db: DatabaseSync;
    try {
      db = new DatabaseSync(path, { readOnly: true });
      setPragmas(db, { cache_size: -16000 });
    } catch (e) {
      throw new StoreError(
        `Cannot open database "${path}": ${(e as Error).message}`,
        { cause: e },
      );
    }
    try {
      const rows = db.prepare("SELECT key, value FROM meta").all() as {
        key: string;
        value: string;
      }[];
      const meta = Object.fromEntries(rows.map((r) => [r.key, r.value]));
      if (meta.schema_version !== String(SCHEMA_VERSION)) {
        throw new StoreError(
          `Cannot use database "${path}": schema version ${
            meta.schema_version ?? "unknown"
          }, expected ${SCHEMA_VERSION} (run import again)`,
        );
      }
      let json: ClubJsonText | null = null;
      if (options.holdJson) {
        // The JSON passes through the page cache once: a small cache keeps
        // that pass from leaving megabytes the allocator does not give back,
        // and with the JSON held the rest needs little.
        setPragmas(db, { cache_size: HELD_JSON_CACHE_KIB });
        json = ClubJsonText.forSnapshot(db, meta.snapshot, {
          ...options.heldJsonBounds,
          shared: options.shareJson,
        });
        db.exec("PRAGMA shrink_memory");
      }
      return new ClubStore(db, meta, json, options.keepResults ?? true);
    } catch (e) {
      db.close();
      if (e instanceof StoreError) throw e;
      throw new StoreError(
        `Cannot read database "${path}": ${(e as Error).message}`,
        { cause: e },
      );
    }
  }

  /**
   * This snapshot's cache called `name` (see memo.ts): every per-snapshot
   * cache goes through here, so it is bounded by bytes and dropped with the
   * snapshot.
   *
   * @example
   * ```ts ignore
   * const totals = store.memo<string, number>("search.totals", 1024 * 1024);
   * totals.use(key, () => count());
   * ```
   */
  memo<K, V>(name: string, budgetBytes: number, options?: MemoOptions<K, V>): Memo<K, V> {
    return this.#memos.memo(name, budgetBytes, options);
  }

  /** A prepared statement, prepared once per snapshot. */
  statement(sql: string): StatementSync {
    let s = this.#statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s;
  }

  /** Full records for the given (distinct) ranks, in the order given. */
  records(ranks: readonly number[]): ClubRecord[] {
    if (!ranks.length) return [];
    const sql = `SELECT ${CLUB_FIELDS.map((c) => `c.${c}`).join(", ")}
      FROM club_keys k JOIN clubs c ON c.rowid = k.club
      WHERE k.rank IN (${ranks.map(() => "?").join(",")}) ORDER BY k.rank`;
    return inOrder(ranks, (this.statement(sql).all(...ranks) as Row[]).map(rowToRecord));
  }

  /** Precomputed anonymous Club JSON for the given (distinct) ranks, in the order given. */
  anonymousJson(ranks: readonly number[]): string[] {
    if (!ranks.length) return [];
    if (this.#json) return ranks.map((rank) => this.#json!.get(rank));
    const sql = `SELECT json FROM club_json WHERE rank IN (${
      ranks.map(() => "?").join(",")
    }) ORDER BY rank`;
    return inOrder(
      ranks,
      (this.statement(sql).all(...ranks) as { json: string }[]).map((r) => r.json),
    );
  }

  /**
   * The anonymous JSON of the given (distinct) ranks joined by commas, in
   * the order given, between `before` and `after`. Held JSON gives one flat
   * string (see club_json.ts); otherwise, for ranks in name order, the
   * list is one string from SQLite.
   */
  anonymousJsonList(ranks: readonly number[], before = "", after = ""): string {
    if (this.#json) return this.#json.join(ranks, before, after);
    if (!ranks.length) return before + after;
    if (!ascending(ranks)) return before + this.anonymousJson(ranks).join(",") + after;
    const sql = `SELECT group_concat(json, ',') AS list FROM
      (SELECT json FROM club_json WHERE rank IN (${ranks.map(() => "?").join(",")}) ORDER BY rank)`;
    return before + (this.statement(sql).get(...ranks) as { list: string }).list + after;
  }

  /**
   * {@link anonymousJsonList} as UTF-8 bytes when the JSON is held in memory
   * (see club_json.ts): no string is made. The bytes are a view of a
   * scratch buffer, valid until the next list is assembled (send or copy
   * them at once). Null when the JSON is read from SQLite.
   */
  anonymousJsonListBytes(
    ranks: readonly number[],
    before = "",
    after = "",
  ): Uint8Array<ArrayBuffer> | null {
    return this.#json ? this.#json.joinBytes(ranks, before, after) : null;
  }

  /** Bytes of club JSON held in memory (0 when read from SQLite). */
  get heldJsonBytes(): number {
    return this.#json?.bytes ?? 0;
  }

  /** Whether the held club JSON is packed (see club_json_pack.ts). */
  get heldJsonPacked(): boolean {
    return this.#json?.packed ?? false;
  }

  /**
   * The held club JSON in shared memory, to post to other isolates (see
   * {@link OpenOptions.shareJson}); null when it is not held or not shared.
   */
  sharedJson(): SharedClubJson | null {
    const snapshot = this.meta.snapshot;
    return snapshot === undefined ? null : this.#json?.share(snapshot) ?? null;
  }

  /** The memos declared so far, by name: budget, entries and bytes held. */
  memoStats(): Record<string, MemoStats> {
    return this.#memos.stats();
  }

  /**
   * Empties this snapshot's result caches (benchmarks measure the uncached
   * engine); structures built from the snapshot (key index, counts) stay.
   */
  clearCaches(): void {
    this.#memos.clear();
  }

  /** One club by slug, or null. */
  bySlug(slug: string): ClubRecord | null {
    const row = this.statement(
      `SELECT ${CLUB_FIELDS.join(", ")} FROM clubs WHERE slug = ?`,
    )
      .get(slug) as Row | undefined;
    return row ? rowToRecord(row) : null;
  }

  /** Closes the handle; statements become unusable. */
  close(): void {
    this.#statements.clear();
    if (this.db.isOpen) this.db.close();
  }
}

function ascending(ranks: readonly number[]): boolean {
  for (let i = 1; i < ranks.length; i++) if (ranks[i]! < ranks[i - 1]!) return false;
  return true;
}

/** Items read in rank order, put back in the order of `ranks` (a page in relevance order). */
function inOrder<T>(ranks: readonly number[], sorted: T[]): T[] {
  if (ascending(ranks)) return sorted;
  const at = new Map([...ranks].sort((a, b) => a - b).map((r, i) => [r, i]));
  return ranks.map((r) => sorted[at.get(r)!]!);
}
