// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import fc from "fast-check";
import { z } from "zod";
import { CLUB_FIELDS, ClubRecordSchema } from "../../../../core/schema/club.ts";
import { readRow } from "../../../../core/import/read/csv_row.ts";
import { compileAccept, compileField } from "../../../../core/import/read/validate.ts";
import { assert, assertEquals } from "../../../_assert.ts";

const accept = compileAccept(ClubRecordSchema);

// Values near every bound and format of the schema, plus wrong types.
const edgeString = fc.oneof(
  fc.constantFrom(
    "",
    "a",
    "ab",
    "é",
    "😀",
    "\ud800",
    "x".repeat(60),
    "x".repeat(61),
    "x".repeat(200),
    "x".repeat(201),
    "x".repeat(300),
    "x".repeat(301),
    "😀".repeat(150),
    "😀".repeat(151),
    "golf",
    "country_club",
    "Golf",
    "_golf",
    "open",
    "none",
    "verified",
    "USD",
    "usd",
    "US",
    "pine-valley",
    "pine--valley",
    "-pine",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "6f9619ff-8b86-5011-b42d-00c04fc964ff",
    "6f9619ff-8b86-9011-b42d-00c04fc964ff",
    "6F9619FF-8B86-4011-B42D-00C04FC964FF",
    "https://x.example/a.jpg",
    "http://x",
    "ftp://x.example/a",
    "https://",
    "not a url",
  ),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: "grapheme", maxLength: 4 }),
  fc.uuid().map((u) => u),
);
const edgeNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    5,
    5.0001,
    18,
    200,
    201,
    999,
    1000,
    2200,
    2201,
    100_000,
    100_001,
    1e12,
    1e12 + 1,
    2_147_483_647,
    2_147_483_648,
    Number.MAX_SAFE_INTEGER + 1,
    NaN,
    Infinity,
    -Infinity,
  ),
  fc.double(),
  fc.integer(),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: edgeString },
  { weight: 4, arbitrary: edgeNumber },
  { weight: 3, arbitrary: fc.constant(null) },
  fc.boolean(),
  fc.constant(undefined),
  fc.array(edgeString, { maxLength: 3 }),
  fc.array(fc.oneof(edgeString, edgeNumber, fc.constant(null)), { maxLength: 3 }),
  fc.constant(Array.from({ length: 201 }, () => "spa")),
  fc.constant(["x".repeat(201)]),
);

/** A valid record to start from, so random changes land near the accept boundary. */
const BASE: Record<string, unknown> = {
  id: "6f9619ff-8b86-5011-b42d-00c04fc964ff",
  name: "Pine Valley Golf Club",
  slug: "pine-valley",
  city: "Pine Valley",
  state: "New Jersey",
  country: "United States",
  type: "golf",
  status: "published",
  verified: true,
  hero_image_url: "https://x.example/a.jpg",
  initiation_fee: 1000,
  annual_dues: 500.5,
  monthly_dues: null,
  fee_tier: "estimate",
  waitlist_status: "open",
  holes: 18,
  par: 72,
  yardage: 7000,
  course_architect: "George Crump",
  founded_year: 1913,
  opened_year: null,
  currency: "USD",
  amenities: ["golf", "pool"],
  description: "A club.",
  google_rating: 4.5,
  google_review_count: 12,
};

const record = fc.oneof(
  // A valid record with a few fields changed.
  fc.dictionary(fc.constantFrom(...CLUB_FIELDS), anyValue, { maxKeys: 3 })
    .map((changes) => ({ ...BASE, ...changes })),
  // Every field random.
  fc.record(Object.fromEntries(CLUB_FIELDS.map((f) => [f, anyValue]))),
);

Deno.test("compileAccept() never accepts what ClubRecordSchema rejects, and zod returns the object unchanged", () => {
  fc.assert(
    fc.property(record, (obj) => {
      const zod = ClubRecordSchema.safeParse(obj);
      const fast = accept(obj);
      // The fast path may defer to zod (false) but must never accept what zod rejects.
      if (fast) {
        assert(zod.success, JSON.stringify(obj));
        assertEquals(zod.data, obj);
      }
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("compileAccept() vouches for ordinary valid records without zod", () => {
  assert(accept(BASE));
  assert(accept({ ...BASE, id: "00000000-0000-0000-0000-000000000000", amenities: null }));
});

Deno.test("compileField() matches each field schema on random values", () => {
  for (const f of CLUB_FIELDS) {
    const schema = ClubRecordSchema.shape[f] as z.ZodType;
    const fast = compileField(schema);
    fc.assert(
      fc.property(anyValue, (v) => !fast(v) || schema.safeParse(v).success),
      { numRuns: 2_000 },
    );
  }
});

Deno.test("compileField() defers what it cannot read to zod", () => {
  const refined = compileField(z.string().refine((s) => s !== "no"));
  assertEquals([refined("yes"), refined("no")], [true, false]);
  const email = compileField(z.email());
  assertEquals([email("a@b.example"), email("nope")], [true, false]);
});

Deno.test("readRow() refuses a decimal comma where numbers have a decimal point, naming the rule", () => {
  for (const v of [",0", "1,5", "0,"]) {
    const r = readRow({ name: "Some Club", initiation_fee: v }, 2);
    assert(!r.ok, v);
    assertEquals(r.errors.map((e) => [e.line, e.column, e.value]), [[2, "initiation_fee", v]]);
    assert(r.errors[0]!.message.includes("decimal point"), r.errors[0]!.message);
  }
});

Deno.test("readRow() gives the same result through the fast path as through zod", () => {
  const cells = fc.dictionary(
    fc.constantFrom(...CLUB_FIELDS),
    fc.oneof(
      fc.constantFrom("", " ", "yes", "maybe", "18", "eighteen", "1e999", "-1", "4.5", "7"),
      fc.constantFrom("open", "Closed", "none", "Estimate", "usd", "Country-Club", '["spa"]'),
      fc.constantFrom("golf; pool", "[1]", "[", "https://x.example/a", "ftp://x", "a-b"),
      fc.string({ maxLength: 6 }),
    ),
  ).map((c) => ({ name: "Some Club", ...c }));
  fc.assert(
    fc.property(cells, (c) => {
      const r = readRow(c, 2);
      if (r.ok) {
        // Rebuild what zod would have returned for the same object.
        const v = { ...r.value, slug: r.value.slug ?? "placeholder" };
        const z = ClubRecordSchema.safeParse(v);
        assert(z.success);
        assertEquals(z.data, v);
      }
    }),
    { numRuns: 5_000 },
  );
});
