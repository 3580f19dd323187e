import fc from "fast-check";
import { letterMask, MAX_EDITS, NearIndex, popcount } from "../../../core/search/near.ts";
import { editDistance } from "../../../core/search/words.ts";
import { assert, assertEquals, assertThrows } from "../../_assert.ts";

/** What comparing `text` with every value gives: `[position, edits]` within `max`. */
function bruteForce(values: readonly string[], text: string, max: number): [number, number][] {
  const out: [number, number][] = [];
  values.forEach((v, id) => {
    if (Math.abs(v.length - text.length) > max) return;
    const d = editDistance(text, v, max);
    if (d <= max) out.push([id, d]);
  });
  return out;
}

// Few letters, so that close words are common.
const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "d", "é", " "), maxLength: 9 });

Deno.test("NearIndex finds exactly the values within 0, 1 and 2 edits that a full scan finds", () => {
  fc.assert(
    fc.property(fc.array(word, { maxLength: 60 }), word, (values, text) => {
      const index = new NearIndex(values);
      for (let max = 0; max <= MAX_EDITS; max++) {
        assertEquals(index.near(text, max), bruteForce(values, text, max));
      }
    }),
    { numRuns: 300 },
  );
});

Deno.test("NearIndex finds swapped neighbours, runs of a letter and values listed twice", () => {
  const index = new NearIndex(["royal", "oryal", "rooyal", "royal", "aberdeen", "abredeen"]);
  assertEquals(index.within("royal", 1), [0, 1, 2, 3]);
  assertEquals(index.within("aberdene", 1), [4]);
  assertEquals(index.within("aberdene", 2), [4, 5]);
  assertEquals(index.near("oryal", 2, new Set([0])), [[1, 0], [2, 2], [3, 1]]);
  assertThrows(() => index.near("royal", MAX_EDITS + 1), RangeError);
});

Deno.test("NearIndex lists the values starting with a prefix, in their own order", () => {
  const index = new NearIndex(["royale", "roy", "rose", "royal", "oak", "roya"]);
  assertEquals(index.startingWith("roy"), [0, 1, 3, 5]);
  assertEquals(index.startingWith("royal"), [0, 3]);
  assertEquals(index.startingWith("z"), []);
  assertEquals(index.startingWith(""), [0, 1, 2, 3, 4, 5]);
});

/** Optimal string alignment distance (swaps of neighbours count one), the whole table. */
function textbook(a: string, b: string): number {
  const d = Array.from(
    { length: a.length + 1 },
    (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i === 0 ? j : j === 0 ? i : 0),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

Deno.test("editDistance() is the full table's distance, capped at max + 1, whole or as a prefix (property)", () => {
  fc.assert(
    fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
      assertEquals(editDistance(a, b, max), Math.min(textbook(a, b), max + 1));
      let best = Infinity;
      for (let n = 0; n <= b.length; n++) best = Math.min(best, textbook(a, b.slice(0, n)));
      assertEquals(editDistance(a, b, max, true), Math.min(best, max + 1));
    }),
    { numRuns: 1000 },
  );
});

Deno.test("letterMask() never says two texts are more edits apart than they are (property)", () => {
  fc.assert(
    fc.property(word, word, (a, b) => {
      assert(popcount(letterMask(a) & ~letterMask(b)) <= textbook(a, b));
    }),
    { numRuns: 1000 },
  );
});
