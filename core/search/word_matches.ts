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
import { type WordHits, wordHits, type WordIndex, wordIndex } from "./words.ts";

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
  readonly #size: number;
  #hit: Uint8Array | null = null;
  /** Called once `hit` is built, so the memo keeping this weighs it again. */
  #grown: (() => void) | null = null;

  constructor(list: Int32Array, typos: Uint8Array, size: number) {
    this.list = list;
    this.typos = typos;
    this.#size = size;
  }

  /** Asks to be told when {@link hit} is built (and so {@link bytes} grows). */
  onGrow(grown: () => void): this {
    this.#grown = grown;
    return this;
  }

  /** Per club of the snapshot: 0 when it does not match, else 1 + its typos (built on first use). */
  get hit(): Uint8Array {
    if (!this.#hit) {
      this.#hit = new Uint8Array(this.#size);
      for (let j = 0; j < this.list.length; j++) this.#hit[this.list[j]!] = 1 + this.typos[j]!;
      this.#grown?.();
    }
    return this.#hit;
  }

  /** Bytes held, for the memo's budget: `hit` counts once it is built (see {@link wordMatches}). */
  get bytes(): number {
    return approxBytes(this.list) + approxBytes(this.typos) +
      (this.#hit ? approxBytes(this.#hit) : 0);
  }
}

/** Scratch of {@link wordMatches}, one byte per club, all zero between calls. */
let scratch = new Uint8Array(0);

/**
 * The clubs whose names hold every word (in any order) as `mode` matches
 * it. The rarest word gives the candidates; each other word keeps those its
 * clubs include. Work is proportional to the words' lists of clubs, never to
 * the whole snapshot. Kept per snapshot, mode and words.
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
  // A kept entry that builds its `hit` (one byte per club) is weighed again.
  const reweigh = (m: WordMatches) => () => {
    if (memo.get(key) === m) memo.set(key, m);
  };
  return memo.use(key, () => {
    const index = wordIndex(store);
    const size = index.starts.length - 1;
    const hits = distinct.map((w) => wordHits(store, w, mode, w === lastWord));
    const postings = (h: WordHits) => h.ids.reduce((n, w) => n + index.docs(w), 0);
    const order = hits.map((h) => ({ h, n: postings(h) })).sort((a, b) => a.n - b.n);
    if (!order.length || order[0]!.n === 0) {
      const none = new WordMatches(new Int32Array(0), new Uint8Array(0), size);
      return none.onGrow(reweigh(none));
    }
    if (scratch.length < size) scratch = new Uint8Array(size);
    // Marks each club of a word's lists with 1 + its fewest typos; `clear` undoes it.
    const mark = ({ ids, typos }: WordHits) => {
      for (let k = 0; k < ids.length; k++) {
        for (let p = index.first[ids[k]!]!; p < index.first[ids[k]! + 1]!; p++) {
          const c = index.clubs[p]!;
          if (!scratch[c]) scratch[c] = 1 + typos[k]!;
        }
      }
    };
    const clear = ({ ids }: WordHits) => {
      for (const w of ids) {
        for (let p = index.first[w]!; p < index.first[w + 1]!; p++) scratch[index.clubs[p]!] = 0;
      }
    };
    // Candidates: the rarest word's clubs, in rank order.
    const rarest = order[0]!.h;
    mark(rarest);
    let list = new Int32Array(order[0]!.n);
    let n = 0;
    for (const w of rarest.ids) {
      for (let p = index.first[w]!; p < index.first[w + 1]!; p++) {
        const c = index.clubs[p]!;
        if (scratch[c]) list[n++] = c;
        // Each club once, whatever the number of its words the query word matches.
        if (rarest.ids.length > 1) scratch[c] = 0;
      }
    }
    if (rarest.ids.length > 1) {
      mark(rarest); // marks were spent above to drop repeats; set them again for typos
      list = list.slice(0, n).sort();
    }
    list = list.slice(0, n);
    // A plain loop: `Uint8Array.from` with a mapping function costs far more.
    let typos = new Uint8Array(n);
    for (let j = 0; j < n; j++) typos[j] = scratch[list[j]!]! - 1;
    clear(rarest);
    for (let i = 1; i < order.length && list.length; i++) {
      const { h } = order[i]!;
      mark(h);
      const keep = new Int32Array(list.length);
      const keepTypos = new Uint8Array(list.length);
      let m = 0;
      for (let j = 0; j < list.length; j++) {
        const t = scratch[list[j]!]!;
        if (!t) continue;
        keep[m] = list[j]!;
        keepTypos[m++] = Math.min(254, typos[j]! + t - 1);
      }
      clear(h);
      list = keep.slice(0, m);
      typos = keepTypos.slice(0, m);
    }
    const found = new WordMatches(list, typos, size);
    return found.onGrow(reweigh(found));
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
