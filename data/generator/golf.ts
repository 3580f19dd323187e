/**
 * The golf columns: holes, par, yardage and architect. Golf and country
 * clubs nearly always have a course; a few clubs of other types keep a short
 * one too, as some yacht and beach clubs do.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickCourse } from "./golf.ts";
 * import { Rng } from "./random.ts";
 * assert.deepStrictEqual(pickCourse(new Rng(7), "golf"), { holes: 18, par: 72, yardage: 6422, architect: "Perry Maxwell" });
 * ```
 * @module
 */
import { type Rng, Weighted } from "./random.ts";
import { words } from "./words.ts";

/** Hole counts of golf and country clubs' courses. */
const HOLES = new Weighted<number>([[9, 12], [18, 70], [27, 10], [36, 8]]);

/** Real course architects, so the "designed by" line reads true. */
const ARCHITECTS = words(`
Donald Ross|A.W. Tillinghast|Alister MacKenzie|Tom Fazio|Pete Dye|
Robert Trent Jones Sr.|Robert Trent Jones Jr.|Rees Jones|Jack Nicklaus|
Arnold Palmer|Tom Doak|Bill Coore & Ben Crenshaw|Seth Raynor|
Charles Blair Macdonald|George C. Thomas Jr.|William Flynn|Harry Colt|
Tom Simpson|James Braid|Old Tom Morris|Herbert Fowler|Perry Maxwell|
Dick Wilson|Desmond Muirhead|Gil Hanse|Kyle Phillips|Greg Norman|Gary Player|
Tom Weiskopf|Arthur Hills|Stanley Thompson|Devereux Emmet|Walter Travis|
Martin Hawtree`);

/** A club's golf columns, `null` where it has no course or they are unknown. */
export interface Course {
  /** The `holes` column. */
  holes: number | null;
  /** The `par` column. */
  par: number | null;
  /** The `yardage` column, from the back tees. */
  yardage: number | null;
  /** The `course_architect` column. */
  architect: string | null;
}

/**
 * Draws a club's course. Par and yardage follow the holes: a nine-hole
 * course plays to about half of an eighteen, a par-3 course is short, and a
 * lower par takes away length.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickCourse } from "./golf.ts";
 * import { Rng } from "./random.ts";
 * const rng = new Rng(1);
 * const courses = Array.from({ length: 1000 }, () => pickCourse(rng, "wine"));
 * assert.ok(courses.filter((c) => c.holes === null).length > 900); // nearly always
 * ```
 */
export function pickCourse(rng: Rng, type: string | null): Course {
  const golfish = type === "golf" || type === "country_club";
  let holes: number | null = null;
  let par: number | null = null;
  let yardage: number | null = null;
  let architect: string | null = null;
  if (rng.chance(golfish ? 0.9 : 0.02)) {
    holes = golfish ? HOLES.pick(rng) : rng.chance(0.7) ? 9 : 18;
    if (holes === 9) {
      const par3 = rng.chance(0.12);
      par = par3 ? 27 : rng.int(33, 36);
      yardage = par3 ? rng.int(2_000, 2_400) : rng.int(2_600, 3_600);
    } else if (holes === 18 && rng.chance(0.02)) {
      par = 54;
      yardage = rng.int(2_400, 3_400);
    } else {
      par = rng.pick([70, 71, 71, 72, 72, 72, 72, 69]);
      const lo = holes === 18 ? 5_800 : 6_400;
      yardage = Math.min(7_800, rng.int(lo, 7_400) + (72 - par) * -60);
    }
    // Some listings leave out par or yardage.
    if (rng.chance(0.04)) par = null;
    if (rng.chance(0.06)) yardage = null;
    if (rng.chance(0.8)) architect = rng.pick(ARCHITECTS);
  }
  return { holes, par, yardage, architect };
}
