import fc from "fast-check";
import {
  bitsWhere,
  countBits,
  eachBit,
  hasBit,
  intersect,
  pageOfBits,
} from "../../../core/search/bits.ts";
import { assertEquals, assertStrictEquals } from "../../_assert.ts";

/** A size and some clubs below it, unsorted and with repeats. */
const clubsOfSize = fc.integer({ min: 1, max: 300 }).chain((size) =>
  fc.tuple(fc.constant(size), fc.array(fc.nat(size - 1), { maxLength: 120 }))
);

/** The set of the given clubs, through bitsWhere(). */
const bitsetOf = (clubs: number[], size: number) => {
  const members = new Set(clubs);
  return bitsWhere(size, (i) => members.has(i));
};

const sorted = (clubs: number[]) => [...new Set(clubs)].sort((a, b) => a - b);

Deno.test("bitsWhere(), hasBit() and countBits() hold exactly the clubs given (property)", () => {
  fc.assert(fc.property(clubsOfSize, ([size, clubs]) => {
    const set = bitsetOf(clubs, size);
    const members = sorted(clubs);
    assertStrictEquals(countBits(set), members.length);
    for (let i = 0; i < size; i++) assertStrictEquals(hasBit(set, i), members.includes(i));
  }));
});

Deno.test("pageOfBits() is the slice of the ascending members, for any offset and limit (property)", () => {
  fc.assert(
    fc.property(
      clubsOfSize,
      fc.nat(150),
      fc.integer({ min: 1, max: 80 }),
      ([size, clubs], offset, limit) => {
        assertEquals(
          pageOfBits(bitsetOf(clubs, size), offset, limit),
          sorted(clubs).slice(offset, offset + limit),
        );
      },
    ),
  );
});

Deno.test("eachBit() visits the members in order and stops when told", () => {
  fc.assert(fc.property(clubsOfSize, fc.nat(20), ([size, clubs], stopAfter) => {
    const seen: number[] = [];
    eachBit(bitsetOf(clubs, size), (i) => (seen.push(i), seen.length <= stopAfter));
    assertEquals(seen, sorted(clubs).slice(0, stopAfter + 1));
  }));
});

Deno.test("intersect() keeps the clubs in every set; one set comes back as it is (property)", () => {
  fc.assert(fc.property(clubsOfSize, fc.array(fc.nat(299)), ([size, a], b) => {
    const other = b.filter((i) => i < size);
    const both = intersect([bitsetOf(a, size), bitsetOf(other, size)])!;
    assertEquals(pageOfBits(both, 0, size), sorted(a).filter((i) => other.includes(i)));
  }));
  const one = bitsetOf([1], 8);
  assertStrictEquals(intersect([one]), one);
  assertStrictEquals(intersect([]), null);
});
