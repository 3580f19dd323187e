/**
 * The listing's own columns, apart from the club's facts: publication status,
 * waitlist, the verified mark, the photo and the Google rating. Their mixes
 * include nulls on purpose, so the directory is tested against gaps.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickStatus, pickWaitlist } from "./listing.ts";
 * import { Rng } from "./random.ts";
 * const rng = new Rng(7);
 * const draws = (pick: () => unknown, value: unknown) =>
 *   Array.from({ length: 1000 }, pick).filter((v) => v === value).length;
 * assert.ok(draws(() => pickStatus(rng), "published") > 500);
 * assert.ok(draws(() => pickWaitlist(rng, "polo"), "waitlist") > draws(() => pickWaitlist(rng, "tennis"), "waitlist"));
 * ```
 * @module
 */
import type { ClubRecord } from "../../core/schema/mod.ts";
import { EXCLUSIVE_TYPES } from "./club_types.ts";
import { type Rng, Weighted } from "./random.ts";

const STATUSES = new Weighted<string | null>([
  ["published", 71.5],
  ["unclaimed", 25],
  ["coming_soon", 3],
  [null, 0.5],
]);
const WAITLIST_OPEN = new Weighted<ClubRecord["waitlist_status"]>([
  ["open", 38],
  ["waitlist", 14],
  ["by_invitation", 7],
  ["invite_only", 4],
  ["closed", 4],
  ["unknown", 23],
  [null, 10],
]);
const WAITLIST_EXCLUSIVE = new Weighted<ClubRecord["waitlist_status"]>([
  ["open", 16],
  ["waitlist", 26],
  ["by_invitation", 18],
  ["invite_only", 12],
  ["closed", 5],
  ["unknown", 13],
  [null, 10],
]);

/**
 * The `status` column: mostly published, a quarter unclaimed by their club,
 * a few not open yet.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickStatus } from "./listing.ts";
 * import { Rng } from "./random.ts";
 * assert.ok(["published", "unclaimed", "coming_soon", null].includes(pickStatus(new Rng(1))));
 * ```
 */
export function pickStatus(rng: Rng): string | null {
  return STATUSES.pick(rng);
}

/**
 * The `waitlist_status` column; exclusive types lean to waitlists and
 * invitations.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickWaitlist } from "./listing.ts";
 * import { Rng } from "./random.ts";
 * const rng = new Rng(1);
 * const seen = new Set(Array.from({ length: 500 }, () => pickWaitlist(rng, null)));
 * assert.ok(seen.has("open") && seen.has("unknown")); // drawn from the open mix
 * ```
 */
export function pickWaitlist(rng: Rng, type: string | null): ClubRecord["waitlist_status"] {
  return (type !== null && EXCLUSIVE_TYPES.has(type) ? WAITLIST_EXCLUSIVE : WAITLIST_OPEN).pick(
    rng,
  );
}

/**
 * The `verified` column: likelier where the club verified its fees, rare
 * where it has not claimed its listing, and sometimes unknown.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickVerified } from "./listing.ts";
 * import { Rng } from "./random.ts";
 * const rng = new Rng(1);
 * const verified = Array.from({ length: 1000 }, () => pickVerified(rng, "verified", "published"));
 * const share = verified.filter((v) => v === true).length / 1000;
 * assert.ok(share > 0.4 && share < 0.65); // about half the time
 * ```
 */
export function pickVerified(
  rng: Rng,
  feeTier: ClubRecord["fee_tier"],
  status: string | null,
): boolean | null {
  return rng.chance(0.05) ? null : rng.chance(
    feeTier === "verified" ? 0.55 : status === "unclaimed" ? 0.05 : 0.2,
  );
}

/**
 * The `hero_image_url` column: a photo URL on the example image host, named
 * by slug, for four clubs in five.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickHeroImage } from "./listing.ts";
 * import { Rng } from "./random.ts";
 * assert.equal(pickHeroImage(new Rng(1), "oak-hill"), "https://images.clubdir.example/clubs/oak-hill.jpg"); // or null
 * ```
 */
export function pickHeroImage(rng: Rng, slug: string): string | null {
  return rng.chance(0.2) ? null : `https://images.clubdir.example/clubs/${slug}.jpg`;
}

/** The `google_rating` and `google_review_count` columns, both null or both set. */
export interface Rating {
  /** Stars, 3 to 5 in tenths. */
  rating: number | null;
  /** Review count, 1 and up, spread log-uniformly like real counts. */
  reviews: number | null;
}

/**
 * Draws a club's Google rating. Most clubs rate about 4.4; a few sit lower;
 * clubs not open yet are rarely rated at all.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickRating } from "./listing.ts";
 * import { Rng } from "./random.ts";
 * assert.deepStrictEqual(pickRating(new Rng(1), false), { rating: 4.8, reviews: 2994 });
 * ```
 */
export function pickRating(rng: Rng, comingSoon: boolean): Rating {
  let rating: number | null = null;
  let reviews: number | null = null;
  if (comingSoon ? rng.chance(0.1) : !rng.chance(0.25)) {
    const raw = rng.chance(0.06)
      ? 3 + rng.next() * 1.2
      : 4.4 + (rng.next() + rng.next() + rng.next() - 1.5) * 0.6;
    rating = Math.round(Math.min(5, Math.max(3, raw)) * 10) / 10;
    reviews = Math.max(
      1,
      Math.round(Math.exp(Math.log(3) + rng.next() * Math.log(1_500))),
    );
  }
  return { rating, reviews };
}
