// Test tier: e2e (a real browser, Redis, nginx or a compiled binary; see tests/tiers.ts).
import { DEFAULT_SETTINGS, listen, type ServeSettings } from "../../server/listen.ts";
import { listenShared } from "../../server/shared_stores.ts";
import { openSessionAdmin } from "../../core/sessions/mod.ts";
import { assert, assertEquals, assertThrows } from "../_assert.ts";
import { sharedFixture } from "../_fixture.ts";
import { redisMissing, startRedis } from "../_redis.ts";
import { MAIN, spawn } from "../_run.ts";
import { createClient } from "redis";
import { RATE_KEY_PREFIX } from "../../server/http/redis_rate_store.ts";

const missing = await redisMissing();
const ignore = missing !== null;
if (missing) console.warn(`skipping shared-store server tests: ${missing}`);
const fx = await sharedFixture();

function settings(overrides: Partial<ServeSettings>): ServeSettings {
  return {
    ...DEFAULT_SETTINGS,
    db: fx.path,
    port: 0,
    hostname: "127.0.0.1",
    quiet: true,
    ...overrides,
  };
}

async function feeAccess(port: number, token: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/clubs?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()).fee_access;
}

Deno.test("listen() refuses Redis stores it was not given (listenShared opens them)", () => {
  assertThrows(
    () => listen(settings({ rateLimitStore: "redis://127.0.0.1:1/0" })),
    /listenShared/,
  );
  assertThrows(() => listen(settings({ sessions: "redis://127.0.0.1:1/0" })), /listenShared/);
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
    const a = await listenShared(shared, { log: (l) => lines.push(l) });
    const b = await listenShared(shared, { log: (l) => lines.push(l) });
    try {
      const ports = [a.server.addr.port, b.server.addr.port];
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`http://127.0.0.1:${ports[i % 2]}/api/v1/clubs?limit=1`);
        await res.body?.cancel();
        statuses.push(res.status);
      }
      assertEquals(statuses, [200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
      assertEquals(lines, []);
    } finally {
      await a.close();
      await b.close();
    }
  },
});

Deno.test({
  name: "Two replicas following one Redis agree on new and revoked sessions",
  ignore,
  async fn() {
    await using redis = await startRedis();
    const shared = settings({ rateLimit: "off", sessions: redis.url });
    const a = await listenShared(shared);
    const b = await listenShared(shared);
    try {
      const ports = [a.server.addr.port, b.server.addr.port];
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
    } finally {
      await a.close();
      await b.close();
    }
  },
});

Deno.test({
  name: "serve --workers 2 --rate-limit-store: every worker counts in the one Redis",
  ignore,
  async fn() {
    await using redis = await startRedis();
    const child = spawn([
      "run",
      "-A",
      MAIN,
      "serve",
      "--db",
      fx.path,
      "--port",
      "0",
      "--quiet",
      "--workers",
      "2",
      "--rate-limit",
      "6/60",
      "--rate-limit-store",
      redis.url,
    ], { stdout: "null" });
    const lines = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    try {
      let text = "";
      let port = "";
      while (!port) {
        const { value, done } = await lines.read();
        if (done) throw new Error(`serve exited:\n${text}`);
        text += value;
        port = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(text)?.[1] ?? "";
      }
      // A new connection per request, so the kernel spreads them over both workers.
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) {
        const client = Deno.createHttpClient({});
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/clubs?limit=1`, { client });
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
      child.kill("SIGTERM");
      await child.status;
      await lines.cancel().catch(() => {});
    }
  },
});
