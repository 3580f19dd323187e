/**
 * The rate limiter's counters: a fixed-size hash table in a
 * `SharedArrayBuffer`, so memory stays bounded however many clients appear,
 * and worker isolates given the same buffer share one exact count per
 * client (a per-isolate `Map` would allow N × the limit with N workers).
 *
 * Layout: buckets of 8 slots, each bucket an Int32 lock word followed by
 * 8 × [hashA, hashB, windowStart, count]. A client's key hashes to 64 bits
 * (two 32-bit FNV-1a variants) and to one bucket; a bucket is locked with
 * `Atomics.compareExchange` for the few instructions of a hit, which makes
 * read-check-increment exact across threads. When a bucket is full, a new
 * client overwrites an expired slot, else the slot with the fewest hits (the
 * oldest on a tie): a flood of one-off addresses churns among itself and
 * never evicts the heavy client the limit is for.
 *
 * Times are whole seconds kept in Int32 and compared by wrap-around
 * subtraction, so the table keeps working past 2038.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RateTable } from "./rate_table.ts";
 * const table = RateTable.create(1024);
 * assert.deepStrictEqual(table.hit("203.0.113.7", 1_000, 60), { count: 1, resetSeconds: 60 });
 * assert.deepStrictEqual(table.hit("203.0.113.7", 1_010, 60), { count: 2, resetSeconds: 50 });
 * ```
 * @module
 */

const SLOTS_PER_BUCKET = 8;
const SLOT_INTS = 4; // hashA, hashB, windowStart, count
const BUCKET_INTS = 1 + SLOTS_PER_BUCKET * SLOT_INTS;
const BUCKET_BYTES = BUCKET_INTS * Int32Array.BYTES_PER_ELEMENT;
/** Compare-exchange attempts before a contended lock sleeps. */
const SPINS = 64;
/** Longest sleep between attempts (ms); bounds the wait for an abandoned lock. */
const WAIT_MS = 50;
/** A lock held this long (ms) was abandoned by a terminated worker. */
const ABANDONED_MS = 1_000;

/** The outcome of one request against a client's window. */
export interface RateHit {
  /** Requests in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (1 to the window length). */
  resetSeconds: number;
}

/** Fixed-size, thread-shared counters of requests per client and window. */
export class RateTable {
  /** The shared memory; post it to workers and wrap it with `new RateTable(buffer)`. */
  readonly buffer: SharedArrayBuffer;
  readonly #ints: Int32Array;
  readonly #mask: number;
  #hashA = 0;
  #hashB = 0;

  /**
   * A new table for at least `capacity` clients (rounded up to a power of
   * two; 65,536 clients take about 1 MB).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { RateTable } from "./rate_table.ts";
   * assert.deepStrictEqual(RateTable.create(100).capacity, 128);
   * ```
   */
  static create(capacity = 65_536): RateTable {
    let buckets = 1;
    while (buckets * SLOTS_PER_BUCKET < capacity) buckets *= 2;
    return new RateTable(new SharedArrayBuffer(buckets * BUCKET_BYTES));
  }

  /** Wraps an existing buffer (one made by {@link RateTable.create}). */
  constructor(buffer: SharedArrayBuffer) {
    const buckets = buffer.byteLength / BUCKET_BYTES;
    if (!Number.isInteger(buckets) || buckets < 1 || (buckets & (buckets - 1)) !== 0) {
      throw new RangeError(
        `Cannot use a rate table of ${buffer.byteLength} bytes: not made by RateTable.create()`,
      );
    }
    this.buffer = buffer;
    this.#ints = new Int32Array(buffer);
    this.#mask = buckets - 1;
  }

  /** How many clients the table tracks at once. */
  get capacity(): number {
    return (this.#mask + 1) * SLOTS_PER_BUCKET;
  }

  /**
   * Counts one request of `key` at `nowSeconds` in a fixed window of
   * `windowSeconds` that starts at the client's first request.
   */
  hit(key: string, nowSeconds: number, windowSeconds: number): RateHit {
    this.#hash(key);
    const a = this.#ints;
    const hashA = this.#hashA;
    const hashB = this.#hashB;
    const now = nowSeconds | 0;
    const lock = ((hashA >>> 0) & this.#mask) * BUCKET_INTS;
    this.#lock(lock);
    try {
      const first = lock + 1;
      let slot = -1;
      let victim = first;
      let victimCount = Infinity;
      let victimAge = -1;
      for (let i = 0; i < SLOTS_PER_BUCKET; i++) {
        const s = first + i * SLOT_INTS;
        const sa = a[s]!;
        const sb = a[s + 1]!;
        if (sa === hashA && sb === hashB) {
          slot = s;
          break;
        }
        const age = (now - a[s + 2]!) | 0;
        const empty = sa === 0 && sb === 0;
        // Empty and expired slots cost nothing to take; else the lightest.
        const count = empty || age >= windowSeconds || age < 0 ? -1 : a[s + 3]!;
        if (count < victimCount || (count === victimCount && age > victimAge)) {
          victim = s;
          victimCount = count;
          victimAge = age;
        }
      }
      if (slot < 0) {
        slot = victim;
        a[slot] = hashA;
        a[slot + 1] = hashB;
        a[slot + 2] = now;
        a[slot + 3] = 0;
      }
      let age = (now - a[slot + 2]!) | 0;
      if (age >= windowSeconds || age < 0) {
        a[slot + 2] = now;
        a[slot + 3] = 0;
        age = 0;
      }
      const count = a[slot + 3]! + 1;
      if (count < 0x7fffffff) a[slot + 3] = count;
      return { count, resetSeconds: windowSeconds - age };
    } finally {
      this.#unlock(lock);
    }
  }

  /** Clients currently tracked (for tests and diagnostics; not locked). */
  occupied(): number {
    const a = this.#ints;
    let n = 0;
    for (let b = 0; b <= this.#mask; b++) {
      for (let i = 0; i < SLOTS_PER_BUCKET; i++) {
        const s = b * BUCKET_INTS + 1 + i * SLOT_INTS;
        if (a[s] !== 0 || a[s + 1] !== 0) n++;
      }
    }
    return n;
  }

  /**
   * A futex-style mutex (Drepper's "mutex 2"): 0 free, 1 locked, 2 locked
   * with waiters. Uncontended it is one compare-exchange; contended it
   * sleeps in `Atomics.wait` instead of spinning, so a holder preempted on a
   * busy machine is never starved by its waiters.
   */
  #lock(index: number): void {
    const a = this.#ints;
    let c = Atomics.compareExchange(a, index, 0, 1);
    if (c === 0) return;
    for (let spins = 0; spins < SPINS; spins++) {
      c = Atomics.compareExchange(a, index, 0, 1);
      if (c === 0) return;
    }
    const started = performance.now();
    if (c !== 2) c = Atomics.exchange(a, index, 2);
    while (c !== 0) {
      Atomics.wait(a, index, 2, WAIT_MS);
      c = Atomics.exchange(a, index, 2);
      // The holder never came back (a worker terminated mid-hit): the lock is ours now.
      if (c !== 0 && performance.now() - started > ABANDONED_MS) return;
    }
  }

  #unlock(index: number): void {
    const a = this.#ints;
    if (Atomics.sub(a, index, 1) !== 1) {
      Atomics.store(a, index, 0);
      Atomics.notify(a, index, 1);
    }
  }

  /** Two independent 32-bit FNV-1a hashes with a murmur finaliser. */
  #hash(key: string): void {
    let a = 0x811c9dc5;
    let b = 0x050c5d1f;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
    }
    a = fmix(a);
    b = fmix(b ^ key.length);
    // 0/0 marks an empty slot.
    if (a === 0 && b === 0) b = 1;
    this.#hashA = a;
    this.#hashB = b;
  }
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
