// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { listenUrl, startServer } from "../../../server/runtime/mod.ts";
import type { ServeSettings } from "../../../server/options.ts";
import { serveSettings } from "../_helpers.ts";
import {
  assert,
  assertEquals,
  assertMatch,
  assertRejects,
  assertStrictEquals,
} from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";

const fx = await sharedFixture();

function settings(overrides: Partial<ServeSettings> = {}): ServeSettings {
  return serveSettings(fx.path, overrides);
}

Deno.test("A real server writes one access-log line per request", async () => {
  const lines: string[] = [];
  const running = await startServer({ settings: settings(), log: (l) => lines.push(l) });
  try {
    const base = `http://127.0.0.1:${running.addr.port}`;
    const ok = await fetch(`${base}/api/v1/clubs?state=FL&q=secret`, {
      headers: { "x-request-id": "log-test-1" },
    });
    await ok.body?.cancel();
    const bad = await fetch(`${base}/api/v1/clubs?page=0`);
    await bad.body?.cancel();
    assertStrictEquals(lines.length, 2);
    assertMatch(
      lines[0]!,
      /^\d{4}-\d\d-\d\dT[\d:.]+Z 127\.0\.0\.1 GET \/api\/v1\/clubs 200 \d+\.\dms \d+B "Deno\/[^"]+" log-test-1$/,
    );
    // The query string (what people search for) stays out of the log.
    assert(!lines[0]!.includes("secret"));
    assertMatch(lines[1]!, / GET \/api\/v1\/clubs 400 \d+\.\dms \d+B "[^"]+" [0-9a-f-]{36}$/);
    assertStrictEquals(lines[1]!.split(" ").at(-1), bad.headers.get("x-request-id"));
  } finally {
    await running.stop();
  }
});

Deno.test("A quiet server writes no access log", async () => {
  const lines: string[] = [];
  const running = await startServer({
    settings: settings({ quiet: true }),
    log: (l) => lines.push(l),
  });
  try {
    const res = await fetch(`http://127.0.0.1:${running.addr.port}/api/v1/clubs`);
    await res.body?.cancel();
    assertStrictEquals(res.status, 200);
    assertEquals(lines, []);
  } finally {
    await running.stop();
  }
});

Deno.test("Closing a server lets an in-flight request finish, then refuses new ones", async () => {
  const release = Promise.withResolvers<void>();
  const entered = Promise.withResolvers<void>();
  const running = await startServer({
    settings: settings({ quiet: true }),
    configure(app) {
      app.get("/test/slow", async (c) => {
        entered.resolve();
        await release.promise;
        return c.text("finished");
      });
    },
  });
  const base = `http://127.0.0.1:${running.addr.port}`;
  const slow = fetch(`${base}/test/slow`);
  await entered.promise;
  const closed = running.stop();
  // The server waits for the slow request instead of cutting it off.
  setTimeout(() => release.resolve(), 50);
  const res = await slow;
  assertStrictEquals(res.status, 200);
  assertStrictEquals(await res.text(), "finished");
  await closed;
  await assertRejects(fetch(`${base}/api/v1/clubs`));
});

Deno.test("A port already bound is a start-up error, and nothing is left open", async () => {
  using taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  await assertRejects(
    () => startServer({ settings: settings({ port: taken.addr.port }), log: () => {} }),
    Deno.errors.AddrInUse,
  );
});

Deno.test("Routes mounted by configure() are refused with workers (each mounts its own)", async () => {
  await assertRejects(
    () => startServer({ settings: settings({ workers: 2 }), configure: () => {}, log: () => {} }),
    Error,
    "workerUrl",
  );
});

Deno.test("listenUrl() brackets IPv6 hosts", () => {
  assertStrictEquals(
    listenUrl({ transport: "tcp", hostname: "127.0.0.1", port: 80 }),
    "http://127.0.0.1:80/",
  );
  assertStrictEquals(
    listenUrl({ transport: "tcp", hostname: "::1", port: 8000 }),
    "http://[::1]:8000/",
  );
});
