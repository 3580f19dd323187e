/**
 * A doorkeeper for caches that keep a value only when its key comes back:
 * it remembers the keys it has seen as 32-bit fingerprints in one fixed
 * table, so remembering a key allocates nothing and retains no string.
 *
 * Why not a set of the keys themselves: under a stream of one-off keys
 * (distinct queries), every remembered key lives long enough to be moved to
 * V8's old generation and dies there, so the set alone kept the major
 * garbage collector busy. A fingerprint table has a fixed size whatever the
 * traffic. Two keys that share a slot and a fingerprint are taken for one
 * (about one in four billion per probe): the cost is one value kept that
 * was asked for once.
 *
 * @example
 * ```ts
 * import { Doorkeeper } from "./doorkeeper.ts";
 * import assert from "node:assert";
 * const door = new Doorkeeper(1024);
 * assert.equal(door.admit("type=golf"), false); // first sight: remembered
 * assert.equal(door.admit("type=golf"), true); // seen before: keep its value
 * ```
 * @module
 */

/**
 * FNV-1a over the UTF-16 code units of `text`, mixed by MurmurHash3's
 * finalizer so that keys differing in one character spread over the whole
 * table; never 0 (0 marks an empty slot).
 */
function fingerprint(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) || 1;
}

/** Remembers keys seen once, in a table of fixed size (4 bytes a key). */
export class Doorkeeper {
  readonly #slots: Uint32Array;
  /** 32 minus the table's bits: the slot is the top bits of a mixed fingerprint. */
  readonly #shift: number;

  /** @param keys Keys remembered at most (rounded up to a power of two, at least 16). */
  constructor(keys: number) {
    let bits = 4;
    while (1 << bits < keys && bits < 30) bits++;
    this.#slots = new Uint32Array(1 << bits);
    this.#shift = 32 - bits;
  }

  /** Bytes the table takes. */
  get bytes(): number {
    return this.#slots.byteLength;
  }

  /**
   * Whether `key` was seen since it was last admitted or forgotten: true
   * once it comes back (it is then forgotten, since the caller keeps its
   * value); false the first time (it is then remembered, in place of
   * whatever key shared its slot).
   */
  admit(key: string | number): boolean {
    const print = fingerprint(typeof key === "string" ? key : String(key));
    // The slot is the fingerprint's top bits; the check is all of them.
    const slot = print >>> this.#shift;
    if (this.#slots[slot] === print) {
      this.#slots[slot] = 0;
      return true;
    }
    this.#slots[slot] = print;
    return false;
  }

  /** Forgets every key. */
  clear(): void {
    this.#slots.fill(0);
  }
}
