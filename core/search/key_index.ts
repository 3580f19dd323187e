/**
 * The search keys of one snapshot held in memory as columns: one small
 * integer code per club and key, in name order. Scanning 40,000 entries of
 * typed arrays takes well under a millisecond whatever the filters, where
 * SQLite would need a temporary sort for multi-valued filters (type groups,
 * waitlist lists) combined with the name order.
 *
 * The columns are built once at import ({@link buildKeyColumns}) and stored
 * as blobs, so opening a snapshot costs a few reads, not a table scan.
 *
 * @example
 * ```ts ignore
 * import { KeyIndex } from "./key_index.ts";
 * const index = KeyIndex.load(store.db);
 * index.size; // number of clubs
 * ```
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { typeKeysOf } from "../model/types.ts";

/** The coded key columns, as stored in `key_columns`. */
export const KEY_COLUMNS = ["type", "country", "state", "waitlist"] as const;
/** One coded key column. */
export type KeyColumn = typeof KEY_COLUMNS[number];

// Control characters never occur in keys or folded names.
const SEP = "\u001f";
const NULL = "\u001e";

/** The distinct values of one key column; a club's code indexes this list. */
export class Codes {
  readonly values: readonly (string | null)[];
  readonly #byValue: Map<string | null, number>;

  constructor(values: readonly (string | null)[]) {
    this.values = values;
    this.#byValue = new Map(values.map((v, i) => [v, i]));
  }

  /** The code of a value, or -1 when no club has it. */
  find(value: string | null): number {
    return this.#byValue.get(value) ?? -1;
  }

  /** A membership table over codes for the given values. */
  mask(values: Iterable<string | null>): Uint8Array {
    const m = new Uint8Array(this.values.length);
    for (const v of values) {
      const c = this.find(v);
      if (c >= 0) m[c] = 1;
    }
    return m;
  }
}

/** One `club_keys` column, in rank order, as one string per column. */
function readColumn(db: DatabaseSync, name: string): (string | null)[] {
  const row = db.prepare(
    `SELECT group_concat(coalesce(${name}, char(30)), char(31)) AS v
     FROM (SELECT ${name} FROM club_keys ORDER BY rank)`,
  ).get() as { v: string | null };
  return row.v === null ? [] : row.v.split(SEP).map((v) => v === NULL ? null : v);
}

/**
 * Encodes the `club_keys` columns into the `key_columns` table. Runs inside
 * the import, after `club_keys` is filled.
 */
export function buildKeyColumns(db: DatabaseSync): void {
  const put = db.prepare("INSERT INTO key_columns(name, vals, data) VALUES (?, ?, ?)");
  for (const name of KEY_COLUMNS) {
    const values = readColumn(db, name);
    const byValue = new Map<string | null, number>();
    const codes = Uint16Array.from(values, (v) => {
      let c = byValue.get(v);
      if (c === undefined) byValue.set(v, c = byValue.size);
      return c;
    });
    put.run(name, JSON.stringify([...byValue.keys()]), new Uint8Array(codes.buffer));
  }
}

/** Columns of search keys, indexed by rank - 1. */
export class KeyIndex {
  readonly size: number;
  readonly #columns: Record<KeyColumn, { codes: Codes; data: Uint16Array }>;
  readonly #db: DatabaseSync;
  readonly #typeMasks = new Map<string, Uint8Array>();
  readonly #members = new Map<string, Int32Array>();
  #names: string[] | null = null;

  private constructor(
    db: DatabaseSync,
    columns: Record<KeyColumn, { codes: Codes; data: Uint16Array }>,
  ) {
    this.#db = db;
    this.#columns = columns;
    this.size = columns.type.data.length;
  }

  /** Reads the coded columns built at import. */
  static load(db: DatabaseSync): KeyIndex {
    const rows = db.prepare("SELECT name, vals, data FROM key_columns").all() as {
      name: KeyColumn;
      vals: string;
      data: Uint8Array;
    }[];
    const columns = {} as Record<KeyColumn, { codes: Codes; data: Uint16Array }>;
    for (const r of rows) {
      // Copy into an aligned buffer: a blob's bytes may start at any offset.
      const data = new Uint16Array(r.data.byteLength / 2);
      new Uint8Array(data.buffer).set(r.data);
      columns[r.name] = { codes: new Codes(JSON.parse(r.vals)), data };
    }
    return new KeyIndex(db, columns);
  }

  get type(): Uint16Array {
    return this.#columns.type.data;
  }
  get country(): Uint16Array {
    return this.#columns.country.data;
  }
  get state(): Uint16Array {
    return this.#columns.state.data;
  }
  get waitlist(): Uint16Array {
    return this.#columns.waitlist.data;
  }
  get types(): Codes {
    return this.#columns.type.codes;
  }
  get countries(): Codes {
    return this.#columns.country.codes;
  }
  get states(): Codes {
    return this.#columns.state.codes;
  }
  get waitlists(): Codes {
    return this.#columns.waitlist.codes;
  }

  /** Folded names in rank order, for fragments too short for the trigram index; read on first use. */
  get names(): string[] {
    return this.#names ??= readColumn(this.#db, "name").map((n) => n ?? "");
  }

  /**
   * The clubs (0-based, in name order) whose code in `column` is one the
   * mask allows: a candidate list for the scan. Built once per column and
   * mask (there are only a few dozen distinct masks) and kept.
   */
  members(column: KeyColumn, mask: Uint8Array): Int32Array {
    const key = `${column}:${mask.join("")}`;
    let list = this.#members.get(key);
    if (!list) {
      const data = this.#columns[column].data;
      const all = new Int32Array(data.length);
      let n = 0;
      for (let i = 0; i < data.length; i++) if (mask[data[i]!]) all[n++] = i;
      list = all.slice(0, n);
      this.#members.set(key, list);
    }
    return list;
  }

  /** Which type codes a `type` filter key matches (its type and group members). */
  typeMask(key: string): Uint8Array {
    let m = this.#typeMasks.get(key);
    if (!m) {
      m = new Uint8Array(this.types.values.length);
      this.types.values.forEach((t, c) => {
        if (t !== null && typeKeysOf(t).includes(key)) m![c] = 1;
      });
      this.#typeMasks.set(key, m);
    }
    return m;
  }
}
