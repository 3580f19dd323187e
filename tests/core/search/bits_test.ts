import fc from "fast-check";
import {
  bitsWhere,
  countBits,
  eachBit,
  hasBit,
  intersectCounted,
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

Deno.test("intersectCounted() keeps the clubs in every set; one set comes back as it is (property)", () => {
  fc.assert(fc.property(clubsOfSize, fc.array(fc.nat(299)), ([size, a], b) => {
    const other = b.filter((i) => i < size);
    const both = intersectCounted([bitsetOf(a, size), bitsetOf(other, size)])!.set;
    assertEquals(pageOfBits(both, 0, size), sorted(a).filter((i) => other.includes(i)));
  }));
  const one = bitsetOf([1], 8);
  assertStrictEquals(intersectCounted([one])!.set, one);
  assertStrictEquals(intersectCounted([]), null);
});

Deno.test("pageOfBits() with the set's count finds the same page from whichever end is nearer (property)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 300 }),
      fc.uniqueArray(fc.nat(299)),
      fc.nat(320),
      fc.integer({ min: 1, max: 60 }),
      (size, raw, offset, limit) => {
        const clubs = raw.filter((i) => i < size);
        const set = bitsetOf(clubs, size);
        assertEquals(
          pageOfBits(set, offset, limit, clubs.length),
          sorted(clubs).slice(offset, offset + limit),
        );
      },
    ),
  );
});

Deno.test("intersectCounted() counts the intersection as it makes it (property)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 200 }),
      fc.array(fc.uniqueArray(fc.nat(199)), { minLength: 1, maxLength: 4 }),
      (size, lists) => {
        const sets = lists.map((l) => bitsetOf(l.filter((i) => i < size), size));
        const counted = intersectCounted(sets)!;
        assertStrictEquals(counted.count, countBits(counted.set));
        const every = lists.map((l) => new Set(l));
        assertEquals(
          pageOfBits(counted.set, 0, size),
          Array.from({ length: size }, (_, i) => i).filter((i) => every.every((s) => s.has(i))),
        );
      },
    ),
  );
  assertStrictEquals(intersectCounted([]), null);
});

Deno.test("intersectCounted() into a scratch set, or in place into the first, leaves the sets given as they were (property)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 200 }),
      fc.array(fc.uniqueArray(fc.nat(199)), { minLength: 2, maxLength: 4 }),
      fc.boolean(),
      (size, lists, inPlace) => {
        const sets = lists.map((l) => bitsetOf(l.filter((i) => i < size), size));
        const before = sets.map((s) => s.slice());
        const fresh = intersectCounted(sets)!;
        // A used scratch set: its old bits must not leak into the answer.
        const scratch = new Uint32Array(sets[0]!.length).fill(0xffffffff);
        if (inPlace) scratch.set(sets[0]!);
        const into = intersectCounted(inPlace ? [scratch, ...sets.slice(1)] : sets, scratch)!;
        assertStrictEquals(into.set, scratch);
        assertStrictEquals(into.count, fresh.count);
        assertEquals(into.set, fresh.set);
        assertEquals(sets, before);
      },
    ),
  );
});
