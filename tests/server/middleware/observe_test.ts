// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { bodyBytes } from "../../../server/middleware/observe.ts";
import { IsolateMetrics } from "../../../server/metrics/mod.ts";
import { assertEquals, assertStrictEquals } from "../../_assert.ts";
import { fixture } from "../../_fixture.ts";
import { from, testApp } from "../_helpers.ts";

Deno.test("bodyBytes reads a body's size without turning it into a stream", async () => {
  const cases: [BodyInit | null, number | null, boolean][] = [
    // body, its size, whether Deno keeps it static (not a stream)
    ["héllo", 5, true],
    [new Uint8Array(1100), 1100, true],
    [new Uint8Array(8).buffer, 8, true],
    [new Blob(["abc"]), 3, false],
    [null, 0, true],
    [new ReadableStream(), null, false],
  ];
  for (const [body, size, isStatic] of cases) {
    const res = new Response(body);
    assertStrictEquals(bodyBytes(res), size, label(body));
    if (!isStatic) continue;
    // A static body stays static: a clone copies it instead of teeing a
    // stream, so cancelling the original alone settles (a tee's branch
    // waits for its twin, and the caller hangs).
    const copy = res.clone();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = await Promise.race([
      (res.body?.cancel() ?? Promise.resolve()).then(() => true),
      new Promise<false>((r) => timer = setTimeout(() => r(false), 1_000)),
    ]);
    clearTimeout(timer);
    assertStrictEquals(settled, true, `${label(body)}: cancel settles`);
    await copy.body?.cancel();
  }
});

const label = (body: BodyInit | null) => body === null ? "null" : body.constructor.name;

Deno.test("--metrics with the access log off: requests counted (a bad Host's 400 and a 429 included), the probes never", async () => {
  await using fx = await fixture();
  for (const log of [undefined, () => {}]) {
    const metrics = new IsolateMetrics();
    const app = testApp(fx.directory, {
      metrics,
      log,
      rateLimit: { limit: 2, windowSeconds: 60 },
    });
    const ask = async (path: string, host = "127.0.0.1:8000") => {
      const res = await app.request(
        `http://127.0.0.1:8000${path}`,
        { headers: { host } },
        from("192.0.2.7"),
      );
      await res.body?.cancel();
      return res.status;
    };
    assertEquals(
      [
        await ask("/healthz"),
        await ask("/readyz"),
        await ask("/api/v1/clubs?limit=1"),
        await ask("/api/v1/clubs?limit=1", "a/b"),
        await ask("/api/v1/clubs?limit=2"),
        await ask("/api/v1/clubs?limit=3"),
      ],
      [200, 200, 200, 400, 200, 429],
    );
    const counted = metrics.recorder.snapshot().requests;
    assertEquals(counted, {
      "/api/v1/clubs\t200": 2,
      "unmatched\t400": 1,
      "/api/v1/clubs\t429": 1,
    }, `log ${log ? "on" : "off"}`);
    metrics.close();
  }
});
