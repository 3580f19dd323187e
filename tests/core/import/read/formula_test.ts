// Test tier: unit (no sockets, no child processes; see tests/tiers.ts).
import fc from "fast-check";
import { assert, assertEquals } from "../../../_assert.ts";
import { guardFormula, unguardFormula } from "../../../../core/import/read/cells.ts";
import { delimitedClubs } from "../../../../core/import/export.ts";
import { ClubRecordSchema } from "../../../../core/schema/club.ts";

/** The characters a spreadsheet starts a formula with (OWASP), the guard's quote, and others. */
const TRIGGERS = ["=", "+", "-", "@", "\t", "\r"];
const text = fc.string({ unit: fc.constantFrom(...TRIGGERS, "'", "a", " ", "1"), maxLength: 8 });

Deno.test("guardFormula() leaves no cell starting with a formula character, and unguardFormula() undoes it exactly", () => {
  fc.assert(fc.property(text, (s) => {
    const cell = guardFormula(s);
    assert(!TRIGGERS.includes(cell[0] ?? ""), JSON.stringify(cell));
    assertEquals(unguardFormula(cell), s);
  }));
});

Deno.test("guardFormula() changes only cells a spreadsheet would run, or that read back as one", () => {
  fc.assert(fc.property(text, (s) => {
    const risky = /^'*[=+\-@\t\r]/.test(s);
    assertEquals(guardFormula(s), risky ? `'${s}` : s);
  }));
  assertEquals(guardFormula("'s-Hertogenbosch"), "'s-Hertogenbosch");
});

const club = ClubRecordSchema.parse({
  id: "00000000-0000-4000-8000-000000000001",
  slug: "formula",
  name: '=HYPERLINK("http://x","y")',
  city: "-Minus",
  state: null,
  country: "Switzerland",
  type: "golf",
  status: "published",
  verified: false,
  hero_image_url: null,
  initiation_fee: null,
  annual_dues: null,
  monthly_dues: null,
  fee_tier: "none",
  waitlist_status: null,
  holes: 18,
  par: null,
  yardage: null,
  course_architect: "@architect",
  founded_year: null,
  opened_year: null,
  currency: "CHF",
  amenities: ["=1+1"],
  description: "'=already a quote",
  google_rating: null,
  google_review_count: null,
});

Deno.test("delimitedClubs() guards text cells, never numbers, and writes every cell as it is without the guard", () => {
  // A number is a number to a spreadsheet too: only text is guarded.
  const negative = { ...club, holes: -18 } as typeof club;
  for (const format of ["csv", "tsv"] as const) {
    const sep = format === "csv" ? "," : "\t";
    const guarded = delimitedClubs([negative], format, false);
    assert(guarded.includes(`${sep}-18${sep}`), guarded);
    assert(guarded.includes(`${sep}'-Minus${sep}`), guarded);
    assert(guarded.includes(`${sep}'@architect${sep}`), guarded);
    assert(guarded.includes("''=already a quote"), guarded);
    // A JSON list starts with [: nothing to guard.
    assert(guarded.includes('["=1+1"]') || guarded.includes('"[""=1+1""]"'), guarded);
    const raw = delimitedClubs([negative], format, false, { formulaGuard: false });
    assert(raw.includes(`${sep}-Minus${sep}`) && raw.includes(`${sep}@architect${sep}`), raw);
    assert(!raw.includes("'=HYPERLINK") && !raw.includes("''=already"), raw);
  }
});
