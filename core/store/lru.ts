/**
 * A small LRU map bounded by total weight (entry count by default).
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
  readonly #map = new Map<K, V>();
  readonly #max: number;
  readonly #weigh: (v: V) => number;
  #weight = 0;

  /**
   * @param max Largest total weight kept.
   * @param weigh Weight of one value (default 1 per entry).
   */
  constructor(max: number, weigh: (v: V) => number = () => 1) {
    this.#max = max;
    this.#weigh = weigh;
  }

  /** The value, marked as recently used; undefined when absent. */
  get(key: K): V | undefined {
    const v = this.#map.get(key);
    if (v !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, v);
    }
    return v;
  }

  /** Stores a value, evicting the least recently used ones beyond the bound. */
  set(key: K, value: V): void {
    const w = this.#weigh(value);
    if (w > this.#max) return;
    const old = this.#map.get(key);
    if (old !== undefined) {
      this.#weight -= this.#weigh(old);
      this.#map.delete(key);
    }
    this.#map.set(key, value);
    this.#weight += w;
    for (const [k, v] of this.#map) {
      if (this.#weight <= this.#max) break;
      this.#map.delete(k);
      this.#weight -= this.#weigh(v);
    }
  }

  /** Forgets every entry. */
  clear(): void {
    this.#map.clear();
    this.#weight = 0;
  }

  /** Number of entries. */
  get size(): number {
    return this.#map.size;
  }
}
