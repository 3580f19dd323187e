/**
 * Countries and subdivisions (states, provinces): what users type → ISO 3166
 * codes → English names. Data comes from `iso-3166` (codes, subdivisions,
 * hierarchy) and `i18n-iso-countries` (English country names); only the
 * English names those lack are listed here.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveCountry, resolveSubdivision } from "./geo.ts";
 * assert.deepStrictEqual(resolveCountry("UK"), "GB");
 * assert.deepStrictEqual(resolveSubdivision("Bavaria", ["DE"]), "DE-BY");
 * ```
 * @module
 */

import { iso31661, iso31662 } from "iso-3166";
// The package's Node entry registers all 78 languages (measured: 4 MB and
// 12 ms more per process); its plain entry registers none: only English is used.
import countries from "i18n-iso-countries/index.js";
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import { placeKey } from "../model/fold.ts";

export { NORTH_AMERICA } from "./resolve.ts";

/**
 * English names the libraries lack, by code. The first name is the display
 * name; all are accepted as input. Subdivisions get English exonyms where
 * iso-3166 uses the local name ("Bayern").
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  GB: ["United Kingdom", "Britain"], // i18n's shortest is "Great Britain"
  NL: ["Netherlands", "Holland"],
  CI: ["Côte d'Ivoire"], // rather than "Ivory Coast"
  CD: ["Democratic Republic of the Congo", "DR Congo", "DRC"],
  LA: ["Laos"],
  SY: ["Syria"],
  BN: ["Brunei"],
  MD: ["Moldova"],
  FM: ["Micronesia"],
  VA: ["Vatican City", "Vatican"],
  VG: ["British Virgin Islands"],
  VI: ["U.S. Virgin Islands"],
  FK: ["Falkland Islands"],
  MM: ["Myanmar", "Burma"],
  TL: ["Timor-Leste", "East Timor"],
  "DE-BY": ["Bavaria"],
  "DE-NI": ["Lower Saxony"],
  "DE-NW": ["North Rhine-Westphalia"],
  "DE-HE": ["Hesse"],
  "DE-SN": ["Saxony"],
  "IT-21": ["Piedmont"],
  "IT-25": ["Lombardy"],
  "IT-52": ["Tuscany"],
  "IT-82": ["Sicily"],
  "IT-88": ["Sardinia"],
  "ES-AN": ["Andalusia"],
  "ES-CT": ["Catalonia"],
  "ES-IB": ["Balearic Islands"],
  "ES-CN": ["Canary Islands"],
  "CH-GE": ["Geneva"],
  "AT-9": ["Vienna"],
  "MX-CMX": ["Mexico City"],
  "CN-NM": ["Inner Mongolia"],
  "CN-XZ": ["Tibet"],
};

const nameKey = placeKey;

/**
 * Looser forms of an official name, so "Madrid, Comunidad de", "Puducherry
 * (Pondicherry)" and "Guangdong Sheng" also answer to their first words.
 */
function variants(name: string): string[] {
  const bare = name.replace(/\s*\([^)]*\)/g, "");
  const head = bare.split(",")[0] ?? bare;
  const cn = / (?:\S+zu |uygur )?(?:sheng|shi|zizhiqu|sar)$/;
  return [bare, head, nameKey(head).replace(cn, "")];
}

type Ranked = { code: string | null; tier: number };
type Subdivision = { code: string; name: string; parent: string };
type Match = { code: string; country: string; top: boolean; tier: number };

// Lookup tables, each built once on first use.
type CountryTables = { keys: Map<string, Ranked>; names: Map<string, string> };
type SubTables = {
  keys: Map<string, Match[]>;
  byCode: Map<string, Subdivision>;
  byCountry: Map<string, Subdivision[]>;
  /** Every key each code was added under (ISO name included, aliases or not). */
  spellings: Map<string, string[]>;
};
let countryTables: CountryTables | undefined;
let subTables: SubTables | undefined;

function countryData(): CountryTables {
  if (countryTables) return countryTables;
  countries.registerLocale(en);
  const all = countries.getNames("en", { select: "all" });
  const keys = new Map<string, Ranked>();
  const names = new Map<string, string>();
  // Tiers: -2 codes, -1 aliases, 0 official names, 1 other names, 2 variants.
  // Lower wins; a tie between two codes makes the key ambiguous (null), e.g.
  // "Korea" from both "Korea, Republic of" and "Korea, Democratic...".
  const claim = (name: string, code: string, tier: number) => {
    const key = nameKey(name);
    const prior = keys.get(key);
    if (!key || (prior && prior.tier < tier)) return;
    const clash = prior?.tier === tier && prior.code !== code;
    keys.set(key, { code: clash ? null : code, tier });
  };
  const owners = new Map<string, number>(); // how many countries use a name
  for (const list of Object.values(all)) {
    for (const k of new Set(list.map(nameKey))) {
      owners.set(k, (owners.get(k) ?? 0) + 1);
    }
  }
  for (const [alpha2, list] of Object.entries(all)) {
    claim(alpha2, alpha2, -2);
    claim(countries.alpha2ToAlpha3(alpha2) ?? "", alpha2, -2);
    for (const [i, name] of list.entries()) {
      claim(name, alpha2, i === 0 ? 0 : 1);
      for (const v of variants(name)) claim(v, alpha2, 2);
    }
    // Shortest unshared, non-abbreviated name: "United States", "Russia".
    const common = list.filter((n) => /\p{Ll}/u.test(n) && owners.get(nameKey(n)) === 1)
      .reduce((a, b) => (b.length < a.length ? b : a), list[0] ?? alpha2);
    names.set(alpha2, ALIASES[alpha2]?.[0] ?? common);
  }
  for (const c of iso31661) { // ISO's own short names: "Viet Nam", "Cabo Verde"
    claim(c.name, c.alpha2, 0);
    for (const v of variants(c.name)) claim(v, c.alpha2, 2);
  }
  for (const [code, list] of Object.entries(ALIASES)) {
    for (const n of names.has(code) ? list : []) claim(n, code, -1);
  }
  return countryTables = { keys, names };
}

function subdivisionData(): SubTables {
  if (subTables) return subTables;
  const keys = new Map<string, Match[]>();
  const byCode = new Map<string, Subdivision>();
  const byCountry = new Map<string, Subdivision[]>();
  const spellings = new Map<string, string[]>();
  const add = (name: string, m: Match) => {
    const key = nameKey(name);
    const list = keys.get(key) ?? [];
    if (list.some((o) => o.code === m.code)) return;
    keys.set(key, [...list, m]);
    spellings.get(m.code)?.push(key) ?? spellings.set(m.code, [key]);
  };
  for (const { code, name, parent } of iso31662) {
    const country = code.slice(0, 2);
    const sub = { code, name: ALIASES[code]?.[0] ?? name, parent };
    byCode.set(code, sub);
    byCountry.get(country)?.push(sub) ?? byCountry.set(country, [sub]);
    const m = { code, country, top: parent === country, tier: 0 };
    for (const n of [code, code.slice(3), name, ...(ALIASES[code] ?? [])]) {
      add(n, m);
    }
    for (const n of variants(name)) add(n, { ...m, tier: 1 });
  }
  for (const list of byCountry.values()) {
    list.sort((a, b) => Number(a.parent.includes("-")) - Number(b.parent.includes("-")));
  }
  return subTables = { keys, byCode, byCountry, spellings };
}

/**
 * ISO alpha-2 for a country given by English name (any of i18n-iso-countries'
 * English names, case/accent-insensitive), alpha-2, alpha-3 (case-insensitive),
 * or an alias. null when unknown.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepStrictEqual(resolveCountry("United States of America"), "US");
 * assert.deepStrictEqual(resolveCountry("gbr"), "GB");
 * assert.deepStrictEqual(resolveCountry("all"), null);
 * ```
 */
export function resolveCountry(input: string): string | null {
  return countryData().keys.get(nameKey(input))?.code ?? null;
}

/**
 * Common English display name for an alpha-2 code: the shortest of
 * i18n-iso-countries' names that no other country shares, unless the alias
 * table says otherwise. Throws RangeError for an unknown code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepStrictEqual(countryName("US"), "United States");
 * assert.deepStrictEqual(countryName("KR"), "South Korea");
 * ```
 */
export function countryName(alpha2: string): string {
  const name = countryData().names.get(alpha2.trim().toUpperCase());
  if (!name) throw new RangeError(`Unknown country code: ${alpha2}`);
  return name;
}

/**
 * ISO 3166-2 code of a subdivision of one of `countries` (alpha-2 list),
 * given by name (any case/accents; also the English alias names), by its
 * code suffix ("FL", "nsw") or by the full code ("US-FL"). When several
 * match, prefer a top-level subdivision (parent is the country) and then the
 * first country in `countries`. null when none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepStrictEqual(resolveSubdivision("florida", ["US", "CA"]), "US-FL");
 * assert.deepStrictEqual(resolveSubdivision("nsw", ["AU"]), "AU-NSW");
 * ```
 */
export function resolveSubdivision(
  input: string,
  countries: readonly string[],
): string | null {
  const order = countries.map((c) => c.trim().toUpperCase());
  // Lower is better: top-level first, then country order, then exact names.
  const score = (m: Match) => (m.top ? 0 : 1e6) + order.indexOf(m.country) * 10 + m.tier;
  let best: Match | undefined;
  for (const m of subdivisionData().keys.get(nameKey(input)) ?? []) {
    if (order.includes(m.country) && (!best || score(m) < score(best))) {
      best = m;
    }
  }
  return best?.code ?? null;
}

/**
 * English display name of a subdivision code (the iso-3166 name unless the
 * alias table gives an English one). Throws RangeError when unknown.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepStrictEqual(subdivisionName("US-FL"), "Florida");
 * assert.deepStrictEqual(subdivisionName("DE-BY"), "Bavaria");
 * ```
 */
export function subdivisionName(code: string): string {
  const sub = subdivisionData().byCode.get(code.trim().toUpperCase());
  if (!sub) throw new RangeError(`Unknown subdivision code: ${code}`);
  return sub.name;
}

/**
 * Every subdivision of a country, top-level ones first, each
 * {code, name, parent}. Empty array for unknown countries.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepStrictEqual(subdivisionsOf("CA").length, 13);
 * assert.deepStrictEqual(subdivisionsOf("CA")[0], { code: "CA-AB", name: "Alberta", parent: "CA" });
 * ```
 */
export function subdivisionsOf(alpha2: string): Subdivision[] {
  const list = subdivisionData().byCountry.get(alpha2.trim().toUpperCase());
  return (list ?? []).map((s) => ({ ...s })); // copies keep the cache intact
}

/** One spelling a place answers to, as a {@link placeKey}, with its rank. */
export interface PlaceAlias {
  alias: string;
  /** Lower is a better match: codes and exact names before loose forms. */
  tier: number;
}

/**
 * Every key under which {@link resolveCountry} finds a country: its codes,
 * English names, aliases and loose forms (ambiguous keys excluded).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepStrictEqual(countryAliases("GB").some((a) => a.alias === "uk"), true);
 * ```
 */
export function countryAliases(alpha2: string): PlaceAlias[] {
  const out: PlaceAlias[] = [];
  for (const [alias, r] of countryData().keys) {
    if (r.code === alpha2) out.push({ alias, tier: r.tier });
  }
  return out;
}

/**
 * Every key under which {@link resolveSubdivision} finds a subdivision, with
 * whether it is top-level (its parent is the country).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepStrictEqual(subdivisionAliases("US-FL").map((a) => a.alias), ["us fl", "fl", "florida"]);
 * ```
 */
export function subdivisionAliases(code: string): (PlaceAlias & { top: boolean })[] {
  const data = subdivisionData();
  const out: (PlaceAlias & { top: boolean })[] = [];
  // Every spelling resolveSubdivision reads, the ISO name included ("Andalucía"
  // as well as the English "Andalusia"), so a listing's own words find it.
  for (const alias of data.spellings.get(code) ?? []) {
    const m = data.keys.get(alias)?.find((x) => x.code === code);
    if (alias && m) out.push({ alias, tier: m.tier, top: m.top });
  }
  return out;
}
