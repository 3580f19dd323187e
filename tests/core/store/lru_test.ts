import fc from "fast-check";
import { Lru, SharedWeight } from "../../../core/store/lru.ts";
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

Deno.test("Lru maps sharing a weight evict the least recently used entry of any of them", () => {
  const shared = new SharedWeight(3);
  const a = new Lru<string, number>(10, () => 1, shared);
  const b = new Lru<string, number>(10, () => 1, shared);
  a.set("a1", 1);
  b.set("b1", 2);
  a.set("a2", 3);
  a.get("a1");
  b.set("b2", 4); // evicts b1, the oldest of either map
  assertEquals([a.get("a1"), a.get("a2"), b.get("b1"), b.get("b2")], [1, 3, undefined, 4]);
  assertEquals([shared.weight, a.weight + b.weight], [3, 3]);
  a.clear();
  assertEquals([shared.weight, b.size, b.get("b2")], [1, 1, 4]);
});

Deno.test("Lru maps sharing a weight keep what a list model keeps, each within its own bound too (property)", () => {
  type Op = { set: boolean; map: number; key: number; weight: number };
  const op = fc.record({
    set: fc.boolean(),
    map: fc.nat(2),
    key: fc.nat(8),
    weight: fc.integer({ min: 1, max: 6 }),
  });
  fc.assert(fc.property(fc.array(op, { maxLength: 300 }), (ops: Op[]) => {
    const shared = new SharedWeight(20);
    const maps = [0, 1, 2].map(() => new Lru<number, number>(12, (w) => w, shared));
    // The model: every map's entries in one list, from least to most recently used.
    let model: { map: number; key: number; weight: number }[] = [];
    const total = (map?: number) =>
      model.reduce((n, e) => n + (map === undefined || e.map === map ? e.weight : 0), 0);
    for (const { set, map, key, weight } of ops) {
      const at = model.findIndex((e) => e.map === map && e.key === key);
      if (!set) {
        assertEquals(maps[map]!.get(key), at < 0 ? undefined : model[at]!.weight);
        if (at >= 0) model.push(...model.splice(at, 1));
        continue;
      }
      maps[map]!.set(key, weight);
      if (at >= 0) model.splice(at, 1);
      model.push({ map, key, weight });
      while (total(map) > 12) model.splice(model.findIndex((e) => e.map === map), 1);
      while (total() > 20) model = model.slice(1);
    }
    maps.forEach((lru, i) => {
      assertEquals(lru.size, model.filter((e) => e.map === i).length);
      assertEquals(lru.weight, total(i));
    });
    assertEquals(shared.weight, total());
  }));
});

Deno.test("Lru counts the entries it evicts, not the ones replaced or cleared", () => {
  const shared = new SharedWeight(3);
  const a = new Lru<string, number>(2, () => 1, shared);
  const b = new Lru<string, number>(10, () => 1, shared);
  a.set("x", 1);
  a.set("y", 2);
  a.set("z", 3); // a's own bound: x goes
  a.set("z", 4); // replaced
  b.set("p", 1); // shared bound (3): y goes
  b.set("q", 2); // z goes
  assertEquals([a.evictions, b.evictions], [2, 0]);
  b.clear();
  assertEquals(b.evictions, 0);
});
