// Test tier: e2e (a real browser, Redis, nginx or a compiled binary; see tests/tiers.ts).
import { createClient } from "redis";
import { redisMissing, startRedis } from "../../_redis.ts";
import { LocalRateStore, openRateStore, type RateStore } from "../../../server/http/rate_store.ts";
import { RATE_KEY_PREFIX } from "../../../server/http/redis_rate_store.ts";
import { RateTable } from "../../../server/http/rate_table.ts";
import { get, testApp } from "../_helpers.ts";
import { assert, assertEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";

const missing = await redisMissing();
const ignore = missing !== null;
if (missing) console.warn(`skipping Redis rate-store tests: ${missing}`);
const quiet = { log: () => {} };

async function closeAll(stores: RateStore[]): Promise<void> {
  await Promise.all(stores.map((s) => s.close()));
}

Deno.test("LocalRateStore counts in the shared table, windows in whole seconds", () => {
  const store = new LocalRateStore(RateTable.create(64));
  assertEquals(store.hit("a", 10_500, 60), { count: 1, resetSeconds: 60 });
  assertEquals(store.hit("a", 20_900, 60), { count: 2, resetSeconds: 50 });
  assertEquals(store.hit("b", 20_900, 60), { count: 1, resetSeconds: 60 });
  // A store on the same buffer (another worker) shares the counts.
  const other = new LocalRateStore(new RateTable(store.table.buffer));
  assertEquals(other.hit("a", 21_000, 60).count, 3);
});

Deno.test("the rate limiter answers from an asynchronous store: headers, then 429", async () => {
  const fx = await sharedFixture();
  const counts = new Map<string, number>();
  const asyncStore: RateStore = {
    hit: (key) => {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return Promise.resolve({ count: counts.get(key)!, resetSeconds: 42 });
    },
    close: () => Promise.resolve(),
  };
  const app = testApp(fx.directory, {
    rateLimit: { limit: 2, windowSeconds: 60, store: asyncStore },
  });
  const statuses = [];
  for (let i = 0; i < 3; i++) {
    const res = await get(app, "/api/v1/clubs?limit=1", {}, "198.51.100.9");
    await res.body?.cancel();
    statuses.push(res.status);
    if (i === 0) assertEquals(res.headers.get("RateLimit"), "limit=2, remaining=1, reset=42");
    if (i === 2) assertEquals(res.headers.get("Retry-After"), "42");
  }
  assertEquals(statuses, [200, 200, 429]);
  assertEquals([...counts], [["198.51.100.9", 3]]);
});

Deno.test("openRateStore(null) is the local table", async () => {
  const store = await openRateStore(null, quiet);
  assert(store instanceof LocalRateStore);
  await store.close();
});

Deno.test({
  name: "Redis rate store: replicas share one exact count per client",
  ignore,
  async fn() {
    await using redis = await startRedis();
    const stores = await Promise.all(
      [1, 2, 3].map(() => openRateStore(redis.url, quiet)),
    );
    try {
      const now = Date.now();
      // 300 concurrent requests of one client spread over three replicas.
      const hits = await Promise.all(
        Array.from({ length: 300 }, (_, i) => stores[i % 3]!.hit("203.0.113.7", now, 60)),
      );
      assertEquals(
        hits.map((h) => h.count).sort((a, b) => a - b),
        Array.from({ length: 300 }, (_, i) => i + 1),
      );
      assert(hits.every((h) => h.resetSeconds >= 59 && h.resetSeconds <= 60));
      assertEquals((await stores[0]!.hit("198.51.100.1", now, 60)).count, 1);
      // The window is part of the key: another limit counts apart.
      assertEquals((await stores[1]!.hit("203.0.113.7", now, 30)).count, 1);
    } finally {
      await closeAll(stores);
    }
  },
});

Deno.test({
  name: "Redis rate store: a window starts at the client's first request and expires",
  ignore,
  async fn() {
    await using redis = await startRedis();
    const store = await openRateStore(redis.url, quiet);
    try {
      assertEquals((await store.hit("a", Date.now(), 1)).count, 1);
      assertEquals((await store.hit("a", Date.now(), 1)).count, 2);
      await new Promise((r) => setTimeout(r, 1_100));
      assertEquals(await store.hit("a", Date.now(), 1), { count: 1, resetSeconds: 1 });
    } finally {
      await store.close();
    }
  },
});

Deno.test({
  name: "Redis rate store: an emptied script cache (NOSCRIPT) falls back to EVAL",
  ignore,
  async fn() {
    await using redis = await startRedis();
    const store = await openRateStore(redis.url, quiet);
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      assertEquals((await store.hit("a", Date.now(), 60)).count, 1);
      await client.scriptFlush();
      assertEquals((await store.hit("a", Date.now(), 60)).count, 2);
      // A key left without expiry gets one.
      await client.set(`${RATE_KEY_PREFIX}60:b`, "7");
      assertEquals((await store.hit("b", Date.now(), 60)).count, 8);
      assert(await client.pTTL(`${RATE_KEY_PREFIX}60:b`) > 0);
    } finally {
      await client.close();
      await store.close();
    }
  },
});

Deno.test({
  name: "Redis rate store: with Redis stopped it counts per replica, then in Redis again",
  ignore,
  async fn() {
    await using redis = await startRedis();
    const lines: string[] = [];
    const table = RateTable.create(64);
    const store = await openRateStore(redis.url, { table, log: (l) => lines.push(l) });
    try {
      for (let i = 1; i <= 3; i++) assertEquals((await store.hit("c", Date.now(), 60)).count, i);

      await redis.stop();
      // Every request is still answered, counted in the local table, without waiting on Redis.
      const counts = [];
      for (let i = 0; i < 5; i++) counts.push((await store.hit("c", Date.now(), 60)).count);
      assertEquals(counts, [1, 2, 3, 4, 5]);
      assertEquals(table.hit("c", Math.floor(Date.now() / 1000), 60).count, 6);
      assert(lines.some((l) => l.includes("Redis unreachable")), lines.join("\n"));

      await redis.start();
      const client = createClient({ url: redis.url });
      client.on("error", () => {});
      await client.connect();
      try {
        let inRedis = false;
        for (let i = 0; i < 300 && !inRedis; i++) {
          await new Promise((r) => setTimeout(r, 10));
          await store.hit("d", Date.now(), 60);
          inRedis = await client.exists(`${RATE_KEY_PREFIX}60:d`) === 1;
        }
        assert(inRedis, "counting in Redis again");
        // Redis came back empty (no persistence): its windows start afresh.
        assertEquals((await store.hit("c", Date.now(), 60)).count, 1);
      } finally {
        await client.close();
      }
    } finally {
      await store.close();
    }
  },
});

Deno.test({
  name: "Redis rate store: a replica starting without Redis counts locally at once",
  ignore,
  async fn() {
    await using redis = await startRedis();
    await redis.stop();
    const lines: string[] = [];
    const store = await openRateStore(redis.url, {
      log: (l) => lines.push(l),
      waitMs: 50,
    });
    try {
      assertEquals((await store.hit("e", Date.now(), 60)).count, 1);
      assertEquals((await store.hit("e", Date.now(), 60)).count, 2);
      assert(lines.some((l) => l.includes("counting per replica")), lines.join("\n"));
    } finally {
      await store.close();
    }
  },
});

Deno.test({
  name: "Redis rate store: a Redis that stops answering costs one timeout, then local counts",
  ignore,
  async fn() {
    await using redis = await startRedis();
    const lines: string[] = [];
    const store = await openRateStore(redis.url, { log: (l) => lines.push(l), timeoutMs: 100 });
    try {
      assertEquals((await store.hit("f", Date.now(), 60)).count, 1);
      redis.freeze(true);
      // The first call times out and is counted locally; the next ones skip Redis.
      assertEquals((await store.hit("f", Date.now(), 60)).count, 1);
      assertEquals(store.hit("f", Date.now(), 60) instanceof Promise, false);
      assert(lines.some((l) => l.includes("counting per replica meanwhile")), lines.join("\n"));
    } finally {
      redis.freeze(false);
      await store.close();
    }
  },
});
