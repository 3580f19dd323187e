/**
 * Word matching (`match=words` and `match=fuzzy`): the words of every name,
 * built at import into `word_index`, held in memory per snapshot as a
 * vocabulary with, per word, the clubs whose name holds it, and, per club,
 * its name's words in order (for relevance).
 *
 * A word is a run of letters and digits of the folded name (case and
 * accents removed; see core/model/fold.ts): "St. Andrew's" has the words
 * `st`, `andrew` and `s`. `words` matches each word of `q` exactly; `fuzzy`
 * also lets the last word be the start of a word and forgives typos (one
 * edit from 5 letters, two from 9, an edit being an insertion, deletion,
 * substitution or swap of neighbours).
 *
 * Work per query is bounded: `q` has at most 200 characters, hence at most
 * 100 words; a word is looked up once per query (and kept in a memo), a
 * typo-tolerant lookup scans the vocabulary (a few thousand words) with a
 * length filter and a distance computation that stops past two edits.
 *
 * @example
 * ```ts ignore
 * import { wordMatches } from "./words.ts";
 * wordMatches(store, ["aberdeen", "royal"], "words").list; // clubs (0-based) whose name holds both
 * ```
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { ONE_TYPO_LETTERS, TWO_TYPOS_LETTERS } from "../model/search_params.ts";
import type { MatchMode } from "../model/search_params.ts";
import type { ClubStore } from "../store/store.ts";
import { approxBytes } from "../store/memo.ts";
import { hasBit } from "./bits.ts";
import { columnValues } from "./key_index.ts";
import { editDistance, letterMask, NearIndex, popcount } from "./near.ts";

const NON_WORD = /[^\p{L}\p{N}]+/u;

/**
 * The words of a folded text, in order: its runs of letters and digits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { queryWords } from "./words.ts";
 * assert.deepStrictEqual(queryWords("st. andrew's golf-club"), ["st", "andrew", "s", "golf", "club"]);
 * ```
 */
export function queryWords(folded: string): string[] {
  return folded.split(NON_WORD).filter((w) => w !== "");
}

/**
 * Typos `fuzzy` forgives in a word of `letters` letters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { typoAllowance } from "./words.ts";
 * assert.deepStrictEqual([typoAllowance(4), typoAllowance(5), typoAllowance(9)], [0, 1, 2]);
 * ```
 */
export function typoAllowance(letters: number): number {
  return letters >= TWO_TYPOS_LETTERS ? 2 : letters >= ONE_TYPO_LETTERS ? 1 : 0;
}

// Edit distance and the letters bound live with the deletion index that relies on them.
export { editDistance, letterMask } from "./near.ts";

/** Reads little-endian 32-bit integers out of a blob (whose bytes may start anywhere). */
function int32s(blob: Uint8Array): Int32Array {
  const out = new Int32Array(blob.byteLength / 4);
  new Uint8Array(out.buffer).set(blob);
  return out;
}

/**
 * Builds `word_index` from the folded names of `club_keys` (in rank order).
 * Runs inside the import, after `club_keys` is filled. The tokens are
 * written `chunk` at a time (default 262,144, 1 MiB; tests use small ones).
 *
 * @example
 * ```ts ignore
 * buildWordIndex(db);
 * ```
 */
export function buildWordIndex(db: DatabaseSync, { chunk: size = TOKEN_CHUNK } = {}): void {
  // Two streamed passes (vocabulary, then tokens): no snapshot-sized arrays of words.
  const names = function* () {
    for (const name of columnValues(db, "name")) yield queryWords(name ?? "");
  };
  const seen = new Set<string>();
  let clubs = 0;
  for (const words of names()) {
    clubs++;
    for (const w of words) seen.add(w);
  }
  const vocab = [...seen].sort();
  const ids = new Map(vocab.map((w, i) => [w, i]));
  const put = db.prepare("INSERT INTO word_index(part, data) VALUES (?, ?)");
  // Tokens go out a chunk at a time: neither this array nor SQLite's copy
  // of the blob grows with the snapshot (one 16 MB blob at 1,000,000 clubs
  // was the import's peak of memory).
  const chunk = new Int32Array(size);
  let filled = 0;
  let written = 0;
  const flush = () => {
    put.run(tokenPart(written++), new Uint8Array(chunk.buffer, 0, filled * 4));
    filled = 0;
  };
  const starts = new Int32Array(clubs + 1);
  let at = 0;
  let c = 0;
  for (const words of names()) {
    starts[c++] = at;
    for (const w of words) {
      chunk[filled++] = ids.get(w)!;
      at++;
      if (filled === size) flush();
    }
  }
  starts[clubs] = at;
  if (filled > 0 || written === 0) flush();
  put.run("vocab", new TextEncoder().encode(vocab.join("\n")));
  put.run("starts", new Uint8Array(starts.buffer));
}

/** Tokens per `word_index` row (1 MiB). */
const TOKEN_CHUNK = 256 * 1024;

/** The part name of the `n`th chunk of tokens; the names sort in chunk order. */
function tokenPart(n: number): string {
  return `tokens.${String(n).padStart(6, "0")}`;
}

/**
 * The words of every name of a snapshot, in memory.
 *
 * @example
 * ```ts ignore
 * const index = WordIndex.load(store.db);
 * index.docs(index.id("royal")); // clubs whose name holds "royal"
 * ```
 */
export class WordIndex {
  /** Every word, sorted; a word's id is its position. */
  readonly vocab: readonly string[];
  /** Club `c`'s words are `tokens[starts[c]]` to `tokens[starts[c + 1] - 1]`. */
  readonly starts: Int32Array;
  readonly tokens: Int32Array;
  /** Word `w` is in the names of clubs `clubs[first[w]]` to `clubs[first[w + 1] - 1]`, in rank order. */
  readonly first: Int32Array;
  readonly clubs: Int32Array;
  /** Per word, which letters it holds (see {@link letterMask}): a quick bound on edits. */
  readonly masks: Uint32Array;
  readonly #ids: Map<string, number>;

  private constructor(vocab: string[], starts: Int32Array, tokens: Int32Array) {
    this.vocab = vocab;
    this.starts = starts;
    this.tokens = tokens;
    this.#ids = new Map(vocab.map((w, i) => [w, i]));
    this.masks = Uint32Array.from(vocab, letterMask);
    // Postings: each club once per distinct word, in rank order.
    const count = new Int32Array(vocab.length + 1);
    const seen = new Int32Array(vocab.length).fill(-1);
    const size = starts.length - 1;
    for (let c = 0; c < size; c++) {
      for (let t = starts[c]!; t < starts[c + 1]!; t++) {
        const w = tokens[t]!;
        if (seen[w] !== c) (seen[w] = c, count[w + 1]!++);
      }
    }
    for (let w = 0; w < vocab.length; w++) count[w + 1]! += count[w]!;
    this.first = count.slice();
    this.clubs = new Int32Array(count[vocab.length]!);
    const fill = count.slice(0, vocab.length);
    seen.fill(-1);
    for (let c = 0; c < size; c++) {
      for (let t = starts[c]!; t < starts[c + 1]!; t++) {
        const w = tokens[t]!;
        if (seen[w] !== c) (seen[w] = c, this.clubs[fill[w]!++] = c);
      }
    }
  }

  /** Reads the index built at import. */
  static load(db: DatabaseSync): WordIndex {
    const rows = db.prepare("SELECT part, data FROM word_index ORDER BY part").all() as {
      part: string;
      data: Uint8Array;
    }[];
    const part = (name: string) => rows.find((r) => r.part === name)?.data ?? new Uint8Array();
    // The chunks of tokens, in order (see buildWordIndex), joined into one array.
    const chunks = rows.filter((r) => r.part.startsWith("tokens."));
    const tokens = new Int32Array(chunks.reduce((n, r) => n + r.data.byteLength, 0) / 4);
    const bytes = new Uint8Array(tokens.buffer);
    let at = 0;
    for (const { data } of chunks) (bytes.set(data, at), at += data.byteLength);
    const text = new TextDecoder().decode(part("vocab"));
    return new WordIndex(text === "" ? [] : text.split("\n"), int32s(part("starts")), tokens);
  }

  /** The id of a word, or -1 when no name holds it. */
  id(word: string): number {
    return this.#ids.get(word) ?? -1;
  }

  /** How many clubs' names hold word `w`. */
  docs(w: number): number {
    return this.first[w + 1]! - this.first[w]!;
  }

  /** Bytes held, for the memo's budget. */
  get bytes(): number {
    let n = this.starts.byteLength + this.tokens.byteLength + this.first.byteLength +
      this.clubs.byteLength + this.masks.byteLength;
    for (const w of this.vocab) n += 2 * (16 + 2 * w.length);
    return n;
  }
}

// Budgets of this module's memos (see core/store/memo.ts).
const WORD_INDEX_BYTES = 4 * 1024 * 1024;
const WORD_HITS_BYTES = 512 * 1024;
const WORD_MATCHES_BYTES = 2 * 1024 * 1024;

/**
 * The snapshot's word index, loaded once through its memo.
 *
 * @example
 * ```ts ignore
 * wordIndex(store).vocab.length; // distinct words in names
 * ```
 */
export function wordIndex(store: ClubStore): WordIndex {
  return store.memo<"index", WordIndex>("search.word_index", WORD_INDEX_BYTES, {
    kind: "structure",
    weigh: (index) => index.bytes,
  }).use("index", () => WordIndex.load(store.db));
}

/**
 * Ids of the words of a sorted vocabulary that start with `prefix`
 * (they are next to each other), ascending.
 */
function startingWith(vocab: readonly string[], prefix: string): number[] {
  let lo = 0;
  let hi = vocab.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (vocab[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let id = lo; id < vocab.length && vocab[id]!.startsWith(prefix); id++) out.push(id);
  return out;
}

/** Bytes of the vocabulary's deletion index (about 1.4 MB for the bundled directory). */
const WORD_NEAR_BYTES = 3 * 1024 * 1024;

/**
 * The deletion index of the snapshot's vocabulary (see near.ts): the words
 * within a few typos of a word, found without a scan. Built on first use.
 *
 * @example
 * ```ts ignore
 * vocabNear(store).near("sidney", 1); // [[id of "sydney", 1], …]
 * ```
 */
export function vocabNear(store: ClubStore): NearIndex {
  return store.memo<"index", NearIndex>("search.word_near", WORD_NEAR_BYTES, {
    kind: "structure",
    weigh: (index) => index.bytes,
  }).use("index", () => new NearIndex(wordIndex(store).vocab));
}

/** The words one query word matches, fewest typos first. */
export interface WordHits {
  /** Word ids. */
  ids: Int32Array;
  /** Typos of each. */
  typos: Uint8Array;
}

/**
 * The vocabulary words `word` matches: itself in `words` mode; in `fuzzy`
 * mode also the words within its typo allowance and, for the last word of
 * `q`, every word it (within the allowance) starts. Kept per snapshot.
 *
 * @example
 * ```ts ignore
 * wordHits(store, "sidney", "fuzzy", false); // ids of "sydney" (1 typo), …
 * ```
 */
export function wordHits(store: ClubStore, word: string, mode: MatchMode, last: boolean): WordHits {
  const fuzzy = mode === "fuzzy";
  const key = `${fuzzy ? (last ? "p" : "f") : "w"}${word}`;
  return store.memo<string, WordHits>("search.word_hits", WORD_HITS_BYTES, {
    weigh: (hits, key) => approxBytes(hits.ids) + approxBytes(hits.typos) + 2 * key.length,
  }).use(key, () => {
    const index = wordIndex(store);
    const exact = index.id(word);
    if (!fuzzy) {
      return exact < 0
        ? { ids: new Int32Array(0), typos: new Uint8Array(0) }
        : { ids: Int32Array.of(exact), typos: Uint8Array.of(0) };
    }
    const max = typoAllowance([...word].length);
    const found: [number, number][] = [];
    const { vocab, masks } = index;
    if (max === 0) {
      // No typos: the word itself, or for the last word every word it starts.
      if (last) { for (const id of startingWith(vocab, word)) found.push([id, 0]); }
      else if (exact >= 0) found.push([exact, 0]);
    } else if (!last) {
      // Typos in a whole word: the deletion index finds them (see near.ts).
      found.push(...vocabNear(store).near(word, max));
    } else {
      const mask = letterMask(word);
      for (let id = 0; id < vocab.length; id++) {
        const v = vocab[id]!;
        if (v.startsWith(word)) {
          found.push([id, 0]);
          continue;
        }
        // Too short or too many letters missing: not close.
        if (v.length < word.length - max) continue;
        if (popcount(mask & ~masks[id]!) > max) continue;
        const d = editDistance(word, v, max, true);
        if (d <= max) found.push([id, d]);
      }
    }
    found.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    return {
      ids: Int32Array.from(found, (f) => f[0]),
      typos: Uint8Array.from(found, (f) => f[1]),
    };
  });
}

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
