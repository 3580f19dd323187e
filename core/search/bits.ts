/**
 * Sets of clubs as bits (club i is bit `i & 31` of word `i >>> 5`). A filter
 * on one key is a bitset built once per snapshot (see key_index.ts), a query
 * ANDs a few of them, and counting or paging a set costs one pass over
 * `size / 32` words: 1,250 for 40,000 clubs, whatever the filters match.
 *
 * @example
 * ```ts
 * import { bitsetOf, countBits, pageOfBits } from "./bits.ts";
 * const set = bitsetOf([1, 5, 40, 70], 100);
 * countBits(set); // 4
 * pageOfBits(set, 1, 2); // [5, 40]
 * ```
 * @module
 */

/** Words of a bitset for `size` clubs. */
export function wordsFor(size: number): number {
  return (size + 31) >>> 5;
}

/**
 * The bitset of the given clubs (0-based, each below `size`).
 *
 * @example
 * ```ts
 * import { bitsetOf, hasBit } from "./bits.ts";
 * hasBit(bitsetOf([3], 10), 3); // true
 * ```
 */
export function bitsetOf(clubs: Iterable<number>, size: number): Uint32Array {
  const set = new Uint32Array(wordsFor(size));
  for (const i of clubs) set[i >>> 5]! |= 1 << (i & 31);
  return set;
}

/**
 * Whether club `i` is in the set.
 *
 * @example
 * ```ts
 * import { bitsetOf, hasBit } from "./bits.ts";
 * hasBit(bitsetOf([33], 64), 32); // false
 * ```
 */
export function hasBit(set: Uint32Array, i: number): boolean {
  return (set[i >>> 5]! & (1 << (i & 31))) !== 0;
}

/** Set bits of one 32-bit word (SWAR popcount). */
function popcount(word: number): number {
  word -= (word >>> 1) & 0x55555555;
  word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
  return Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * How many clubs the set holds.
 *
 * @example
 * ```ts
 * import { bitsetOf, countBits } from "./bits.ts";
 * countBits(bitsetOf([0, 31, 32], 40)); // 3
 * ```
 */
export function countBits(set: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < set.length; w++) if (set[w]) n += popcount(set[w]!);
  return n;
}

/**
 * The intersection of the sets (all of one size); null for no sets (no
 * filter: every club). One set is returned as it is, so the result is
 * never to be written.
 *
 * @example
 * ```ts
 * import { bitsetOf, countBits, intersect } from "./bits.ts";
 * countBits(intersect([bitsetOf([1, 2], 8), bitsetOf([2, 3], 8)])!); // 1
 * ```
 */
export function intersect(sets: readonly Uint32Array[]): Uint32Array | null {
  if (sets.length < 2) return sets[0] ?? null;
  const out = sets[0]!.slice();
  for (let s = 1; s < sets.length; s++) {
    const other = sets[s]!;
    for (let w = 0; w < out.length; w++) out[w]! &= other[w]!;
  }
  return out;
}

/**
 * The clubs of the set in ascending order from the `offset`-th (0-based),
 * at most `limit` of them: whole words are skipped by their counts.
 *
 * @example
 * ```ts
 * import { bitsetOf, pageOfBits } from "./bits.ts";
 * pageOfBits(bitsetOf([2, 4, 6, 8], 10), 2, 5); // [6, 8]
 * ```
 */
export function pageOfBits(set: Uint32Array, offset: number, limit: number): number[] {
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

/**
 * Calls `visit` with each club of the set in ascending order until it
 * returns false.
 *
 * @example
 * ```ts
 * import { bitsetOf, eachBit } from "./bits.ts";
 * const seen: number[] = [];
 * eachBit(bitsetOf([9, 3], 16), (i) => (seen.push(i), true)); // seen: [3, 9]
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
