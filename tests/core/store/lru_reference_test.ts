/**
 * The hand-written LRU (core/store/lru.ts) against the npm `lru-cache`, the
 * library it stands in for on the hot path (`Deno.bench` in
 * bench/lru_bench.ts keeps ours for its speed): the same operations with
 * the same weights keep the same entries, evict the same ones and weigh the
 * same total.
 */
import fc from "fast-check";
import { LRUCache } from "lru-cache";
import { Lru } from "../../../core/store/lru.ts";
import { assertEquals } from "../../_assert.ts";

type Op =
  | { kind: "set"; key: number; value: number; weight: number }
  | { kind: "get"; key: number };

const MAX = 20;

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("set" as const),
    key: fc.integer({ min: 0, max: 12 }),
    value: fc.integer(),
    // Up to past the whole budget: a value heavier than it is not kept.
    weight: fc.integer({ min: 1, max: MAX + 2 }),
  }),
  fc.record({ kind: fc.constant("get" as const), key: fc.integer({ min: 0, max: 12 }) }),
);

Deno.test("Lru keeps, evicts and weighs entries as lru-cache does with the same sizes", () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
      const weights = new Map<number, number>();
      const ours = new Lru<number, number>(MAX, (_, k) => weights.get(k)!);
      const theirs = new LRUCache<number, number>({
        maxSize: MAX,
        sizeCalculation: (_, k) => weights.get(k)!,
      });
      for (const o of ops) {
        if (o.kind === "set") {
          weights.set(o.key, o.weight);
          ours.set(o.key, o.value);
          theirs.set(o.key, o.value);
        } else {
          assertEquals(ours.get(o.key), theirs.get(o.key), `get(${o.key})`);
        }
        assertEquals(ours.weight, theirs.calculatedSize);
        assertEquals(ours.size, theirs.size);
      }
      // The same entries, from the least to the most recently used.
      assertEquals(
        [...theirs.rkeys()].map((k) => ours.get(k)),
        [...theirs.rkeys()].map((k) => theirs.get(k)),
      );
    }),
    { numRuns: 2_000 },
  );
});
