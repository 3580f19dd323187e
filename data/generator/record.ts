/**
 * One club record at a time: where it is, what it is called and every
 * column after, drawn in a fixed order from the run's PRNG. That order is
 * part of the snapshot's format: moving one draw changes every row after it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ClubRun } from "./record.ts";
 * const run = new ClubRun(7);
 * const first = run.row(0);
 * assert.equal(first.currency, "USD");
 * ```
 * @module
 */
import type { ClubRecord } from "../../core/schema/mod.ts";
import { pickAmenities } from "./amenities.ts";
import { URBAN_TYPES } from "./club_types.ts";
import { type Country, type Region, resolveCountries } from "./countries.ts";
import { describe } from "./description.ts";
import { pickFees } from "./fees.ts";
import { pickCourse } from "./golf.ts";
import { pickHeroImage, pickRating, pickStatus, pickVerified, pickWaitlist } from "./listing.ts";
import { ClubNamer } from "./names.ts";
import { Rng, uuid, Weighted } from "./random.ts";
import { SlugSet } from "./slug.ts";
import { TownPools } from "./towns.ts";
import { pickYears } from "./years.ts";

/** All state kept across the rows of one run. */
export class ClubRun {
  readonly #rng: Rng;
  readonly #countryTable: Weighted<Country>;
  /**
   * Regions every run must cover (each US state, DC and Canadian province
   * and territory, and the first listed region of every other country), so
   * that a weighted draw cannot leave one out: every seventh row, from the
   * fourth, goes to the next of them.
   */
  readonly #coverage: [Country, Region][] = [];
  readonly #towns: TownPools;
  readonly #namer: ClubNamer;
  readonly #slugs = new SlugSet();

  /**
   * Starts a run: resolves the countries and lists the regions to cover.
   *
   * @param seed The run's seed: the same seed gives the same rows.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ClubRun } from "./record.ts";
   * assert.equal(new ClubRun(7).row(0).id, new ClubRun(7).row(0).id);
   * ```
   */
  constructor(seed: number) {
    this.#rng = new Rng(seed);
    this.#towns = new TownPools(seed);
    this.#namer = new ClubNamer(this.#rng, this.#towns);
    const countries = resolveCountries();
    this.#countryTable = new Weighted(
      countries.map((c) => [c, c.def.weight] as const),
    );
    for (const country of countries) {
      const everyRegion = country.def.code === "US" ||
        country.def.code === "CA";
      const regions = everyRegion ? country.regions.items : country.regions.items.slice(0, 1);
      for (const region of regions) this.#coverage.push([country, region]);
    }
  }

  /**
   * The run's next club. Rows must be asked for in order, from 0: each
   * draws on from where the one before left the PRNG and the run's names.
   *
   * @param index The row's position in the run.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ClubRun } from "./record.ts";
   * const run = new ClubRun(1);
   * const rows = [run.row(0), run.row(1)];
   * assert.notEqual(rows[0]!.slug, rows[1]!.slug); // slugs are unique in a run
   * ```
   */
  row(index: number): ClubRecord {
    const rng = this.#rng;
    const id = uuid(rng);
    const forced = index % 7 === 3 ? this.#coverage[(index - 3) / 7] : undefined;
    const country = forced?.[0] ?? this.#countryTable.pick(rng);
    const type = country.types.pick(rng);
    const region = forced?.[1] ??
      (type === "ski" && country.ski ? country.ski : country.regions).pick(rng);
    // A share of clubs (a third as many of the urban types) sits in made-up
    // towns, and so does every club of a region without listed cities; the
    // rest favour the first-listed, bigger cities, urban types the more.
    const urban = type !== null && URBAN_TYPES.has(type);
    const townShare = urban ? (country.def.towns ?? 0) / 3 : country.def.towns ?? 0;
    const city = region.cities.length === 0 ||
        (region.townLang && rng.chance(townShare))
      ? rng.pick(this.#towns.of(region))
      : rng.pickSkewed(region.cities, urban ? 1.8 : 1.2);
    // A few listings lack a city; the name is still made for the real one.
    const cityCell = rng.chance(0.02) ? null : city;
    const status = pickStatus(rng);
    const comingSoon = status === "coming_soon";

    const name = this.#namer.name(type, country, region, city, cityCell);
    const slug = this.#slugs.claim(cityCell ? `${name} ${cityCell}` : name);

    // The rest of the columns, in the PRNG order the snapshot was made with.
    const fees = pickFees(rng, type, country.def.fee);
    const course = pickCourse(rng, type);
    const waitlist = pickWaitlist(rng, type);
    const years = pickYears(rng, type, comingSoon, country.def.since);
    const verified = pickVerified(rng, fees.tier, status);
    const heroImage = pickHeroImage(rng, slug);
    const amenities = pickAmenities(rng, type);
    const { rating, reviews } = pickRating(rng, comingSoon);

    const description = rng.chance(0.08) ? null : describe(rng, {
      ...course,
      ...years,
      comingSoon,
      name,
      type,
      city: cityCell,
      state: region.name,
      country,
      waitlist,
      amenities,
    });

    return {
      id,
      name,
      slug,
      city: cityCell,
      state: region.name,
      country: country.name,
      type,
      status,
      verified,
      hero_image_url: heroImage,
      initiation_fee: fees.initiation,
      annual_dues: fees.annual,
      monthly_dues: fees.monthly,
      fee_tier: fees.tier,
      waitlist_status: waitlist,
      holes: course.holes,
      par: course.par,
      yardage: course.yardage,
      course_architect: course.architect,
      founded_year: years.founded,
      opened_year: years.opened,
      currency: "USD",
      amenities,
      description,
      google_rating: rating,
      google_review_count: reviews,
    };
  }
}
