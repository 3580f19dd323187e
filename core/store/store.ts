/**
 * One opened, immutable snapshot of the directory: the SQLite handle, its
 * prepared statements and the caches that are valid for this snapshot only.
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
import { SCHEMA_VERSION } from "./ddl.ts";
import { CLUB_FIELDS } from "../model/fields.ts";
import { KeyIndex } from "../search/key_index.ts";
import { Lru } from "./lru.ts";
import { type Row, rowToRecord } from "./rows.ts";

/** Raised when a file is not a usable directory database. */
export class StoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StoreError";
  }
}

/**
 * A serialized response body kept for one snapshot. The JSON is ASCII-only
 * (see json.ts), so the string is one-byte and `Deno.serve` sends it faster
 * than a `Uint8Array`, which it copies on every response.
 */
export interface CachedPage {
  /** ASCII-only JSON: a one-byte string that Deno sends without re-encoding. */
  body: string;
  /** Matches across all pages (the `X-Total-Clubs` header). */
  total: number;
}

/** An opened snapshot. Cheap to query; never written. */
export class ClubStore {
  readonly db: DatabaseSync;
  /** Metadata recorded at import (imported_at, source, snapshot, …). */
  readonly meta: Readonly<Record<string, string>>;
  /** Totals per filter, valid for this snapshot only. */
  readonly counts = new Lru<string, number>(20_000);
  /** Serialized responses, valid for this snapshot only (bounded by bytes). */
  readonly pages = new Lru<string, CachedPage>(
    16 * 1024 * 1024,
    (v) => v.body.length + 64,
  );
  /** Resolved place filter values (see places.ts). */
  readonly places = new Lru<string, string>(10_000);
  /** Ranks whose name contains a fragment, by fragment (bounded by bytes). */
  readonly nameMatches = new Lru<string, Int32Array>(4 * 1024 * 1024, (v) => v.byteLength + 64);
  readonly #statements = new Map<string, StatementSync>();
  #keys: KeyIndex | null = null;

  private constructor(db: DatabaseSync, meta: Record<string, string>) {
    this.db = db;
    this.meta = meta;
  }

  /** Opens a database file read-only; throws {@link StoreError} if unusable. */
  static open(path: string): ClubStore {
    let db: DatabaseSync;
    try {
      db = new DatabaseSync(path, { readOnly: true });
      db.exec("PRAGMA cache_size=-16000");
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
      return new ClubStore(db, meta);
    } catch (e) {
      db.close();
      if (e instanceof StoreError) throw e;
      throw new StoreError(
        `Cannot read database "${path}": ${(e as Error).message}`,
        { cause: e },
      );
    }
  }

  /** The search keys in memory, loaded on first use. */
  get keys(): KeyIndex {
    return this.#keys ??= KeyIndex.load(this.db);
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

  /** Full records for the given ranks, in rank order. */
  records(ranks: readonly number[]): ClubRecord[] {
    if (!ranks.length) return [];
    const sql = `SELECT ${CLUB_FIELDS.map((c) => `c.${c}`).join(", ")}
      FROM club_keys k JOIN clubs c ON c.rowid = k.club
      WHERE k.rank IN (${ranks.map(() => "?").join(",")}) ORDER BY k.rank`;
    return (this.statement(sql).all(...ranks) as Row[]).map(rowToRecord);
  }

  /** Precomputed anonymous Club JSON for the given ranks, in rank order. */
  anonymousJson(ranks: readonly number[]): string[] {
    if (!ranks.length) return [];
    const sql = `SELECT json FROM club_json WHERE rank IN (${
      ranks.map(() => "?").join(",")
    }) ORDER BY rank`;
    return (this.statement(sql).all(...ranks) as { json: string }[]).map((r) => r.json);
  }

  /** The anonymous JSON of the given ranks joined by commas: one string from SQLite. */
  anonymousJsonList(ranks: readonly number[]): string {
    if (!ranks.length) return "";
    const sql = `SELECT group_concat(json, ',') AS list FROM
      (SELECT json FROM club_json WHERE rank IN (${ranks.map(() => "?").join(",")}) ORDER BY rank)`;
    return (this.statement(sql).get(...ranks) as { list: string }).list;
  }

  /** Empties this snapshot's caches (benchmarks measure the uncached engine). */
  clearCaches(): void {
    this.counts.clear();
    this.pages.clear();
    this.places.clear();
    this.nameMatches.clear();
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
