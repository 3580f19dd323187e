/**
 * A small LRU map bounded by total weight (entry count by default). The
 * per-snapshot memo (memo.ts) weighs entries in bytes.
 *
 * Recency is a doubly linked list beside the map, so every operation is
 * O(1) however full the cache is. (Keeping the order in the `Map` itself,
 * deleting and re-inserting on use, looked free but is not: V8 leaves the
 * deleted slots at the front of the table until it rehashes, and every
 * eviction walks past them; at 50,000 entries a lookup took 20 µs.)
 *
 * @example
 * ```ts
 * import { Lru } from "./lru.ts";
 * const cache = new Lru<string, number>(2);
 * cache.set("a", 1); cache.set("b", 2); cache.set("c", 3);
 * cache.get("a"); // undefined: evicted
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
}

/** A map that forgets its least recently used entries beyond a total weight. */
export class Lru<K, V> {
  readonly #map = new Map<K, Node<K, V>>();
  readonly #max: number;
  readonly #weigh: (value: V, key: K) => number;
  #weight = 0;
  #oldest: Node<K, V> | null = null;
  #newest: Node<K, V> | null = null;

  /**
   * @param max Largest total weight kept.
   * @param weigh Weight of one entry (default 1 per entry).
   */
  constructor(max: number, weigh: (value: V, key: K) => number = () => 1) {
    this.#max = max;
    this.#weigh = weigh;
  }

  /** The value, marked as recently used; undefined when absent. */
  get(key: K): V | undefined {
    const node = this.#map.get(key);
    if (node === undefined) return undefined;
    if (node !== this.#newest) {
      this.#unlink(node);
      this.#link(node);
    }
    return node.value;
  }

  /** Stores a value, evicting the least recently used ones beyond the bound. */
  set(key: K, value: V): void {
    const weight = this.#weigh(value, key);
    const old = this.#map.get(key);
    if (old !== undefined) this.#remove(old);
    if (weight > this.#max) return;
    const node: Node<K, V> = { key, value, weight, older: null, newer: null };
    this.#map.set(key, node);
    this.#link(node);
    this.#weight += weight;
    while (this.#weight > this.#max && this.#oldest !== null) this.#remove(this.#oldest);
  }

  /** Forgets every entry. */
  clear(): void {
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

  #remove(node: Node<K, V>): void {
    this.#map.delete(node.key);
    this.#unlink(node);
    this.#weight -= node.weight;
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
