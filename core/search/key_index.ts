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
 * import { keyIndex } from "./key_index.ts";
 * keyIndex(store).size; // number of clubs, loaded once per snapshot
 * ```
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { foldKey } from "../model/fold.ts";
import { typeKeysOf } from "../model/types.ts";
import type { ClubStore } from "../store/store.ts";
import { approxBytes } from "../store/memo.ts";

/**
 * The coded key columns, as stored in `key_columns`: those of `club_keys`
 * (`city` is the folded city name, letters and digits only; see {@link cityKey}).
 */
export const KEY_COLUMNS = ["type", "country", "state", "waitlist", "city"] as const;
/** One coded key column. */
export type KeyColumn = typeof KEY_COLUMNS[number];

/** Codes of one column, by club: 16 bits, or 32 for a column of more than 65,536 values. */
export type CodeColumn = Uint16Array | Uint32Array;

/**
 * The stored key of a city filter or listing: folded, letters and digits only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cityKey } from "./key_index.ts";
 * assert.deepStrictEqual(cityKey("St. Louis"), "st louis");
 * ```
 */
export function cityKey(city: string): string | null {
  const key = foldKey(city);
  return key === "" ? null : key;
}

// Control characters never occur in keys or folded names.
const SEP = "\u001f";
const NULL = "\u001e";

/** The distinct values of one key column; a club's code indexes this list. */
export class Codes {
  readonly values: readonly (string | null)[];
  #byValue: Map<string | null, number> | null = null;

  constructor(values: readonly (string | null)[]) {
    this.values = values;
  }

  /** The code of a value, or -1 when no club has it. */
  find(value: string | null): number {
    this.#byValue ??= new Map(this.values.map((v, i) => [v, i]));
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

/** Clubs read per page by {@link columnValues}. */
const PAGE = 16_384;

/**
 * One `club_keys` column in rank order, a page of ranks at a time: the
 * import builds the columns for any number of clubs without holding every
 * row, at the speed of whole-column reads.
 *
 * @example
 * ```ts ignore
 * import { columnValues } from "./key_index.ts";
 * for (const type of columnValues(db, "type")) console.log(type);
 * ```
 */
export function* columnValues(db: DatabaseSync, name: string): Generator<string | null> {
  const count = Number(
    (db.prepare("SELECT count(*) AS n FROM club_keys").get() as { n: number }).n,
  );
  const page = db.prepare(
    `SELECT group_concat(coalesce(${name}, char(30)), char(31)) AS v
     FROM (SELECT ${name} FROM club_keys WHERE rank BETWEEN ? AND ? ORDER BY rank)`,
  );
  for (let from = 1; from <= count; from += PAGE) {
    const v = (page.get(from, from + PAGE - 1) as { v: string | null }).v;
    if (v !== null) { for (const x of v.split(SEP)) yield x === NULL ? null : x; }
  }
}

/** A column of codes wide enough for `values` distinct values. */
function codeArray(values: number, length: number): CodeColumn {
  return values > 65_536 ? new Uint32Array(length) : new Uint16Array(length);
}

/**
 * Encodes the key columns into the `key_columns` table. Runs inside the
 * import, after `club_keys` is filled.
 */
export function buildKeyColumns(db: DatabaseSync): void {
  const put = db.prepare("INSERT INTO key_columns(name, vals, data) VALUES (?, ?, ?)");
  const count = Number(
    (db.prepare("SELECT count(*) AS n FROM club_keys").get() as { n: number }).n,
  );
  for (const name of KEY_COLUMNS) {
    const byValue = new Map<string | null, number>();
    const codes = new Uint32Array(count);
    let i = 0;
    for (const v of columnValues(db, name)) {
      let c = byValue.get(v);
      if (c === undefined) byValue.set(v, c = byValue.size);
      codes[i++] = c;
    }
    const data = codeArray(byValue.size, count);
    data.set(codes);
    put.run(name, JSON.stringify([...byValue.keys()]), new Uint8Array(data.buffer));
  }
}

/** Columns of search keys, indexed by rank - 1. Immutable; caches live in the store's memo. */
export class KeyIndex {
  readonly size: number;
  readonly #db: DatabaseSync;
  readonly #columns = {} as Record<KeyColumn, { codes: Codes; data: CodeColumn }>;

  private constructor(db: DatabaseSync) {
    this.#db = db;
    this.size = this.#col("type").data.length;
  }

  /**
   * The coded columns built at import, each read on first use (a one-shot
   * query needs two or three of the five).
   */
  static load(db: DatabaseSync): KeyIndex {
    return new KeyIndex(db);
  }

  #col(name: KeyColumn): { codes: Codes; data: CodeColumn } {
    const known = this.#columns[name];
    if (known) return known;
    const r = this.#db.prepare("SELECT vals, data FROM key_columns WHERE name = ?").get(name) as {
      vals: string;
      data: Uint8Array;
    };
    const codes = new Codes(JSON.parse(r.vals));
    const wide = codes.values.length > 65_536;
    // Copy into an aligned buffer: a blob's bytes may start at any offset.
    const data = codeArray(codes.values.length, r.data.byteLength / (wide ? 4 : 2));
    new Uint8Array(data.buffer).set(r.data);
    return this.#columns[name] = { codes, data };
  }

  /**
   * Bytes held once every column is read, for the memo's budget: charged
   * up front from the stored sizes (columns load on first use, after the
   * memo has weighed the index). Values are JSON text, about what their
   * strings and lookup map take.
   */
  get bytes(): number {
    const row = this.#db.prepare(
      "SELECT coalesce(sum(length(data)), 0) AS data, coalesce(sum(length(vals)), 0) AS vals FROM key_columns",
    ).get() as { data: number; vals: number };
    return Number(row.data) + 4 * Number(row.vals);
  }

  /** The distinct values of one key column. */
  codes(name: KeyColumn): Codes {
    return this.#col(name).codes;
  }

  /** The coded column of one key, by club (rank - 1). */
  column(name: KeyColumn): CodeColumn {
    return this.#col(name).data;
  }

  get type(): CodeColumn {
    return this.#col("type").data;
  }
  get country(): CodeColumn {
    return this.#col("country").data;
  }
  get state(): CodeColumn {
    return this.#col("state").data;
  }
  get waitlist(): CodeColumn {
    return this.#col("waitlist").data;
  }
  get city(): CodeColumn {
    return this.#col("city").data;
  }
  get types(): Codes {
    return this.#col("type").codes;
  }
  get countries(): Codes {
    return this.#col("country").codes;
  }
  get states(): Codes {
    return this.#col("state").codes;
  }
  get waitlists(): Codes {
    return this.#col("waitlist").codes;
  }
  get cities(): Codes {
    return this.#col("city").codes;
  }
}

/**
 * The budget of a structure memo built from the snapshot: `floor` bytes, or
 * `perClub` bytes a club when that is more, so a structure that grows with
 * the directory is kept at any size. The per-club shares of every structure
 * add up to no more than `MEMO_BYTES_PER_CLUB` (core/store/memo.ts).
 *
 * @example
 * ```ts ignore
 * structureBudget(store, 4 * 1024 * 1024, 64); // 25.6 MB for 400,000 clubs
 * ```
 */
export function structureBudget(store: ClubStore, floor: number, perClub: number): number {
  return Math.max(floor, store.clubs * perClub);
}

// Budgets of this module's memos (see core/store/memo.ts): a floor, and bytes per club.
const KEY_INDEX_BYTES = 4 * 1024 * 1024;
const KEY_INDEX_PER_CLUB = 16;
const NAMES_BYTES = 4 * 1024 * 1024;
const NAMES_PER_CLUB = 64;
/** Filter bitsets: one bit a club each, so as many sets are kept at any size. */
const BITS_BYTES = 4 * 1024 * 1024;
const BITS_PER_CLUB = 32;
const TYPE_MASKS_BYTES = 256 * 1024;

/**
 * The snapshot's key index, loaded once through its memo.
 *
 * @example
 * ```ts ignore
 * keyIndex(store).size; // number of clubs
 * ```
 */
export function keyIndex(store: ClubStore): KeyIndex {
  const budget = structureBudget(store, KEY_INDEX_BYTES, KEY_INDEX_PER_CLUB);
  return store.memo<"index", KeyIndex>("search.key_index", budget, {
    kind: "structure",
    weigh: (index) => index.bytes,
  }).use("index", () => KeyIndex.load(store.db));
}

/**
 * Folded names in rank order, for fragments too short for the trigram
 * index; read on first use.
 *
 * @example
 * ```ts ignore
 * clubNames(store)[0]; // "alpine ski club"
 * ```
 */
export function clubNames(store: ClubStore): readonly string[] {
  const budget = structureBudget(store, NAMES_BYTES, NAMES_PER_CLUB);
  return store.memo<"names", string[]>("search.names", budget, {
    kind: "structure",
    // Folded names are nearly all ASCII, which V8 stores one byte per character.
    weigh: (names) => names.reduce((n, name) => n + 32 + name.length, 0),
  }).use("names", () => readColumn(store.db, "name").map((n) => n ?? ""));
}

/**
 * The length of the longest folded name (in UTF-16 units): no longer
 * fragment can be part of a name.
 *
 * @example
 * ```ts ignore
 * longestName(store); // 64
 * ```
 */
export function longestName(store: ClubStore): number {
  return store.memo<"longest", number>("search.longest_name", 1024, { kind: "structure" })
    .use("longest", () => clubNames(store).reduce((n, name) => Math.max(n, name.length), 0));
}

function bitsMemo(store: ClubStore) {
  return store.memo<string, Uint32Array>(
    "search.bits",
    structureBudget(store, BITS_BYTES, BITS_PER_CLUB),
    {
      kind: "structure",
      weigh: (set, key) => approxBytes(set) + 2 * key.length,
    },
  );
}

/** The memo key of one code's set. */
const codeKey = (column: KeyColumn, code: number) => `${column}=${code}`;

/**
 * The clubs whose code is `code`, in one tight pass (no call per club: at
 * 400,000 clubs a set built through a test function took about 2 ms, so
 * the first requests with new filters queued behind each other).
 */
function codeBits(data: CodeColumn, code: number): Uint32Array {
  const set = new Uint32Array((data.length + 31) >>> 5);
  for (let i = 0; i < data.length; i++) if (data[i] === code) set[i >>> 5]! |= 1 << (i & 31);
  return set;
}

/** The clubs whose code the mask allows, in one tight pass. */
function maskBits(data: CodeColumn, allowed: Uint8Array): Uint32Array {
  const set = new Uint32Array((data.length + 31) >>> 5);
  for (let i = 0; i < data.length; i++) {
    if (allowed[data[i]!] === 1) set[i >>> 5]! |= 1 << (i & 31);
  }
  return set;
}

/** A mask of at most this many codes is the OR of their sets, which are kept and shared. */
const OR_CODES = 8;

/**
 * The clubs (0-based) whose code in `column` is `allowed` (one code) or one
 * the mask allows, as a bitset (see bits.ts). There are only a few dozen
 * masks and one set per place or city asked for, so each set is built once
 * and kept while it fits; a mask of a few codes (a type group, a waitlist
 * list, the US and Canada) is the OR of its codes' sets.
 *
 * @example
 * ```ts ignore
 * import { countBits } from "./bits.ts";
 * countBits(clubBits(store, "waitlist", keyIndex(store).waitlists.mask(["open"])));
 * ```
 */
export function clubBits(
  store: ClubStore,
  column: KeyColumn,
  allowed: Uint8Array | number,
): Uint32Array {
  const key = typeof allowed === "number"
    ? codeKey(column, allowed)
    : `${column}:${allowed.join("")}`;
  return bitsMemo(store).use(key, () => {
    const data = keyIndex(store).column(column);
    if (typeof allowed === "number") return codeBits(data, allowed);
    const codes: number[] = [];
    for (let c = 0; c < allowed.length && codes.length <= OR_CODES; c++) {
      if (allowed[c] === 1) codes.push(c);
    }
    if (codes.length > OR_CODES) return maskBits(data, allowed);
    const set = new Uint32Array((data.length + 31) >>> 5);
    for (const c of codes) {
      const one = clubBits(store, column, c);
      for (let w = 0; w < set.length; w++) set[w]! |= one[w]!;
    }
    return set;
  });
}

/** The columns whose common codes {@link warmClubBits} builds. */
const WARM_COLUMNS = ["type", "waitlist", "country", "state"] as const;
/** A code is common when at least this share of the clubs has it (a set is one bit a club). */
const WARM_SHARE = 1 / 256;

/**
 * Builds the set of every common code of the type, waitlist, country and
 * state columns, one pass a column, before a snapshot is served (warm.ts):
 * about 100 sets (5 MB at 400,000 clubs), where a first request with a new
 * filter would otherwise scan the column for it. Rare codes (a small
 * region, a city) are still built on first use.
 *
 * @example
 * ```ts ignore
 * warmClubBits(store); // clubBits(store, "type", golf) is then a memo hit
 * ```
 */
export function warmClubBits(store: ClubStore): void {
  const memo = bitsMemo(store);
  const idx = keyIndex(store);
  const least = Math.max(1, Math.ceil(idx.size * WARM_SHARE));
  for (const column of WARM_COLUMNS) {
    const data = idx.column(column);
    const counts = new Uint32Array(idx.codes(column).values.length);
    for (let i = 0; i < data.length; i++) counts[data[i]!]!++;
    const sets: (Uint32Array | null)[] = [];
    counts.forEach((n, c) => {
      const known = memo.get(codeKey(column, c));
      sets[c] = n >= least && known === undefined
        ? new Uint32Array((data.length + 31) >>> 5)
        : null;
    });
    for (let i = 0; i < data.length; i++) {
      const set = sets[data[i]!];
      if (set) set[i >>> 5]! |= 1 << (i & 31);
    }
    sets.forEach((set, c) => set && memo.set(codeKey(column, c), set));
  }
}

/**
 * Which type codes a `type` filter key matches (its type and group members).
 *
 * @example
 * ```ts ignore
 * const mask = typeMask(store, "golf"); // 1 for golf and country_club
 * ```
 */
export function typeMask(store: ClubStore, key: string): Uint8Array {
  return store.memo<string, Uint8Array>("search.type_masks", TYPE_MASKS_BYTES, {
    weigh: (mask, key) => approxBytes(mask) + 2 * key.length,
  }).use(key, () => {
    const types = keyIndex(store).types;
    const m = new Uint8Array(types.values.length);
    types.values.forEach((t, c) => {
      if (t !== null && typeKeysOf(t).includes(key)) m[c] = 1;
    });
    return m;
  });
}
