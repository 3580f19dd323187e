/**
 * The clubs whose names hold every word of a query (`match=words` and
 * `match=fuzzy`, through the word index of words.ts): their list with each
 * club's typos, their count within a filter without a list, and how well a
 * club's name matches (its relevance tier).
 *
 * Work is proportional to the query words' lists of clubs, never to the
 * whole snapshot: the rarest word gives the candidates and each other word
 * keeps those its clubs include.
 *
 * @example
 * ```ts ignore
 * import { wordMatches } from "./word_matches.ts";
 * wordMatches(store, ["aberdeen", "royal"], "words").list; // clubs (0-based) whose name holds both
 * ```
 * @module
 */
import type { MatchMode } from "../model/search_params.ts";
import type { ClubStore } from "../store/store.ts";
import { approxBytes } from "../store/memo.ts";
import { hasBit } from "./bits.ts";
import { wordHits, type WordIndex, wordIndex } from "./words.ts";

/** Budget of the word-match memo (see core/store/memo.ts). */
const WORD_MATCHES_BYTES = 2 * 1024 * 1024;

/**
 * The clubs whose names hold every word of a query.
 *
 * @example
 * ```ts ignore
 * const m = wordMatches(store, ["royal"], "words");
 * m.list.length === m.typos.length; // true
 * ```
 */
export class WordMatches {
  /** Matching clubs (0-based), in rank order. */
  readonly list: Int32Array;
  /** Typos of each club of `list` (fewest over the name's words). */
  readonly typos: Uint8Array;

  constructor(list: Int32Array, typos: Uint8Array) {
    this.list = list;
    this.typos = typos;
  }

  /** Bytes held, for the memo's budget. */
  get bytes(): number {
    return approxBytes(this.list) + approxBytes(this.typos);
  }
}

/**
 * The typos of club `c` in `matches` (a binary search of its list), 0 when
 * it is not there.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { typosOf, WordMatches } from "./word_matches.ts";
 * const m = new WordMatches(Int32Array.of(3, 8, 20), Uint8Array.of(0, 2, 1));
 * assert.deepStrictEqual([typosOf(m, 8), typosOf(m, 20), typosOf(m, 5)], [2, 1, 0]);
 * ```
 */
export function typosOf(matches: WordMatches, c: number): number {
  const { list, typos } = matches;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < c) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo] === c ? typos[lo]! : 0;
}

/** Clubs already taken as candidates during one {@link wordMatches} (an epoch each: no clearing). */
let taken = new Uint32Array(0);
let takenEpoch = 0;

/**
 * The clubs whose names hold every word (in any order) as `mode` matches
 * it. The rarest word (the fewest clubs over the vocabulary words it
 * matches) gives the candidates; each is kept when its own name's words (a
 * few per club) match every other word, so the work is the rarest word's
 * clubs, never the other words' lists or the whole snapshot. Kept per
 * snapshot, mode and words.
 *
 * @example
 * ```ts ignore
 * wordMatches(store, ["st", "andrews"], "words").list.length;
 * ```
 */
export function wordMatches(
  store: ClubStore,
  words: readonly string[],
  mode: MatchMode,
): WordMatches {
  const distinct = [...new Set(words)];
  const lastWord = words.at(-1);
  const memo = store.memo<string, WordMatches>("search.word_matches", WORD_MATCHES_BYTES, {
    weigh: (m, key) => m.bytes + 2 * key.length,
  });
  const key = `${mode}\u0000${distinct.join(" ")}\u0000${lastWord}`;
  return memo.use(key, () => {
    const index = wordIndex(store);
    const { first, clubs, starts, tokens } = index;
    const hits = distinct.map((w) => wordHits(store, w, mode, w === lastWord));
    let rarest = -1;
    let least = Infinity;
    for (let k = 0; k < hits.length; k++) {
      let n = 0;
      for (const w of hits[k]!.ids) n += first[w + 1]! - first[w]!;
      if (n < least) (rarest = k, least = n);
    }
    if (rarest < 0 || least === 0) return new WordMatches(new Int32Array(0), new Uint8Array(0));
    // Per query word but the rarest (unless it forgives typos), 1 + the
    // typos of each vocabulary word it matches (0: not a match): a table the
    // size of the vocabulary, not of the snapshot.
    const checked = hits.map((_, k) => k).filter((k) =>
      k !== rarest || hits[k]!.typos.some((t) => t > 0)
    );
    const typoOf = checked.map((k) => {
      const { ids, typos } = hits[k]!;
      const table = new Uint8Array(index.vocab.length);
      for (let j = ids.length - 1; j >= 0; j--) table[ids[j]!] = 1 + typos[j]!;
      return table;
    });
    // Candidates: the rarest word's clubs, each once, in rank order.
    const ids = hits[rarest]!.ids;
    let candidates: Int32Array;
    if (ids.length === 1) candidates = clubs.subarray(first[ids[0]!]!, first[ids[0]! + 1]!);
    else {
      if (taken.length < starts.length - 1) taken = new Uint32Array(starts.length - 1);
      if (++takenEpoch === 0xffffffff) (taken.fill(0), takenEpoch = 1);
      const all = new Int32Array(least);
      let n = 0;
      for (const w of ids) {
        for (let p = first[w]!; p < first[w + 1]!; p++) {
          const c = clubs[p]!;
          if (taken[c] !== takenEpoch) (taken[c] = takenEpoch, all[n++] = c);
        }
      }
      candidates = all.subarray(0, n).sort();
    }
    // One word without typos: its clubs are the matches.
    if (!typoOf.length) {
      return new WordMatches(candidates.slice(), new Uint8Array(candidates.length));
    }
    const list = new Int32Array(candidates.length);
    const typos = new Uint8Array(candidates.length);
    let m = 0;
    for (let j = 0; j < candidates.length; j++) {
      const c = candidates[j]!;
      let sum = 0;
      let all = true;
      for (let k = 0; k < typoOf.length && all; k++) {
        // The fewest typos over the name's words that match query word k.
        let best = 0;
        const table = typoOf[k]!;
        for (let t = starts[c]!; t < starts[c + 1]!; t++) {
          const x = table[tokens[t]!]!;
          if (x !== 0 && (best === 0 || x < best)) best = x;
        }
        if (best === 0) all = false;
        else sum += best - 1;
      }
      if (!all) continue;
      list[m] = c;
      typos[m++] = Math.min(254, sum);
    }
    return new WordMatches(list.slice(0, m), typos.slice(0, m));
  });
}

/** Per vocabulary word, the distinct query words it matches (bit `k`: word `k`); zero between calls. */
let wordBits = new Uint32Array(0);
/** Clubs counted during one count (an epoch per count: no clearing). */
let counted = new Uint32Array(0);
let countEpoch = 0;

/** Distinct query words {@link countWordMatches} tells apart with one bit each. */
const COUNTED_WORDS = 31;

/**
 * How many clubs {@link wordMatches} would list for `words` in `mode`,
 * among those `filter` holds (every club when null), without building or
 * keeping the list: the rarest word's clubs are the candidates and each is
 * checked against the other words through its own name's words (a few per
 * club), so the work is the rarest word's clubs, not every word's.
 *
 * @example
 * ```ts ignore
 * countWordMatches(store, ["st", "andrews"], "words", null) ===
 *   wordMatches(store, ["st", "andrews"], "words").list.length; // true
 * ```
 */
export function countWordMatches(
  store: ClubStore,
  words: readonly string[],
  mode: MatchMode,
  filter: Uint32Array | null,
): number {
  const distinct = [...new Set(words)];
  const lastWord = words.at(-1);
  if (distinct.length > COUNTED_WORDS) {
    const { list } = wordMatches(store, words, mode);
    if (!filter) return list.length;
    let n = 0;
    for (let j = 0; j < list.length; j++) if (hasBit(filter, list[j]!)) n++;
    return n;
  }
  const index = wordIndex(store);
  const { first, clubs, starts, tokens } = index;
  const hits = distinct.map((w) => wordHits(store, w, mode, w === lastWord).ids);
  let rarest = -1;
  let least = Infinity;
  for (let k = 0; k < hits.length; k++) {
    let n = 0;
    for (const w of hits[k]!) n += first[w + 1]! - first[w]!;
    if (n === 0) return 0;
    if (n < least) (rarest = k, least = n);
  }
  if (rarest < 0) return 0;
  if (wordBits.length < index.vocab.length) wordBits = new Uint32Array(index.vocab.length);
  let need = 0;
  for (let k = 0; k < hits.length; k++) {
    if (k === rarest) continue;
    need |= 1 << k;
    for (const w of hits[k]!) wordBits[w]! |= 1 << k;
  }
  const candidates = hits[rarest]!;
  // A club under two of the rarest word's matches is counted once.
  const once = candidates.length > 1;
  if (once) {
    if (counted.length < starts.length - 1) counted = new Uint32Array(starts.length - 1);
    if (++countEpoch === 0xffffffff) (counted.fill(0), countEpoch = 1);
  }
  let total = 0;
  for (let k = 0; k < candidates.length; k++) {
    const w = candidates[k]!;
    for (let p = first[w]!; p < first[w + 1]!; p++) {
      const c = clubs[p]!;
      if (once) {
        if (counted[c] === countEpoch) continue;
        counted[c] = countEpoch;
      }
      if (filter !== null && (filter[c >>> 5]! & (1 << (c & 31))) === 0) continue;
      if (need !== 0) {
        let got = 0;
        for (let t = starts[c]!; t < starts[c + 1]!; t++) got |= wordBits[tokens[t]!]!;
        if ((got & need) !== need) continue;
      }
      total++;
    }
  }
  for (const ids of hits) for (const w of ids) wordBits[w] = 0;
  return total;
}

/**
 * How well club `c`'s name matches the query's words (in `q` order) for
 * relevance: 0 its words are the query's, 1 it starts with them, 2 they
 * appear in it one after another, 3 otherwise. `sets` holds, per word of
 * `q`, the ids of the vocabulary words it matches.
 *
 * @example
 * ```ts ignore
 * wordTier(index, c, [new Set([index.id("royal")])]); // 1 for "Royal Aberdeen Golf Club"
 * ```
 */
export function wordTier(
  index: WordIndex,
  c: number,
  sets: readonly Set<number>[],
): number {
  const from = index.starts[c]!;
  const to = index.starts[c + 1]!;
  const n = sets.length;
  const at = (p: number) => {
    for (let k = 0; k < n; k++) if (!sets[k]!.has(index.tokens[p + k]!)) return false;
    return true;
  };
  if (n === 0 || to - from < n) return 3;
  if (at(from)) return to - from === n ? 0 : 1;
  for (let p = from + 1; p + n <= to; p++) if (at(p)) return 2;
  return 3;
}
