/**
 * Club names: a weighted pattern for the club's type and language, its
 * placeholders filled from the place, and a retry until the name is new in
 * its city.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveCountries } from "./countries.ts";
 * import { ClubNamer } from "./names.ts";
 * import { Rng } from "./random.ts";
 * import { TownPools } from "./towns.ts";
 * const [us] = resolveCountries();
 * const namer = new ClubNamer(new Rng(7), new TownPools(7));
 * const region = us!.byCode.get("CO")!;
 * assert.equal(namer.name("golf", us!, region, "Aspen", "Aspen"), "Quail Ridge Golf Club");
 * ```
 * @module
 */
import type { Country, Region } from "./countries.ts";
import type { Lang } from "./lang.ts";
import { NORDIC_WORDS, PATTERNS } from "./patterns.ts";
import {
  DE_PLACES,
  EN_PLACES,
  ES_PLACES,
  FR_PLACES,
  GB_PLACES,
  INTL_PLACES,
  IT_PLACES,
  NL_PLACES,
  PT_PLACES,
  SURNAMES,
} from "./place_names.ts";
import { type Rng, Weighted } from "./random.ts";
import type { TownPools } from "./towns.ts";

/** One parsed line of {@link PATTERNS}. */
interface Pattern {
  /** The name with its placeholders, such as "Royal {C} Golf Club". */
  text: string;
  /** Where it may be used: letters of "RABCG", see {@link PATTERNS}. */
  flags: string;
}

function parsePatterns(text: string): [Pattern, number][] {
  return text.trim().split("\n").map((line) => {
    const m = /^([\d.]+)([A-Z]*)\s+(.+)$/.exec(line.trim());
    if (!m) throw new Error(`bad pattern line: ${line}`);
    return [{ text: m[3]!, flags: m[2]! }, Number(m[1])];
  });
}

// Parsed once per process: every run reads the same texts.
const PARSED_PATTERNS = new Map<string, [Pattern, number][]>();
function patternsFor(lang: Lang, type: string): [Pattern, number][] {
  const key = `${lang}/${type}`;
  let parsed = PARSED_PATTERNS.get(key);
  if (!parsed) {
    const own = PATTERNS[lang][type];
    parsed = own ? parsePatterns(own) : [];
    PARSED_PATTERNS.set(key, parsed);
  }
  return parsed;
}

/**
 * Names the clubs of one run. It draws from the run's own PRNG, so it must
 * be called exactly where the row's other draws expect it, and it remembers
 * every name given in each city to keep names unique there.
 */
export class ClubNamer {
  readonly #rng: Rng;
  readonly #towns: TownPools;
  /** Per language, type and country: the patterns that country may use. */
  readonly #tables = new Map<string, Weighted<Pattern>>();
  /** Names given so far, as "name\0city". */
  readonly #given = new Set<string>();

  /**
   * A namer that draws from the run's PRNG and towns.
   *
   * @param rng The run's PRNG.
   * @param towns The run's made-up towns.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { resolveCountries } from "./countries.ts";
   * import { ClubNamer } from "./names.ts";
   * import { Rng } from "./random.ts";
   * import { TownPools } from "./towns.ts";
   * const gb = resolveCountries().find((c) => c.def.code === "GB")!;
   * const nameOne = () =>
   *   new ClubNamer(new Rng(7), new TownPools(7)).name("golf", gb, gb.byCode.get("ENG")!, "Bath", "Bath");
   * assert.equal(nameOne(), nameOne()); // a seed names the same clubs
   * ```
   */
  constructor(rng: Rng, towns: TownPools) {
    this.#rng = rng;
    this.#towns = towns;
  }

  /**
   * A name not yet given in the city (`cityCell`, the city as written; null
   * when the row leaves it blank).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { resolveCountries } from "./countries.ts";
   * import { ClubNamer } from "./names.ts";
   * import { Rng } from "./random.ts";
   * import { TownPools } from "./towns.ts";
   * const gb = resolveCountries().find((c) => c.def.code === "GB")!;
   * const namer = new ClubNamer(new Rng(1), new TownPools(1));
   * assert.equal(namer.name("yacht", gb, gb.byCode.get("ENG")!, "Cowes", "Cowes"), "Glen Abbey Yacht Club");
   * ```
   */
  name(
    type: string | null,
    country: Country,
    region: Region,
    city: string,
    cityCell: string | null,
  ): string {
    for (let attempt = 0;; attempt++) {
      // Crowded cities run out of local patterns: fall back to English ones,
      // and only as a last resort number the name.
      const lang = attempt < 12
        ? region.lang
        : region.lang === "en" || country.def.code === "CA"
        ? "en"
        : "intl";
      let name = this.#fill(type ?? "social", lang, country, region, city);
      if (attempt >= 60) name = `${name} ${attempt - 58}`;
      const key = `${name}\u0000${cityCell ?? ""}`;
      if (!this.#given.has(key)) {
        this.#given.add(key);
        return name;
      }
    }
  }

  /** A made-up town of the region, else one of its listed cities. */
  #localTown(region: Region): string {
    if (region.townLang) return this.#rng.pick(this.#towns.of(region));
    return this.#rng.pick(region.cities);
  }

  /** What `{N}` stands for: a local estate or landscape name. */
  #estateName(lang: Lang, country: Country, region: Region): string {
    const rng = this.#rng;
    const r = rng.next();
    const town = () => region.townLang ? rng.pick(this.#towns.of(region)) : rng.pick(INTL_PLACES);
    switch (lang) {
      case "en":
        if (country.def.code !== "US" && r < 0.25) return rng.pick(GB_PLACES);
        if (r < 0.85) return rng.pick(EN_PLACES);
        if (r < 0.95) {
          return `${rng.pick(SURNAMES)} ${rng.pick(["Park", "Farms", "Hills", "Manor", "Estate"])}`;
        }
        return town();
      case "intl":
        if (region.townLang && r < 0.5) return town();
        return rng.pick(INTL_PLACES);
      case "ja":
        return r < 0.8 ? town() : rng.pick(INTL_PLACES);
      case "fr":
        return r < 0.6 ? rng.pick(FR_PLACES) : town();
      case "de":
        return r < 0.6 ? rng.pick(DE_PLACES) : town();
      case "es":
        return rng.pick(ES_PLACES);
      case "pt":
        return rng.pick(PT_PLACES);
      case "it":
        return rng.pick(IT_PLACES);
      case "nl":
        return rng.pick(NL_PLACES);
      case "nordic":
        return town();
    }
  }

  /** One name from a pattern the country may use, placeholders filled. */
  #fill(
    type: string,
    lang: Lang,
    country: Country,
    region: Region,
    city: string,
  ): string {
    const rng = this.#rng;
    const code = country.def.code;
    const american = code === "US" || code === "CA";
    const allowed = (flags: string) =>
      (!flags.includes("R") || country.def.royal === true) &&
      (!flags.includes("A") || american) &&
      (!flags.includes("B") || !american) &&
      (!flags.includes("C") || code === "CA") &&
      (!flags.includes("G") || country.def.gymkhana === true);
    const key = `${lang}/${type}/${code}`;
    let table = this.#tables.get(key);
    if (!table) {
      // A style without patterns for the type borrows "intl" ones, then
      // English ones, so that every type can be named everywhere.
      const usable = (from: Lang) => patternsFor(from, type).filter(([p]) => allowed(p.flags));
      let list = usable(lang);
      if (list.length === 0 && lang !== "en") list = usable("intl");
      if (list.length === 0) list = usable("en");
      table = new Weighted(list);
      this.#tables.set(key, table);
    }
    const pattern = table.pick(rng);
    const words = NORDIC_WORDS[code] ?? NORDIC_WORDS.SE!;
    return pattern.text.replace(/\{(\w+)\}/g, (_, key: string) => {
      switch (key) {
        case "C":
          return city;
        case "N":
          return this.#estateName(lang, country, region);
        case "T":
          return region.townLang || lang === "intl"
            ? this.#localTown(region)
            : this.#estateName(lang, country, region);
        case "S":
          return rng.pick(SURNAMES);
        case "R":
          return region.name;
        case "HB":
          return code === "US" ? "Harbor" : "Harbour";
        case "GK":
          return words.GK;
        case "TK":
          return words.TK;
        case "SK":
          return words.SK;
        default:
          throw new Error(`unknown placeholder ${key}`);
      }
    });
  }
}
