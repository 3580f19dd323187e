import fc from "fast-check";
import type { FeeView } from "../../../core/schema/club.ts";
import {
  BAND_LADDER,
  bandLabel,
  type FeeAccess,
  type FeeFields,
  feeViews,
  firstYearCost,
  formatMoney,
  visibleFigures,
} from "../../../core/club/mod.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";

const verified: FeeFields = {
  initiation_fee: 250_000,
  annual_dues: 30_000,
  monthly_dues: 2_500,
  fee_tier: "verified",
  currency: "USD",
};
const estimate: FeeFields = {
  initiation_fee: 200_000,
  annual_dues: 20_000,
  monthly_dues: null,
  fee_tier: "estimate",
  currency: "USD",
};
const noFees: FeeFields = {
  initiation_fee: null,
  annual_dues: null,
  monthly_dues: null,
  fee_tier: "none",
  currency: "USD",
};

const ACCESS: FeeAccess[] = ["locked", "band", "exact"];

Deno.test("BAND_LADDER starts at 0, rises strictly and ends at 1,000,000", () => {
  assertStrictEquals(BAND_LADDER[0], 0);
  assertStrictEquals(BAND_LADDER.at(-1), 1_000_000);
  for (let i = 1; i < BAND_LADDER.length; i++) {
    assert(BAND_LADDER[i]! > BAND_LADDER[i - 1]!, `edge ${i}`);
  }
});

Deno.test("bandLabel() includes the lower edge and excludes the upper one", () => {
  assertStrictEquals(bandLabel(0, "USD"), "$0–$100");
  assertStrictEquals(bandLabel(99.99, "USD"), "$0–$100");
  assertStrictEquals(bandLabel(100, "USD"), "$100–$250");
  assertStrictEquals(bandLabel(9_999, "USD"), "$5,000–$10,000");
  assertStrictEquals(bandLabel(10_000, "USD"), "$10,000–$25,000");
  assertStrictEquals(bandLabel(15_000, "USD"), "$10,000–$25,000");
  assertStrictEquals(bandLabel(24_999, "USD"), "$10,000–$25,000");
  assertStrictEquals(bandLabel(25_000, "USD"), "$25,000–$50,000");
  assertStrictEquals(bandLabel(999_999, "USD"), "$500,000–$1,000,000");
});

Deno.test("bandLabel() is open-ended from $1,000,000", () => {
  assertStrictEquals(bandLabel(1_000_000, "USD"), "$1,000,000+");
  assertStrictEquals(bandLabel(7_500_000, "USD"), "$1,000,000+");
});

Deno.test("bandLabel() uses the club's currency", () => {
  assertStrictEquals(bandLabel(15_000, "EUR"), "€10,000–€25,000");
  assertStrictEquals(bandLabel(15_000, "GBP"), "£10,000–£25,000");
  // Intl puts a no-break space after a currency code.
  assertStrictEquals(bandLabel(15_000, "CHF"), "CHF\u00a010,000–CHF\u00a025,000");
});

Deno.test("every amount falls in exactly one band, and the band contains it", () => {
  fc.assert(
    fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (amount) => {
      const label = bandLabel(amount, "USD");
      const [lo, hi] = label.replace("+", "").split("–").map((s) => Number(s.replace(/[$,]/g, "")));
      assert(BAND_LADDER.includes(lo!), label);
      assert(amount >= lo!, `${amount} ≥ ${label}`);
      if (hi === undefined) assertStrictEquals(lo, 1_000_000);
      else {
        assert(amount < hi, `${amount} < ${label}`);
        assertStrictEquals(BAND_LADDER[BAND_LADDER.indexOf(lo!) + 1], hi, "adjacent edges");
      }
    }),
  );
});

Deno.test("formatMoney() shows whole amounts without cents and keeps cents otherwise", () => {
  assertStrictEquals(formatMoney(12_500, "USD"), "$12,500");
  assertStrictEquals(formatMoney(0, "USD"), "$0");
  assertStrictEquals(formatMoney(416.67, "USD"), "$416.67");
  assertStrictEquals(formatMoney(99.5, "USD"), "$99.50");
  assertStrictEquals(formatMoney(1_000, "EUR"), "€1,000");
});

Deno.test("firstYearCost() is initiation plus a year of annual dues", () => {
  assertStrictEquals(firstYearCost(verified), 280_000);
  assertStrictEquals(firstYearCost(estimate), 220_000);
});

Deno.test("firstYearCost() uses twelve monthly dues when annual dues are missing", () => {
  assertStrictEquals(firstYearCost({ ...verified, annual_dues: null }), 250_000 + 12 * 2_500);
});

Deno.test("firstYearCost() prefers annual dues over monthly dues", () => {
  assertStrictEquals(firstYearCost({ ...verified, monthly_dues: 99_999 }), 280_000);
});

Deno.test("firstYearCost() is null unless initiation and some dues are on file", () => {
  assertStrictEquals(firstYearCost(noFees), null);
  assertStrictEquals(firstYearCost({ ...verified, initiation_fee: null }), null);
  assertStrictEquals(firstYearCost({ ...verified, annual_dues: null, monthly_dues: null }), null);
});

Deno.test("firstYearCost() counts a zero initiation fee", () => {
  assertStrictEquals(firstYearCost({ ...verified, initiation_fee: 0 }), 30_000);
});

Deno.test("anonymous: locked where a figure exists, none where none", () => {
  assertEquals(feeViews(verified, "locked"), {
    initiation: { kind: "locked" },
    annual: { kind: "locked" },
    monthly: { kind: "locked" },
    firstYear: { kind: "locked" },
  });
  assertEquals(feeViews(estimate, "locked"), {
    initiation: { kind: "locked" },
    annual: { kind: "locked" },
    monthly: { kind: "none" },
    firstYear: { kind: "locked" },
  });
  assertEquals(feeViews(noFees, "locked"), {
    initiation: { kind: "none" },
    annual: { kind: "none" },
    monthly: { kind: "none" },
    firstYear: { kind: "none" },
  });
});

Deno.test("free: bands, estimate false for verified fees and true for estimates", () => {
  assertEquals(feeViews(verified, "band"), {
    initiation: { kind: "band", label: "$250,000–$500,000", estimate: false },
    annual: { kind: "band", label: "$25,000–$50,000", estimate: false },
    monthly: { kind: "band", label: "$2,500–$5,000", estimate: false },
    firstYear: { kind: "band", label: "$250,000–$500,000", estimate: false },
  });
  assertEquals(feeViews(estimate, "band"), {
    initiation: { kind: "band", label: "$100,000–$250,000", estimate: true },
    annual: { kind: "band", label: "$10,000–$25,000", estimate: true },
    monthly: { kind: "none" },
    firstYear: { kind: "band", label: "$100,000–$250,000", estimate: true },
  });
});

Deno.test("member: exact for club-verified fees", () => {
  assertEquals(feeViews(verified, "exact"), {
    initiation: { kind: "exact", label: "$250,000" },
    annual: { kind: "exact", label: "$30,000" },
    monthly: { kind: "exact", label: "$2,500" },
    firstYear: { kind: "exact", label: "$280,000" },
  });
});

Deno.test("member: bands for estimates, never exact", () => {
  assertEquals(feeViews(estimate, "exact"), feeViews(estimate, "band"));
});

Deno.test("fees with no tier count as estimates", () => {
  const untiered = { ...estimate, fee_tier: null };
  assertEquals(feeViews(untiered, "exact"), feeViews(estimate, "band"));
});

Deno.test("no fees on file: none for every caller", () => {
  for (const access of ACCESS) {
    for (const v of Object.values(feeViews(noFees, access))) {
      assertEquals(v, { kind: "none" }, access);
    }
  }
});

Deno.test("visibleFigures(): only members, only club-verified fees", () => {
  const hidden = { initiation_fee: null, annual_dues: null, monthly_dues: null };
  assertEquals(visibleFigures(verified, "locked"), hidden);
  assertEquals(visibleFigures(verified, "band"), hidden);
  assertEquals(visibleFigures(verified, "exact"), {
    initiation_fee: 250_000,
    annual_dues: 30_000,
    monthly_dues: 2_500,
  });
  assertEquals(visibleFigures(estimate, "exact"), hidden);
  assertEquals(visibleFigures(noFees, "exact"), hidden);
});

const feeFields = fc.record({
  initiation_fee: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
  annual_dues: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null }),
  monthly_dues: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
  fee_tier: fc.constantFrom("verified" as const, "estimate" as const, null),
  currency: fc.constantFrom("USD", "EUR", "GBP"),
});

function figureOf(club: FeeFields, key: string): number | null {
  return key === "initiation"
    ? club.initiation_fee
    : key === "annual"
    ? club.annual_dues
    : key === "monthly"
    ? club.monthly_dues
    : firstYearCost(club);
}

function shapeOk(v: FeeView): boolean {
  // Spec §2 FeeView: label only for band and exact, estimate only for band.
  if (v.kind === "band") return typeof v.label === "string" && typeof v.estimate === "boolean";
  if (v.kind === "exact") return typeof v.label === "string" && v.estimate === undefined;
  return v.label === undefined && v.estimate === undefined;
}

Deno.test("property: each view's kind follows docs/api.md#fee-visibility for every access level", () => {
  fc.assert(
    fc.property(feeFields, fc.constantFrom(...ACCESS), (club, access) => {
      const views = feeViews(club, access);
      assertEquals(Object.keys(views), ["initiation", "annual", "monthly", "firstYear"]);
      for (const [key, v] of Object.entries(views)) {
        assert(shapeOk(v), JSON.stringify(v));
        const amount = figureOf(club, key);
        if (amount === null) {
          assertStrictEquals(v.kind, "none");
          continue;
        }
        const expected = access === "locked"
          ? "locked"
          : access === "exact" && club.fee_tier === "verified"
          ? "exact"
          : "band";
        assertStrictEquals(v.kind, expected);
        if (v.kind === "band") {
          assertStrictEquals(v.label, bandLabel(amount, club.currency));
          assertStrictEquals(v.estimate, club.fee_tier !== "verified");
        }
        if (v.kind === "exact") assertStrictEquals(v.label, formatMoney(amount, club.currency));
      }
    }),
  );
});

Deno.test("property: figures show only when a view is exact", () => {
  fc.assert(
    fc.property(feeFields, fc.constantFrom(...ACCESS), (club, access) => {
      const figures = visibleFigures(club, access);
      const views = feeViews(club, access);
      const pairs = [
        [figures.initiation_fee, views.initiation, club.initiation_fee],
        [figures.annual_dues, views.annual, club.annual_dues],
        [figures.monthly_dues, views.monthly, club.monthly_dues],
      ] as const;
      for (const [shown, view, stored] of pairs) {
        if (view.kind === "exact") assertStrictEquals(shown, stored);
        else assertStrictEquals(shown, null);
      }
    }),
  );
});
