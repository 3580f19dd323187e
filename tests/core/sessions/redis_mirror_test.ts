// Test tier: e2e (a real browser, Redis, nginx or a compiled binary; see tests/tiers.ts).
import { redisMissing, startRedis, type TestRedis } from "../../_redis.ts";
import { type LookupOptions, newToken } from "../../../core/sessions/mod.ts";
import { RedisSessionMirror, RedisSessions } from "../../../core/sessions/redis.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";

const missing = await redisMissing();
const ignore = missing !== null;
if (missing) console.warn(`skipping Redis session copy tests: ${missing}`);
const DAY = 86_400_000;

/** What a test gets: a fresh Redis, the `session` command's view of it, and copies to open. */
interface World {
  redis: TestRedis;
  admin: RedisSessions;
  /** A copy that never polls during a test: only on-demand lookups can teach it. */
  open(options?: Partial<LookupOptions>): Promise<RedisSessionMirror>;
}

function copyTest(name: string, fn: (world: World) => Promise<void>): void {
  Deno.test({
    name: `Redis copy: ${name}`,
    ignore,
    async fn() {
      await using redis = await startRedis();
      await using admin = await RedisSessions.connect(redis.url);
      const copies: RedisSessionMirror[] = [];
      const open = async (options: Partial<LookupOptions> = {}) => {
        const copy = await RedisSessionMirror.open(redis.url, {
          log: () => {},
          pollMs: 600_000,
          ...options,
        });
        copies.push(copy);
        return copy;
      };
      try {
        await fn({ redis, admin, open });
      } finally {
        redis.freeze(false);
        for (const copy of copies) copy.close();
      }
    },
  });
}

/** Waits (at most 2 s) until `done()`. */
async function until(done: () => boolean): Promise<boolean> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  return done();
}

copyTest("a session created elsewhere counts on its first request, without a poll", async (w) => {
  const earlier = await w.admin.create({ tier: "free", ttlMs: DAY });
  const mirror = await w.open();
  assertEquals(mirror.lookup(earlier.token)?.tier, "free", "loaded when opened");
  const { token, session } = await w.admin.create({ tier: "member", ttlMs: DAY });
  assertStrictEquals(mirror.lookup(token), null, "not polled yet");
  const asking = mirror.prefetch(token);
  assert(asking !== undefined, "an unknown token is looked up");
  await asking;
  assertEquals(mirror.lookup(token), session);
  assertStrictEquals(mirror.prefetch(token), undefined, "a known token costs nothing");
  assertEquals(mirror.onDemand.asked, 1);
});

copyTest("the first session a Redis ever held counts at once too (a new epoch)", async (w) => {
  const mirror = await w.open();
  const { token } = await w.admin.create({ tier: "free", ttlMs: DAY });
  await mirror.prefetch(token);
  assertEquals(mirror.lookup(token)?.tier, "free");
});

copyTest(
  "an unknown token is looked up once, then answered from the remembered misses",
  async (w) => {
    const mirror = await w.open();
    const stranger = newToken();
    await mirror.prefetch(stranger);
    assertStrictEquals(mirror.lookup(stranger), null);
    for (let i = 0; i < 5; i++) assertStrictEquals(mirror.prefetch(stranger), undefined);
    assertEquals(mirror.onDemand, { asked: 1, missHits: 5, shed: 0, timedOut: 0 });
    assertStrictEquals(mirror.prefetch("not a token"), undefined, "malformed: never asked");
    assertEquals(mirror.onDemand.asked, 1);
  },
);

copyTest("a lookup never revives a revoked session", async (w) => {
  const mirror = await w.open();
  const { token, session } = await w.admin.create({ tier: "free", ttlMs: DAY });
  await w.admin.revoke(session.id);
  await mirror.prefetch(token);
  assertStrictEquals(mirror.lookup(token), null);
  await mirror.refresh();
  assertStrictEquals(mirror.lookup(token), null);
});

copyTest("with Redis stopped, an unknown token is no session at once", async (w) => {
  const { token } = await w.admin.create({ tier: "member", ttlMs: DAY });
  const mirror = await w.open();
  await w.redis.stop();
  // The client notices the closed socket at once; until it does, a lookup fails fast.
  assert(
    await until(() => mirror.prefetch(newToken()) === undefined),
    "stops asking a Redis it knows is down",
  );
  const stranger = newToken();
  const started = performance.now();
  assertStrictEquals(mirror.prefetch(stranger), undefined);
  assertStrictEquals(mirror.lookup(stranger), null);
  assert(performance.now() - started < 20, "answered without waiting");
  assertEquals(mirror.lookup(token)?.tier, "member", "a session it holds is still served");
});

copyTest("a silent Redis costs a request at most the timeout, with bounded lookups", async (w) => {
  const mirror = await w.open({ onDemand: { timeoutMs: 50, maxInFlight: 8 } });
  w.redis.freeze(true);
  const started = performance.now();
  await Promise.all(Array.from({ length: 100 }, () => mirror.prefetch(newToken())));
  const waited = performance.now() - started;
  assert(waited < 500, `a silent Redis held the requests ${waited} ms`);
  assertEquals(mirror.onDemand.asked, 8, "no more than 8 lookups sent");
  assertEquals(mirror.onDemand.shed, 92, "the rest answered at once, not queued");
  assertEquals(mirror.onDemand.timedOut, 8);
  w.redis.freeze(false);
  // Once Redis answers, the held lookups end and free their slots.
  const { token } = await w.admin.create({ tier: "free", ttlMs: DAY });
  let tier: string | undefined;
  for (let i = 0; i < 200 && tier === undefined; i++) {
    await (mirror.prefetch(token) ?? new Promise((r) => setTimeout(r, 10)));
    tier = mirror.lookup(token)?.tier;
  }
  assertEquals(tier, "free");
});
