/**
 * pageOfIntersection() (core/search/intersection_page.ts) gives the slice
 * of the ascending clubs every set holds and their count, whether the
 * count is given or not, for any offset and limit: held to the clubs
 * themselves and to intersectCounted() and pageOfBits(), which it
 * replaces for searches by key filters alone.
 */
import fc from "fast-check";
import { bitsWhere, intersectCounted, pageOfBits } from "../../../core/search/bits.ts";
import { pageOfIntersection } from "../../../core/search/intersection_page.ts";
import { assertEquals, assertThrows } from "../../_assert.ts";

/** A size and two to five sets of clubs below it, each of its own density. */
const setsOfSize = fc.integer({ min: 1, max: 400 }).chain((size) =>
  fc.tuple(
    fc.constant(size),
    fc.array(
      fc.double({ min: 0, max: 1, noNaN: true }).chain((density) =>
        fc.array(fc.boolean(), { minLength: size, maxLength: size }).map((coin) =>
          coin.map((c, i) => c || (i * 7919) % 1000 < density * 1000)
        )
      ),
      { minLength: 2, maxLength: 5 },
    ),
  )
);

Deno.test("pageOfIntersection() is the slice of the clubs every set holds, with their count (property)", () => {
  fc.assert(
    fc.property(
      setsOfSize,
      fc.nat(200),
      fc.integer({ min: 1, max: 80 }),
      ([size, members], offset, limit) => {
        const sets = members.map((m) => bitsWhere(size, (i) => m[i]!));
        const all = Array.from({ length: size }, (_, i) => i).filter((i) =>
          members.every((m) => m[i])
        );
        const want = { ranks: all.slice(offset, offset + limit), count: all.length };
        assertEquals(pageOfIntersection(sets, offset, limit), want);
        assertEquals(pageOfIntersection(sets, offset, limit, all.length), want);
        // As the ANDed set and its page give it.
        const counted = intersectCounted(sets)!;
        assertEquals(want.count, counted.count);
        assertEquals(want.ranks, pageOfBits(counted.set, offset, limit, counted.count));
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("pageOfIntersection() wants two sets or more", () => {
  assertThrows(() => pageOfIntersection([bitsWhere(10, () => true)], 0, 5), RangeError);
});
