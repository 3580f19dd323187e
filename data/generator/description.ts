/**
 * The `description` column: one or two paragraphs of prose built from the
 * club's own columns, so that what a description says (founding year,
 * course, waitlist) never contradicts the row.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveCountries } from "./countries.ts";
 * import { describe } from "./description.ts";
 * import { Rng } from "./random.ts";
 * const [us] = resolveCountries();
 * const text = describe(new Rng(7), {
 *   comingSoon: false, name: "Oak Hill Golf Club", type: "golf", city: "Aspen",
 *   state: "Colorado", country: us!, founded: 1921, opened: null, holes: 18,
 *   par: 72, yardage: 6_900, architect: "Donald Ross", waitlist: "open",
 *   amenities: ["Pro shop", "Locker rooms", "Caddie program"],
 * });
 * assert.ok(text.startsWith("Oak Hill Golf Club has been a fixture of Aspen life since 1921. The 18-hole course"));
 * ```
 * @module
 */
import { forType } from "./club_types.ts";
import type { Country } from "./countries.ts";
import { CLOSERS, QUOTES, TYPE_DETAIL, TYPE_NOUN, WAITLIST_TEXT } from "./description_text.ts";
import type { Course } from "./golf.ts";
import type { Rng } from "./random.ts";
import type { Years } from "./years.ts";

/**
 * The columns of a club that its description speaks of: its course and
 * years as drawn, and the rest below.
 */
export interface ClubFacts extends Course, Years {
  /** Whether the club has yet to open. */
  comingSoon: boolean;
  /** The club's name. */
  name: string;
  /** The club's type, `null` when unknown. */
  type: string | null;
  /** The city as written, `null` when the row leaves it blank. */
  city: string | null;
  /** The region's name (the `state` column). */
  state: string;
  /** The club's country. */
  country: Country;
  /** The `waitlist_status` column. */
  waitlist: string | null;
  /** The `amenities` column. */
  amenities: string[] | null;
}

/**
 * Writes a club's description. The first paragraph introduces the club (its
 * age, its course, its character, some amenities); about half the clubs get
 * a second on joining and house customs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveCountries } from "./countries.ts";
 * import { describe } from "./description.ts";
 * import { Rng } from "./random.ts";
 * const gb = resolveCountries().find((c) => c.def.code === "GB")!;
 * const text = describe(new Rng(1), {
 *   comingSoon: true, name: "The Leaf & Ash Society", type: "cigar", city: null,
 *   state: "England", country: gb, founded: null, opened: 2028, holes: null,
 *   par: null, yardage: null, architect: null, waitlist: null, amenities: null,
 * });
 * assert.ok(text.startsWith("Opening in 2028, The Leaf & Ash Society will be among the newest private cigar clubs in England, United Kingdom."));
 * ```
 */
export function describe(rng: Rng, c: ClubFacts): string {
  const code = c.country.def.code;
  // In federal countries a city reads with its state ("Aspen, Colorado"),
  // elsewhere with its country ("Lyon, France").
  const domestic = code === "US" || code === "CA" || code === "AU";
  const where = c.city ?? c.state;
  const place = c.city
    ? `${c.city}, ${domestic ? c.state : c.country.name}`
    : `${c.state}, ${c.country.name}`;
  const [noun, plural] = c.type ? TYPE_NOUN[c.type]! : ["private club", "private clubs"];
  const first: string[] = [];
  if (c.comingSoon && c.opened) {
    first.push(
      `Opening in ${c.opened}, ${c.name} will be among the newest private ${plural} in ${place}.`,
    );
  } else if (c.founded && c.founded < 1920 && rng.chance(0.5)) {
    first.push(
      `Founded in ${c.founded}, ${c.name} is one of the oldest ${plural} in ${
        domestic ? c.state : c.country.name
      }.`,
    );
  } else if (c.founded && rng.chance(0.5)) {
    first.push(
      `${c.name} has been a fixture of ${where} life since ${c.founded}.`,
    );
  } else {
    first.push(
      rng.pick([
        `${c.name} is a private ${noun} in ${place}.`,
        `Tucked away in ${place}, ${c.name} is a members-only ${noun} with a loyal, multigenerational following.`,
        `${c.name} is a ${noun} in ${place}, known locally for its warm welcome and well-kept grounds.`,
      ]),
    );
  }
  if (c.holes) {
    const parts = [`The ${c.holes}-hole course`];
    if (c.architect) parts.push(`, designed by ${c.architect},`);
    let sentence = parts.join("");
    if (c.par && c.yardage) {
      sentence += ` plays to a par of ${c.par} and stretches ${
        c.yardage.toLocaleString("en-US")
      } yards from the back tees.`;
    } else if (c.par) {
      sentence += ` plays to a par of ${c.par}.`;
    } else {
      sentence += " is the heart of the club.";
    }
    first.push(sentence);
  }
  first.push(rng.pick(forType(TYPE_DETAIL, c.type)));
  if (c.amenities && c.amenities.length >= 3 && rng.chance(0.6)) {
    const items = c.amenities.slice(0, 4).map((a) => a.toLowerCase());
    const last = items.pop()!;
    first.push(
      `Members enjoy ${items.join(", ")} and ${last}, among other amenities.`,
    );
  }
  const paragraphs = [first.join(" ")];
  if (rng.chance(0.45)) {
    const second: string[] = [];
    if (c.waitlist && WAITLIST_TEXT[c.waitlist]) {
      second.push(rng.pick(WAITLIST_TEXT[c.waitlist]!));
    }
    if (rng.chance(0.35)) second.push(rng.pick(QUOTES).replace("{P}", where));
    second.push(rng.pick(CLOSERS));
    paragraphs.push(second.join(" "));
  }
  return paragraphs.join("\n\n");
}
