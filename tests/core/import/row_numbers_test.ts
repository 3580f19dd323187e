import { assertEquals } from "../../_assert.ts";
import { RowNumbers } from "../../../core/import/row_numbers.ts";

Deno.test("row numbers are read back by rowid, across blocks, unset ones as 0", () => {
  const n = new RowNumbers();
  for (const r of [1, 2, 65_535, 65_536, 200_000]) n.set(r, r * 2 ** 20 + 0.5);
  assertEquals(n.get(65_536), 65_536 * 2 ** 20 + 0.5);
  assertEquals(n.get(3), 0);
  assertEquals(n.get(300_000), 0);
});

Deno.test("blocks cover rowids 1 to the highest set, in order, once each", () => {
  const n = new RowNumbers();
  const last = 140_000;
  for (let r = 1; r <= last; r++) n.set(r, 2 ** 53 - r); // digests are integers below 2^53
  const seen: number[] = [];
  for (const { first, values } of n.blocks()) {
    values.forEach((v, i) => {
      if (v !== 2 ** 53 - (first + i)) throw new Error(`rowid ${first + i} reads ${v}`);
      seen.push(first + i);
    });
  }
  assertEquals(seen.length, last);
  assertEquals([seen[0], seen.at(-1)], [1, last]);
  assertEquals([...new RowNumbers().blocks()], []);
});
