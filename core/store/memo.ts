/**
 * The per-snapshot memo: every cache that is valid for one snapshot only
 * (search totals, name matches, resolved places, the key index, counts,
 * response bodies) is a named {@link Memo} on its {@link Memos}, so it goes
 * away with its snapshot and is bounded by bytes. The budgets of all the
 * memos of a snapshot together never exceed {@link MEMO_BUDGET_BYTES}:
 * declaring one that would is a bug, reported when it is declared. The
 * `results` memos (answers to requests) also share one budget,
 * {@link RESULTS_BUDGET_BYTES}: together they hold no more than that,
 * whatever each may hold alone.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Memos } from "./memo.ts";
 * const memos = new Memos();
 * const totals = memos.memo<string, number>("search.totals", 1024 * 1024);
 * let computed = 0;
 * assert.equal(totals.use("golf", () => (computed++, 13)), 13);
 * assert.equal(totals.use("golf", () => (computed++, 13)), 13);
 * assert.equal(computed, 1); // computed once, then kept while it fits
 * ```
 * @module
 */
import { Doorkeeper } from "./doorkeeper.ts";
import { Lru, SharedWeight } from "./lru.ts";

/**
 * What the memos of one snapshot may hold together, in bytes (estimated:
 * see {@link approxBytes}). A server worker holds one snapshot at a time.
 */
export const MEMO_BUDGET_BYTES = 64 * 1024 * 1024;

/**
 * What the memos of a snapshot may hold on top of {@link MEMO_BUDGET_BYTES}
 * per club: the search structures built from the snapshot (key columns,
 * folded names, word and trigram indexes, filter bitsets) grow with it, and
 * a structure that does not fit its budget is rebuilt on every search.
 * core/search declares each structure's budget as a floor or so many bytes
 * per club, whichever is more; those per-club shares add up to this.
 */
export const MEMO_BYTES_PER_CLUB = 256;

/**
 * What the memos of the snapshot history (core/history) and of the feeds
 * may hold on top, apart from the history's structures: their matches and
 * pages (results, within the shared results budget) and the snapshots' list.
 */
export const HISTORY_MEMOS_BYTES = 8 * 1024 * 1024;

/**
 * The total budget of the memos of a snapshot of `clubs` clubs whose
 * history records `historyBytes` of changes (`history_snapshots.bytes`, at
 * most `import --history-bytes`): the history's index and its latest marks
 * take at most half and a quarter of that (core/history/read.ts), so a
 * longer history kept by the operator's choice never squeezes the search's
 * memos out of their budget.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HISTORY_MEMOS_BYTES, MEMO_BUDGET_BYTES, memoBudgetBytes } from "./memo.ts";
 * assert.equal(memoBudgetBytes(0), MEMO_BUDGET_BYTES + HISTORY_MEMOS_BYTES);
 * assert.equal(memoBudgetBytes(0, 1000), MEMO_BUDGET_BYTES + HISTORY_MEMOS_BYTES + 1000);
 * ```
 */
export function memoBudgetBytes(clubs: number, historyBytes = 0): number {
  return MEMO_BUDGET_BYTES + clubs * MEMO_BYTES_PER_CLUB + HISTORY_MEMOS_BYTES + historyBytes;
}

/**
 * What the `results` memos of one snapshot hold together, in bytes (as
 * weighed): each keeps within its own budget, and all of them within this
 * one, the least recently used entry of any of them going first. Their own
 * budgets add up to about three times as much (API, MCP and website
 * together), so whichever surfaces are busy get the room the others leave,
 * and the total stays bounded however the traffic is spread. The API's
 * distinct mixed load keeps about 3 MB in them (so this costs it nothing);
 * the soak's fuzzed API and MCP traffic would keep about 10 MB, and at 6 MiB
 * its RSS levels off under 200 MB.
 */
export const RESULTS_BUDGET_BYTES = 6 * 1024 * 1024;

/** Bytes counted per entry on top of its key and value (map entry, object headers). */
const ENTRY_BYTES = 64;

/**
 * Bytes a typed array costs besides its elements: the view, its
 * `ArrayBuffer` and the buffer's native record and allocation (measured
 * under the soak: a memo of small typed arrays weighed by `byteLength`
 * alone held about four times its weight).
 */
export const TYPED_ARRAY_BYTES = 240;

/**
 * A rough size in bytes of a plain value: strings at two bytes per code
 * unit (V8 may store them in one), typed arrays by their elements plus
 * {@link TYPED_ARRAY_BYTES}, arrays and plain objects by their contents.
 * Good enough to bound memory, not exact.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { approxBytes } from "./memo.ts";
 * assert.equal(approxBytes("abc"), 22);
 * assert.equal(approxBytes(new Int32Array(10)), 280);
 * ```
 */
export function approxBytes(value: unknown): number {
  if (typeof value === "string") return 16 + 2 * value.length;
  if (value === null || typeof value !== "object") return 8;
  if (ArrayBuffer.isView(value)) return TYPED_ARRAY_BYTES + value.byteLength;
  let n = 16;
  if (Array.isArray(value)) {
    for (const v of value) n += 8 + approxBytes(v);
    return n;
  }
  for (const [k, v] of Object.entries(value)) n += approxBytes(k) + approxBytes(v);
  return n;
}

/** What one memo holds and how it has been used, for metrics, tests and diagnostics. */
export interface MemoStats {
  /** Bytes it may hold. */
  budget: number;
  /** Entries kept. */
  size: number;
  /** Bytes held (as weighed). */
  bytes: number;
  /** Lookups that found a value kept ({@link Memo.get}, {@link Memo.use}). */
  hits: number;
  /** Lookups that did not. */
  misses: number;
  /** Entries evicted to keep within a budget. */
  evictions: number;
}

/** What a memo keeps: results of requests, or structures built from the snapshot alone. */
export type MemoKind = "results" | "structure";

/** Options of {@link Memos.memo}. */
export interface MemoOptions<K, V> {
  /** Bytes of one entry, key included (default {@link approxBytes} of both). */
  weigh?: (value: V, key: K) => number;
  /**
   * `structure` (the key index, counts) survives {@link Memos.clear}, which
   * benchmarks call to measure the uncached engine; default `results`.
   */
  kind?: MemoKind;
  /**
   * `second` keeps a value only when its key is asked for the second time
   * (while the key is remembered, as a fingerprint: see doorkeeper.ts): a
   * stream of one-off keys then computes its values without churning the
   * memo, and so without filling the old generation of the heap with
   * evicted values or remembered keys. Default `first`.
   */
  admit?: "first" | "second";
}

/**
 * Bytes of a `second` memo's budget per key it remembers as seen once
 * (1,024 keys for 2 MiB): about as many keys as come by while a kept value
 * lives, since a key that comes back later would find its value evicted.
 */
const BYTES_PER_SEEN_KEY = 2048;

/**
 * One named cache of a snapshot: a least-recently-used map bounded by the
 * bytes of its entries. A value heavier than the whole budget is computed
 * but not kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Memo } from "./memo.ts";
 * const m = new Memo<string, number>(1024);
 * assert.equal(m.use("a", () => 1), 1);
 * assert.equal(m.get("a"), 1);
 * ```
 */
export class Memo<K, V> {
  readonly budget: number;
  readonly kind: MemoKind;
  readonly #lru: Lru<K, V>;
  /** Keys asked for once, for `admit: "second"`; null when every value is kept. */
  readonly #seen: Doorkeeper | null;
  /** Lookups that found a value, and that did not (plain increments: metrics read them). */
  hits = 0;
  misses = 0;

  /**
   * @param budgetBytes What it may hold.
   * @param shared A budget it shares with other memos (see {@link Memos}).
   */
  constructor(
    budgetBytes: number,
    options: MemoOptions<K, V> = {},
    shared: SharedWeight | null = null,
  ) {
    const weigh = options.weigh ?? ((v: V, k: K) => approxBytes(k) + approxBytes(v));
    this.budget = budgetBytes;
    this.kind = options.kind ?? "results";
    this.#seen = options.admit === "second"
      ? new Doorkeeper(Math.max(1, Math.floor(budgetBytes / BYTES_PER_SEEN_KEY)))
      : null;
    const lruBytes = budgetBytes - (this.#seen?.bytes ?? 0);
    this.#lru = new Lru<K, V>(lruBytes, (v, k) => ENTRY_BYTES + weigh(v, k), shared);
  }

  /** The value kept for `key`, or undefined. */
  get(key: K): V | undefined {
    const v = this.#lru.get(key);
    if (v === undefined) this.misses++;
    else this.hits++;
    return v;
  }

  /** Keeps a value (evicting the least recently used beyond the budget). */
  set(key: K, value: V): void {
    this.#lru.set(key, value);
  }

  /**
   * The value for `key`: kept, or made now and kept (for `admit: "second"`,
   * when the key comes back). `keep` turns a value made now into the form
   * the memo keeps (e.g. a body held in a reused buffer into its own
   * string); a value not kept is returned as made.
   */
  use(key: K, make: () => V, keep?: (made: V) => V): V {
    let v = this.#lru.get(key);
    if (v !== undefined) this.hits++;
    else {
      this.misses++;
      v = make();
      if (this.#seen === null || this.#seen.admit(key as string | number)) {
        if (keep) v = keep(v);
        this.#lru.set(key, v);
      }
    }
    return v;
  }

  /** Forgets every entry. */
  clear(): void {
    this.#lru.clear();
    this.#seen?.clear();
  }

  /** Number of entries kept. */
  get size(): number {
    return this.#lru.size;
  }

  /** Bytes held (as weighed), remembered keys included. */
  get bytes(): number {
    return this.#lru.weight + (this.#seen?.bytes ?? 0);
  }

  /** Entries evicted to keep within its budget or the shared one. */
  get evictions(): number {
    return this.#lru.evictions;
  }
}

/**
 * The memos of one snapshot, by name. Asking twice for a name gives the
 * same memo; the budgets of all names together stay within
 * {@link MEMO_BUDGET_BYTES}, and what the `results` memos hold together
 * within {@link RESULTS_BUDGET_BYTES}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Memos } from "./memo.ts";
 * const memos = new Memos();
 * assert.equal(memos.memo("a", 1024), memos.memo("a", 1024));
 * ```
 */
export class Memos {
  readonly #memos = new Map<string, Memo<unknown, unknown>>();
  readonly #total: number;
  readonly #results: SharedWeight;
  #declared = 0;

  /**
   * @param totalBytes What the budgets of all the memos may add up to.
   * @param resultsBytes What the `results` memos may hold together.
   */
  constructor(
    totalBytes: number = MEMO_BUDGET_BYTES,
    resultsBytes: number = RESULTS_BUDGET_BYTES,
  ) {
    this.#total = totalBytes;
    this.#results = new SharedWeight(resultsBytes);
  }

  /**
   * The memo called `name`, declared with its budget on first use. Throws
   * (a programming error) when the name was declared with another budget or
   * the budgets together would exceed the total.
   */
  memo<K, V>(name: string, budgetBytes: number, options: MemoOptions<K, V> = {}): Memo<K, V> {
    const known = this.#memos.get(name);
    if (known) {
      if (known.budget !== budgetBytes) {
        throw new Error(`memo "${name}" declared with ${known.budget} and ${budgetBytes} bytes`);
      }
      return known as Memo<K, V>;
    }
    if (this.#declared + budgetBytes > this.#total) {
      throw new Error(
        `memo "${name}" (${budgetBytes} bytes) would take the memos past ${this.#total} bytes`,
      );
    }
    const shared = (options.kind ?? "results") === "results" ? this.#results : null;
    const memo = new Memo<K, V>(budgetBytes, options, shared);
    this.#memos.set(name, memo as Memo<unknown, unknown>);
    this.#declared += budgetBytes;
    return memo;
  }

  /** Empties every `results` memo; `structure` memos stay warm. */
  clear(): void {
    for (const m of this.#memos.values()) if (m.kind === "results") m.clear();
  }

  /** Every memo declared so far, by name: budget, entries, bytes held, hits, misses, evictions. */
  stats(): Record<string, MemoStats> {
    return Object.fromEntries(
      [...this.#memos].map((
        [name, m],
      ) => [name, {
        budget: m.budget,
        size: m.size,
        bytes: m.bytes,
        hits: m.hits,
        misses: m.misses,
        evictions: m.evictions,
      }]),
    );
  }

  /** Bytes the `results` memos hold together (as weighed, remembered keys excluded). */
  get resultsBytes(): number {
    return this.#results.weight;
  }

  /** Bytes held by every memo together. */
  get bytes(): number {
    let n = 0;
    for (const m of this.#memos.values()) n += m.bytes;
    return n;
  }
}
