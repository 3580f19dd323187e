/**
 * The per-snapshot memos' LRU (core/store/lru.ts) against the npm
 * `lru-cache` it stands in for, on the memos' pattern: weighed entries, a
 * byte budget, mostly gets. Run with
 * `deno bench --config dev.json bench/lru_bench.ts`; the project keeps
 * whichever is faster here, and tests/core/store/lru_reference_test.ts holds
 * it to the other's behaviour.
 *
 * @module
 */
import { LRUCache } from "lru-cache";
import { Lru } from "../core/store/mod.ts";

const KEYS = Array.from({ length: 4096 }, (_, i) => `search|golf|${i}|50`);
const BUDGET = 1024 * 1024;
const weigh = (v: string, k: string) => 64 + 2 * (k.length + v.length);
const VALUE = "x".repeat(400);

function workload(get: (k: string) => unknown, set: (k: string, v: string) => void): void {
  // A skewed mix: nine gets for one set, over more keys than the budget holds.
  let seed = 7;
  for (let i = 0; i < 10_000; i++) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const key = KEYS[(seed >> 8) % KEYS.length]!;
    if (i % 10 === 0 || get(key) === undefined) set(key, VALUE);
  }
}

Deno.bench("core/store/lru.ts Lru", { group: "lru", baseline: true }, () => {
  const lru = new Lru<string, string>(BUDGET, weigh);
  workload((k) => lru.get(k), (k, v) => lru.set(k, v));
});

Deno.bench("npm lru-cache", { group: "lru" }, () => {
  const lru = new LRUCache<string, string>({ maxSize: BUDGET, sizeCalculation: weigh });
  workload((k) => lru.get(k), (k, v) => lru.set(k, v));
});
