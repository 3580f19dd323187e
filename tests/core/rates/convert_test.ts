import { BAND_LADDER, type FeeFields } from "../../../core/club/fees.ts";
import {
  convertBand,
  convertedViews,
  convertExact,
  factor,
  type Rates,
  roundSignificant,
} from "../../../core/rates/mod.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";

const RATES: Rates = {
  date: "2025-01-15",
  source: "test",
  rates: new Map([["EUR", 1], ["USD", 1.0298], ["JPY", 161.76], ["GBP", 0.84448]]),
};

const club = (over: Partial<FeeFields> = {}): FeeFields => ({
  initiation_fee: 250000,
  annual_dues: 30000,
  monthly_dues: 2500,
  fee_tier: "verified",
  currency: "USD",
  ...over,
});

Deno.test("cross rates go through the euro; a missing rate gives none", () => {
  assertStrictEquals(factor(RATES, "USD", "USD"), 1);
  assertStrictEquals(factor(RATES, "EUR", "USD"), 1.0298);
  assert(Math.abs(factor(RATES, "USD", "GBP")! - 0.84448 / 1.0298) < 1e-12);
  assertStrictEquals(factor(RATES, "USD", "CHF"), null);
  assertStrictEquals(factor(null, "USD", "EUR"), null);
});

Deno.test("exact fees are rounded to whole units, band edges to two significant figures", () => {
  assertStrictEquals(convertExact(416.67, 1 / 1.0298, "EUR"), "€405");
  assertStrictEquals(convertExact(250000, 161.76 / 1.0298, "JPY"), "¥39,269,761");
  assertEquals([0, 94, 97_087, 155.5, 1_234_567].map((x) => roundSignificant(x)), [
    0,
    94,
    97_000,
    160,
    1_200_000,
  ]);
  assertStrictEquals(convertBand(50, 1 / 1.0298, "EUR"), "€0–€97");
  assertStrictEquals(convertBand(15000, 1 / 1.0298, "EUR"), "€9,700–€24,000");
  assertStrictEquals(convertBand(2_000_000, 1 / 1.0298, "EUR"), "€970,000+");
  // The ladder's edges stay distinct and in order in any currency.
  for (const f of [0.0061, 0.84, 1 / 1.0298, 157.08, 16345]) {
    const edges = BAND_LADDER.map((x) => roundSignificant(x * f));
    for (let i = 1; i < edges.length; i++) assert(edges[i]! > edges[i - 1]!, `${f}: ${edges}`);
  }
});

Deno.test("the converted views follow the caller's access: exact for members' verified fees, else bands", () => {
  const exact = convertedViews(club(), "exact", "EUR", RATES);
  assert(exact.ok);
  assertEquals(exact.views, {
    initiation: "€242,766",
    annual: "€29,132",
    monthly: "€2,428",
    firstYear: "€271,897",
  });
  const band = convertedViews(club(), "band", "EUR", RATES);
  assert(band.ok);
  assertStrictEquals(band.views.initiation, "€240,000–€490,000");
  const estimate = convertedViews(club({ fee_tier: "estimate" }), "exact", "GBP", RATES);
  assert(estimate.ok);
  assertStrictEquals(estimate.views.annual, "£21,000–£41,000");
  const missing = convertedViews(
    club({ monthly_dues: null, annual_dues: null }),
    "exact",
    "EUR",
    RATES,
  );
  assert(missing.ok);
  assertEquals([missing.views.monthly, missing.views.firstYear], [null, null]);
  assertEquals(convertedViews(club(), "locked", "EUR", RATES), {
    ok: true,
    views: { initiation: null, annual: null, monthly: null, firstYear: null },
  });
});

Deno.test("no conversion into the club's own currency, nor without both rates", () => {
  assertEquals(convertedViews(club(), "exact", "USD", RATES), { ok: false, reason: "same" });
  assertEquals(convertedViews(club(), "exact", "CHF", RATES), {
    ok: false,
    reason: "no_rate",
    missing: "CHF",
  });
  assertEquals(convertedViews(club({ currency: "BRL" }), "exact", "EUR", RATES), {
    ok: false,
    reason: "no_rate",
    missing: "BRL",
  });
});
