// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { parse } from "csv-parse/sync";
import { iso31662 } from "iso-3166";
import countries from "i18n-iso-countries/index.js"; // the Node entry loads all 78 languages
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import {
  CLUB_FIELDS,
  type ClubRecord,
  ClubRecordSchema,
  FEE_TIERS,
  WAITLIST_VALUES,
} from "../../core/schema/club.ts";
import { CLUB_TYPES, DEFAULT_COUNT, generateClubs, slugify, toCsv } from "../../data/generate.ts";
import {
  assert,
  assertEquals,
  assertMatch,
  assertNotEquals,
  assertNotStrictEquals,
  assertStrictEquals,
  assertThrows,
  fail,
} from "../_assert.ts";

countries.registerLocale(en);

const SNAPSHOT = new URL("../../data/clubs.csv.gz", import.meta.url);

/** The types the issue asks for. */
const REQUIRED_TYPES = [
  "golf",
  "country_club",
  "city",
  "social",
  "arts",
  "cigar",
  "dining",
  "wine",
  "athletic",
  "tennis",
  "wellness",
  "outdoor",
  "hunting",
  "fishing",
  "shooting",
  "adventure",
  "yacht",
  "beach",
  "ski",
  "polo",
];

const NUMBER_FIELDS = new Set<string>([
  "initiation_fee",
  "annual_dues",
  "monthly_dues",
  "holes",
  "par",
  "yardage",
  "founded_year",
  "opened_year",
  "google_rating",
  "google_review_count",
]);

/** Reads one CSV row back the way the snapshot's format defines it. */
function fromCells(cells: string[]): ClubRecord {
  const raw: Record<string, unknown> = {};
  CLUB_FIELDS.forEach((field, i) => {
    const text = cells[i];
    assertNotStrictEquals(text, undefined, `missing cell ${field}`);
    if (text === "") raw[field] = null;
    else if (field === "verified") {
      assert(text === "true" || text === "false", `verified: ${text}`);
      raw[field] = text === "true";
    } else if (field === "amenities") raw[field] = JSON.parse(text!);
    else if (NUMBER_FIELDS.has(field)) raw[field] = Number(text);
    else raw[field] = text;
  });
  return ClubRecordSchema.parse(raw);
}

function readCsv(text: string): ClubRecord[] {
  const [header, ...rows] = parse(text) as string[][];
  assertEquals(header, CLUB_FIELDS);
  return rows.map(fromCells);
}

let full: ClubRecord[] | undefined;
/** The default run, generated once for all tests. */
function fullRun(): ClubRecord[] {
  return full ??= [...generateClubs()];
}

function countBy<T>(rows: ClubRecord[], key: (row: ClubRecord) => T) {
  const counts = new Map<T, number>();
  for (const row of rows) {
    const k = key(row);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

Deno.test("generateClubs() is deterministic for a seed", () => {
  const a = [...generateClubs({ seed: 42, count: 2_000 })];
  const b = [...generateClubs({ seed: 42, count: 2_000 })];
  assertStrictEquals(a.length, 2_000);
  assertEquals(a, b);
  assertStrictEquals(toCsv(a), toCsv(b));
  const other = [...generateClubs({ seed: 43, count: 2_000 })];
  assertNotEquals(other, a);
  assertNotStrictEquals(other[0]!.id, a[0]!.id);
});

Deno.test("generateClubs() honours count and rejects bad options", () => {
  assertStrictEquals([...generateClubs({ count: 0 })].length, 0);
  assertStrictEquals([...generateClubs({ count: 5 })].length, 5);
  assertEquals(
    [...generateClubs({ count: 5 })],
    fullRun().slice(0, 5),
    "a shorter run is a prefix of the default one",
  );
  assertThrows(() => [...generateClubs({ count: -1 })], RangeError);
  assertThrows(() => [...generateClubs({ seed: 1.5 })], RangeError);
});

Deno.test("generated rows survive the CSV round trip and parse with ClubRecordSchema", () => {
  const clubs = [...generateClubs({ seed: 7, count: 2_000 })];
  const csv = toCsv(clubs);
  assert(csv.startsWith(`${CLUB_FIELDS.join(",")}\n`));
  assertEquals(readCsv(csv), clubs);
});

Deno.test("the committed data/clubs.csv.gz is the generator's default output", async () => {
  const file = await Deno.open(SNAPSHOT);
  const text = await new Response(
    file.readable.pipeThrough(new DecompressionStream("gzip")),
  ).text();
  const expected = toCsv(fullRun());
  if (text !== expected) {
    const got = text.split("\n");
    const want = expected.split("\n");
    const line = want.findIndex((l, i) => got[i] !== l);
    fail(
      `data/clubs.csv.gz is stale (first difference on line ${line + 1}); ` +
        "rerun: deno run --allow-write=data data/generate.ts",
    );
  }
  const rows = readCsv(text);
  assertStrictEquals(rows.length, DEFAULT_COUNT);
  assertEquals(rows, fullRun());
});

Deno.test("the default run has at least 39,000 clubs with unique, well-formed ids and slugs", () => {
  const rows = fullRun();
  assert(rows.length >= 39_000, `${rows.length} rows`);
  const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const ids = new Set<string>();
  const slugs = new Set<string>();
  for (const row of rows) {
    assertMatch(row.id, uuidV4);
    assertMatch(row.slug, /^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    ids.add(row.id);
    slugs.add(row.slug);
    if (row.hero_image_url !== null) {
      assertStrictEquals(
        row.hero_image_url,
        `https://images.clubdir.example/clubs/${row.slug}.jpg`,
      );
    }
    const base = slugify(row.city ? `${row.name} ${row.city}` : row.name);
    assert(
      row.slug === base || new RegExp(`^${base}-\\d+$`).test(row.slug),
      `${row.slug} is not derived from ${row.name} / ${row.city}`,
    );
  }
  assertStrictEquals(ids.size, rows.length);
  assertStrictEquals(slugs.size, rows.length);
});

Deno.test("slugify() folds accents and punctuation to ASCII", () => {
  assertStrictEquals(slugify("Zürich Golf-Club"), "zurich-golf-club");
  assertStrictEquals(slugify("Łódź"), "lodz");
  assertStrictEquals(slugify("St. Andrew's C.C."), "st-andrews-c-c");
  assertStrictEquals(slugify("Club de Golf Monteverde, Málaga"), "club-de-golf-monteverde-malaga");
});

Deno.test("the default run covers every US state, DC and Canadian province and territory", () => {
  const territories = new Set(["AS", "GU", "MP", "PR", "UM", "VI"]);
  const usStates = iso31662
    .filter((e) => e.parent === "US" && !territories.has(e.code.slice(3)))
    .map((e) => e.name);
  const caRegions = iso31662.filter((e) => e.parent === "CA").map((e) => e.name);
  assertStrictEquals(usStates.length, 51);
  assert(usStates.includes("District of Columbia"));
  assertStrictEquals(caRegions.length, 13);
  const rows = fullRun();
  const seen = (country: string) =>
    new Set(rows.filter((r) => r.country === country).map((r) => r.state));
  assertEquals(seen("United States"), new Set(usStates));
  assertEquals(seen("Canada"), new Set(caRegions));
});

Deno.test("the default run spans 60+ other countries, each club in a real region of its country", () => {
  const rows = fullRun();
  const regionsOf = new Map<string, Set<string>>();
  for (const entry of iso31662) {
    const names = regionsOf.get(entry.parent) ?? new Set<string>();
    names.add(entry.name);
    regionsOf.set(entry.parent, names);
  }
  const codes = new Map<string, string>();
  for (const name of new Set(rows.map((r) => r.country))) {
    assertNotStrictEquals(name, null);
    const code = countries.getAlpha2Code(name!, "en");
    assert(code, `${name} is not an English country name`);
    codes.set(name!, code);
  }
  assertStrictEquals(codes.get("United States"), "US");
  assertStrictEquals(codes.get("United Kingdom"), "GB");
  const others = [...codes.keys()].filter((c) => c !== "United States" && c !== "Canada");
  assert(others.length >= 60, `${others.length} other countries`);
  for (const row of rows) {
    const code = codes.get(row.country!)!;
    assert(
      row.state !== null && regionsOf.get(code)?.has(row.state),
      `${row.state} is not a region of ${row.country}`,
    );
    assertStrictEquals(row.currency, "USD");
  }
  const share = (country: string) => rows.filter((r) => r.country === country).length / rows.length;
  const us = share("United States");
  assert(us >= 0.55 && us <= 0.61, `US share ${us}`);
  assert(share("Canada") >= 0.05, "Canada share");
});

Deno.test("the default run includes every type, waitlist value and fee tier, plus nulls", () => {
  const rows = fullRun();
  const types = countBy(rows, (r) => r.type);
  for (const type of REQUIRED_TYPES) assert(types.has(type), type);
  assertEquals(
    new Set([...types.keys()].filter((t) => t !== null)),
    new Set(CLUB_TYPES),
  );
  assert(types.has(null));
  const golfish = ((types.get("golf") ?? 0) + (types.get("country_club") ?? 0)) /
    rows.length;
  assert(golfish > 0.4 && golfish < 0.5, `golf + country_club ${golfish}`);

  const waitlist = countBy(rows, (r) => r.waitlist_status);
  for (const value of [...WAITLIST_VALUES, null]) {
    assert(waitlist.has(value), `waitlist ${value}`);
  }
  const tiers = countBy(rows, (r) => r.fee_tier);
  for (const tier of [...FEE_TIERS, null]) {
    assert(tiers.has(tier), `fee tier ${tier}`);
  }
  const statuses = countBy(rows, (r) => r.status);
  for (const status of ["published", "unclaimed", "coming_soon", null]) {
    assert(statuses.has(status), `status ${status}`);
  }
});

Deno.test("fee figures are consistent with fee_tier", () => {
  for (const row of fullRun()) {
    const fees = [row.initiation_fee, row.annual_dues, row.monthly_dues];
    if (row.fee_tier === "verified" || row.fee_tier === "estimate") {
      assert(fees.some((f) => f !== null), `${row.slug} has no fee`);
    } else {
      assertEquals(fees, [null, null, null], row.slug);
    }
    if (row.annual_dues !== null && row.monthly_dues !== null) {
      assert(
        Math.abs(row.monthly_dues - row.annual_dues / 12) <= 0.5,
        `${row.slug}: monthly ${row.monthly_dues} vs annual ${row.annual_dues}`,
      );
    }
  }
});

Deno.test("years, golf fields and ratings stay in range", () => {
  for (const row of fullRun()) {
    if (row.founded_year !== null) {
      assert(row.founded_year >= 1750 && row.founded_year <= 2024);
    }
    if (row.status === "coming_soon") {
      assert(row.opened_year !== null && row.opened_year >= 2027);
      assert(row.opened_year <= 2029);
    } else if (row.opened_year !== null) {
      assert(row.founded_year !== null && row.opened_year >= row.founded_year);
    }
    if (row.holes !== null) assert([9, 18, 27, 36].includes(row.holes));
    if (row.par !== null) assert(row.par >= 27 && row.par <= 72);
    if (row.yardage !== null) {
      assert(row.yardage >= 2_000 && row.yardage <= 7_800);
    }
    if (row.google_rating === null) {
      assertStrictEquals(row.google_review_count, null);
    } else {
      assert(row.google_rating >= 3 && row.google_rating <= 5);
      assertStrictEquals(Math.round(row.google_rating * 10) / 10, row.google_rating);
      assert(row.google_review_count !== null);
    }
    if (row.amenities !== null) assert(row.amenities.length <= 10);
  }
});

Deno.test("names are varied: non-ASCII, apostrophes, commas, and repeated across cities", () => {
  const rows = fullRun();
  const names = rows.map((r) => r.name);
  assert(names.some((n) => /[^\p{ASCII}]/u.test(n)), "non-ASCII name");
  assert(names.some((n) => n.includes("'")), "apostrophe");
  assert(names.some((n) => n.includes(",")), "comma");
  assert(names.some((n) => n.includes("-")), "hyphen");
  assert(names.some((n) => n.includes("C.C.")), "C.C.");
  const cities = new Set(rows.map((r) => r.city));
  for (const city of ["Zürich", "Málaga", "São Paulo", "Kraków", "Łódź"]) {
    assert(cities.has(city), city);
  }
  const pairs = new Set<string>();
  const citiesOf = new Map<string, Set<string | null>>();
  for (const row of rows) {
    const pair = `${row.name}\u0000${row.city ?? ""}`;
    assert(!pairs.has(pair), `${row.name} twice in ${row.city}`);
    pairs.add(pair);
    const set = citiesOf.get(row.name) ?? new Set();
    set.add(row.city);
    citiesOf.set(row.name, set);
  }
  const repeated = [...citiesOf.values()].filter((s) => s.size >= 3).length;
  assert(repeated >= 100, `${repeated} names in 3+ cities`);
});
