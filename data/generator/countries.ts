/**
 * Turns the hand-written country list into what rows are drawn from: each
 * country's English name, its weighted regions (checked against ISO 3166-2,
 * so a typo fails the run instead of writing a region that does not exist)
 * and its mix of club types.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveCountries } from "./countries.ts";
 * const [us] = resolveCountries();
 * assert.equal(us!.name, "United States");
 * assert.equal(us!.byCode.get("CO")!.name, "Colorado");
 * ```
 * @module
 */
import { iso31662 } from "iso-3166";
import countries from "i18n-iso-countries/index.js"; // the Node entry loads all 78 languages
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import { TYPE_WEIGHTS, typeWeight } from "./club_types.ts";
import { COUNTRY_DEFS, type CountryDef } from "./country_defs.ts";
import { type Lang, TOWN_LANG_OF, type TownLang } from "./lang.ts";
import { Weighted } from "./random.ts";

countries.registerLocale(en);

/** A top-level region of a country, such as a US state. */
export interface Region {
  /** ISO 3166-2 code, such as "US-CO". */
  code: string;
  /** ISO 3166-2 English name, such as "Colorado". */
  name: string;
  /** The listed cities, biggest first; empty where all towns are made up. */
  cities: string[];
  /** Style of its club names. */
  lang: Lang;
  /** Style of its made-up towns; none where it has only listed cities. */
  townLang: TownLang | undefined;
}

/** A country as rows use it. */
export interface Country {
  /** Its hand-written entry. */
  def: CountryDef;
  /** Its English name, as the `country` column writes it. */
  name: string;
  /** Its regions, weighted by their share of its clubs. */
  regions: Weighted<Region>;
  /** Its regions by code without the country prefix ("CO" for "US-CO"). */
  byCode: Map<string, Region>;
  /** The regions its ski clubs go to, when it names them. */
  ski: Weighted<Region> | undefined;
  /** Its club types, weighted ({@link typeWeight}). */
  types: Weighted<string | null>;
}

/** Reads a `places` text: one "CODE WEIGHT City|City" a line. */
function parsePlaces(text: string): [string, number, string[]][] {
  return text.trim().split("\n").map((line) => {
    const m = /^(\S+)\s+([\d.]+)\s+(.+)$/.exec(line.trim());
    if (!m) throw new Error(`bad place line: ${line}`);
    return [m[1]!, Number(m[2]), m[3]!.split("|").map((c) => c.trim())];
  });
}

/**
 * Every country of {@link COUNTRY_DEFS}, resolved, in the same order.
 * Throws when a region code is not a top-level region of its country, or
 * when a region would need made-up towns in a language that has none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveCountries } from "./countries.ts";
 * assert.equal(resolveCountries().find((c) => c.def.code === "GB")!.name, "United Kingdom");
 * ```
 */
export function resolveCountries(): Country[] {
  const subdivisions = new Map<string, { name: string; parent: string }>();
  for (const entry of iso31662) subdivisions.set(entry.code, entry);
  return COUNTRY_DEFS.map((def) => {
    const name = def.name ?? countries.getName(def.code, "en");
    if (!name) throw new Error(`no English name for ${def.code}`);
    const regions = new Weighted<Region>();
    const byCode = new Map<string, Region>();
    const makeRegion = (suffix: string, cities: string[]): Region => {
      const code = `${def.code}-${suffix}`;
      const sub = subdivisions.get(code);
      if (!sub || sub.parent !== def.code) {
        throw new Error(`${code} is not a top-level region of ${def.code}`);
      }
      const lang = def.regionLang?.[suffix] ?? def.lang;
      // A region with its own language (Québec) makes towns in it, not in
      // the country's town language.
      const townLang = def.regionLang?.[suffix]
        ? TOWN_LANG_OF[lang]
        : def.townLang ?? TOWN_LANG_OF[lang];
      return { code, name: sub.name, cities, lang, townLang };
    };
    for (const [suffix, weight, cities] of parsePlaces(def.places)) {
      const region = makeRegion(suffix, cities);
      regions.add(region, weight);
      byCode.set(suffix, region);
    }
    if (def.fill) {
      // The unlisted regions, in ISO order, each with only made-up towns.
      for (const entry of iso31662) {
        if (entry.parent !== def.code) continue;
        const suffix = entry.code.slice(def.code.length + 1);
        if (byCode.has(suffix) || def.exclude?.includes(suffix)) continue;
        const region = makeRegion(suffix, []);
        if (!region.townLang) throw new Error(`no towns for ${entry.code}`);
        regions.add(region, def.fill);
        byCode.set(suffix, region);
      }
    }
    const ski = def.ski
      ? new Weighted(def.ski.map((s) => {
        const region = byCode.get(s);
        if (!region) throw new Error(`ski region ${s} not listed`);
        return [region, 1] as const;
      }))
      : undefined;
    const types = new Weighted(
      TYPE_WEIGHTS.map(([type, w]) => [type, typeWeight(def, type, w)] as const),
    );
    return { def, name, regions, byCode, ski, types };
  });
}
