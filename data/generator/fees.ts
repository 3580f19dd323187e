/**
 * Membership fees: whether a club's fees are known at all, and if so its
 * initiation fee and annual and monthly dues, priced by type, country and a
 * per-club prestige, and rounded the way real fee schedules are.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickFees } from "./fees.ts";
 * import { Rng } from "./random.ts";
 * assert.deepStrictEqual(pickFees(new Rng(7), "golf", 1), { tier: "estimate", initiation: 80000, annual: 13000, monthly: 1083 });
 * ```
 * @module
 */
import type { ClubRecord } from "../../core/schema/mod.ts";
import { forType } from "./club_types.ts";
import { type Rng, Weighted } from "./random.ts";

/**
 * Initiation and annual-dues ranges in USD per type, as
 * `[initiation low, initiation high, annual low, annual high]`.
 */
const FEE_RANGES: Record<string, [number, number, number, number]> = {
  golf: [5_000, 250_000, 3_000, 30_000],
  country_club: [10_000, 300_000, 5_000, 40_000],
  city: [1_000, 50_000, 1_500, 12_000],
  social: [500, 25_000, 1_000, 8_000],
  arts: [250, 10_000, 500, 5_000],
  cigar: [500, 10_000, 1_200, 8_000],
  dining: [500, 15_000, 1_000, 10_000],
  wine: [500, 15_000, 1_000, 10_000],
  athletic: [1_000, 30_000, 1_500, 12_000],
  tennis: [1_000, 40_000, 1_500, 12_000],
  wellness: [500, 5_000, 1_500, 15_000],
  outdoor: [100, 5_000, 200, 3_000],
  hunting: [2_000, 75_000, 1_500, 15_000],
  fishing: [2_000, 75_000, 1_000, 12_000],
  shooting: [1_000, 25_000, 800, 8_000],
  adventure: [500, 20_000, 2_000, 25_000],
  yacht: [2_000, 100_000, 2_000, 20_000],
  beach: [5_000, 150_000, 3_000, 25_000],
  ski: [5_000, 200_000, 2_000, 25_000],
  polo: [5_000, 150_000, 5_000, 40_000],
};

/** How sure the directory is of a club's fees (`null`: not recorded). */
const FEE_TIER_TABLE = new Weighted<ClubRecord["fee_tier"]>([
  ["verified", 15],
  ["estimate", 45],
  ["none", 35],
  [null, 5],
]);

/** Which of initiation, annual and monthly a fee schedule states. */
const FEE_SHAPES = new Weighted<[boolean, boolean, boolean]>([
  [[true, true, true], 62],
  [[true, true, false], 14],
  [[false, true, true], 10],
  [[false, true, false], 8],
  [[true, false, false], 4],
  [[false, false, true], 2],
]);

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

/**
 * Rounds a fee as a club would state it; an estimate is rounder still, as
 * second-hand figures are.
 */
function niceRound(value: number, estimate: boolean): number {
  if (estimate) {
    if (value >= 50_000) return roundTo(value, 5_000);
    if (value >= 10_000) return roundTo(value, 1_000);
    if (value >= 1_000) return roundTo(value, 100);
    return roundTo(value, 50);
  }
  if (value >= 10_000) return roundTo(value, 250);
  if (value >= 1_000) return roundTo(value, 25);
  return roundTo(value, 5);
}

/** A club's fee columns; figures are USD, `null` where not stated. */
export interface Fees {
  /** The `fee_tier` column. */
  tier: ClubRecord["fee_tier"];
  /** The `initiation_fee` column. */
  initiation: number | null;
  /** The `annual_dues` column. */
  annual: number | null;
  /** The `monthly_dues` column. */
  monthly: number | null;
}

/**
 * Draws a club's fees. Only verified and estimated tiers state figures. One
 * prestige draw moves initiation and dues together, so a club is not cheap
 * to join and dear to keep; monthly dues are a twelfth of the annual ones
 * when both are stated.
 *
 * @param rng The run's PRNG.
 * @param type The club's type (`null`: priced as a social club).
 * @param feeLevel The country's fee level relative to the US; 0.5 when absent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickFees } from "./fees.ts";
 * import { Rng } from "./random.ts";
 * const fees = pickFees(new Rng(1), "city", 0.7);
 * assert.ok(fees.tier === "none" ? fees.annual === null : true);
 * ```
 */
export function pickFees(rng: Rng, type: string | null, feeLevel: number | undefined): Fees {
  const tier = FEE_TIER_TABLE.pick(rng);
  let initiation: number | null = null;
  let annual: number | null = null;
  let monthly: number | null = null;
  if (tier === "verified" || tier === "estimate") {
    const estimate = tier === "estimate";
    const [iLo, iHi, aLo, aHi] = forType(FEE_RANGES, type);
    const prestige = (rng.next() + rng.next()) / 2;
    const factor = (feeLevel ?? 0.5) * (0.85 + rng.next() * 0.3);
    // Log-scale between the type's low and high, so prestige multiplies.
    const scale = (lo: number, hi: number, p: number) =>
      lo * Math.pow(hi / lo, Math.min(1, Math.max(0, p))) * factor;
    const [hasInit, hasAnnual, hasMonthly] = FEE_SHAPES.pick(rng);
    const annualRaw = scale(aLo, aHi, prestige + (rng.next() - 0.5) * 0.2);
    if (hasInit) {
      // Some wellness clubs waive initiation to win members.
      const wave = type === "wellness" && rng.chance(0.3);
      initiation = wave ? 0 : niceRound(
        scale(iLo, iHi, prestige + (rng.next() - 0.5) * 0.2),
        estimate,
      );
    }
    if (hasAnnual) annual = niceRound(annualRaw, estimate);
    if (hasMonthly) {
      monthly = annual !== null ? Math.round(annual / 12) : niceRound(annualRaw / 12, estimate);
    }
  }
  return { tier, initiation, annual, monthly };
}
