/**
 * The first clubs of a `match=substring` search in relevance order
 * (docs/api.md: the exact name, then names starting with `q`, then names
 * where `q` starts a word, then the rest; ties by name), found without
 * ranking every match:
 *
 * - names equal to or starting with `q` are one range of the folded names,
 *   which are in rank order sorted by code point (the import sorts by
 *   `name_fold`), found by binary search: the exact name sorts first;
 * - names where `q` starts a later word hold a word that starts with `q`'s
 *   first word: the clubs of those vocabulary words, merged in rank order;
 * - the rest are the matches walked in rank order.
 *
 * Each club is checked against the filters and its tier recomputed, so
 * the order is the full ranking's (search.ts `relevanceOrder`; a
 * differential test holds them equal). The work is bounded: past
 * {@link RELEVANCE_WORK} clubs looked at, the caller ranks every match
 * instead.
 *
 * @example
 * ```ts ignore
 * relevanceHead(store, "royal", 50, (i) => true, walk); // ranks 0-based, or null
 * ```
 * @module
 */
import type { ClubStore } from "../store/store.ts";
import { clubNames } from "./key_index.ts";
import { wordIndex } from "./words.ts";

/** Clubs looked at, at most, before the caller ranks every match instead. */
export const RELEVANCE_WORK = 20_000;

const WORD_CHAR = /[\p{L}\p{N}]/u;
const LEADING_WORD = /^[\p{L}\p{N}]+/u;
const SURROGATE = /[\ud800-\udfff]/;

/**
 * How a folded name matches a folded fragment: 0 it is the name, 1 the
 * name starts with it, 2 it starts a word of the name, 3 it is elsewhere.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { substringTier } from "./relevance.ts";
 * assert.deepStrictEqual([substringTier("royal club", "royal"), substringTier("mont-royal", "royal")], [1, 2]);
 * ```
 */
export function substringTier(name: string, fragment: string): number {
  if (name === fragment) return 0;
  if (name.startsWith(fragment)) return 1;
  for (let at = name.indexOf(fragment, 1); at > 0; at = name.indexOf(fragment, at + 1)) {
    if (!WORD_CHAR.test(name[at - 1]!)) return 2;
  }
  return 3;
}

/**
 * A UTF-16 code unit's place in code point order: surrogates (the units of
 * characters above U+FFFF) sort after every other unit.
 */
function unitOrder(u: number): number {
  return u < 0xd800 ? u : u < 0xe000 ? u + 0x2000 : u - 0x800;
}

/** Whether `a` sorts before `b` by code point, as SQLite's BINARY collation sorts UTF-8. */
function before(a: string, b: string): boolean {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const x = a.charCodeAt(k);
    const y = b.charCodeAt(k);
    if (x !== y) return unitOrder(x) < unitOrder(y);
  }
  return a.length < b.length;
}

/** Whether some folded name holds a character above U+FFFF (kept per snapshot; warm.ts builds it). */
export function namesHaveSurrogates(store: ClubStore): boolean {
  return store.memo<"surrogates", boolean>("search.name_surrogates", 1024, { kind: "structure" })
    .use("surrogates", () => clubNames(store).some((name) => SURROGATE.test(name)));
}

/**
 * The first `need` matches (0-based ranks) of `fragment` in relevance
 * order, fewer when there are fewer; null when the fragment or the names
 * are outside what this walk handles (a fragment that does not start with
 * a letter or digit, names with characters above U+FFFF, where a word's
 * start is read differently by the word index) or when it would look at
 * more than {@link RELEVANCE_WORK} clubs. `allowed` tells whether a club
 * that holds the fragment passes the filters; `walk` visits every match in
 * rank order until it returns false.
 */
export function relevanceHead(
  store: ClubStore,
  fragment: string,
  need: number,
  allowed: (i: number) => boolean,
  walk: (visit: (i: number) => boolean) => void,
): number[] | null {
  const lead = LEADING_WORD.exec(fragment)?.[0];
  if (lead === undefined || SURROGATE.test(fragment) || namesHaveSurrogates(store)) return null;
  const names = clubNames(store);
  const out: number[] = [];
  let work = 0;
  // Tiers 0 and 1: the names from the first one not before the fragment.
  let lo = 0;
  let hi = names.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(names[mid]!, fragment)) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < names.length && out.length < need; i++) {
    if (!names[i]!.startsWith(fragment)) break;
    if (++work > RELEVANCE_WORK) return null;
    if (allowed(i)) out.push(i);
  }
  if (out.length >= need) return out;
  // Tier 2: the clubs of every word starting with the fragment's first word, merged.
  const index = wordIndex(store);
  const vocab = index.vocab;
  lo = 0;
  hi = vocab.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (vocab[mid]! < lead) lo = mid + 1;
    else hi = mid;
  }
  const heap = new Heap(index.clubs);
  for (let w = lo; w < vocab.length && vocab[w]!.startsWith(lead); w++) {
    if (++work > RELEVANCE_WORK) return null;
    heap.add(index.first[w]!, index.first[w + 1]!);
  }
  for (let i = heap.pop(); i >= 0 && out.length < need; i = heap.pop()) {
    if (++work > RELEVANCE_WORK) return null;
    if (substringTier(names[i]!, fragment) === 2 && allowed(i)) out.push(i);
  }
  if (out.length >= need) return out;
  // Tier 3: the other matches, in rank order.
  let over = false;
  walk((i) => {
    if (++work > RELEVANCE_WORK) return !(over = true);
    if (substringTier(names[i]!, fragment) === 3) out.push(i);
    return out.length < need;
  });
  return over ? null : out;
}

/**
 * Cursors over runs of `clubs` (each ascending), popped in ascending order,
 * each club once.
 */
class Heap {
  readonly #clubs: Int32Array;
  /** Per cursor: where it is and where its run ends; the heap orders cursors by club. */
  #at: number[] = [];
  #end: number[] = [];
  #order: number[] = [];

  constructor(clubs: Int32Array) {
    this.#clubs = clubs;
  }

  add(from: number, to: number): void {
    if (from >= to) return;
    this.#at.push(from);
    this.#end.push(to);
    const order = this.#order;
    order.push(this.#at.length - 1);
    let k = order.length - 1;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (this.#key(order[parent]!) <= this.#key(order[k]!)) break;
      [order[parent], order[k]] = [order[k]!, order[parent]!];
      k = parent;
    }
  }

  #key(cursor: number): number {
    return this.#clubs[this.#at[cursor]!]!;
  }

  /** The smallest club not popped yet, or -1. */
  pop(): number {
    const order = this.#order;
    if (order.length === 0) return -1;
    const club = this.#key(order[0]!);
    // Every cursor at this club moves on (a club is in several words' runs).
    while (order.length && this.#key(order[0]!) === club) {
      const top = order[0]!;
      if (++this.#at[top]! >= this.#end[top]!) {
        const last = order.pop()!;
        if (order.length === 0) break;
        order[0] = last;
      }
      this.#down();
    }
    return club;
  }

  #down(): void {
    const order = this.#order;
    let k = 0;
    while (true) {
      const l = 2 * k + 1;
      if (l >= order.length) return;
      const r = l + 1;
      const c = r < order.length && this.#key(order[r]!) < this.#key(order[l]!) ? r : l;
      if (this.#key(order[k]!) <= this.#key(order[c]!)) return;
      [order[k], order[c]] = [order[c]!, order[k]!];
      k = c;
    }
  }
}
