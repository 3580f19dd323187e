/**
 * Fee visibility (docs/api.md#fee-visibility): which figures and which {@link FeeView}s a caller
 * sees, by access level.
 *
 * Bands use one ladder for every fee: 0, 100, 250, 500, 1,000, 2,500, 5,000,
 * 10,000, 25,000, 50,000, 100,000, 250,000, 500,000, 1,000,000 and above.
 * A band label reads like `$10,000–$25,000` (lower bound inclusive, upper
 * exclusive) or `$1,000,000+`, in the club's currency.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { feeViews } from "./fees.ts";
 * const club = { initiation_fee: 15000, annual_dues: 6000, monthly_dues: 500,
 *   fee_tier: "estimate", currency: "USD" } as const;
 * assert.deepStrictEqual(feeViews(club, "band").initiation, { kind: "band", label: "$10,000–$25,000", estimate: true });
 * ```
 * @module
 */
import type { ClubRecord, FeeView, FeeViews } from "../schema/mod.ts";
import type { FEE_ACCESS } from "../model/mod.ts";

/** What a caller may see (docs/api.md#fee-visibility): one of {@link FEE_ACCESS}. */
export type FeeAccess = typeof FEE_ACCESS[number];

/** The fields of a club that fee visibility reads. */
export type FeeFields = Pick<
  ClubRecord,
  "initiation_fee" | "annual_dues" | "monthly_dues" | "fee_tier" | "currency"
>;

/** Band edges, in the club's currency. */
export const BAND_LADDER: readonly number[] = [
  0,
  100,
  250,
  500,
  1_000,
  2_500,
  5_000,
  10_000,
  25_000,
  50_000,
  100_000,
  250_000,
  500_000,
  1_000_000,
];

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats an amount in the club's currency: whole units when it is whole
 * (`$12,500`), else with cents (`$416.67`), so an exact figure is never
 * rounded into a different one.
 */
export function formatMoney(amount: number, currency: string): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  const key = `${currency}:${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      maximumFractionDigits: digits,
      minimumFractionDigits: digits,
    });
    formatters.set(key, f);
  }
  return f.format(amount);
}

/** The band label of an amount, e.g. `$10,000–$25,000`. */
export function bandLabel(amount: number, currency: string): string {
  let i = BAND_LADDER.length - 1;
  while (i > 0 && amount < BAND_LADDER[i]!) i--;
  const lo = BAND_LADDER[i]!;
  const hi = BAND_LADDER[i + 1];
  return hi === undefined
    ? `${formatMoney(lo, currency)}+`
    : `${formatMoney(lo, currency)}–${formatMoney(hi, currency)}`;
}

/**
 * The first-year cost: initiation plus a year of dues (annual, else twelve
 * months). Null unless both parts are on file.
 */
export function firstYearCost(club: FeeFields): number | null {
  const yearly = club.annual_dues ??
    (club.monthly_dues === null ? null : club.monthly_dues * 12);
  return club.initiation_fee === null || yearly === null ? null : club.initiation_fee + yearly;
}

function view(
  amount: number | null,
  club: FeeFields,
  access: FeeAccess,
): FeeView {
  if (amount === null) return { kind: "none" };
  if (access === "locked") return { kind: "locked" };
  if (access === "exact" && club.fee_tier === "verified") {
    return { kind: "exact", label: formatMoney(amount, club.currency) };
  }
  return {
    kind: "band",
    label: bandLabel(amount, club.currency),
    estimate: club.fee_tier !== "verified",
  };
}

/** The four fee views of a club for a caller with the given access. */
export function feeViews(club: FeeFields, access: FeeAccess): FeeViews {
  return {
    initiation: view(club.initiation_fee, club, access),
    annual: view(club.annual_dues, club, access),
    monthly: view(club.monthly_dues, club, access),
    firstYear: view(firstYearCost(club), club, access),
  };
}

/**
 * The fee figure fields as the caller may see them: club-verified figures
 * for paying members, null for everyone else.
 */
export function visibleFigures(
  club: FeeFields,
  access: FeeAccess,
): Pick<ClubRecord, "initiation_fee" | "annual_dues" | "monthly_dues"> {
  const show = access === "exact" && club.fee_tier === "verified";
  return {
    initiation_fee: show ? club.initiation_fee : null,
    annual_dues: show ? club.annual_dues : null,
    monthly_dues: show ? club.monthly_dues : null,
  };
}
