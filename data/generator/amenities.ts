/**
 * The `amenities` column: what each type of club offers, and a draw of up to
 * ten of them per club.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickAmenities } from "./amenities.ts";
 * import { Rng } from "./random.ts";
 * assert.deepStrictEqual(pickAmenities(new Rng(7), "yacht"), ["Marina", "Racing program", "Bar"]);
 * ```
 * @module
 */
import { forType } from "./club_types.ts";
import type { Rng } from "./random.ts";
import { words } from "./words.ts";

/** Amenities per club type; a draw keeps this order. */
const AMENITIES: Record<string, string[]> = {
  golf: words(`
Driving range|Practice putting green|Short-game area|Pro shop|Golf lessons|
Caddie program|Locker rooms|Clubhouse dining|Men's grill|Halfway house|
Golf simulators|Junior golf program|Club fitting|Bag storage|
Member-guest tournaments`),
  country_club: words(`
Championship golf course|Swimming pool|Tennis courts|Pickleball courts|
Fitness center|Spa|Formal dining room|Casual dining|Children's programs|
Ballroom|Event spaces|Guest rooms|Platform tennis|Squash courts|Wine cellar`),
  city: words(`
Main dining room|Bar and lounge|Library|Private dining rooms|
Overnight guest rooms|Business center|Fitness center|Squash courts|
Reciprocal clubs|Lecture series|Rooftop terrace|Barbershop|
Members' wine locker`),
  social: words(`
Dining room|Bar and lounge|Event calendar|Private dining rooms|Card room|
Library|Ballroom|Garden terrace|Speaker series|Holiday galas|
Reciprocal clubs`),
  arts: words(`
Gallery|Studio space|Performance hall|Library|Lecture series|
Members' exhibitions|Dining room|Bar|Life-drawing sessions|Music room`),
  cigar: words(`
Walk-in humidor|Private cigar lockers|Whisky bar|Lounge|
Ventilated smoking room|Outdoor terrace|Tasting events|Television lounge|
Card room`),
  dining: words(`
Chef's table|Private dining rooms|Wine cellar|Cocktail bar|Cooking classes|
Guest chef dinners|Garden terrace|Tasting menus`),
  wine: words(`
Private wine lockers|Tasting room|Sommelier service|Cellar tours|
Winemaker dinners|Temperature-controlled storage|Library|Bar`),
  athletic: words(`
Fitness center|Indoor pool|Squash courts|Basketball court|Group classes|
Personal training|Steam room|Sauna|Locker rooms|Massage|Rooftop track|
Grill room`),
  tennis: words(`
Clay courts|Hard courts|Grass courts|Indoor courts|Pickleball courts|
Pro shop|Tennis lessons|Junior academy|Swimming pool|Clubhouse|Locker rooms`),
  wellness: words(`
Spa|Thermal pools|Sauna|Cold plunge|Yoga studio|Pilates studio|
Personal training|Nutrition coaching|Massage|Meditation room|Juice bar`),
  outdoor: words(`
Guided hikes|Lodge|Gear library|Climbing wall|Canoe and kayak storage|
Backcountry huts|Trip program|Navigation courses`),
  hunting: words(`
Upland bird hunting|Waterfowl blinds|Deer stands|Kennels|Lodge|Guides|
Game processing|Sporting clays|Gun room`),
  fishing: words(`
Private water|Fly-fishing lessons|Guides|Lodge|Boat launch|Tackle room|
Stocked ponds|Casting pool`),
  shooting: words(`
Sporting clays course|Trap field|Skeet field|Five-stand|Rifle range|
Pistol range|Instruction|Gun cleaning room|Clubhouse`),
  adventure: words(`
Expedition program|Heli-skiing trips|Safari trips|Dive trips|
Expedition planning|Member lodge|Gear storage|Lecture series`),
  yacht: words(`
Marina|Moorings|Launch service|Sailing school|Junior sailing|Racing program|
Dry storage|Fuel dock|Clubhouse dining|Swimming pool|Bar|Reciprocal clubs`),
  beach: words(`
Private beach|Cabanas|Swimming pool|Beach service|Oceanfront dining|
Tennis courts|Children's programs|Fitness center|Bar|Paddleboards`),
  ski: words(`
Ski lockers|Ski valet|Slopeside lodge|Après-ski bar|Boot warmers|
Private lift access|Ski school|Dining room|Hot tubs`),
  polo: words(`
Polo fields|Stabling|Practice arena|Polo school|Clubhouse|
Tournament calendar|Grooms' quarters|Riding trails`),
};

/**
 * Draws a club's amenities: up to ten of its type's, in list order (an empty
 * list is a club that lists none; `null` one whose listing does not say).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickAmenities } from "./amenities.ts";
 * import { Rng } from "./random.ts";
 * const rng = new Rng(1);
 * const lists = Array.from({ length: 200 }, () => pickAmenities(rng, null));
 * assert.ok(lists.includes(null)); // sometimes unknown
 * assert.ok(lists.every((l) => l === null || l.length <= 10)); // social-club amenities
 * ```
 */
export function pickAmenities(rng: Rng, type: string | null): string[] | null {
  const amenityList = forType(AMENITIES, type);
  return rng.chance(0.1) ? null : rng.sample(amenityList, rng.int(0, 10));
}
