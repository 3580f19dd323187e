/**
 * A small LRU map bounded by total weight (entry count by default). The
 * per-snapshot memo (memo.ts) weighs entries in bytes.
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
export class Lru<K, V> {
  readonly #map = new Map<K, { value: V; weight: number }>();
  readonly #max: number;
  readonly #weigh: (value: V, key: K) => number;
  #weight = 0;
  /** The most recently used key (last in the map's order), or undefined. */
  #newest: K | undefined = undefined;

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
    const e = this.#map.get(key);
    if (e === undefined) return undefined;
    // The newest entry (a structure read on every request) stays where it is.
    if (key !== this.#newest) {
      this.#map.delete(key);
      this.#map.set(key, e);
      this.#newest = key;
    }
    return e.value;
  }

  /** Stores a value, evicting the least recently used ones beyond the bound. */
  set(key: K, value: V): void {
    const weight = this.#weigh(value, key);
    const old = this.#map.get(key);
    if (old !== undefined) {
      this.#weight -= old.weight;
      this.#map.delete(key);
    }
    if (weight > this.#max) return;
    this.#map.set(key, { value, weight });
    this.#newest = key;
    this.#weight += weight;
    for (const [k, e] of this.#map) {
      if (this.#weight <= this.#max) break;
      this.#map.delete(k);
      this.#weight -= e.weight;
    }
  }

  /** Forgets every entry. */
  clear(): void {
    this.#map.clear();
    this.#newest = undefined;
    this.#weight = 0;
  }

  /** Number of entries. */
  get size(): number {
    return this.#map.size;
  }

  /** Total weight of the entries kept. */
  get weight(): number {
    return this.#weight;
  }
}
