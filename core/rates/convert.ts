/**
 * Fees in another currency, for the website (the API and MCP never convert).
 *
 * Rounding: an exact fee is converted to whole units (`$2,500` → `€2,428`);
 * a band's edges are each converted and rounded to 2 significant figures
 * (`$10,000–$25,000` → `€9,700–€24,000`), enough for a range that is
 * itself a rough guide, and the ladder's steps (at least ×2 apart) never
 * collapse. Zero stays 0, the top band stays open (`€970,000+`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { convertedViews } from "./convert.ts";
 * const rates = { date: "2025-01-15", source: "test", rates: new Map([["EUR", 1], ["USD", 1.03]]) };
 * const club = { initiation_fee: 15000, annual_dues: 6000, monthly_dues: null,
 *   fee_tier: "verified", currency: "USD" } as const;
 * const v = convertedViews(club, "exact", "EUR", rates);
 * assert(v.ok);
 * assert.deepStrictEqual(v.views.initiation, "€14,563");
 * const band = convertedViews(club, "band", "EUR", rates);
 * assert(band.ok);
 * assert.deepStrictEqual(band.views.initiation, "€9,700–€24,000");
 * ```
 * @module
 */
import {
  BAND_LADDER,
  type FeeAccess,
  type FeeFields,
  feeViews,
  firstYearCost,
  formatMoney,
} from "../club/fees.ts";
import type { Rates } from "./parse.ts";

/** The four fee views, as in {@link feeViews}. */
export type FeeKey = "initiation" | "annual" | "monthly" | "firstYear";

/** A club's fees in another currency: a label per view (null: nothing to convert), or why not. */
export type Converted =
  | { ok: true; views: Record<FeeKey, string | null> }
  | { ok: false; reason: "same" | "no_rate"; missing?: string };

/** `x` rounded to `digits` significant figures (0 stays 0). */
export function roundSignificant(x: number, digits = 2): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  return Number(x.toPrecision(digits));
}

/** How many units of `to` one unit of `from` buys, or null when a rate is missing. */
export function factor(rates: Rates | null, from: string, to: string): number | null {
  if (from === to) return 1;
  const f = rates?.rates.get(from);
  const t = rates?.rates.get(to);
  return f === undefined || t === undefined ? null : t / f;
}

/** An exact fee in `to`: converted, then rounded to whole units. */
export function convertExact(amount: number, f: number, to: string): string {
  return formatMoney(Math.round(amount * f), to);
}

/** The band of `amount` (in its own currency) with its edges in `to`, to 2 significant figures. */
export function convertBand(amount: number, f: number, to: string): string {
  let i = BAND_LADDER.length - 1;
  while (i > 0 && amount < BAND_LADDER[i]!) i--;
  const edge = (n: number) => formatMoney(roundSignificant(n * f), to);
  const hi = BAND_LADDER[i + 1];
  return hi === undefined ? `${edge(BAND_LADDER[i]!)}+` : `${edge(BAND_LADDER[i]!)}–${edge(hi)}`;
}

/**
 * A club's fees, as a caller with `access` sees them, in `to`: the same
 * views as {@link feeViews} (exact figures, bands), converted. Not when
 * `to` is the club's own currency, or a rate is missing (`missing` names
 * the currency).
 */
export function convertedViews(
  club: FeeFields,
  access: FeeAccess,
  to: string,
  rates: Rates | null,
): Converted {
  if (club.currency === to) return { ok: false, reason: "same" };
  const f = factor(rates, club.currency, to);
  if (f === null) {
    const missing = rates?.rates.has(to) ? club.currency : to;
    return { ok: false, reason: "no_rate", missing };
  }
  const views = feeViews(club, access);
  const amounts: Record<FeeKey, number | null> = {
    initiation: club.initiation_fee,
    annual: club.annual_dues,
    monthly: club.monthly_dues,
    firstYear: firstYearCost(club),
  };
  const out = {} as Record<FeeKey, string | null>;
  for (const key of Object.keys(amounts) as FeeKey[]) {
    const v = views[key];
    const amount = amounts[key];
    out[key] = amount === null
      ? null
      : v.kind === "exact"
      ? convertExact(amount, f, to)
      : v.kind === "band"
      ? convertBand(amount, f, to)
      : null;
  }
  return { ok: true, views: out };
}
