// Test tier: e2e (a real browser, Redis, nginx or a compiled binary; see tests/tiers.ts).
import { startServer } from "../../../server/runtime/mod.ts";
import { PROBE_CACHE_MS } from "../../../server/routes/health.ts";
import { assertEquals, assertStrictEquals } from "../../_assert.ts";
import { fixture } from "../../_fixture.ts";
import { redisMissing, startRedis } from "../../_redis.ts";
import { serveSettings } from "../_helpers.ts";
import { assertMatchesSchema } from "../_openapi.ts";

const missing = await redisMissing();
if (missing) console.warn(`skipping the readiness test with Redis: ${missing}`);

/** Polls `/readyz` until `done` holds for its body (at most `ms`); the last answer. */
async function readyz(
  port: number,
  done: (body: Record<string, unknown>) => boolean,
  ms = 8_000,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`);
    const body = await res.json();
    if (done(body) || Date.now() > until) return { status: res.status, body };
    await new Promise((r) => setTimeout(r, PROBE_CACHE_MS / 4));
  }
}

const states = (body: Record<string, unknown>) => {
  const checks = body.checks as Record<string, { state: string }>;
  return Object.fromEntries(Object.entries(checks).map(([k, v]) => [k, v.state]));
};

Deno.test({
  name:
    "/readyz reports Redis sessions and limits, degraded while Redis is down, and stays 200 (fail open)",
  ignore: missing !== null,
  async fn() {
    await using fx = await fixture();
    await using redis = await startRedis();
    await using server = await startServer({
      settings: serveSettings(fx.path, {
        quiet: true,
        sessions: redis.url,
        rateLimit: { limit: 100, windowSeconds: 60 },
        rateLimitStore: redis.url,
      }),
    });
    const port = server.addr.port;
    const up = await readyz(port, (b) => states(b).sessions === "ok");
    assertStrictEquals(up.status, 200);
    assertMatchesSchema(up.body, "Readiness");
    assertEquals(up.body.checks, {
      database: { state: "ok", detail: "30 clubs" },
      sessions: { state: "ok", detail: "sessions from Redis" },
      rate_limit_store: { state: "ok", detail: "counting limits in Redis" },
    });
    // The body never carries the Redis URL.
    assertStrictEquals(JSON.stringify(up.body).includes(String(redis.port)), false);

    await redis.stop();
    const down = await readyz(
      port,
      (b) => states(b).sessions === "degraded" && states(b).rate_limit_store === "degraded",
    );
    assertStrictEquals(down.status, 200, JSON.stringify(down.body));
    assertEquals(states(down.body), {
      database: "ok",
      sessions: "degraded",
      rate_limit_store: "degraded",
    });
    assertEquals(down.body.not_ready, []);
    assertEquals(
      (down.body.checks as Record<string, { detail: string }>).sessions?.detail,
      "Redis unreachable: serving this replica's last copy of the sessions",
    );

    await redis.start();
    const back = await readyz(
      port,
      (b) => states(b).sessions === "ok" && states(b).rate_limit_store === "ok",
      15_000,
    );
    assertEquals(states(back.body), { database: "ok", sessions: "ok", rate_limit_store: "ok" });
  },
});

Deno.test({
  name:
    "a replica started while Redis is down is ready, serving everyone as anonymous until it answers",
  ignore: missing !== null,
  async fn() {
    await using fx = await fixture();
    await using redis = await startRedis();
    await redis.stop();
    await using server = await startServer({
      settings: serveSettings(fx.path, { quiet: true, sessions: redis.url }),
    });
    const res = await readyz(server.addr.port, () => true);
    assertStrictEquals(res.status, 200);
    assertEquals(res.body.checks, {
      database: { state: "ok", detail: "30 clubs" },
      sessions: {
        state: "degraded",
        detail:
          "Redis unreachable and no sessions loaded yet: every request counts as anonymous (locked)",
      },
    });
  },
});
