/**
 * Made-up town names, for regions (or shares of regions) that list no city:
 * most of the world's regions are not worth a hand list, but a club still
 * needs a plausible place in them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rng } from "./random.ts";
 * import { makeTown } from "./towns.ts";
 * assert.equal(makeTown(new Rng(3), "fr"), "Champroche");
 * ```
 * @module
 */
import type { TownLang } from "./lang.ts";
import { hashString, Rng } from "./random.ts";
import { ES_ADJ, ES_SAINTAS, FR_RIVERS, FR_SAINTS, TOWN_PARTS } from "./town_parts.ts";

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * One plausible place name in a language's style.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rng } from "./random.ts";
 * import { makeTown } from "./towns.ts";
 * assert.equal(makeTown(new Rng(1), "en"), "Sumwick");
 * ```
 */
export function makeTown(rng: Rng, lang: TownLang): string {
  const { a, b } = TOWN_PARTS[lang];
  const word = () => {
    const first = rng.pick(a);
    let second = rng.pick(b);
    // No stutters: not "Montmont", and no letter three times in a row.
    while (first.toLowerCase().endsWith(second)) second = rng.pick(b);
    return (first + second).replace(/(.)\1\1/g, "$1$1");
  };
  // Compound-word languages write one word with a capital only at the start.
  const plainWord = () => capitalize(word().toLowerCase());
  const r = rng.next();
  switch (lang) {
    case "en":
      if (r < 0.7) return word();
      if (r < 0.8) return `Lake ${word()}`;
      if (r < 0.85) return `Mount ${word()}`;
      if (r < 0.95) {
        const w = word();
        const tail = r < 0.9 ? "Springs" : "Falls";
        return w.startsWith(tail.slice(0, 4)) ? w : `${w} ${tail}`;
      }
      return `Port ${word()}`;
    case "fr": {
      const w = plainWord();
      if (r < 0.55) return w;
      if (r < 0.75) return `Saint-${rng.pick(FR_SAINTS)}`;
      if (r < 0.9) return `${w}-sur-${rng.pick(FR_RIVERS)}`;
      return `${w}-les-Bains`;
    }
    case "de": {
      const w = plainWord();
      if (r < 0.85) return w;
      if (r < 0.95) return `Bad ${w}`;
      return `${w} am See`;
    }
    case "es":
      if (r < 0.35) return `San ${rng.pick(a)}`;
      if (r < 0.5) return `Santa ${rng.pick(ES_SAINTAS)}`;
      if (r < 0.65) return `Villa ${rng.pick(ES_ADJ)}`;
      if (r < 0.85) return `${r < 0.75 ? "Los" : "Las"} ${rng.pick(b)}`;
      return `San ${rng.pick(a)} de los ${rng.pick(b)}`;
    case "pt":
      if (r < 0.45) return `São ${rng.pick(a)}`;
      if (r < 0.7) return `Vila ${rng.pick(b)}`;
      if (r < 0.85) return `Campo ${rng.pick(b)}`;
      return `São ${rng.pick(a)} do Sul`;
    case "it": {
      if (r < 0.4) return `San ${rng.pick(a)}`;
      const base = rng.pick(["Monte", "Castel", "Villa", "Poggio", "Borgo"]);
      const w = `${base}${rng.pick(b)}`;
      if (r < 0.85) return w;
      return `${w} ${rng.pick(["al Mare", "sul Lago", "di Sopra"])}`;
    }
    case "nl": {
      const w = plainWord();
      if (r < 0.85) return w;
      return `${w} aan Zee`;
    }
    default:
      return plainWord();
  }
}

/** What {@link TownPools} needs to know of a region. */
export interface TownRegion {
  /** ISO 3166-2 code, such as "US-CO": it keys the pool and seeds it. */
  code: string;
  /** The listed cities, which a made-up town must not repeat. */
  cities: string[];
  /** Style of the region's towns; a region without one has no pool. */
  townLang: TownLang | undefined;
}

/**
 * Up to 24 made-up towns per region, made once per run. A small fixed pool
 * lets several clubs share a town, as they do in life, and each pool comes
 * from its own PRNG seeded by the region, so it does not depend on the order
 * in which rows first ask for it.
 */
export class TownPools {
  readonly #seed: number;
  readonly #pools = new Map<string, string[]>();

  /**
   * Pools for one run, none made yet.
   *
   * @param seed The run's seed.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { TownPools } from "./towns.ts";
   * const pools = new TownPools(7);
   * assert.equal(pools.of({ code: "FR-NOR", cities: [], townLang: "fr" }).length, 24); // at most 24
   * ```
   */
  constructor(seed: number) {
    this.#seed = seed;
  }

  /**
   * The region's towns (its `townLang` must be set).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { TownPools } from "./towns.ts";
   * const towns = new TownPools(7).of({ code: "DE-BY", cities: ["München"], townLang: "de" });
   * assert.deepStrictEqual(towns.slice(0, 2), ["Bad Neusee", "Weißburg"]);
   * assert.ok(!towns.includes("München")); // a region's real cities are not drawn again
   * ```
   */
  of(region: TownRegion): string[] {
    let pool = this.#pools.get(region.code);
    if (!pool) {
      const rng = new Rng(this.#seed ^ hashString(region.code));
      const names = new Set<string>();
      // 200 tries: small syllable sets may not yield 24 distinct names.
      for (let i = 0; i < 200 && names.size < 24; i++) {
        const town = makeTown(rng, region.townLang!);
        if (!region.cities.includes(town)) names.add(town);
      }
      pool = [...names];
      this.#pools.set(region.code, pool);
    }
    return pool;
  }
}
