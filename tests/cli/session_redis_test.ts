// Test tier: e2e (a real browser, Redis, nginx or a compiled binary; see tests/tiers.ts).
import { RedisSessionMirror } from "../../core/sessions/redis.ts";
import { runMain } from "../_run.ts";
import { redisMissing, startRedis } from "../_redis.ts";
import { assert, assertEquals, assertMatch } from "../_assert.ts";

const missing = await redisMissing();
const ignore = missing !== null;
if (missing) console.warn(`skipping session --sessions redis:// tests: ${missing}`);

Deno.test({
  name: "session create, list and revoke work against --sessions redis://",
  ignore,
  async fn() {
    await using redis = await startRedis();
    const created = await runMain([
      "session",
      "create",
      "--tier",
      "member",
      "--label",
      "bob",
      "--sessions",
      redis.url,
    ]);
    assertEquals(created.code, 0, created.stderr);
    const token = created.stdout.trim().split("\n").at(-1)!;
    assertMatch(token, /^cds_[A-Za-z0-9_-]{43}$/);
    assertMatch(
      created.stderr,
      new RegExp(
        `Created member session \\w+ \\(bob\\) in redis://127\\.0\\.0\\.1:${redis.port}/0`,
      ),
    );

    const mirror = await RedisSessionMirror.open(redis.url, { log: () => {} });
    try {
      assertEquals(mirror.lookup(token)?.tier, "member");
      const listed = await runMain(["session", "list", "--sessions", redis.url]);
      assertEquals(listed.code, 0, listed.stderr);
      assertMatch(listed.stdout, /member\s+exact\s+\S+\s+\S+\s+active\s+bob/);
      assert(!listed.stdout.includes(token));

      const revoked = await runMain(["session", "revoke", token, "--sessions", redis.url]);
      assertEquals(revoked.code, 0, revoked.stderr);
      assertMatch(revoked.stdout, /^Revoked member session \w+ \(bob\)\./);
      await mirror.refresh();
      assertEquals(mirror.lookup(token), null);
      const again = await runMain(["session", "revoke", token, "--sessions", redis.url]);
      assertMatch(again.stdout, /^Already revoked/);
      const unknown = await runMain(["session", "revoke", "0000000000", "--sessions", redis.url]);
      assertEquals(unknown.code, 1);
      assertMatch(unknown.stderr, /no session matches "0000000000" in redis:\/\//);
    } finally {
      mirror.close();
    }
  },
});

Deno.test({
  name: "session with an unreachable Redis exits 1 naming it, password masked",
  ignore,
  async fn() {
    await using redis = await startRedis();
    await redis.stop();
    const url = `redis://:secret@127.0.0.1:${redis.port}/0`;
    const r = await runMain(["session", "list", "--sessions", url]);
    assertEquals(r.code, 1);
    assertMatch(r.stderr, /Cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1/);
    assert(!r.stderr.includes("secret"));
  },
});

Deno.test("session --sessions with a malformed Redis URL is a usage error", async () => {
  const r = await runMain(["session", "list", "--sessions", "redis://127.0.0.1:6379/x"]);
  assertEquals(r.code, 2);
  assertMatch(r.stderr, /--sessions must end with a database number/);
});
