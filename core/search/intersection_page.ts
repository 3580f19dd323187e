/**
 * A page of the clubs in every one of several bitsets (bits.ts); once
 * their count is known, read off their words as they are ANDed, without
 * building the intersection.
 *
 * Why: a search by two or more key filters (`type` and `state`, say) wants
 * one page and the total. The total needs every word of the sets ANDed
 * and counted; once it is known (a later page of the same filters, kept by
 * the caller), the page alone is wanted, and the walk ANDs words only up
 * to it, from whichever end is nearer. At 400,000 clubs a set is 12,500
 * words: measured 24 µs to AND, count and page two sets, 10 µs to walk to
 * the page of two sets with the total known. The walks mirror
 * `pageOfBits`'s (bits.ts) over ANDed words; one walk for one set or more
 * made a single set's page 6–10% slower and this one about 20% (measured
 * at 400,000 clubs), so they stay apart.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bitsWhere } from "./bits.ts";
 * import { pageOfIntersection } from "./intersection_page.ts";
 * const even = bitsWhere(100, (i) => i % 2 === 0);
 * const third = bitsWhere(100, (i) => i % 3 === 0);
 * // 0, 6, 12, 18, 24, … 96: 17 clubs; the page from the 2nd, 3 of them.
 * assert.deepStrictEqual(pageOfIntersection([even, third], 2, 3), { ranks: [12, 18, 24], count: 17 });
 * assert.deepStrictEqual(pageOfIntersection([even, third], 15, 3, 17), { ranks: [90, 96], count: 17 });
 * ```
 * @module
 */

import { intersectCounted, pageOfBits, popcount } from "./bits.ts";

/** The sets of an intersection as its walks read them: the first three by name (a search has at most five). */
interface Sets {
  a: Uint32Array;
  b: Uint32Array;
  c: Uint32Array | null;
  rest: readonly Uint32Array[] | null;
}

function named(sets: readonly Uint32Array[]): Sets {
  return {
    a: sets[0]!,
    b: sets[1]!,
    c: sets[2] ?? null,
    rest: sets.length > 3 ? sets.slice(3) : null,
  };
}

/** Word `w` of the intersection. */
function andAt({ a, b, c, rest }: Sets, w: number): number {
  let word = a[w]! & b[w]!;
  if (c !== null) word &= c[w]!;
  if (rest !== null) { for (let s = 0; s < rest.length; s++) word &= rest[s]![w]!; }
  return word;
}

/** A page of clubs (0-based, ascending) and how many clubs the sets share. */
export interface IntersectionPage {
  ranks: number[];
  count: number;
}

/**
 * The clubs in every one of `sets` (two or more, of one size), ascending,
 * from the `offset`-th (0-based), at most `limit`; and how many clubs they
 * share, which is `count` when given (then the walk stops at the page).
 * Without `count`, the sets are ANDed into `scratch` (a new set if none).
 */
export function pageOfIntersection(
  sets: readonly Uint32Array[],
  offset: number,
  limit: number,
  count?: number,
  scratch?: Uint32Array,
): IntersectionPage {
  if (sets.length < 2) throw new RangeError("an intersection needs two sets or more");
  if (count === undefined) {
    // The count needs every word: one tight pass ANDs and counts them, and
    // the page is then read off the result.
    const counted = intersectCounted(sets, scratch)!;
    return { ranks: pageOfBits(counted.set, offset, limit, counted.count), count: counted.count };
  }
  if (offset >= count || limit <= 0) return { ranks: [], count };
  if (offset > count - offset - limit) {
    return { ranks: fromTheEnd(named(sets), offset, limit, count), count };
  }
  return { ranks: fromTheStart(named(sets), offset, limit), count };
}

/** The page walked from the first word up: the walk stops at its last club. */
function fromTheStart(sets: Sets, offset: number, limit: number): number[] {
  const ranks: number[] = [];
  const words = sets.a.length;
  // Clubs still to pass before the page.
  let skip = offset;
  for (let w = 0; w < words && ranks.length < limit; w++) {
    let word = andAt(sets, w);
    if (word === 0) continue;
    if (skip > 0) {
      const n = popcount(word);
      if (n <= skip) {
        skip -= n;
        continue;
      }
    }
    while (word !== 0 && ranks.length < limit) {
      const low = word & -word;
      word ^= low;
      if (skip > 0) skip--;
      else ranks.push((w << 5) | (31 - Math.clz32(low)));
    }
  }
  return ranks;
}

/** The page walked from the last word down, given the count: the clubs after it are skipped. */
function fromTheEnd(sets: Sets, offset: number, limit: number, count: number): number[] {
  const end = Math.min(count, offset + limit);
  const want = end - offset;
  const ranks: number[] = [];
  // Clubs after the page still to pass.
  let skip = count - end;
  for (let w = sets.a.length - 1; w >= 0 && ranks.length < want; w--) {
    let word = andAt(sets, w);
    if (word === 0) continue;
    if (skip > 0) {
      const n = popcount(word);
      if (n <= skip) {
        skip -= n;
        continue;
      }
    }
    while (word !== 0 && ranks.length < want) {
      const bit = 31 - Math.clz32(word);
      word ^= 1 << bit;
      if (skip > 0) skip--;
      else ranks.push((w << 5) | bit);
    }
  }
  return ranks.reverse();
}
