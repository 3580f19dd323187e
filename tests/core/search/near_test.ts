import fc from "fast-check";
import { MAX_EDITS, NearIndex } from "../../../core/search/near.ts";
import { editDistance } from "../../../core/search/words.ts";
import { assertEquals, assertThrows } from "../../_assert.ts";

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
