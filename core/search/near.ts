/**
 * A deletion index over a list of values (words of names, cities, place
 * names): which values are within a few edits of a text, found without
 * comparing the text with every value.
 *
 * Every value is indexed under each string obtained by deleting up to
 * {@link MAX_EDITS} of its characters (its "deletions", itself included).
 * Two strings within `k` edits (insertions, deletions, substitutions, swaps
 * of neighbours; see {@link editDistance}) share a deletion of at most `k`
 * characters of each, so the values sharing a deletion with the text are a
 * superset of the close ones: each is then checked with
 * {@link editDistance}, and the answer is exactly what comparing with every
 * value would give. Deletions are held as 32-bit hashes in one flat table
 * (a collision only adds a candidate to check), so the index is a few
 * typed arrays: about 1.3 MB for the bundled directory's words, cities and
 * places together.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { NearIndex } from "./near.ts";
 * const index = new NearIndex(["royal", "loyal", "rural", "oak"]);
 * assert.deepStrictEqual(index.within("royl", 1), [0]); // "loyal" is two edits away
 * assert.deepStrictEqual(index.within("royl", 2), [0, 1]);
 * ```
 * @module
 */

/**
 * Edits (insertions, deletions, substitutions, swaps of neighbours) between
 * `a` and `b`, or between `a` and the closest start of `b` when `prefix`;
 * any answer above `max` is `max + 1`, found without finishing the table.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { editDistance } from "./near.ts";
 * assert.deepStrictEqual(editDistance("royl", "royal", 2), 1);
 * editDistance("aberdene", "aberdeen", 2); // 1 (a swap)
 * assert.deepStrictEqual(editDistance("aber", "aberdeen", 2, true), 0);
 * ```
 */
export function editDistance(a: string, b: string, max: number, prefix = false): number {
  const m = a.length;
  // A start of `b` longer than `a` by more than `max` is farther than the bound.
  const n = prefix ? Math.min(b.length, m + max) : b.length;
  if (!prefix && Math.abs(m - n) > max) return max + 1;
  const w = n + 1;
  if (rows.length < 3 * w) rows = new Int32Array(6 * w);
  // Three rows of the table in one scratch buffer: two back (for swaps), previous, current.
  let back = 0;
  let prev = w;
  let cur = 2 * w;
  for (let j = 0; j <= n; j++) rows[prev + j] = j;
  for (let i = 1; i <= m; i++) {
    const ai = a.charCodeAt(i - 1);
    const before = i > 1 ? a.charCodeAt(i - 2) : -1;
    rows[cur] = i;
    let low = i;
    let left = i;
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      const up = rows[prev + j]! + 1;
      const diagonal = rows[prev + j - 1]! + (ai === bj ? 0 : 1);
      let d = left + 1 < up ? left + 1 : up;
      if (diagonal < d) d = diagonal;
      if (j > 1 && before === bj && ai === b.charCodeAt(j - 2)) {
        const swap = rows[back + j - 2]! + 1;
        if (swap < d) d = swap;
      }
      rows[cur + j] = left = d;
      if (d < low) low = d;
    }
    if (low > max) return max + 1;
    const spent = back;
    back = prev;
    prev = cur;
    cur = spent;
  }
  let d = rows[prev + n]!;
  if (prefix) { for (let j = 0; j < n; j++) d = Math.min(d, rows[prev + j]!); }
  return Math.min(d, max + 1);
}

/** Scratch rows of {@link editDistance}, grown as needed: no allocation per call. */
let rows = new Int32Array(3 * 64);

/** Edits the index can find (the most any search forgives). */
export const MAX_EDITS = 2;

const FNV_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Scratch of {@link deletionHashes}: FNV-1a states of the prefixes of a text, then the hashes. */
let prefixes = new Int32Array(64);
let hashes = new Uint32Array(256);

/**
 * Fills `hashes` with the FNV-1a hash of every deletion of up to `edits`
 * UTF-16 units of `text` (itself included) and returns how many; a deletion
 * reached twice ("aa" minus either "a") may be listed twice. A deletion's
 * hash continues the hash of the prefix before its first deleted unit, so
 * nothing is allocated and no callback runs per deletion.
 */
function deletionHashes(text: string, edits: number): number {
  const n = text.length;
  const most = 1 + n + (n * (n - 1)) / 2;
  if (hashes.length < most) hashes = new Uint32Array(2 * most);
  if (prefixes.length < n + 1) prefixes = new Int32Array(2 * (n + 1));
  let h = FNV_BASIS;
  prefixes[0] = h;
  for (let i = 0; i < n; i++) prefixes[i + 1] = h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  let count = 0;
  hashes[count++] = h >>> 0;
  if (edits < 1) return count;
  for (let i = 0; i < n; i++) {
    // Deleting one of a run of equal units gives the same string: once per run.
    if (i > 0 && text.charCodeAt(i) === text.charCodeAt(i - 1)) continue;
    let one = prefixes[i]!;
    for (let k = i + 1; k < n; k++) one = Math.imul(one ^ text.charCodeAt(k), FNV_PRIME);
    hashes[count++] = one >>> 0;
    if (edits < 2) continue;
    // `mid`: the prefix before `j` without unit `i`.
    let mid = prefixes[i]!;
    for (let j = i + 1; j < n; j++) {
      if (j > i + 1) mid = Math.imul(mid ^ text.charCodeAt(j - 1), FNV_PRIME);
      if (j > i + 1 && text.charCodeAt(j) === text.charCodeAt(j - 1)) continue;
      let two = mid;
      for (let k = j + 1; k < n; k++) two = Math.imul(two ^ text.charCodeAt(k), FNV_PRIME);
      hashes[count++] = two >>> 0;
    }
  }
  return count;
}

/**
 * The letters a text holds, as bits (a–z, then every other unit folded
 * onto six more bits). Each letter of `a` that `b` lacks costs at least one
 * edit, so `popcount(letters(a) & ~letters(b))` bounds their distance from
 * below.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { letterMask } from "./near.ts";
 * assert.deepStrictEqual(letterMask("abc") === 0b111, true);
 * ```
 */
export function letterMask(text: string): number {
  let m = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    m |= 1 << (c >= 97 && c <= 122 ? c - 97 : 26 + (c % 6));
  }
  return m >>> 0;
}

/**
 * Bits set in a 32-bit number.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { popcount } from "./near.ts";
 * assert.deepStrictEqual(popcount(0b1011), 3);
 * ```
 */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Candidates marked during one query (an epoch per query: no clearing), and their list. */
let marks = new Uint32Array(0);
let epoch = 0;
let found = new Int32Array(256);

/** Values within a few edits of a text; see the module doc. */
export class NearIndex {
  /** The values, as given: an answer is a position in this list. */
  readonly values: readonly string[];
  /** Table slot `s` lists the values of `#ids[#starts[s]]` to `#ids[#starts[s + 1] - 1]`. */
  readonly #starts: Int32Array;
  readonly #ids: Int32Array;
  readonly #mask: number;
  /** Positions of the values in code-unit order, for prefixes. */
  readonly #sorted: Int32Array;
  /** Each value's {@link letterMask}: most candidates too far apart fail it without a table. */
  readonly #letters: Uint32Array;

  constructor(values: readonly string[]) {
    this.values = values;
    let total = 0;
    for (const v of values) total += deletionHashes(v, MAX_EDITS);
    // About one slot per deletion: few collisions, 4 bytes a slot.
    const slots = 2 ** Math.max(4, Math.ceil(Math.log2(Math.max(1, total))));
    const mask = this.#mask = slots - 1;
    const starts = new Int32Array(slots + 1);
    // A value listed twice in a slot is harmless (candidates are marked once).
    for (const v of values) {
      const n = deletionHashes(v, MAX_EDITS);
      for (let k = 0; k < n; k++) starts[(hashes[k]! & mask) + 1]!++;
    }
    for (let s = 0; s < slots; s++) starts[s + 1]! += starts[s]!;
    const fill = starts.slice(0, slots);
    const ids = new Int32Array(total);
    values.forEach((v, id) => {
      const n = deletionHashes(v, MAX_EDITS);
      for (let k = 0; k < n; k++) ids[fill[hashes[k]! & mask]!++] = id;
    });
    this.#starts = starts;
    this.#ids = ids;
    this.#letters = Uint32Array.from(values, letterMask);
    this.#sorted = Int32Array.from(values.keys()).sort((a, b) =>
      values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : a - b
    );
  }

  /** Bytes held, for a memo's budget (the values themselves are the caller's). */
  get bytes(): number {
    return this.#starts.byteLength + this.#ids.byteLength + this.#sorted.byteLength +
      this.#letters.byteLength;
  }

  /**
   * Positions of the values within `max` edits of `text` (at most
   * {@link MAX_EDITS}), in ascending order, `text` itself included.
   */
  within(text: string, max: number): number[] {
    return this.near(text, max).filter(([, d]) => d <= max).map(([id]) => id);
  }

  /**
   * `[position, edits]` of each value within `max` edits of `text` (any
   * answer above `max` is left out), ascending by position; `skip` leaves
   * out values whose positions it holds.
   */
  near(text: string, max: number, skip?: ReadonlySet<number>): [number, number][] {
    if (max > MAX_EDITS) throw new RangeError(`NearIndex finds up to ${MAX_EDITS} edits`);
    const values = this.values;
    if (marks.length < values.length) marks = new Uint32Array(values.length);
    if (++epoch === 0xffffffff) (marks.fill(0), epoch = 1);
    const starts = this.#starts;
    const ids = this.#ids;
    const mask = this.#mask;
    const n = deletionHashes(text, max);
    let count = 0;
    for (let k = 0; k < n; k++) {
      const slot = hashes[k]! & mask;
      const to = starts[slot + 1]!;
      for (let p = starts[slot]!; p < to; p++) {
        const id = ids[p]!;
        if (marks[id] === epoch) continue;
        marks[id] = epoch;
        if (count === found.length) {
          const grown = new Int32Array(2 * count);
          grown.set(found);
          found = grown;
        }
        found[count++] = id;
      }
    }
    const ascending = found.subarray(0, count).sort();
    const letters = letterMask(text);
    const out: [number, number][] = [];
    for (let k = 0; k < count; k++) {
      const id = ascending[k]!;
      const value = values[id]!;
      if (Math.abs(value.length - text.length) > max) continue;
      if (popcount(letters & ~this.#letters[id]!) > max) continue;
      if (skip?.has(id)) continue;
      const d = editDistance(text, value, max);
      if (d <= max) out.push([id, d]);
    }
    return out;
  }

  /** Positions of the values that start with `prefix`, ascending. */
  startingWith(prefix: string): number[] {
    const sorted = this.#sorted;
    const values = this.values;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (values[sorted[mid]!]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let k = lo; k < sorted.length && values[sorted[k]!]!.startsWith(prefix); k++) {
      out.push(sorted[k]!);
    }
    return out.sort((a, b) => a - b);
  }
}
