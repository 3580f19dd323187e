import { DEFAULT_SETTINGS, listen, type ServeSettings } from "../../server/listen.ts";
import { listenShared } from "../../server/shared_stores.ts";
import { openSessionAdmin } from "../../core/sessions/mod.ts";
import { assert, assertEquals, assertThrows } from "../_assert.ts";
import { sharedFixture } from "../_fixture.ts";
import { redisMissing, startRedis } from "../_redis.ts";

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
