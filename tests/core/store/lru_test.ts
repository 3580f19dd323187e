import fc from "fast-check";
import { Lru } from "../../../core/store/lru.ts";
import { assertEquals } from "../../_assert.ts";

Deno.test("Lru evicts the least recently used entry beyond its bound", () => {
  const lru = new Lru<string, number>(2);
  lru.set("a", 1);
  lru.set("b", 2);
  lru.get("a");
  lru.set("c", 3);
  assertEquals([lru.get("a"), lru.get("b"), lru.get("c")], [1, undefined, 3]);
});

Deno.test("Lru bounds the total weight and skips a value heavier than the bound", () => {
  const lru = new Lru<string, string>(10, (v) => v.length);
  lru.set("x", "12345");
  lru.set("y", "123456");
  assertEquals([lru.get("x"), lru.get("y")], [undefined, "123456"]);
  lru.set("z", "12345678901");
  assertEquals([lru.get("z"), lru.size], [undefined, 1]);
  lru.clear();
  assertEquals(lru.size, 0);
});

Deno.test("Lru keeps exactly what a list model keeps, for any gets and sets (property)", () => {
  type Op = { set: boolean; key: number; weight: number };
  const op = fc.record({
    set: fc.boolean(),
    key: fc.nat(12),
    weight: fc.integer({ min: 1, max: 6 }),
  });
  fc.assert(fc.property(fc.array(op, { maxLength: 200 }), (ops: Op[]) => {
    const lru = new Lru<number, number>(15, (w) => w);
    // The model: entries from least to most recently used.
    let model: { key: number; weight: number }[] = [];
    for (const { set, key, weight } of ops) {
      const at = model.findIndex((e) => e.key === key);
      if (!set) {
        assertEquals(lru.get(key), at < 0 ? undefined : model[at]!.weight);
        if (at >= 0) model.push(...model.splice(at, 1));
        continue;
      }
      lru.set(key, weight);
      if (at >= 0) model.splice(at, 1);
      model.push({ key, weight });
      while (model.reduce((n, e) => n + e.weight, 0) > 15) model = model.slice(1);
    }
    assertEquals(lru.size, model.length);
    assertEquals(lru.weight, model.reduce((n, e) => n + e.weight, 0));
  }));
});
