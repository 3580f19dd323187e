// Test tier: e2e (a real browser, Redis, nginx or a compiled binary; see tests/tiers.ts).
import { RateTable } from "../../../server/http/rate_table.ts";
import { startServer } from "../../../server/runtime/mod.ts";
import { get, getJson, serveSettings, testApp } from "../_helpers.ts";
import {
  assert,
  assertEquals,
  assertNotStrictEquals,
  assertStrictEquals,
  assertThrows,
} from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";

const fx = await sharedFixture();

/** A clock tests move by hand (ms since the epoch). */
function clock(start = 1_767_225_600_000) {
  let t = start;
  return { now: () => t, advance: (seconds: number) => (t += seconds * 1000) };
}

Deno.test("RateTable counts hits per key within a fixed window", () => {
  const table = RateTable.create(64);
  assertEquals(table.hit("a", 100, 60), { count: 1, resetSeconds: 60 });
  assertEquals(table.hit("a", 110, 60), { count: 2, resetSeconds: 50 });
  assertEquals(table.hit("b", 110, 60), { count: 1, resetSeconds: 60 });
  assertEquals(table.hit("a", 159, 60), { count: 3, resetSeconds: 1 });
  // The window is over: a fresh one starts.
  assertEquals(table.hit("a", 160, 60), { count: 1, resetSeconds: 60 });
});

Deno.test("RateTable keeps its size for 100k distinct clients and still limits an active one", () => {
  const table = RateTable.create(4_096);
  const bytes = table.buffer.byteLength;
  for (let i = 0; i < 120; i++) table.hit("203.0.113.7", 1_000, 60);
  for (let i = 0; i < 100_000; i++) {
    table.hit(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, 1_000 + (i % 30), 60);
  }
  assertStrictEquals(table.buffer.byteLength, bytes);
  assertStrictEquals(table.capacity, 4_096);
  assert(table.occupied() <= table.capacity);
  // The flood of one-off clients never evicts the heavy one.
  assertStrictEquals(table.hit("203.0.113.7", 1_030, 60).count, 121);
});

Deno.test("RateTable over one SharedArrayBuffer counts exactly across worker threads", async () => {
  const table = RateTable.create(1_024);
  const hits = 50_000;
  const workers = [1, 2, 3].map(() =>
    new Worker(new URL("./_rate_worker.ts", import.meta.url), { type: "module" })
  );
  try {
    await Promise.all(workers.map((w) =>
      new Promise<void>((resolve, reject) => {
        w.onmessage = () => resolve();
        w.onerror = (e) => {
          e.preventDefault();
          reject(new Error(e.message));
        };
        w.postMessage({ buffer: table.buffer, hits });
      })
    ));
  } finally {
    for (const w of workers) w.terminate();
  }
  assertStrictEquals(table.hit("shared-client", 1_000, 3_600).count, 3 * hits + 1);
});

Deno.test("RateTable refuses a buffer it did not make", () => {
  assertThrows(() => new RateTable(new SharedArrayBuffer(100)), RangeError);
});

Deno.test("GET /api/v1/clubs past the limit answers 429 rate_limited with Retry-After", async () => {
  const t = clock();
  const app = testApp(fx.directory, { rateLimit: { limit: 3, windowSeconds: 60 }, now: t.now });
  const remaining: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await get(app, "/api/v1/clubs?limit=1");
    await res.body?.cancel();
    assertStrictEquals(res.status, 200);
    remaining.push(res.headers.get("ratelimit")!);
    t.advance(10);
  }
  assertEquals(remaining, [
    "limit=3, remaining=2, reset=60",
    "limit=3, remaining=1, reset=50",
    "limit=3, remaining=0, reset=40",
  ]);
  const { res, body } = await getJson(app, "/api/v1/clubs?limit=1");
  assertStrictEquals(res.status, 429);
  assertStrictEquals(res.headers.get("content-type"), "application/problem+json");
  assertStrictEquals(res.headers.get("retry-after"), "30");
  assertStrictEquals(res.headers.get("ratelimit"), "limit=3, remaining=0, reset=30");
  assertStrictEquals(res.headers.get("ratelimit-policy"), "3;w=60");
  assert(res.headers.get("x-request-id"));
  assertStrictEquals(body.code, "rate_limited");
  assertStrictEquals(body.status, 429);
  assertStrictEquals(body.type, "https://clubs.example/problems/rate_limited");
  assertStrictEquals(body.instance, "/api/v1/clubs");
  // Every route counts: problem pages and unknown paths too.
  assertStrictEquals((await get(app, "/problems")).status, 429);
  assertStrictEquals((await get(app, "/nowhere")).status, 429);
});

Deno.test("The rate limit resets once the window is over", async () => {
  const t = clock();
  const app = testApp(fx.directory, { rateLimit: { limit: 2, windowSeconds: 60 }, now: t.now });
  for (let i = 0; i < 3; i++) await (await get(app, "/api/v1/clubs?limit=1")).body?.cancel();
  assertStrictEquals((await get(app, "/api/v1/clubs?limit=1")).status, 429);
  t.advance(59);
  assertStrictEquals((await get(app, "/api/v1/clubs?limit=1")).status, 429);
  t.advance(1);
  const res = await get(app, "/api/v1/clubs?limit=1");
  await res.body?.cancel();
  assertStrictEquals(res.status, 200);
  assertStrictEquals(res.headers.get("ratelimit"), "limit=2, remaining=1, reset=60");
});

Deno.test("The rate limit counts each client address separately", async () => {
  const t = clock();
  const app = testApp(fx.directory, { rateLimit: { limit: 1, windowSeconds: 60 }, now: t.now });
  assertStrictEquals((await get(app, "/problems", {}, "198.51.100.1")).status, 200);
  assertStrictEquals((await get(app, "/problems", {}, "198.51.100.1")).status, 429);
  assertStrictEquals((await get(app, "/problems", {}, "198.51.100.2")).status, 200);
});

Deno.test("The rate limit counts an IPv6 /64 as one client, however its addresses are spelled", async () => {
  const t = clock();
  const app = testApp(fx.directory, { rateLimit: { limit: 3, windowSeconds: 60 }, now: t.now });
  const status = async (ip: string) => {
    const res = await get(app, "/problems", {}, ip);
    await res.body?.cancel();
    return res.status;
  };
  // Three addresses of one /64 (a subscriber's SLAAC and privacy addresses).
  for (
    const ip of ["2001:db8:0:1::1", "2001:DB8:0:1:aaaa:bbbb:cccc:dddd", "2001:0db8:0000:0001::2"]
  ) {
    assertStrictEquals(await status(ip), 200, ip);
  }
  assertStrictEquals(await status("2001:db8:0:1:ffff::9"), 429);
  // The next /64 has its own budget.
  assertStrictEquals(await status("2001:db8:0:2::1"), 200);
  // An IPv4 client seen through a dual-stack socket is that IPv4 client.
  assertStrictEquals(await status("198.51.100.9"), 200);
  assertStrictEquals(await status("::ffff:198.51.100.9"), 200);
  assertStrictEquals(await status("::FFFF:c633:6409"), 200);
  assertStrictEquals(await status("198.51.100.9"), 429);
});

Deno.test("Behind a trusted proxy, a forwarded IPv6 client is counted by its /64", async () => {
  const t = clock();
  const proxied = testApp(fx.directory, {
    rateLimit: { limit: 1, windowSeconds: 60 },
    trustProxy: 1,
    now: t.now,
  });
  const via = (client: string) => ({ headers: { "x-forwarded-for": client } });
  assertStrictEquals((await get(proxied, "/problems", via("2001:db8:7::1"))).status, 200);
  assertStrictEquals((await get(proxied, "/problems", via("[2001:DB8:7::abcd]"))).status, 429);
  assertStrictEquals((await get(proxied, "/problems", via("2001:db8:8::1"))).status, 200);
});

Deno.test("X-Forwarded-For is ignored unless the proxy is trusted", async () => {
  const t = clock();
  const spoof = (n: number) => ({ headers: { "x-forwarded-for": `203.0.113.${n}, 10.0.0.1` } });
  const direct = testApp(fx.directory, { rateLimit: { limit: 1, windowSeconds: 60 }, now: t.now });
  assertStrictEquals((await get(direct, "/problems", spoof(1))).status, 200);
  assertStrictEquals((await get(direct, "/problems", spoof(2))).status, 429);
});

Deno.test("Behind one trusted proxy, forged left-most X-Forwarded-For entries buy nothing", async () => {
  const t = clock();
  const proxied = testApp(fx.directory, {
    rateLimit: { limit: 5, windowSeconds: 60 },
    trustProxy: 1,
    now: t.now,
  });
  // nginx ($proxy_add_x_forwarded_for) appends the real client after whatever it sent.
  const statuses = [];
  for (let i = 0; i < 50; i++) {
    const forged = { headers: { "x-forwarded-for": `198.51.100.${i}, 203.0.113.9` } };
    const res = await get(proxied, "/problems", forged);
    await res.body?.cancel();
    statuses.push(res.status);
  }
  assertStrictEquals(statuses.filter((s) => s === 200).length, 5);
  // Another client behind the same proxy has its own budget.
  const other = { headers: { "x-forwarded-for": "203.0.113.10" } };
  assertStrictEquals((await get(proxied, "/problems", other)).status, 200);
});

Deno.test("Behind two trusted proxies the second entry from the right is the client", async () => {
  const t = clock();
  const proxied = testApp(fx.directory, {
    rateLimit: { limit: 1, windowSeconds: 60 },
    trustProxy: 2,
    now: t.now,
  });
  const via = (client: string, forged = "192.0.2.77") => ({
    headers: { "x-forwarded-for": `${forged}, ${client}, 10.0.0.2` },
  });
  assertStrictEquals((await get(proxied, "/problems", via("203.0.113.1"))).status, 200);
  assertStrictEquals((await get(proxied, "/problems", via("203.0.113.1", "x"))).status, 429);
  assertStrictEquals((await get(proxied, "/problems", via("203.0.113.2"))).status, 200);
});

Deno.test("Two apps given one table share each client's limit (as workers do)", async () => {
  const t = clock();
  const table = RateTable.create(1_024);
  const config = { rateLimit: { limit: 3, windowSeconds: 60, table }, now: t.now };
  const a = testApp(fx.directory, config);
  const b = testApp(fx.directory, config);
  const statuses = [];
  for (const app of [a, b, a, b, a]) {
    const res = await get(app, "/problems");
    await res.body?.cancel();
    statuses.push(res.status);
  }
  assertEquals(statuses, [200, 200, 200, 429, 429]);
});

Deno.test("--rate-limit off enforces nothing and advertises constant headers", async () => {
  const app = testApp(fx.directory, { rateLimit: "off" });
  for (let i = 0; i < 200; i++) {
    const res = await get(app, i % 2 ? "/api/v1/clubs?limit=1" : "/api/v1/clubs?page=0");
    await res.body?.cancel();
    assertNotStrictEquals(res.status, 429);
    assertStrictEquals(res.headers.get("ratelimit"), "limit=120, remaining=120, reset=60");
    assertStrictEquals(res.headers.get("ratelimit-policy"), "120;w=60");
  }
});

Deno.test("A real server limits by the connection's remote address", async () => {
  const running = await startServer({
    settings: serveSettings(fx.path, { rateLimit: { limit: 3, windowSeconds: 60 }, quiet: true }),
    log: () => {},
  });
  const client = Deno.createHttpClient({});
  try {
    const url = `http://127.0.0.1:${running.addr.port}/api/v1/clubs?limit=1`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      // A forged X-Forwarded-For must not buy a fresh budget.
      const res = await fetch(url, { client, headers: { "x-forwarded-for": `203.0.113.${i}` } });
      await res.body?.cancel();
      statuses.push(res.status);
    }
    assertEquals(statuses, [200, 200, 200, 429, 429]);
  } finally {
    client.close();
    await running.stop();
  }
});

Deno.test("RateTable takes over a lock abandoned by a terminated worker", () => {
  const table = RateTable.create(8); // one bucket: its lock is the first Int32
  new Int32Array(table.buffer)[0] = 1;
  const started = performance.now();
  assertStrictEquals(table.hit("a", 1, 60).count, 1);
  const waited = performance.now() - started;
  assert(waited >= 900 && waited < 5_000, `${waited} ms`);
  // And it was released again afterwards.
  assertStrictEquals(table.hit("a", 1, 60).count, 2);
});
