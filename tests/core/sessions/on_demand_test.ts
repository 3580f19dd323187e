import { ON_DEMAND_LIMITS, OnDemand } from "../../../core/sessions/on_demand.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";

/** A store whose answers the test releases by hand. */
function heldStore() {
  const waiting = new Map<string, (found: boolean) => void>();
  const asked: string[] = [];
  return {
    asked,
    find(key: string): Promise<boolean> {
      asked.push(key);
      return new Promise((resolve) => waiting.set(key, resolve));
    },
    answer(key: string, found: boolean) {
      waiting.get(key)?.(found);
      waiting.delete(key);
    },
  };
}

const limits = { timeoutMs: 1_000, maxInFlight: 4, missTtlMs: 1_000, maxMisses: 3 };

Deno.test("OnDemand asks about an unknown key once, then answers it from the remembered misses", async () => {
  let asked = 0;
  const lookups = new OnDemand(() => (asked++, Promise.resolve(false)), limits);
  await lookups.ask("k");
  assertStrictEquals(lookups.ask("k"), undefined, "nothing to wait for");
  assertStrictEquals(lookups.ask("k"), undefined);
  assertEquals(asked, 1);
  assertEquals(lookups.stats, { asked: 1, missHits: 2, shed: 0, timedOut: 0 });
});

Deno.test("OnDemand does not remember a key the store found", async () => {
  let asked = 0;
  const lookups = new OnDemand(() => (asked++, Promise.resolve(true)), limits);
  await lookups.ask("k");
  await lookups.ask("k");
  assertEquals(asked, 2);
});

Deno.test("OnDemand shares one question among concurrent requests for one key", async () => {
  const store = heldStore();
  const lookups = new OnDemand(store.find, limits);
  const first = lookups.ask("k")!;
  const second = lookups.ask("k")!;
  await Promise.resolve();
  store.answer("k", true);
  await Promise.all([first, second]);
  assertEquals(store.asked, ["k"]);
});

Deno.test("OnDemand sends at most maxInFlight questions; past that, keys are unknown at once", async () => {
  const store = heldStore();
  const lookups = new OnDemand(store.find, limits);
  const waits = ["a", "b", "c", "d"].map((k) => lookups.ask(k));
  assert(waits.every((w) => w !== undefined));
  assertStrictEquals(lookups.ask("e"), undefined, "every slot taken: no queue");
  assertEquals(lookups.stats.shed, 1);
  await Promise.resolve();
  store.answer("a", true);
  await waits[0];
  assert(lookups.ask("e") !== undefined, "a freed slot takes the next key");
  for (const k of ["b", "c", "d", "e"]) store.answer(k, true);
  await Promise.all(waits);
});

Deno.test("OnDemand stops waiting after timeoutMs; the slot is freed when the store answers", async () => {
  const store = heldStore();
  const lookups = new OnDemand(store.find, { ...limits, timeoutMs: 30, maxInFlight: 1 });
  const started = performance.now();
  await lookups.ask("slow");
  const waited = performance.now() - started;
  assert(waited >= 25 && waited < 500, `waited ${waited} ms`);
  assertEquals(lookups.stats.timedOut, 1);
  assertStrictEquals(
    lookups.ask("other"),
    undefined,
    "the unanswered question still holds its slot",
  );
  store.answer("slow", false);
  await new Promise((r) => setTimeout(r, 0));
  assertStrictEquals(lookups.ask("slow"), undefined, "the late answer is remembered");
  assert(lookups.ask("other") !== undefined, "and its slot is free again");
  store.answer("other", true);
});

Deno.test("OnDemand forgets a miss after missTtlMs and remembers at most maxMisses", async () => {
  let now = 0;
  const asked: string[] = [];
  const lookups = new OnDemand((k) => (asked.push(k), Promise.resolve(false)), limits, () => now);
  for (const k of ["a", "b", "c", "d"]) await lookups.ask(k);
  assertStrictEquals(lookups.ask("d"), undefined);
  await lookups.ask("a"); // dropped, the oldest of four with room for three
  assertEquals(asked, ["a", "b", "c", "d", "a"]);
  now += limits.missTtlMs;
  await lookups.ask("d");
  assertEquals(asked.at(-1), "d", "asked again once the miss is old");
});

Deno.test("OnDemand: a failing store costs the request nothing and is not remembered", async () => {
  let asked = 0;
  const lookups = new OnDemand(() => {
    asked++;
    throw new Error("connection lost");
  }, limits);
  await lookups.ask("k");
  await lookups.ask("k");
  assertEquals(asked, 2);
  assertEquals(lookups.stats.missHits, 0);
});

Deno.test("ON_DEMAND_LIMITS keep a request's wait short and the work bounded", () => {
  assert(ON_DEMAND_LIMITS.timeoutMs <= 100);
  assert(ON_DEMAND_LIMITS.maxInFlight <= 64);
  assert(ON_DEMAND_LIMITS.maxMisses <= 100_000);
});
