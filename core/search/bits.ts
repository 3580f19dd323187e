/**
 * Sets of clubs as bits (club i is bit `i & 31` of word `i >>> 5`). A filter
 * on one key is a bitset built once per snapshot (see key_index.ts), a query
 * ANDs a few of them, and counting or paging a set costs one pass over
 * `size / 32` words: 1,250 for 40,000 clubs, whatever the filters match.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bitsWhere, countBits, pageOfBits } from "./bits.ts";
 * const set = bitsWhere(100, (i) => [1, 5, 40, 70].includes(i));
 * assert.deepStrictEqual(countBits(set), 4);
 * assert.deepStrictEqual(pageOfBits(set, 1, 2), [5, 40]);
 * ```
 * @module
 */

/** Words of a bitset for `size` clubs. */
function wordsFor(size: number): number {
  return (size + 31) >>> 5;
}

/**
 * The bitset of the clubs `0…size-1` that pass `test`, found in one pass.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bitsWhere, hasBit } from "./bits.ts";
 * assert.deepStrictEqual(hasBit(bitsWhere(10, (i) => i % 3 === 0), 3), true);
 * ```
 */
export function bitsWhere(size: number, test: (i: number) => boolean): Uint32Array {
  const set = new Uint32Array(wordsFor(size));
  // Bits set through a byte view (the same layout on little-endian machines):
  // byte values stay small integers, where 32-bit words would box numbers
  // above 2^30 on every store until the loop is optimised.
  const bytes = new Uint8Array(set.buffer);
  for (let i = 0; i < size; i++) if (test(i)) bytes[i >>> 3]! |= 1 << (i & 7);
  return set;
}

/**
 * Whether club `i` is in the set.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bitsWhere, hasBit } from "./bits.ts";
 * assert.deepStrictEqual(hasBit(bitsWhere(64, (i) => [33].includes(i)), 32), false);
 * ```
 */
export function hasBit(set: Uint32Array, i: number): boolean {
  return (set[i >>> 5]! & (1 << (i & 31))) !== 0;
}

/**
 * Set bits of one 32-bit word (SWAR popcount).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { popcount } from "./bits.ts";
 * assert.equal(popcount(0b1011), 3);
 * assert.equal(popcount(-1), 32);
 * ```
 */
export function popcount(word: number): number {
  word -= (word >>> 1) & 0x55555555;
  word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
  return Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * How many clubs the set holds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bitsWhere, countBits } from "./bits.ts";
 * assert.deepStrictEqual(countBits(bitsWhere(40, (i) => [0, 31, 32].includes(i))), 3);
 * ```
 */
export function countBits(set: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < set.length; w++) if (set[w]) n += popcount(set[w]!);
  return n;
}

/** A set of clubs with how many it holds. */
export interface CountedBits {
  set: Uint32Array;
  count: number;
}

/**
 * Counts of sets that are kept (the key filters' sets live as long as their
 * snapshot's memo keeps them): a set counted once is not counted again.
 */
const counts = new WeakMap<Uint32Array, number>();

/**
 * The intersection of the sets (all of one size) and its {@link countBits},
 * in one pass over the words (the last AND counts as it goes); null for no
 * sets (no filter: every club). A lone set comes back as it is (so the
 * result is never to be written), its count computed once and remembered.
 * Two or more are ANDed into `into` when given (a scratch set of the same
 * size, which may be the first set: then the AND is made in place), else
 * into a new set.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bitsWhere, intersectCounted } from "./bits.ts";
 * const a = bitsWhere(8, (i) => [1, 2, 5].includes(i));
 * const b = bitsWhere(8, (i) => [2, 5, 7].includes(i));
 * assert.deepStrictEqual(intersectCounted([a, b])!.count, 2);
 * assert.deepStrictEqual(intersectCounted([a])!.set, a);
 * const scratch = new Uint32Array(a.length);
 * assert.equal(intersectCounted([a, b], scratch)!.set, scratch);
 * assert.deepStrictEqual(intersectCounted([scratch, a], scratch)!.count, 2);
 * ```
 */
export function intersectCounted(
  sets: readonly Uint32Array[],
  into?: Uint32Array,
): CountedBits | null {
  if (sets.length === 0) return null;
  if (sets.length === 1) {
    const set = sets[0]!;
    let count = counts.get(set);
    if (count === undefined) counts.set(set, count = countBits(set));
    return { set, count };
  }
  const first = sets[0]!;
  const out = into ?? new Uint32Array(first.length);
  if (out.length !== first.length) throw new RangeError("sets of different sizes");
  // The words ANDed so far: the first set's until the first AND is written.
  let sofar = first;
  for (let s = 1; s < sets.length - 1; s++) {
    const other = sets[s]!;
    for (let w = 0; w < out.length; w++) out[w] = sofar[w]! & other[w]!;
    sofar = out;
  }
  const last = sets[sets.length - 1]!;
  let count = 0;
  for (let w = 0; w < out.length; w++) {
    const word = sofar[w]! & last[w]!;
    out[w] = word;
    if (word !== 0) count += popcount(word);
  }
  return { set: out, count };
}

/**
 * The clubs of the set in ascending order from the `offset`-th (0-based),
 * at most `limit` of them: whole words are skipped by their counts. Given
 * the set's `count`, a page in its second half is found from the end, so
 * no page walks more than half the words.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bitsWhere, pageOfBits } from "./bits.ts";
 * const set = bitsWhere(10, (i) => [2, 4, 6, 8].includes(i));
 * assert.deepStrictEqual(pageOfBits(set, 2, 5), [6, 8]);
 * assert.deepStrictEqual(pageOfBits(set, 2, 1, 4), [6]);
 * ```
 */
export function pageOfBits(
  set: Uint32Array,
  offset: number,
  limit: number,
  count?: number,
): number[] {
  if (count !== undefined && offset > count - offset - limit) {
    return lastPageOfBits(set, offset, limit, count);
  }
  const out: number[] = [];
  let skip = offset;
  for (let w = 0; w < set.length && out.length < limit; w++) {
    let word = set[w]!;
    if (word === 0) continue;
    if (skip > 0) {
      const n = popcount(word);
      if (n <= skip) {
        skip -= n;
        continue;
      }
    }
    while (word !== 0 && out.length < limit) {
      const low = word & -word;
      word ^= low;
      if (skip > 0) skip--;
      else out.push((w << 5) | (31 - Math.clz32(low)));
    }
  }
  return out;
}

/** {@link pageOfBits} walked from the last word down: the clubs after the page are skipped. */
function lastPageOfBits(set: Uint32Array, offset: number, limit: number, count: number): number[] {
  const end = Math.min(count, offset + limit);
  const want = end - offset;
  if (want <= 0) return [];
  const out: number[] = [];
  let skip = count - end;
  for (let w = set.length - 1; w >= 0 && out.length < want; w--) {
    let word = set[w]!;
    if (word === 0) continue;
    if (skip > 0) {
      const n = popcount(word);
      if (n <= skip) {
        skip -= n;
        continue;
      }
    }
    while (word !== 0 && out.length < want) {
      const bit = 31 - Math.clz32(word);
      word ^= 1 << bit;
      if (skip > 0) skip--;
      else out.push((w << 5) | bit);
    }
  }
  return out.reverse();
}

/**
 * Calls `visit` with each club of the set in ascending order until it
 * returns false.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bitsWhere, eachBit } from "./bits.ts";
 * const seen: number[] = [];
 * eachBit(bitsWhere(16, (i) => [9, 3].includes(i)), (i) => (seen.push(i), true));
 * assert.deepStrictEqual(seen, [3, 9]);
 * ```
 */
export function eachBit(set: Uint32Array, visit: (i: number) => boolean): void {
  for (let w = 0; w < set.length; w++) {
    let word = set[w]!;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      if (!visit((w << 5) | (31 - Math.clz32(low)))) return;
    }
  }
}
