/**
 * The seeded randomness everything else draws from. The snapshot must be the
 * same byte for byte on every machine and Deno version, so nothing here uses
 * `Math.random()`: a seed gives one fixed stream of numbers, and every helper
 * consumes a fixed count of them per call.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rng, Weighted } from "./random.ts";
 * const coin = new Weighted([["heads", 1], ["tails", 1]]);
 * const flips = (seed: number) => {
 *   const rng = new Rng(seed);
 *   return Array.from({ length: 8 }, () => coin.pick(rng));
 * };
 * assert.deepStrictEqual(flips(7), flips(7)); // the same answers for seed 7, every time
 * ```
 * @module
 */

/**
 * sfc32, seeded through splitmix32: small, fast, and good enough for made-up
 * data, and unlike `Math.random()` its stream is fixed by the seed.
 */
export class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  /**
   * Seeds the generator.
   *
   * @param seed Any integer; only its low 32 bits count.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Rng } from "./random.ts";
   * assert.equal(new Rng(1).u32(), new Rng(1).u32());
   * ```
   */
  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.#a = next();
    this.#b = next();
    this.#c = next();
    this.#d = next();
    // Warm-up rounds, so that close seeds do not start with close outputs.
    for (let i = 0; i < 12; i++) this.u32();
  }

  /**
   * A uniform 32-bit unsigned integer.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Rng } from "./random.ts";
   * const n = new Rng(1).u32();
   * assert.ok(Number.isInteger(n) && n >= 0 && n < 2 ** 32);
   * ```
   */
  u32(): number {
    const t = (((this.#a + this.#b) >>> 0) + this.#d) >>> 0;
    this.#d = (this.#d + 1) >>> 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) >>> 0;
    this.#c = ((this.#c << 21) | (this.#c >>> 11)) >>> 0;
    this.#c = (this.#c + t) >>> 0;
    return t;
  }

  /**
   * A uniform float in [0, 1).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Rng } from "./random.ts";
   * const x = new Rng(1).next();
   * assert.ok(x >= 0 && x < 1);
   * ```
   */
  next(): number {
    return this.u32() / 4_294_967_296;
  }

  /**
   * A uniform integer in [lo, hi].
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Rng } from "./random.ts";
   * const rng = new Rng(1);
   * const rolls = new Set(Array.from({ length: 200 }, () => rng.int(1, 6)));
   * assert.deepStrictEqual([...rolls].sort(), [1, 2, 3, 4, 5, 6]); // a die roll
   * ```
   */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /**
   * True with probability `p`. It draws a number even when `p` is 0 or 1, so
   * the stream after it does not depend on `p`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Rng } from "./random.ts";
   * const rng = new Rng(1);
   * const hits = Array.from({ length: 1000 }, () => rng.chance(0.25)).filter(Boolean).length;
   * assert.ok(hits > 200 && hits < 300); // about one time in four
   * ```
   */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /**
   * A uniform item of a non-empty list.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Rng } from "./random.ts";
   * assert.ok(["a", "b", "c"].includes(new Rng(1).pick(["a", "b", "c"])));
   * ```
   */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /**
   * Picks from a list, favouring its head (skew > 1 favours it more), so
   * that the big cities listed first get more clubs than the small ones.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Rng } from "./random.ts";
   * const rng = new Rng(1);
   * const towns = Array.from({ length: 1000 }, () => rng.pickSkewed(["London", "Bath", "Rye"], 1.8));
   * const count = (town: string) => towns.filter((t) => t === town).length;
   * assert.ok(count("London") > count("Bath") && count("Bath") > count("Rye")); // mostly London
   * ```
   */
  pickSkewed<T>(items: readonly T[], skew: number): T {
    return items[Math.floor(Math.pow(this.next(), skew) * items.length)]!;
  }

  /**
   * `count` distinct items, in list order (a partial Fisher–Yates shuffle of
   * the indices, sorted back so the result reads like the list).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Rng } from "./random.ts";
   * assert.deepStrictEqual(new Rng(1).sample(["Spa", "Sauna", "Pool", "Bar"], 2), ["Sauna", "Bar"]);
   * ```
   */
  sample<T>(items: readonly T[], count: number): T[] {
    const idx = items.map((_, i) => i);
    for (let i = 0; i < count && i < idx.length; i++) {
      const j = i + Math.floor(this.next() * (idx.length - i));
      [idx[i], idx[j]] = [idx[j]!, idx[i]!];
    }
    return idx.slice(0, count).sort((a, b) => a - b).map((i) => items[i]!);
  }
}

/**
 * Weighted choice among fixed items: one draw and a binary search over the
 * running totals, however many items there are.
 */
export class Weighted<T> {
  /** The items, in the order they were added (weightless ones left out). */
  readonly items: T[] = [];
  readonly #cum: number[] = [];
  #total = 0;

  /**
   * A table of the given items.
   *
   * @param entries `[item, weight]` pairs; weights need not sum to anything.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Weighted } from "./random.ts";
   * assert.equal(new Weighted([["golf", 27], ["ski", 1.5]]).size, 2);
   * ```
   */
  constructor(entries: Iterable<readonly [T, number]> = []) {
    for (const [item, weight] of entries) this.add(item, weight);
  }

  /**
   * Adds an item; one with no positive weight is skipped, so tables can be
   * built from weights that are zero where an item does not apply.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Weighted } from "./random.ts";
   * assert.deepStrictEqual(new Weighted<string>().add("beach", 3).add("ski", 0).items, ["beach"]);
   * ```
   */
  add(item: T, weight: number): this {
    if (weight <= 0) return this;
    this.#total += weight;
    this.items.push(item);
    this.#cum.push(this.#total);
    return this;
  }

  /** How many items can be picked. */
  get size(): number {
    return this.items.length;
  }

  /**
   * One item, with probability proportional to its weight.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Rng, Weighted } from "./random.ts";
   * const holes = new Weighted([[9, 12], [18, 70]]);
   * const rng = new Rng(1);
   * const eighteens = Array.from({ length: 1000 }, () => holes.pick(rng)).filter((h) => h === 18);
   * assert.ok(eighteens.length > 750); // 70 of 82 expected
   * ```
   */
  pick(rng: Rng): T {
    const x = rng.next() * this.#total;
    let lo = 0;
    let hi = this.#cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#cum[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo]!;
  }
}

/**
 * FNV-1a hash of a text, used to derive a seed per region: a region's towns
 * then come from their own stream and do not shift when rows change.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hashString } from "./random.ts";
 * assert.equal(hashString("US-CO"), hashString("US-CO")); // the same on every run
 * assert.ok(Number.isInteger(hashString("US-CO")) && hashString("US-CO") < 2 ** 32);
 * assert.notEqual(hashString("US-CO"), hashString("US-CA"));
 * ```
 */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return h >>> 0;
}

/**
 * A version 4 UUID drawn from the PRNG (four draws), so that ids are as
 * reproducible as the rest of the row.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rng, uuid } from "./random.ts";
 * assert.match(uuid(new Rng(1)), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
 * assert.equal(uuid(new Rng(1)), uuid(new Rng(1)));
 * ```
 */
export function uuid(rng: Rng): string {
  let hex = "";
  for (let i = 0; i < 4; i++) hex += rng.u32().toString(16).padStart(8, "0");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${
    hex.slice(17, 20)
  }-${hex.slice(20, 32)}`;
}
