/**
 * A small LRU map bounded by total weight (entry count by default). The
 * per-snapshot memo (memo.ts) weighs entries in bytes. Several maps can
 * also share a {@link SharedWeight}: each keeps within its own bound, and
 * together they keep within the shared one, evicting the least recently
 * used entry of any of them.
 *
 * Recency is a doubly linked list beside the map, so every operation is
 * O(1) however full the cache is. (Keeping the order in the `Map` itself,
 * deleting and re-inserting on use, looked free but is not: V8 leaves the
 * deleted slots at the front of the table until it rehashes, and every
 * eviction walks past them; at 50,000 entries a lookup took 20 µs.)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Lru } from "./lru.ts";
 * const cache = new Lru<string, number>(2);
 * cache.set("a", 1); cache.set("b", 2); cache.set("c", 3);
 * assert.equal(cache.get("a"), undefined); // evicted
 * ```
 * @module
 */

/** One entry, linked from the least to the most recently used. */
interface Node<K, V> {
  key: K;
  value: V;
  weight: number;
  older: Node<K, V> | null;
  newer: Node<K, V> | null;
  /** The map holding it (for an eviction through the shared list). */
  owner: Lru<K, V>;
  /** Its neighbours in the shared list, when its map shares a weight. */
  sharedOlder: Node<K, V> | null;
  sharedNewer: Node<K, V> | null;
}

/**
 * A bound on the total weight of several {@link Lru} maps, with their
 * entries in one list from the least to the most recently used: an entry
 * set in any of them evicts the oldest entries of all of them beyond it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Lru, SharedWeight } from "./lru.ts";
 * const shared = new SharedWeight(2);
 * const a = new Lru<string, number>(10, () => 1, shared);
 * const b = new Lru<string, number>(10, () => 1, shared);
 * a.set("x", 1); b.set("y", 2); b.set("z", 3);
 * assert.equal(a.get("x"), undefined); // the oldest entry of either map went first
 * ```
 */
export class SharedWeight {
  /** Largest total weight of the maps sharing it. */
  readonly max: number;
  /** Their total weight now. */
  weight = 0;
  // deno-lint-ignore no-explicit-any
  oldest: Node<any, any> | null = null;
  // deno-lint-ignore no-explicit-any
  newest: Node<any, any> | null = null;

  constructor(max: number) {
    this.max = max;
  }
}

/** A map that forgets its least recently used entries beyond a total weight. */
export class Lru<K, V> {
  readonly #map = new Map<K, Node<K, V>>();
  readonly #max: number;
  readonly #weigh: (value: V, key: K) => number;
  readonly #shared: SharedWeight | null;
  #weight = 0;
  #evictions = 0;
  #oldest: Node<K, V> | null = null;
  #newest: Node<K, V> | null = null;

  /**
   * @param max Largest total weight kept.
   * @param weigh Weight of one entry (default 1 per entry).
   * @param shared A bound this map shares with others (default none).
   */
  constructor(
    max: number,
    weigh: (value: V, key: K) => number = () => 1,
    shared: SharedWeight | null = null,
  ) {
    this.#max = max;
    this.#weigh = weigh;
    this.#shared = shared;
  }

  /** The value, marked as recently used; undefined when absent. */
  get(key: K): V | undefined {
    const node = this.#map.get(key);
    if (node === undefined) return undefined;
    if (node !== this.#newest) {
      this.#unlink(node);
      this.#link(node);
    }
    const shared = this.#shared;
    if (shared !== null && node !== shared.newest) {
      unlinkShared(shared, node);
      linkShared(shared, node);
    }
    return node.value;
  }

  /** Stores a value, evicting the least recently used ones beyond the bound. */
  set(key: K, value: V): void {
    const weight = this.#weigh(value, key);
    const old = this.#map.get(key);
    if (old !== undefined) this.#remove(old);
    const shared = this.#shared;
    if (weight > this.#max || (shared !== null && weight > shared.max)) return;
    const node: Node<K, V> = {
      key,
      value,
      weight,
      older: null,
      newer: null,
      owner: this,
      sharedOlder: null,
      sharedNewer: null,
    };
    this.#map.set(key, node);
    this.#link(node);
    this.#weight += weight;
    while (this.#weight > this.#max && this.#oldest !== null) {
      this.#remove(this.#oldest);
      this.#evictions++;
    }
    if (shared !== null) {
      linkShared(shared, node);
      shared.weight += weight;
      while (shared.weight > shared.max && shared.oldest !== null) {
        const oldest = shared.oldest as Node<K, V>;
        oldest.owner.#remove(oldest);
        oldest.owner.#evictions++;
      }
    }
  }

  /** Forgets every entry. */
  clear(): void {
    const shared = this.#shared;
    if (shared !== null) {
      for (let node = this.#oldest; node !== null; node = node.newer) {
        unlinkShared(shared, node);
        shared.weight -= node.weight;
      }
    }
    this.#map.clear();
    this.#weight = 0;
    this.#oldest = this.#newest = null;
  }

  /** Number of entries. */
  get size(): number {
    return this.#map.size;
  }

  /** Total weight of the entries kept. */
  get weight(): number {
    return this.#weight;
  }

  /** Entries evicted so far to keep within a bound (replaced or cleared ones are not counted). */
  get evictions(): number {
    return this.#evictions;
  }

  #remove(node: Node<K, V>): void {
    this.#map.delete(node.key);
    this.#unlink(node);
    this.#weight -= node.weight;
    const shared = this.#shared;
    if (shared !== null) {
      unlinkShared(shared, node);
      shared.weight -= node.weight;
    }
  }

  /** Makes `node` the newest. */
  #link(node: Node<K, V>): void {
    node.older = this.#newest;
    node.newer = null;
    if (this.#newest) this.#newest.newer = node;
    else this.#oldest = node;
    this.#newest = node;
  }

  #unlink(node: Node<K, V>): void {
    if (node.older) node.older.newer = node.newer;
    else this.#oldest = node.newer;
    if (node.newer) node.newer.older = node.older;
    else this.#newest = node.older;
    node.older = node.newer = null;
  }
}

/** Makes `node` the newest of the shared list. */
function linkShared<K, V>(shared: SharedWeight, node: Node<K, V>): void {
  node.sharedOlder = shared.newest;
  node.sharedNewer = null;
  if (shared.newest) shared.newest.sharedNewer = node;
  else shared.oldest = node;
  shared.newest = node;
}

function unlinkShared<K, V>(shared: SharedWeight, node: Node<K, V>): void {
  if (node.sharedOlder) node.sharedOlder.sharedNewer = node.sharedNewer;
  else shared.oldest = node.sharedNewer;
  if (node.sharedNewer) node.sharedNewer.sharedOlder = node.sharedOlder;
  else shared.newest = node.sharedOlder;
  node.sharedOlder = node.sharedNewer = null;
}
