// Test tier: e2e (a real browser, Redis, nginx or a compiled binary; see tests/tiers.ts).
import type { ServeSettings } from "../../../server/options.ts";
import { serveSettings } from "../_helpers.ts";
import { type Server, type StartOptions, startServer } from "../../../server/runtime/mod.ts";
import { newToken, openSessionAdmin } from "../../../core/sessions/mod.ts";
import { assert, assertEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";
import { redisMissing, startRedis, type TestRedis } from "../../_redis.ts";
import { serveChild } from "./_serve_child.ts";
import { createClient } from "redis";
import { RATE_KEY_PREFIX } from "../../../server/http/redis_rate_store.ts";

const missing = await redisMissing();
const ignore = missing !== null;
if (missing) console.warn(`skipping shared-store server tests: ${missing}`);
const fx = await sharedFixture();

function settings(overrides: Partial<ServeSettings>): ServeSettings {
  return serveSettings(fx.path, { quiet: true, ...overrides });
}

async function feeAccess(port: number, token: string, as = "bearer"): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/clubs?limit=1`, {
    headers: as === "cookie"
      ? { cookie: `session=${token}` }
      : { authorization: `Bearer ${token}` },
  });
  return (await res.json()).fee_access;
}

/** Replicas serving `shared`, each with its own connections to Redis; `await using` closes them. */
async function replicas(
  shared: ServeSettings,
  count: number,
  options: Omit<StartOptions, "settings"> = {},
): Promise<{ ports: number[] } & AsyncDisposable> {
  const running: Server[] = [];
  for (let i = 0; i < count; i++) running.push(await startServer({ ...options, settings: shared }));
  return {
    ports: running.map((r) => r.addr.port),
    async [Symbol.asyncDispose]() {
      for (const r of running) await r.stop();
    },
  };
}

/** What `fn` gives, and how long it took (ms). */
async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, performance.now() - started];
}

/** Single-session lookups Redis has run (the on-demand script), from INFO commandstats. */
async function scriptCalls(url: string): Promise<number> {
  const client = createClient({ url });
  await client.connect();
  try {
    let calls = 0;
    const info = await client.info("commandstats");
    for (const m of info.matchAll(/^cmdstat_(?:eval|evalsha):calls=(\d+),.*failed_calls=(\d+)/gm)) {
      calls += Number(m[1]) - Number(m[2]);
    }
    return calls;
  } finally {
    await client.close();
  }
}

Deno.test("With Redis unreachable, startServer() still serves: rate limits counted locally, tokens locked", async () => {
  // Nothing listens on port 1: both stores fail open and serve without Redis.
  const lines: string[] = [];
  const [server, ms] = await timed(() =>
    startServer({
      settings: settings({
        rateLimit: { limit: 2, windowSeconds: 60 },
        rateLimitStore: "redis://127.0.0.1:1/0",
        sessions: "redis://127.0.0.1:1/0",
      }),
      log: (l) => lines.push(l),
    })
  );
  try {
    assert(ms < 8_000, `started in ${ms.toFixed(0)} ms`);
    assertEquals(await feeAccess(server.addr.port, newToken()), "locked");
    const res = await fetch(`${server.url}api/v1/clubs?limit=1`);
    await res.body?.cancel();
    const over = await fetch(`${server.url}api/v1/clubs?limit=1`);
    await over.body?.cancel();
    assertEquals([res.status, over.status], [200, 429]);
    assert(lines.some((l) => /redis/i.test(l)), lines.join("\n"));
  } finally {
    await server.stop();
  }
});

Deno.test({
  name: "Two replicas counting in one Redis give a client exactly its limit",
  ignore,
  async fn() {
    await using redis = await startRedis();
    const shared = settings({
      rateLimit: { limit: 4, windowSeconds: 60 },
      rateLimitStore: redis.url,
    });
    const lines: string[] = [];
    await using two = await replicas(shared, 2, { log: (l) => lines.push(l) });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`http://127.0.0.1:${two.ports[i % 2]}/api/v1/clubs?limit=1`);
      await res.body?.cancel();
      statuses.push(res.status);
    }
    assertEquals(statuses, [200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
    assertEquals(lines, []);
  },
});

/** A test of `count` replicas sharing sessions in a fresh Redis (quiet: Redis outages are expected). */
function sessionsTest(
  name: string,
  count: number,
  fn: (redis: TestRedis, ports: number[]) => Promise<void>,
): void {
  Deno.test({
    name,
    ignore,
    async fn() {
      await using redis = await startRedis();
      const shared = settings({ rateLimit: "off", sessions: redis.url });
      await using running = await replicas(shared, count, { log: () => {} });
      try {
        await fn(redis, running.ports);
      } finally {
        redis.freeze(false);
      }
    },
  });
}

sessionsTest(
  "Two replicas following one Redis agree on new and revoked sessions",
  2,
  async (redis, ports) => {
    await using admin = await openSessionAdmin(redis.url, "write");
    const { token, session } = await admin.create({ tier: "free", ttlMs: 60_000 });
    const agree = async (want: string) => {
      for (let i = 0; i < 100; i++) {
        const seen = await Promise.all(ports.map((p) => feeAccess(p, token)));
        if (seen.every((s) => s === want)) return true;
        await new Promise((r) => setTimeout(r, 20));
      }
      return false;
    };
    assert(await agree("band"), "both replicas grant the new session");
    await admin.revoke(session.id);
    assert(await agree("locked"), "both replicas drop the revoked session");
  },
);

sessionsTest(
  "A session created while two replicas run counts on both at their very next request",
  2,
  async (redis, [a, b]) => {
    await using admin = await openSessionAdmin(redis.url, "write");
    // Five times, so that a poll landing by chance between create and request cannot pass it.
    for (let i = 0; i < 5; i++) {
      const { token } = await admin.create({ tier: "member", ttlMs: 60_000 });
      const [seen, lag] = await timed(() =>
        Promise.all([feeAccess(b!, token, "cookie"), feeAccess(a!, token)])
      );
      assertEquals(seen, ["exact", "exact"], `round ${i}`);
      assert(lag < 100, `both answered within ${lag.toFixed(1)} ms, before a 100 ms poll`);
    }
  },
);

sessionsTest(
  "A replica looks an unknown token up in Redis once, then answers it from memory",
  1,
  async (redis, [port]) => {
    const before = await scriptCalls(redis.url);
    const stranger = newToken();
    for (let i = 0; i < 5; i++) assertEquals(await feeAccess(port!, stranger), "locked");
    assertEquals(await scriptCalls(redis.url) - before, 1, "one lookup for five requests");
  },
);

sessionsTest(
  "With Redis stopped or silent, a replica answers an unknown token as locked at once",
  1,
  async (redis, [port]) => {
    // Silent (connected, no answers): the lookup gives up after its 75 ms.
    redis.freeze(true);
    const [frozen, waited] = await timed(() => feeAccess(port!, newToken()));
    assertEquals(frozen, "locked");
    assert(waited < 300, `answered in ${waited.toFixed(1)} ms`);
    redis.freeze(false);
    // Stopped: nothing is asked, nothing is waited for.
    await redis.stop();
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 3; i++) {
      const [stopped, ms] = await timed(() => feeAccess(port!, newToken()));
      assertEquals(stopped, "locked");
      assert(ms < 100, `answered in ${ms.toFixed(1)} ms`);
    }
  },
);

Deno.test({
  name: "serve --workers 2 --rate-limit-store: every worker counts in the one Redis",
  ignore,
  async fn() {
    await using redis = await startRedis();
    const serve = await serveChild([
      "--workers",
      "2",
      "--rate-limit",
      "6/60",
      "--rate-limit-store",
      redis.url,
    ]);
    try {
      // A new connection per request, so the kernel spreads them over both workers.
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) {
        const client = Deno.createHttpClient({});
        const res = await fetch(`http://127.0.0.1:${serve.port}/api/v1/clubs?limit=1`, { client });
        await res.body?.cancel();
        client.close();
        statuses.push(res.status);
      }
      assertEquals(statuses.filter((s) => s === 200).length, 6);
      assertEquals(statuses.filter((s) => s === 429).length, 10);
      // All 16 were counted in Redis, none in a worker's local fallback.
      const redisClient = createClient({ url: redis.url });
      await redisClient.connect();
      assertEquals(await redisClient.get(`${RATE_KEY_PREFIX}60:127.0.0.1`), "16");
      await redisClient.close();
    } finally {
      await serve.stop();
    }
  },
});
