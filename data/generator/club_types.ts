/**
 * The club types: how common each is, where each can exist, and the groups of
 * types that other parts of the generator treat alike.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CLUB_TYPES, forType } from "./club_types.ts";
 * assert.ok(CLUB_TYPES.includes("polo"));
 * assert.equal(forType({ social: 1, golf: 2 }, null), 1); // a club without a type is social
 * ```
 * @module
 */
import type { CountryDef } from "./country_defs.ts";
import { words } from "./words.ts";

/**
 * Club types and their base weights (percent); `null` is a club whose type
 * is not known, which the directory must handle too. The order is the PRNG's
 * order: changing it changes the snapshot.
 */
export const TYPE_WEIGHTS: [string | null, number][] = [
  ["golf", 27],
  ["country_club", 18],
  ["city", 7],
  ["social", 6],
  ["athletic", 5],
  ["yacht", 5],
  ["tennis", 4],
  ["beach", 3],
  ["dining", 3],
  ["wine", 2.5],
  ["arts", 2],
  ["cigar", 2],
  ["wellness", 2],
  ["outdoor", 2],
  ["hunting", 2],
  ["fishing", 1.5],
  ["shooting", 1.5],
  ["ski", 1.5],
  ["adventure", 1],
  ["polo", 1],
  [null, 1],
];

/** Every club type the generator writes. */
export const CLUB_TYPES: readonly string[] = TYPE_WEIGHTS
  .map(([type]) => type)
  .filter((type): type is string => type !== null);

/** Countries with ski clubs; elsewhere the type is not generated. */
const SKI_COUNTRIES = new Set(
  "US CA CH AT FR IT DE JP NZ AU CL AR NO SE FI AD LI SI SK BG KR ES IS CZ PL RO"
    .split(" "),
);
/** Landlocked countries: no beach clubs. */
const LANDLOCKED = new Set("CH AT HU CZ SK LI AD RS BW ZW".split(" "));

/**
 * A type's weight in one country: zero where it cannot exist (ski clubs
 * without mountains, beach clubs without a coast), else the base weight
 * times the country's boost for it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { typeWeight } from "./club_types.ts";
 * const def = { code: "CH", weight: 1, lang: "de", places: "", boost: { ski: 4 } } as const;
 * assert.equal(typeWeight(def, "ski", 1.5), 6);
 * assert.equal(typeWeight(def, "beach", 3), 0);
 * ```
 */
export function typeWeight(def: CountryDef, type: string | null, weight: number): number {
  if (type === "ski" && !SKI_COUNTRIES.has(def.code)) return 0;
  if (type === "beach" && LANDLOCKED.has(def.code)) return 0;
  return weight * (type ? def.boost?.[type] ?? 1 : 1);
}

/** Types whose clubs are hard to join: they get the tighter waitlist mix. */
export const EXCLUSIVE_TYPES: ReadonlySet<string> = new Set(words(`
city|social|country_club|polo|yacht|hunting`));

/** Types that favour big cities over made-up towns and small places. */
export const URBAN_TYPES: ReadonlySet<string> = new Set(words(`
city|social|arts|cigar|dining|wine|athletic|wellness`));

/**
 * A per-type table's entry for a club's type; a club without a type, or a
 * type the table lacks, gets the social club's entry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { forType } from "./club_types.ts";
 * const dues = { social: 1_000, golf: 5_000 };
 * assert.equal(forType(dues, "golf"), 5000);
 * assert.equal(forType(dues, null), 1000);
 * ```
 */
export function forType<T>(table: Readonly<Record<string, T>>, type: string | null): T {
  return table[type ?? "social"] ?? table.social!;
}
