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
