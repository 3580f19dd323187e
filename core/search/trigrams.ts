/**
 * The trigram index of the folded names (`match=substring`), held in memory:
 * for every run of three UTF-16 units that some name holds, the clubs whose
 * name holds it. A name holding a fragment holds each of its trigrams, so
 * the clubs on every one of the fragment's lists are a superset of the
 * matches: the shortest list gives the candidates, the others drop some,
 * and `name.includes(fragment)` decides the rest. The work follows the
 * rarest trigram's list (and the matches), never the directory: a fragment
 * with a trigram no name has finds nothing without a look at any club.
 *
 * A trigram in at least one name in 32 is held as a bitset (one bit per
 * club, no larger than its list would be); the others as ascending lists
 * of clubs in one flat array. For the 40,000-club directory that is about
 * 2.5 MB, 60 bytes a club.
 *
 * A fragment of one or two units is in a name of three or more units only
 * inside one of its trigrams, so its matches are the union of those
 * trigrams' clubs and of the shorter names holding it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TrigramIndex } from "./trigrams.ts";
 * const names = ["royal club", "loyal oak", "rural", "ok"];
 * const index = new TrigramIndex(names);
 * assert.deepStrictEqual(index.matches("oyal").count, 2); // clubs 0 and 1
 * assert.deepStrictEqual(index.matches("zzq").count, 0); // no name has "zzq"
 * assert.deepStrictEqual(index.matches("ok").count, 1); // club 3
 * ```
 * @module
 */
import { countBits } from "./bits.ts";
import type { ClubStore } from "../store/store.ts";
import { clubNames, structureBudget } from "./key_index.ts";
import { approxBytes } from "../store/memo.ts";

/** Units in a trigram. */
const N = 3;
/** A trigram in at least one name in this many is held as a bitset. */
const BITSET_SHARE = 32;

/** The matches of a fragment: an ascending list, or a bitset and its count. */
export interface FragmentMatches {
  list: Int32Array | null;
  set: Uint32Array | null;
  count: number;
}

/** A trigram's code when its three units are below 1,024 (a small integer: quick map keys). */
function smallCode(a: number, b: number, c: number): number {
  return a < 1024 && b < 1024 && c < 1024 ? (a << 20) | (b << 10) | c : -1;
}

/**
 * Ids of small trigram codes: an open-addressing table of integers (a
 * `Map` of numbers costs about four times as much per lookup, and the
 * index looks up every trigram of every name twice while it is built).
 */
class CodeTable {
  /** Code + 1 per slot (0: empty), and the id in that slot. */
  #keys = new Int32Array(1024);
  #ids = new Int32Array(1024);
  #size = 0;

  get(code: number): number {
    const mask = this.#keys.length - 1;
    const key = code + 1;
    for (let at = Math.imul(code, 0x9e3779b1) >>> 0 & mask;; at = (at + 1) & mask) {
      const k = this.#keys[at]!;
      if (k === key) return this.#ids[at]!;
      if (k === 0) return -1;
    }
  }

  set(code: number, id: number): void {
    // At most half full: probes stay short.
    if (2 * (this.#size + 1) > this.#keys.length) this.#grow();
    this.#put(code + 1, id);
    this.#size++;
  }

  #put(key: number, id: number): void {
    const mask = this.#keys.length - 1;
    let at = Math.imul(key - 1, 0x9e3779b1) >>> 0 & mask;
    while (this.#keys[at] !== 0) at = (at + 1) & mask;
    this.#keys[at] = key;
    this.#ids[at] = id;
  }

  #grow(): void {
    const keys = this.#keys;
    const ids = this.#ids;
    this.#keys = new Int32Array(2 * keys.length);
    this.#ids = new Int32Array(2 * keys.length);
    for (let at = 0; at < keys.length; at++) if (keys[at] !== 0) this.#put(keys[at]!, ids[at]!);
  }

  get bytes(): number {
    return this.#keys.byteLength + this.#ids.byteLength;
  }
}

/** The trigrams of folded names and the clubs holding each; see the module doc. */
export class TrigramIndex {
  /** Clubs indexed. */
  readonly size: number;
  readonly #names: readonly string[];
  /**
   * Ids of trigrams of three ASCII units, the most common by far, with no
   * hashing: `#pairs[a << 7 | b]` is where the block of 128 ids (+ 1; 0 for
   * none) of the pair's third units starts in `#blocks` (0: no such pair).
   */
  readonly #pairs = new Int32Array(1 << 14);
  #blocks = new Int32Array(128 * 64);
  #blocksUsed = 128;
  /** Ids of the other trigrams whose units are below 1,024. */
  readonly #small = new CodeTable();
  /** Trigrams with a unit of 1,024 or more, by their text. */
  readonly #wide = new Map<string, number>();
  /** Per trigram id: the units it is made of (for one- and two-unit fragments). */
  readonly #text: string[] = [];
  /** Per trigram id: clubs holding it. */
  readonly #docs: Int32Array;
  /** Per trigram id: its list is `#lists[#first[id]]`… (length `#docs[id]`), or -1 for a bitset. */
  readonly #first: Int32Array;
  readonly #lists: Int32Array;
  readonly #bits: (Uint32Array | null)[];
  /** Clubs whose names are shorter than a trigram (no trigram reaches them). */
  readonly #short: Int32Array;

  constructor(names: readonly string[]) {
    this.size = names.length;
    this.#names = names;
    // Two passes over the names: count each trigram once per name, then fill.
    const docs: number[] = [];
    const lastClub: number[] = [];
    const short: number[] = [];
    for (let c = 0; c < names.length; c++) {
      const name = names[c]!;
      if (name.length < N) short.push(c);
      for (let i = 0; i + N <= name.length; i++) {
        let id = this.#id(name, i);
        if (id < 0) {
          id = this.#add(name, i);
          docs.push(0);
          lastClub.push(-1);
        }
        if (lastClub[id] !== c) (lastClub[id] = c, docs[id]!++);
      }
    }
    const count = docs.length;
    this.#docs = Int32Array.from(docs);
    this.#first = new Int32Array(count);
    this.#bits = new Array(count).fill(null);
    const words = (names.length + 31) >>> 5;
    let listed = 0;
    for (let id = 0; id < count; id++) {
      if (docs[id]! * BITSET_SHARE >= names.length && docs[id]! > words) {
        this.#first[id] = -1;
        this.#bits[id] = new Uint32Array(words);
      } else {
        this.#first[id] = listed;
        listed += docs[id]!;
      }
    }
    this.#lists = new Int32Array(listed);
    const fill = this.#first.slice();
    lastClub.fill(-1);
    for (let c = 0; c < names.length; c++) {
      const name = names[c]!;
      for (let i = 0; i + N <= name.length; i++) {
        const id = this.#id(name, i);
        if (lastClub[id] === c) continue;
        lastClub[id] = c;
        const bits = this.#bits[id];
        if (bits) bits[c >>> 5]! |= 1 << (c & 31);
        else this.#lists[fill[id]!++] = c;
      }
    }
    this.#short = Int32Array.from(short);
  }

  /** The id of the trigram at `name[i]`, or -1 when no name holds it. */
  #id(name: string, i: number): number {
    const a = name.charCodeAt(i);
    const b = name.charCodeAt(i + 1);
    const c = name.charCodeAt(i + 2);
    if ((a | b | c) < 128) {
      const block = this.#pairs[(a << 7) | b]!;
      return block === 0 ? -1 : this.#blocks[block + c]! - 1;
    }
    const code = smallCode(a, b, c);
    return code >= 0 ? this.#small.get(code) : this.#wide.get(name.slice(i, i + N)) ?? -1;
  }

  #add(name: string, i: number): number {
    const id = this.#text.length;
    const text = name.slice(i, i + N);
    const [a, b, c] = [text.charCodeAt(0), text.charCodeAt(1), text.charCodeAt(2)];
    const code = smallCode(a, b, c);
    if ((a | b | c) < 128) {
      let block = this.#pairs[(a << 7) | b]!;
      if (block === 0) {
        if (this.#blocksUsed + 128 > this.#blocks.length) {
          const more = new Int32Array(2 * this.#blocks.length);
          more.set(this.#blocks);
          this.#blocks = more;
        }
        block = this.#pairs[(a << 7) | b] = this.#blocksUsed;
        this.#blocksUsed += 128;
      }
      this.#blocks[block + c] = id + 1;
    } else if (code >= 0) this.#small.set(code, id);
    else this.#wide.set(text, id);
    this.#text.push(text);
    return id;
  }

  /** Bytes held, for a memo's budget (the names are the caller's). */
  get bytes(): number {
    let n = this.#docs.byteLength + this.#first.byteLength + this.#lists.byteLength +
      this.#short.byteLength + this.#small.bytes +
      this.#pairs.byteLength + this.#blocks.byteLength;
    for (const b of this.#bits) n += b ? b.byteLength + 240 : 8;
    // Map entries and the trigrams' text.
    return n + this.#text.length * 80;
  }

  /** Distinct trigrams. */
  get trigrams(): number {
    return this.#text.length;
  }

  /**
   * The clubs whose name holds `fragment` (in UTF-16 units, as
   * `String.prototype.includes` finds it), ascending. A list when the
   * candidates came from a list, else a bitset with its count.
   */
  matches(fragment: string): FragmentMatches {
    if (fragment.length < N) return this.#shortMatches(fragment);
    const ids: number[] = [];
    for (let i = 0; i + N <= fragment.length; i++) {
      const id = this.#id(fragment, i);
      // A trigram no name holds: nothing can match, and no club is looked at.
      if (id < 0) return { list: new Int32Array(0), set: null, count: 0 };
      if (!ids.includes(id)) ids.push(id);
    }
    const docs = this.#docs;
    ids.sort((a, b) => docs[a]! - docs[b]!);
    const names = this.#names;
    // A fragment of exactly one trigram is found by its list alone.
    const check = fragment.length > N;
    const rarest = ids[0]!;
    if (this.#first[rarest]! >= 0) {
      const bits = ids.map((id) => this.#bits[id]).filter((b): b is Uint32Array => b !== null);
      const lists = ids.slice(1).filter((id) => this.#bits[id] === null);
      let list = this.#list(rarest);
      // Other lists shrink the candidates when they are not much longer (a merge each).
      for (const id of lists) {
        if (docs[id]! > 16 * list.length) break;
        list = mergeKeep(list, this.#list(id));
      }
      const out = new Int32Array(list.length);
      let n = 0;
      outer: for (let j = 0; j < list.length; j++) {
        const c = list[j]!;
        for (const b of bits) if ((b[c >>> 5]! & (1 << (c & 31))) === 0) continue outer;
        if (check && !names[c]!.includes(fragment)) continue;
        out[n++] = c;
      }
      return { list: out.slice(0, n), set: null, count: n };
    }
    // Every trigram is common: AND their bitsets, then check the names left.
    const set = this.#bits[rarest]!.slice();
    for (const id of ids.slice(1)) {
      const b = this.#bits[id]!;
      for (let w = 0; w < set.length; w++) set[w]! &= b[w]!;
    }
    if (check) {
      for (let w = 0; w < set.length; w++) {
        // As a signed 32-bit word: no number above 2^30 is boxed.
        let word = set[w]! | 0;
        let kept = word;
        while (word !== 0) {
          const low = word & -word;
          word ^= low;
          if (!names[(w << 5) | (31 - Math.clz32(low))]!.includes(fragment)) kept ^= low;
        }
        set[w] = kept;
      }
    }
    return { list: null, set, count: countBits(set) };
  }

  /** Trigram `id`'s clubs (a view, not to be written). */
  #list(id: number): Int32Array {
    const from = this.#first[id]!;
    return this.#lists.subarray(from, from + this.#docs[id]!);
  }

  /** A one- or two-unit fragment: the union of the trigrams that hold it. */
  #shortMatches(fragment: string): FragmentMatches {
    const set = new Uint32Array((this.size + 31) >>> 5);
    if (fragment.length === 0) {
      set.fill(0xffffffff);
      if (this.size & 31) set[set.length - 1] = (1 << (this.size & 31)) - 1;
      return { list: null, set, count: this.size };
    }
    const text = this.#text;
    for (let id = 0; id < text.length; id++) {
      const t = text[id]!;
      if (!t.includes(fragment)) continue;
      const bits = this.#bits[id];
      if (bits) { for (let w = 0; w < set.length; w++) set[w]! |= bits[w]!; }
      else {
        const list = this.#list(id);
        for (let j = 0; j < list.length; j++) set[list[j]! >>> 5]! |= 1 << (list[j]! & 31);
      }
    }
    for (const c of this.#short) {
      if (this.#names[c]!.includes(fragment)) set[c >>> 5]! |= 1 << (c & 31);
    }
    return { list: null, set, count: countBits(set) };
  }
}

/** The clubs of ascending `a` that ascending `b` holds (a merge: no club beyond both lists). */
function mergeKeep(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    const x = a[i]!;
    while (j < b.length && b[j]! < x) j++;
    if (j < b.length && b[j] === x) out[n++] = x;
  }
  return out.subarray(0, n);
}

/**
 * The snapshot's trigram index, built from its folded names on first use
 * (about 0.1 s for 40,000 clubs) and kept as a structure.
 *
 * @example
 * ```ts ignore
 * trigramIndex(store).matches("royal").list; // clubs whose name holds "royal"
 * ```
 */
export function trigramIndex(store: ClubStore): TrigramIndex {
  return store.memo<"index", TrigramIndex>(
    "search.trigrams",
    structureBudget(store, 4 * 1024 * 1024, 72),
    { kind: "structure", weigh: (index) => index.bytes },
  ).use("index", () => new TrigramIndex(clubNames(store)));
}

// Budgets of the fragment memos (see core/store/memo.ts).
const NAME_MATCHES_BYTES = 2 * 1024 * 1024;
const NAME_BITS_BYTES = 2 * 1024 * 1024;

/** Clubs whose name contains a fragment, as a list, by fragment. */
function nameMatchMemo(store: ClubStore) {
  return store.memo<string, Int32Array>("search.name_matches", NAME_MATCHES_BYTES, {
    weigh: (list, key) => approxBytes(list) + 2 * key.length,
  });
}

/** Clubs whose name contains a fragment, as a bitset (every trigram common), by fragment. */
function nameBitsMemo(store: ClubStore) {
  return store.memo<string, Uint32Array>("search.name_bits", NAME_BITS_BYTES, {
    weigh: (set, key) => approxBytes(set) + 2 * key.length,
  });
}

/**
 * The clubs (0-based, ascending) whose folded name contains `fragment`,
 * from the trigram index: a list, or for a fragment whose every trigram is
 * common, a bitset. Kept per fragment.
 *
 * @example
 * ```ts ignore
 * nameMatches(store, "royal"); // Int32Array of the clubs whose name holds "royal"
 * ```
 */
export function nameMatches(store: ClubStore, fragment: string): Int32Array | Uint32Array {
  const list = nameMatchMemo(store).get(fragment);
  if (list) return list;
  const set = nameBitsMemo(store).get(fragment);
  if (set) return set;
  const found = trigramIndex(store).matches(fragment);
  if (found.list) {
    nameMatchMemo(store).set(fragment, found.list);
    return found.list;
  }
  nameBitsMemo(store).set(fragment, found.set!);
  return found.set!;
}
