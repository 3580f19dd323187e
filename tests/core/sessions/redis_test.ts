// Test tier: e2e (a real browser, Redis, nginx or a compiled binary; see tests/tiers.ts).
import { createClient } from "redis";
import { redisMissing, startRedis } from "../../_redis.ts";
import {
  openSessionAdmin,
  openSessionLookup,
  SessionError,
  type SessionLookup,
} from "../../../core/sessions/mod.ts";
import { RedisSessionMirror, RedisSessions, SESSION_KEYS } from "../../../core/sessions/redis.ts";
import { assert, assertEquals, assertRejects } from "../../_assert.ts";

const missing = await redisMissing();
const ignore = missing !== null;
if (missing) console.warn(`skipping Redis session tests: ${missing}`);
const DAY = 86_400_000;
const quiet = { log: () => {}, pollMs: 20 };

Deno.test({
  name: "Redis sessions: create, lookup, list and revoke, as with the file store",
  ignore,
  async fn() {
    await using redis = await startRedis();
    await using admin = await openSessionAdmin(redis.url, "write");
    const { token, session } = await admin.create({ tier: "member", ttlMs: DAY, label: "alice" });
    const mirror = await RedisSessionMirror.open(redis.url, quiet);
    try {
      assertEquals(mirror.lookup(token)?.tier, "member");
      assertEquals(mirror.lookup(token)?.id, session.id);
      assertEquals(mirror.lookup(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A")), null);
      assertEquals(mirror.lookup("not a token"), null);

      const free = await admin.create({ tier: "free", ttlMs: DAY });
      const listed = await admin.list();
      assertEquals(new Set(listed.map((s) => s.id)), new Set([session.id, free.session.id]));
      assert(listed[0]!.createdAt <= listed[1]!.createdAt, "oldest first");
      assertEquals(listed.find((s) => s.id === session.id), session);

      const revoked = await admin.revoke(session.id, 5_000);
      assertEquals(revoked?.revokedAt, 5_000);
      // Revoking again keeps the first time; by token works too.
      assertEquals((await admin.revoke(token, 9_000))?.revokedAt, 5_000);
      assertEquals(await admin.revoke("0000000000"), null);
      await mirror.refresh();
      assertEquals(mirror.lookup(token), null);
      assertEquals((await mirror.refresh(), mirror.lookup(free.token)?.tier), "free");
    } finally {
      mirror.close();
    }
  },
});

Deno.test({
  name: "Redis sessions: Redis keeps hashes of tokens, never the tokens",
  ignore,
  async fn() {
    await using redis = await startRedis();
    await using admin = await RedisSessions.connect(redis.url);
    const { token } = await admin.create({ tier: "free", ttlMs: DAY });
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const dump = JSON.stringify([
        await client.hGetAll(SESSION_KEYS.records),
        await client.hGetAll(SESSION_KEYS.byHash),
      ]);
      assert(!dump.includes(token), "the token is not stored");
      assert(!dump.includes(token.slice(4)), "not even without its prefix");
    } finally {
      await client.close();
    }
  },
});

Deno.test({
  name: "Redis sessions: a copy follows creations and revocations made elsewhere",
  ignore,
  async fn() {
    await using redis = await startRedis();
    const mirrors: SessionLookup[] = [];
    try {
      for (let i = 0; i < 3; i++) mirrors.push(await openSessionLookup(redis.url, quiet));
      await using admin = await openSessionAdmin(redis.url, "write");
      const { token, session } = await admin.create({ tier: "member", ttlMs: DAY });
      const seen = async (want: string | null) => {
        for (let i = 0; i < 200; i++) {
          if (mirrors.every((m) => (m.lookup(token)?.tier ?? null) === want)) return true;
          await new Promise((r) => setTimeout(r, 10));
        }
        return false;
      };
      assert(await seen("member"), "every copy sees the new session");
      await admin.revoke(session.id);
      assert(await seen(null), "every copy sees the revocation");
    } finally {
      for (const m of mirrors) m.close();
    }
  },
});

Deno.test({
  name: "Redis sessions: expired sessions are no session",
  ignore,
  async fn() {
    await using redis = await startRedis();
    await using admin = await RedisSessions.connect(redis.url);
    const now = Date.now();
    const { token } = await admin.create({ tier: "member", ttlMs: 1_000, now });
    const mirror = await RedisSessionMirror.open(redis.url, quiet);
    try {
      assertEquals(mirror.lookup(token, now + 999)?.tier, "member");
      assertEquals(mirror.lookup(token, now + 1_000), null);
    } finally {
      mirror.close();
    }
  },
});

Deno.test({
  name: "Redis sessions: a copy far behind the trimmed change log reloads everything",
  ignore,
  async fn() {
    await using redis = await startRedis();
    await using admin = await RedisSessions.connect(redis.url);
    const first = await admin.create({ tier: "free", ttlMs: DAY });
    const mirror = await RedisSessionMirror.open(redis.url, { ...quiet, pollMs: 60_000 });
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const second = await admin.create({ tier: "member", ttlMs: DAY });
      await admin.revoke(first.session.id);
      // As if 10,000 later changes had pushed these off the log.
      await client.del(SESSION_KEYS.changes);
      await client.set(SESSION_KEYS.floor, "1000");
      await mirror.refresh();
      assertEquals(mirror.lookup(first.token), null);
      assertEquals(mirror.lookup(second.token)?.tier, "member");
      assertEquals(mirror.size, 1);
    } finally {
      mirror.close();
      await client.close();
    }
  },
});

Deno.test({
  name: "Redis sessions: the copy serves what it last saw while Redis is down, and catches up",
  ignore,
  async fn() {
    await using redis = await startRedis();
    const lines: string[] = [];
    const mirror = await RedisSessionMirror.open(redis.url, {
      log: (l) => lines.push(l),
      pollMs: 20,
    });
    try {
      let admin = await RedisSessions.connect(redis.url);
      const { token } = await admin.create({ tier: "member", ttlMs: DAY });
      await admin[Symbol.asyncDispose]();
      await mirror.refresh();
      await redis.stop();
      await new Promise((r) => setTimeout(r, 100));
      assertEquals(mirror.lookup(token)?.tier, "member", "last copy still served");
      assert(lines.some((l) => l.includes("Redis unreachable")), lines.join("\n"));
      await assertRejects(RedisSessions.connect(redis.url), SessionError);

      // Redis comes back empty (no persistence): the copy follows it.
      await redis.start();
      admin = await RedisSessions.connect(redis.url);
      const again = await admin.create({ tier: "free", ttlMs: DAY });
      await admin[Symbol.asyncDispose]();
      let caughtUp = false;
      for (let i = 0; i < 300 && !caughtUp; i++) {
        await new Promise((r) => setTimeout(r, 10));
        caughtUp = mirror.lookup(again.token)?.tier === "free";
      }
      assert(caughtUp, "the copy sees sessions created after the restart");
      assertEquals(mirror.lookup(token), null, "sessions Redis lost are gone");
      assert(lines.some((l) => l.includes("Redis reachable again")), lines.join("\n"));
    } finally {
      mirror.close();
    }
  },
});

Deno.test({
  name: "Redis sessions: a server starting without Redis treats everyone as anonymous",
  ignore,
  async fn() {
    await using redis = await startRedis();
    await redis.stop();
    const lines: string[] = [];
    const mirror = await openSessionLookup(redis.url, {
      log: (l) => lines.push(l),
      waitMs: 100,
      pollMs: 20,
    });
    try {
      assert(lines.some((l) => l.includes("anonymous")), lines.join("\n"));
      await redis.start();
      const admin = await RedisSessions.connect(redis.url);
      const { token } = await admin.create({ tier: "member", ttlMs: DAY });
      await admin[Symbol.asyncDispose]();
      let seen = false;
      for (let i = 0; i < 300 && !seen; i++) {
        await new Promise((r) => setTimeout(r, 10));
        seen = mirror.lookup(token)?.tier === "member";
      }
      assert(seen, "sessions count once Redis answers");
    } finally {
      mirror.close();
    }
  },
});
