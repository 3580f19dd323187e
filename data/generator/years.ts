/**
 * Founding and opening years. Each type has its own history (city clubs are
 * Victorian, golf boomed twice, wellness clubs are new), and a country's
 * clubs are no older than its club life.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rng } from "./random.ts";
 * import { pickYears } from "./years.ts";
 * assert.deepStrictEqual(pickYears(new Rng(7), "yacht", false, 1750), { founded: 1933, opened: null });
 * ```
 * @module
 */
import { type Rng, Weighted } from "./random.ts";

/** Founding eras as `[weight, first year, last year]`. */
const ERAS: Record<string, [number, number, number][]> = {
  old: [[2, 1750, 1800], [40, 1800, 1900], [38, 1900, 1960], [20, 1960, 2024]],
  golf: [[1, 1750, 1880], [34, 1880, 1930], [20, 1930, 1970], [40, 1970, 2010], [
    5,
    2010,
    2024,
  ]],
  yacht: [[2, 1750, 1840], [58, 1840, 1950], [40, 1950, 2024]],
  sport: [[60, 1870, 1960], [40, 1960, 2020]],
  field: [[50, 1850, 1960], [50, 1960, 2020]],
  modern: [[15, 1950, 1990], [85, 1990, 2024]],
  mid: [[50, 1900, 1970], [50, 1970, 2022]],
};
/** Which {@link ERAS} entry each type's founding years follow. */
const TYPE_ERA: Record<string, string> = {
  golf: "golf",
  country_club: "golf",
  city: "old",
  social: "old",
  arts: "old",
  yacht: "yacht",
  athletic: "sport",
  tennis: "sport",
  polo: "sport",
  hunting: "field",
  fishing: "field",
  shooting: "field",
  outdoor: "field",
  cigar: "modern",
  wine: "modern",
  dining: "modern",
  wellness: "modern",
  adventure: "modern",
  ski: "mid",
  beach: "mid",
};
const ERA_TABLES = new Map(
  Object.entries(ERAS).map(([k, v]) => [
    k,
    new Weighted(v.map(([w, lo, hi]) => [[lo, hi] as const, w] as const)),
  ]),
);

/** A club's `founded_year` and `opened_year`, `null` where unknown. */
export interface Years {
  /** The `founded_year` column. */
  founded: number | null;
  /** The `opened_year` column: set when opening came after founding. */
  opened: number | null;
}

/**
 * Draws a club's years. A club still to open gets an opening year from 2027
 * on and rarely a founding year; an open one has a founding year unless
 * the listing lacks it, and now and then a later opening year.
 *
 * @param rng The run's PRNG.
 * @param type The club's type (`null`: dated as a social club).
 * @param comingSoon Whether the club has yet to open.
 * @param since The country's earliest plausible founding year; 1820 when absent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rng } from "./random.ts";
 * import { pickYears } from "./years.ts";
 * assert.equal(pickYears(new Rng(1), "ski", true, undefined).opened, 2028); // always 2027 to 2029
 * ```
 */
export function pickYears(
  rng: Rng,
  type: string | null,
  comingSoon: boolean,
  since: number | undefined,
): Years {
  let founded: number | null = null;
  let opened: number | null = null;
  if (comingSoon) {
    opened = rng.int(2027, 2029);
    if (rng.chance(0.2)) founded = rng.int(2021, 2024);
  } else if (!rng.chance(0.15)) {
    const era = ERA_TABLES.get(TYPE_ERA[type ?? "social"] ?? "mid")!;
    const [lo, hi] = era.pick(rng);
    founded = rng.int(lo, hi);
    const earliest = since ?? 1820;
    if (founded < earliest) founded = rng.int(earliest, Math.max(earliest, 2024));
    if (founded > 2024) founded = 2024;
    if (rng.chance(0.06)) opened = Math.min(2024, founded + rng.int(0, 4));
  }
  return { founded, opened };
}
