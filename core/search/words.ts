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
 * The clubs matching every word of a query, their count and their
 * relevance tier are in word_matches.ts.
 *
 * @example
 * ```ts ignore
 * import { wordHits } from "./words.ts";
 * wordHits(store, "sidney", "fuzzy", false).ids; // vocabulary ids of "sydney", …
 * ```
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { ONE_TYPO_LETTERS, TWO_TYPOS_LETTERS } from "../model/search_params.ts";
import type { MatchMode } from "../model/search_params.ts";
import type { ClubStore } from "../store/store.ts";
import { approxBytes } from "../store/memo.ts";
import { columnValues, structureBudget } from "./key_index.ts";
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
/** About five words a name: each in `tokens` and in `clubs`, and the name's start. */
const WORD_INDEX_PER_CLUB = 56;
/**
 * A word's hits are two small typed arrays, about 500 bytes weighed with
 * their overhead: 2 MiB keeps about 4,000 words, the misspellings a busy
 * minute of empty searches brings (a fuzzy lookup of an unknown last word
 * scans the vocabulary, so the suggestions bench needs them kept).
 */
const WORD_HITS_BYTES = 2 * 1024 * 1024;

/**
 * The snapshot's word index, loaded once through its memo.
 *
 * @example
 * ```ts ignore
 * wordIndex(store).vocab.length; // distinct words in names
 * ```
 */
export function wordIndex(store: ClubStore): WordIndex {
  const budget = structureBudget(store, WORD_INDEX_BYTES, WORD_INDEX_PER_CLUB);
  return store.memo<"index", WordIndex>("search.word_index", budget, {
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
