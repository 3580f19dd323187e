import fc from "fast-check";
import { Doorkeeper } from "../../../core/store/doorkeeper.ts";
import { assert, assertEquals } from "../../_assert.ts";

Deno.test("Doorkeeper admits a key the second time it comes, then forgets it", () => {
  const door = new Doorkeeper(64);
  assertEquals([door.admit("type=golf"), door.admit("type=golf")], [false, true]);
  assertEquals(door.admit("type=golf"), false, "admitted keys start over");
  assertEquals([door.admit(7), door.admit("7")], [false, true], "numbers as their text");
});

Deno.test("Doorkeeper keeps a fixed table whatever the keys", () => {
  const door = new Doorkeeper(1000);
  assertEquals(door.bytes, 4 * 1024, "rounded up to a power of two");
  for (let i = 0; i < 100_000; i++) door.admit(`${i}:${"q".repeat(200)}`);
  assertEquals(door.bytes, 4 * 1024);
  assertEquals(new Doorkeeper(1).bytes, 4 * 16, "at least 16 keys");
});

Deno.test("Doorkeeper remembers about as many recent keys as it was sized for", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
      const door = new Doorkeeper(1024);
      const keys = Array.from({ length: 256 }, (_, i) => `${seed}/${i}`);
      for (const k of keys) door.admit(k);
      // 256 keys in 1,024 slots: most are still there (a collision replaces one,
      // and so does asking for a key that was replaced).
      const back = keys.filter((k) => door.admit(k)).length;
      assert(back >= 170, `${back} of 256 remembered`);
    }),
    { numRuns: 50 },
  );
});

Deno.test("Doorkeeper forgets everything on clear()", () => {
  const door = new Doorkeeper(16);
  door.admit("a");
  door.clear();
  assertEquals(door.admit("a"), false);
});
